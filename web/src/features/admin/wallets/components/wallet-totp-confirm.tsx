import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Flex, Heading, PasswordField, Text, TextField } from '@aws-amplify/ui-react';
import { AUTH } from '@goldbot/shared';
import { login, useSession, verifyMfa } from '@/features/auth/auth-public';
import { ApiError } from '@/lib/api-client';
import { refusedInput } from '@/lib/api-errors';
import { errorMessage } from '../../lib/error-message';

export const WALLET_TOTP_MESSAGES = {
  lead: 'Activating a wallet changes where customers pay. Confirm it is you: enter your password and the 6-digit code from your authenticator app.',
  failed: 'Could not confirm your sign-in. Please try again.',
  noChallenge: 'Your account did not ask for a code from an authenticator app. Sign out and sign in again, then retry.',
} as const;

/** A 403 from the wallet save that asks for a recent sign-in with a TOTP code (`totpRequired`). */
export const needsFreshTotp = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 403 && error.body.totpRequired === true;

interface WalletTotpConfirmProps {
  /** The server's 403 message, shown above the fields. */
  reason: string;
  /** The new session is stored: send the save again. */
  onConfirmed: () => void;
  onCancel: () => void;
}

/**
 * Where the server requires it (admin MFA in AWS), a wallet activation needs a sign-in with a TOTP
 * code from the last five minutes (docs/security.md). This signs the administrator in again with
 * the same API as /admin-login (password, then the code for Cognito's challenge), stores the new
 * session, and lets the form send the save again. Neither the password nor the code is kept.
 */
export function WalletTotpConfirm({ reason, onConfirmed, onCancel }: WalletTotpConfirmProps) {
  const { user, signIn } = useSession();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const complete = password !== '' && code.length === AUTH.totpLength;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    if (inFlight.current || !complete || !user) return;
    inFlight.current = true;
    setBusy(true);
    setAlert(null);
    try {
      const answer = await login({ email: user.email, password });
      if (answer.kind !== 'mfa-required') {
        setAlert(WALLET_TOTP_MESSAGES.noChallenge);
        return;
      }
      const session = await verifyMfa({ email: answer.challenge.email, session: answer.challenge.session, code });
      signIn(session);
      onConfirmed();
    } catch (error) {
      const wrongCode = error instanceof ApiError ? error.fieldErrors.code : undefined;
      setAlert(wrongCode ?? errorMessage(error, WALLET_TOTP_MESSAGES.failed));
      // A refused code is typed again; after a busy server it stays as typed.
      if (refusedInput(error)) setCode('');
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  return (
    <Flex
      as="form"
      direction="column"
      gap="small"
      aria-labelledby="wallet-totp-title"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <Heading level={3} fontSize="medium" id="wallet-totp-title">
        Confirm with your authenticator app
      </Heading>
      <Alert variation="warning">{reason}</Alert>
      <Text fontSize="small">{WALLET_TOTP_MESSAGES.lead}</Text>
      {alert && <Alert variation="error">{alert}</Alert>}
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        isRequired
      />
      <TextField
        label={`${AUTH.totpLength}-digit code`}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        descriptiveText="From your authenticator app"
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, AUTH.totpLength))}
        isRequired
      />
      <Flex gap="small" wrap="wrap">
        <Button type="submit" variation="primary" isLoading={busy} loadingText="Confirming..." isDisabled={!complete}>
          Confirm and save
        </Button>
        <Button onClick={onCancel} isDisabled={busy}>
          Back
        </Button>
      </Flex>
    </Flex>
  );
}
