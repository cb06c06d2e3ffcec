import { useState, type FormEvent } from 'react';
import { AUTH, confirmEmailChangeInputSchema, type UpdateProfileInput } from '@goldbot/shared';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { confirmEmailChange, updateProfile } from '../api/account-api';
import { FormAlert, type FormAlertVariant } from '@/components/ui/form-alert';
import { OtpInput } from '@/components/ui/otp-input';
import { toFieldErrors } from '@/lib/form-errors';
import { describeSubmitFailure, failureText, refusedInput } from '@/lib/api-errors';
import { useCountdown } from '@/hooks/use-timers';
import { useOtpCode } from '@/hooks/use-otp-code';
import { useSingleFlight } from '@/hooks/use-single-flight';
import './account-forms.css';

/** Our texts for the e-mail change (a changed address only counts once its owner proves it: see docs/security.md). */
export const EMAIL_CHANGE_MESSAGES = {
  confirmFailed: 'Failed to confirm email',
  resendFailed: 'Failed to resend the code',
  resent: (email: string) => `We sent a new code to ${email}.`,
  changed: 'Your email has been changed. Please sign in again with your new email.',
} as const;

const OTP_FIELDS = ['otp'] as const;

interface Alert {
  variant: FormAlertVariant;
  text: string;
}

export interface EmailChangeCodeProps {
  userId: string;
  /** The address the code went to. */
  pendingEmail: string;
  /** The address that stays until the code is confirmed. */
  currentEmail: string;
  /** The PUT that sent the code; "Resend code" sends it again (it carries the current password). */
  request: UpdateProfileInput;
  /** The server ended every session of the user; `message` is its confirmation. */
  onConfirmed: (message: string) => void;
  onCancel: () => void;
}

/**
 * Step two of an e-mail change: the 4-digit code mailed to the new address. Until it is
 * confirmed the account keeps the old address.
 */
export function EmailChangeCode({
  userId,
  pendingEmail,
  currentEmail,
  request,
  onConfirmed,
  onCancel,
}: EmailChangeCodeProps) {
  const otp = useOtpCode();
  const [alert, setAlert] = useState<Alert | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [cooldown, startCooldown] = useCountdown(0);
  // One request at a time, whichever button started it.
  const { running, runningKind, isRunning, run } = useSingleFlight<'confirm' | 'resend'>();

  const start = (kind: 'confirm' | 'resend', work: () => Promise<void>) => {
    if (isRunning() || confirmed) return;
    setAlert(null);
    void run(work, kind);
  };

  const handleConfirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = confirmEmailChangeInputSchema.safeParse({ email: pendingEmail, otp: otp.code });
    if (!parsed.success) {
      otp.refuse(toFieldErrors(parsed.error.issues, OTP_FIELDS).otp ?? EMAIL_CHANGE_MESSAGES.confirmFailed);
      return;
    }
    start('confirm', async () => {
      try {
        const answer = await confirmEmailChange(parsed.data);
        setConfirmed(true);
        onConfirmed(answer.message ?? EMAIL_CHANGE_MESSAGES.changed);
      } catch (error) {
        const { fieldErrors, text } = describeSubmitFailure(error, OTP_FIELDS, EMAIL_CHANGE_MESSAGES.confirmFailed, {
          retryHint: true,
        });
        // A refused code is typed again from the first box; after a busy server it stays as typed.
        if (refusedInput(error)) otp.clear();
        if (fieldErrors.otp) otp.setError(fieldErrors.otp);
        else setAlert({ variant: 'error', text });
      }
    });
  };

  const handleResend = () =>
    start('resend', async () => {
      try {
        const answer = await updateProfile(userId, request);
        otp.clear();
        otp.setError(undefined);
        setAlert({ variant: 'success', text: answer.message || EMAIL_CHANGE_MESSAGES.resent(pendingEmail) });
      } catch (error) {
        if (error instanceof ApiError && error.status === 429 && error.retryAfterSeconds !== undefined) {
          startCooldown(error.retryAfterSeconds);
        }
        setAlert({ variant: 'error', text: failureText(error, EMAIL_CHANGE_MESSAGES.resendFailed) });
      }
    });

  return (
    <form className="account-form surface-card" noValidate onSubmit={handleConfirm} aria-busy={running || undefined}>
      {alert && <FormAlert variant={alert.variant}>{alert.text}</FormAlert>}
      <p className="account-form__lead">
        We sent a {AUTH.otpLength}-digit code to <strong>{pendingEmail}</strong>. Enter it to confirm your new email.
        Until then you keep signing in with <strong>{currentEmail}</strong>.
      </p>
      <OtpInput {...otp.field} label="Confirmation code" backspaceMovesBack autoFocus disabled={confirmed} />
      <div className="account-form__actions">
        <Button
          type="submit"
          loading={runningKind === 'confirm'}
          loadingText="Confirming..."
          disabled={!otp.complete || running || confirmed}
        >
          Confirm email
        </Button>
        <Button
          variant="secondary"
          loading={runningKind === 'resend'}
          loadingText="Sending..."
          disabled={cooldown > 0 || running || confirmed}
          onClick={handleResend}
        >
          {cooldown > 0 ? `Resend code in ${cooldown}s` : 'Resend code'}
        </Button>
        <Button variant="ghost" disabled={running || confirmed} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
