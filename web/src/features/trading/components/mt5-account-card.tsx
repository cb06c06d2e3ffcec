import { useState, type FormEvent } from 'react';
import { MT5_LIMITS, MT5_MESSAGES, mt5AccountInputSchema, type Mt5Account, type Mt5State } from '@goldbot/shared';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { describeSubmitFailure } from '@/lib/api-errors';
import { formatCalendarDay } from '@/lib/format';
import { toFieldErrors } from '@/lib/form-errors';
import { useFormFields } from '@/hooks/use-form-fields';
import { saveMt5Account, useMt5Account, useShowMt5State } from '../api/mt5-account';
import './mt5-account-card.css';
import { DescriptionList } from '@/components/ui/description-list';

const FIELDS = ['broker', 'server', 'accountNumber'] as const;

export const MT5_TEXT = {
  heading: 'MetaTrader 5 account',
  intro: (packageName: string) =>
    `Your ${packageName} is active. Tell us which MetaTrader 5 account the bot should trade on.`,
  confirmIntro: (packageName: string) =>
    `Your ${packageName} needs the bot connected again: confirm the MetaTrader 5 account below, or change it.`,
  missing: 'Still missing',
  missingDetails: 'Your MetaTrader 5 account: broker, server and account number.',
  missingConfirmation: (packageName: string) => `Your confirmation of the account for your ${packageName}.`,
  missingConnection:
    'The connection of the bot to your account, which our team arranges (read-only). We e-mail you when it is done.',
  connected: (day: string) => `Bot connected on ${day}`,
  connectedNote: 'The bot trades on this account. If you change it, our team connects the bot again.',
  save: 'Save account',
  confirm: 'Confirm account',
  saving: 'Saving...',
  change: 'Change account',
  cancel: 'Cancel',
  brokerHint: 'As MetaTrader 5 shows it under File > Open an Account.',
  serverHint: 'The trade server you sign in to, e.g. ICMarketsSC-MT5-2.',
  accountHint: 'Your MetaTrader 5 login number.',
} as const;

/** The details as a short list (broker, server, account number). */
function AccountDetails({ account }: { account: Mt5Account }) {
  return (
    <DescriptionList
      className="subscription-details mt5-card__details"
      rows={[
        ['Broker', account.broker],
        ['Server', account.server],
        ['Account number', account.accountNumber],
      ]}
    />
  );
}

interface Mt5FormProps {
  initial: Mt5Account | null;
  submitLabel: string;
  onSaved: (state: Mt5State & { message: string }) => void;
  onCancel?: () => void;
}

/**
 * The account's three fields (never a password), checked with the server's schema first, the
 * server's own sentence per field after; the note says the team arranges a read-only connection.
 */
function Mt5Form({ initial, submitLabel, onSaved, onCancel }: Mt5FormProps) {
  const { values, setErrors, field } = useFormFields(FIELDS, {
    broker: initial?.broker ?? '',
    server: initial?.server ?? '',
    accountNumber: initial?.accountNumber ?? '',
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const parsed = mt5AccountInputSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error.issues, FIELDS));
      return;
    }
    setBusy(true);
    try {
      onSaved(
        await saveMt5Account({
          broker: parsed.data.broker,
          server: parsed.data.server,
          accountNumber: parsed.data.accountNumber,
        }),
      );
    } catch (error) {
      const { fieldErrors, text } = describeSubmitFailure(error, FIELDS, MT5_MESSAGES.saveFailed);
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length === 0) setFailure(text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="mt5-card__form" onSubmit={(event) => void submit(event)} noValidate aria-label={MT5_TEXT.heading}>
      <p className="mt5-card__note">{MT5_MESSAGES.readOnlyNote}</p>
      {failure && <FormAlert variant="error">{failure}</FormAlert>}
      <TextField
        label="Broker"
        {...field('broker')}
        hint={MT5_TEXT.brokerHint}
        maxLength={MT5_LIMITS.nameMaxLength}
        autoComplete="organization"
        required
      />
      <TextField
        label="Server"
        {...field('server')}
        hint={MT5_TEXT.serverHint}
        maxLength={MT5_LIMITS.nameMaxLength}
        autoComplete="off"
        spellCheck={false}
        required
      />
      <TextField
        label="Account number"
        {...field('accountNumber')}
        hint={MT5_TEXT.accountHint}
        inputMode="numeric"
        maxLength={MT5_LIMITS.accountMaxDigits}
        autoComplete="off"
        required
      />
      <div className="mt5-card__actions">
        <Button type="submit" loading={busy} loadingText={MT5_TEXT.saving}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {MT5_TEXT.cancel}
          </Button>
        )}
      </div>
    </form>
  );
}

/**
 * The dashboard's MetaTrader 5 card, once a paid package is active: it asks for the account the bot
 * trades on, says what is still missing (the details, their confirmation for a new package, the
 * team's read-only connection), and then 'Bot connected on <date>'. Nothing without a paid package.
 */
export function Mt5AccountCard() {
  const { state, error } = useMt5Account();
  const showState = useShowMt5State();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);

  if (error) {
    return (
      <section className="dashboard-card mt5-card" aria-labelledby="mt5-heading">
        <h3 id="mt5-heading" className="dashboard-card__title">
          {MT5_TEXT.heading}
        </h3>
        <p className="dashboard-card__error" role="alert">
          {MT5_MESSAGES.loadFailed}
        </p>
      </section>
    );
  }
  if (!state || state.connection.status === 'no-package') return null;
  const { connection, account } = state;
  const packageName = connection.packageName ?? 'package';

  const onSaved = (answer: Mt5State & { message: string }) => {
    void showState({ account: answer.account, connection: answer.connection });
    setSaved(answer.message);
    setEditing(false);
  };

  let missing: string | null = null;
  let body;
  if (connection.status === 'details-missing' || connection.status === 'confirm-details' || editing) {
    const confirming = connection.status === 'confirm-details' && !editing;
    missing =
      connection.status === 'details-missing'
        ? MT5_TEXT.missingDetails
        : confirming
          ? MT5_TEXT.missingConfirmation(packageName)
          : null;
    body = (
      <>
        <p className="dashboard-card__muted">
          {confirming ? MT5_TEXT.confirmIntro(packageName) : MT5_TEXT.intro(packageName)}
        </p>
        <Mt5Form
          initial={account}
          submitLabel={confirming ? MT5_TEXT.confirm : MT5_TEXT.save}
          onSaved={onSaved}
          onCancel={editing ? () => setEditing(false) : undefined}
        />
      </>
    );
  } else if (connection.status === 'waiting') {
    missing = MT5_TEXT.missingConnection;
    body = account && <AccountDetails account={account} />;
  } else {
    body = (
      <>
        <p className="mt5-card__connected" role="status">
          {MT5_TEXT.connected(formatCalendarDay(connection.connectedAt ? connection.connectedAt.slice(0, 10) : null))}
        </p>
        {account && <AccountDetails account={account} />}
        <p className="dashboard-card__muted">{MT5_TEXT.connectedNote}</p>
      </>
    );
  }

  return (
    <section className="dashboard-card mt5-card" aria-labelledby="mt5-heading">
      <div className="dashboard-card__header">
        <h3 id="mt5-heading" className="dashboard-card__title">
          {MT5_TEXT.heading}
        </h3>
        {!editing && (connection.status === 'waiting' || connection.status === 'connected') && (
          <Button variant="secondary" onClick={() => setEditing(true)}>
            {MT5_TEXT.change}
          </Button>
        )}
      </div>
      {saved && (
        <FormAlert variant="success" onDismiss={() => setSaved(null)}>
          {saved}
        </FormAlert>
      )}
      {missing && (
        <div className="mt5-card__missing gold-note">
          <p className="mt5-card__missing-label">{MT5_TEXT.missing}</p>
          <p>{missing}</p>
        </div>
      )}
      {body}
    </section>
  );
}
