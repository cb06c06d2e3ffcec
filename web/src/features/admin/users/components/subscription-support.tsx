import { useState } from 'react';
import { Button, Flex, Heading, Text, TextAreaField, TextField, View } from '@aws-amplify/ui-react';
import {
  PACKAGE_NAMES,
  PAID_PACKAGE_NAMES,
  SUPPORT_MAX_DAYS,
  SUPPORT_MESSAGES,
  SUPPORT_REASON_MAX_LENGTH,
  TOAST_MS,
  supportSubscriptionInputSchema,
  type AdminUser,
  type SupportAction,
} from '@goldbot/shared';
import { ApiError } from '@/lib/api-client';
import { pickFieldErrors, toFieldErrors, withoutError, type FieldErrors } from '@/lib/form-errors';
import { ChoiceField, plainChoices } from '../../components/choice-field';
import { ConfirmButtons } from '../../components/confirm-dialog';
import { NoticeAlert } from '../../components/notice-alert';
import { useNotice } from '../../hooks/use-notice';
import { errorMessage } from '../../lib/error-message';
import { changeSubscription, useShowSubscriptions } from '../api/change-subscription';
import { fieldErrorProps } from '../../components/field-error-props';

const FIELDS = ['action', 'packageName', 'days', 'reason'] as const;
type Field = (typeof FIELDS)[number];

export const SUPPORT_TEXT = {
  heading: 'Subscription Support',
  intro:
    'Give, lengthen or stop a paid package without a payment. It shows in the customer’s Billing History as “By support” with no amount, counts in no revenue figure, and the reason is kept in the audit log.',
  current: 'The current package',
  lifetimeHint: 'Leave empty to grant the Ultimate Package for life.',
  grantDaysHint: 'Starts today and runs this many days.',
  extendDaysHint: 'Added after the last day the package already covers.',
} as const;

const ACTIONS: Record<SupportAction, { label: string; submit: string; busy: string }> = {
  grant: { label: 'Grant a package', submit: 'Grant package', busy: 'Granting...' },
  extend: { label: 'Extend the current package', submit: 'Extend package', busy: 'Extending...' },
  end: { label: 'End the current package now', submit: 'End package now', busy: 'Ending...' },
};

/** The question before ending a package: it stops the service at once. */
export const endQuestion = (user: Pick<AdminUser, 'username'>, packageName: string) =>
  `End ${user.username}'s ${packageName === '' ? 'current package' : packageName} today? It stops at once, upcoming months included, and nothing is refunded by this.`;

/**
 * Support's subscription controls in the user detail modal: grant a paid package for a number of
 * days, extend the current one, or end it now, always with a reason (POST
 * /api/admin/user/{id}/subscription). The form checks itself with the server's schema, says each
 * field's problem where it is, confirms an end first, and shows the answer's subscriptions at once.
 */
export function SubscriptionSupport({ user }: { user: AdminUser }) {
  const notice = useNotice();
  const showSubscriptions = useShowSubscriptions();
  const [action, setAction] = useState<SupportAction>('grant');
  const [packageName, setPackageName] = useState<string>(PACKAGE_NAMES.basic);
  const [days, setDays] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const edit = (field: Field, apply: () => void) => {
    apply();
    setErrors((current) => withoutError(current, field));
    setConfirming(false);
  };

  /** The body the schema accepts, or the field errors it finds (`days` as typed, a number when it is one). */
  const read = () => {
    const typedDays = days.trim() === '' ? undefined : Number(days.trim());
    const body =
      action === 'grant'
        ? { action, packageName, days: typedDays, reason }
        : action === 'extend'
          ? { action, days: typedDays, reason, ...(packageName ? { packageName } : {}) }
          : { action, reason, ...(packageName ? { packageName } : {}) };
    return supportSubscriptionInputSchema.safeParse(body);
  };

  const submit = async () => {
    const parsed = read();
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error.issues, FIELDS));
      return;
    }
    if (parsed.data.action === 'end' && !confirming) {
      setConfirming(true);
      return;
    }
    setBusy(true);
    notice.clear();
    try {
      const answer = await changeSubscription(user._id, parsed.data);
      await showSubscriptions(user._id, answer.subscriptions);
      notice.show('success', answer.message, TOAST_MS.inPageNotification);
      setDays('');
      setReason('');
      setConfirming(false);
    } catch (error) {
      setConfirming(false);
      const fields = error instanceof ApiError ? pickFieldErrors(error.fieldErrors, FIELDS) : {};
      if (Object.keys(fields).length > 0) setErrors(fields);
      else notice.show('error', errorMessage(error, SUPPORT_MESSAGES.failed));
    } finally {
      setBusy(false);
    }
  };

  const wording = ACTIONS[action];
  const choosing = action !== 'grant';
  return (
    <View as="section" aria-label={SUPPORT_TEXT.heading}>
      <Heading level={4} marginBlockEnd="xs">
        {SUPPORT_TEXT.heading}
      </Heading>
      <Flex direction="column" gap="small">
        <Text fontSize="small" color="font.secondary">
          {SUPPORT_TEXT.intro}
        </Text>
        <NoticeAlert notice={notice.notice} onDismiss={notice.clear} />
        <ChoiceField
          label="Action"
          value={action}
          choices={(Object.keys(ACTIONS) as SupportAction[]).map((value) => ({ value, label: ACTIONS[value].label }))}
          onChoose={(next) =>
            edit('action', () => {
              setAction(next);
              // A grant names its package; extend and end act on the current one unless told otherwise.
              setPackageName(next === 'grant' ? PACKAGE_NAMES.basic : '');
            })
          }
          isDisabled={busy}
        />
        <ChoiceField
          label="Package"
          value={packageName}
          choices={[
            ...(choosing ? [{ value: '', label: SUPPORT_TEXT.current }] : []),
            ...plainChoices(PAID_PACKAGE_NAMES),
          ]}
          onChoose={(name) => edit('packageName', () => setPackageName(name))}
          {...fieldErrorProps(errors.packageName)}
          isDisabled={busy}
        />
        {action !== 'end' && (
          <TextField
            label="Days"
            type="number"
            inputMode="numeric"
            min={1}
            max={SUPPORT_MAX_DAYS}
            step={1}
            value={days}
            onChange={(event) => edit('days', () => setDays(event.target.value))}
            descriptiveText={
              action === 'grant'
                ? `${SUPPORT_TEXT.grantDaysHint}${packageName === PACKAGE_NAMES.ultimate ? ` ${SUPPORT_TEXT.lifetimeHint}` : ''}`
                : SUPPORT_TEXT.extendDaysHint
            }
            {...fieldErrorProps(errors.days)}
            isDisabled={busy}
          />
        )}
        <TextAreaField
          label="Reason"
          descriptiveText="Kept in the audit log; the customer does not see it."
          value={reason}
          onChange={(event) => edit('reason', () => setReason(event.target.value))}
          maxLength={SUPPORT_REASON_MAX_LENGTH}
          rows={2}
          resize="vertical"
          isRequired
          {...fieldErrorProps(errors.reason)}
          isDisabled={busy}
        />
        {confirming ? (
          <Flex direction="column" gap="small">
            <Text>{endQuestion(user, packageName)}</Text>
            <ConfirmButtons
              wording={{ confirm: 'Yes, end it', busy: wording.busy }}
              destructive
              busy={busy}
              onConfirm={() => void submit()}
              onCancel={() => setConfirming(false)}
            />
          </Flex>
        ) : (
          <Flex>
            <Button
              variation={action === 'end' ? 'destructive' : 'primary'}
              onClick={() => void submit()}
              isLoading={busy}
              loadingText={wording.busy}
              isDisabled={busy}
            >
              {wording.submit}
            </Button>
          </Flex>
        )}
      </Flex>
    </View>
  );
}
