import { useId, useRef, useState, type FormEvent } from 'react';
import { PACKAGE_NAMES, PAYMENT, PAYMENT_MESSAGES, REFERRAL, TOAST_MS, isTronTxid, txidSchema } from '@goldbot/shared';
import { useToast } from '@/components/toast/toast-provider';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { classNames } from '@/lib/class-names';
import type { Subscription } from '../api/get-active-subscription';
import { useRevalidateSubscriptions } from '../api/keys';
import { useSubmitUsdtPayment, type SubmitUsdtPaymentInput } from '../api/submit-usdt-payment';
import type { PaymentOrder } from '../api/open-order';
import type { ReferralVerification } from '../api/verify-referral';
import { serverMessage } from '@/lib/api-errors';
import { formatUsd } from '@/lib/format';
import type { PaidPackageName } from '../lib/packages';

export const PAYMENT_FORM_MESSAGES = {
  submitted: (packageName: string) =>
    `Payment submitted successfully! Your ${packageName} will be activated within ${PAYMENT.verificationHours} hours.`,
  processing: `Your payment is being processed. Your subscription will be activated within ${PAYMENT.verificationHours} hours after verification.`,
  failed: 'Failed to submit payment',
  networkFailed: 'An error occurred submitting your payment. Please try again.',
  verifying: 'Verifying referral code...',
  referralHint: `Optional. A friend's code takes $${REFERRAL.discountUsd} off the Basic Package.`,
  txidHeading: 'Already sent? Paste the transaction ID',
  txidHint: 'Optional: your transfer is found without it. Pasting it can speed things up.',
} as const;

/**
 * The refusals that are about this TXID: said under the field as well as in the toast, so the
 * customer still reads them after the toast is gone (another order's transaction, one made outside
 * this order's time, one already submitted).
 */
const TXID_REFUSALS: readonly string[] = [
  PAYMENT_MESSAGES.txidOtherOrder,
  PAYMENT_MESSAGES.txidOutsideOrder,
  PAYMENT_MESSAGES.txidUsed,
  PAYMENT_MESSAGES.txidClaimedElsewhere,
];

/** "Valid referral code from trader42, saves $10". */
export const validReferralText = (referrer: string | null, discount: number) =>
  `Valid referral code${referrer ? ` from ${referrer}` : ''}, saves ${formatUsd(discount)}`;

interface PaymentFormProps {
  packageName: PaidPackageName;
  /** The open order: its id and exact amount go with the TXID. */
  order: PaymentOrder;
  /** False while a new referral code re-prices the order: submitting waits for the new amount. */
  orderReady: boolean;
  /** The referral code field exists for the Basic Package only. */
  referralCode: string;
  onReferralCodeChange: (code: string) => void;
  referral: ReferralVerification;
  onSubmitted: (pendingSubscription: Subscription) => void;
}

/**
 * The optional referral code, and the optional TXID ("Already sent? Paste the transaction ID") with
 * its submit button: the transfer is found from its exact amount without it.
 */
export function PaymentForm({
  packageName,
  order,
  orderReady,
  referralCode,
  onReferralCodeChange,
  referral,
  onSubmitted,
}: PaymentFormProps) {
  const isBasic = packageName === PACKAGE_NAMES.basic;
  const { showToast } = useToast();
  const { trigger, isMutating } = useSubmitUsdtPayment();
  const revalidateSubscriptions = useRevalidateSubscriptions();
  const [txid, setTxid] = useState('');
  const [txidError, setTxidError] = useState<string>();
  const [referralError, setReferralError] = useState<string>();
  const [submitted, setSubmitted] = useState(false);
  const txidRef = useRef<HTMLInputElement>(null);
  const referralRef = useRef<HTMLInputElement>(null);
  const referralStatusId = useId();

  const showError = (message: string) => showToast({ message, variant: 'error', durationMs: TOAST_MS.paymentError });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isMutating || submitted) return;

    const checked = txidSchema.safeParse(txid);
    if (!checked.success) {
      setTxidError(checked.error.issues[0]?.message ?? PAYMENT_MESSAGES.txidRequired);
      txidRef.current?.focus();
      return;
    }
    const code = isBasic ? referralCode.trim() : '';
    if (code !== '' && referral.status !== 'valid') {
      setReferralError(PAYMENT_MESSAGES.referralPending);
      showError(PAYMENT_MESSAGES.referralPending);
      referralRef.current?.focus();
      return;
    }

    if (!orderReady) return;
    const input: SubmitUsdtPaymentInput = {
      orderId: order.orderId,
      packageName,
      txid: checked.data,
      amount: order.amount,
      referralCode: order.referralCode,
    };
    try {
      const answer = await trigger(input);
      setSubmitted(true);
      showToast({
        message: PAYMENT_FORM_MESSAGES.submitted(packageName),
        variant: 'success',
        durationMs: TOAST_MS.paymentSuccess,
      });
      onSubmitted(answer.pendingSubscription);
    } catch (error) {
      if (error instanceof ApiError) {
        if (error.fieldErrors.txid) setTxidError(error.fieldErrors.txid);
        else {
          const refusal = error.status === 409 ? serverMessage(error) : undefined;
          if (refusal && TXID_REFUSALS.includes(refusal)) setTxidError(refusal);
        }
        if (error.fieldErrors.referralCode) setReferralError(error.fieldErrors.referralCode);
        // A 409 may mean Basic went off sale meanwhile: the modal learns it from the fresh status.
        if (error.status === 409) void revalidateSubscriptions();
      }
      const isNetwork = error instanceof ApiError && error.status === 0;
      showError(
        serverMessage(error) ?? (isNetwork ? PAYMENT_FORM_MESSAGES.networkFailed : PAYMENT_FORM_MESSAGES.failed),
      );
    }
  };

  const referralStatus = (() => {
    if (referralError) return null;
    if (referral.status === 'verifying') return { text: PAYMENT_FORM_MESSAGES.verifying, tone: 'pending' };
    if (referral.status === 'valid')
      return { text: validReferralText(referral.referrer, referral.discount), tone: 'valid' };
    return null;
  })();
  const referralFieldError = referralError ?? (referral.status === 'invalid' ? referral.message : undefined);
  // An id the form accepts but TRON would not know is said under the field, never refused
  // (the admin decides); the spec's messages and the pending notice stay as they are.
  const txidHint =
    !txidError && txidSchema.safeParse(txid).success && !isTronTxid(txid) ? PAYMENT_MESSAGES.txidNotTron : undefined;

  return (
    <form className="payment-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      {isBasic && (
        <div className="payment-form__referral">
          <TextField
            ref={referralRef}
            label="Referral Code (optional)"
            name="referralCode"
            value={referralCode}
            maxLength={REFERRAL.codeMaxLength}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            disabled={submitted}
            hint={referralCode === '' ? PAYMENT_FORM_MESSAGES.referralHint : undefined}
            error={referralFieldError}
            aria-describedby={referralStatusId}
            onChange={(event) => {
              setReferralError(undefined);
              onReferralCodeChange(event.target.value.toUpperCase().slice(0, REFERRAL.codeMaxLength));
            }}
          />
          <p
            id={referralStatusId}
            className={classNames(
              'payment-form__referral-status',
              referralStatus && `payment-form__referral-status--${referralStatus.tone}`,
            )}
            role="status"
          >
            {referralStatus?.text}
          </p>
        </div>
      )}
      <fieldset className="payment-form__txid">
        <legend className="payment-form__txid-heading">{PAYMENT_FORM_MESSAGES.txidHeading}</legend>
        <TextField
          ref={txidRef}
          label="Transaction ID (TXID)"
          name="txid"
          value={txid}
          placeholder="Paste the transaction hash from your wallet"
          autoComplete="off"
          spellCheck={false}
          disabled={submitted}
          error={txidError}
          hint={txidError ? undefined : (txidHint ?? PAYMENT_FORM_MESSAGES.txidHint)}
          onChange={(event) => {
            setTxid(event.target.value);
            setTxidError(undefined);
          }}
        />
      </fieldset>
      {submitted && (
        <p className="payment-form__processing" role="status">
          {PAYMENT_FORM_MESSAGES.processing}
        </p>
      )}
      <Button
        type="submit"
        fullWidth
        loading={isMutating}
        loadingText="Submitting..."
        disabled={submitted || txid.trim() === '' || !orderReady}
      >
        {submitted ? 'Payment Submitted ✓' : 'Submit Payment'}
      </Button>
    </form>
  );
}
