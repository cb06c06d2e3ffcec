import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import {
  AUTH,
  mfaSetupInputSchema,
  mfaVerifyInputSchema,
  type AuthSessionResponse,
  type MfaChallengeResponse,
  type MfaSetupResponse,
} from '@goldbot/shared';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { finishMfaSetup, verifyMfa } from '../api/auth-api';
import { failureText, refusedInput, serverMessage } from '@/lib/api-errors';
import { useCountdown } from '@/hooks/use-timers';
import { FormAlert } from '@/components/ui/form-alert';
import type { AuthFormAlert } from '../lib/auth-messages';
import './auth-form.css';
import './admin-mfa-steps.css';

/**
 * The two-factor steps of /admin-login (see docs/security.md). The server's own texts (`message`,
 * the wrong-code and expiry messages) are shown as they come; these are the page's.
 */
export const MFA_PAGE_MESSAGES = {
  verifyFailed: 'Verification failed. Please try again.',
  setupFailed: 'Two-factor authentication could not be turned on. Please try again.',
  signInAgain: 'Your sign-in has expired. Please sign in again.',
  setupDone: 'Two-factor authentication is on. Please sign in again with a code from your authenticator app.',
  challengeMayHaveExpired:
    'A sign-in waits 3 minutes for its code. If that time has passed, choose "Back to sign in" and enter your password again.',
  copied: 'Key copied.',
  copyFailed: 'Could not copy the key. Please select it and copy it by hand.',
} as const;

/** Cognito keeps a sign-in's challenge session for 3 minutes; after that every code is refused. */
export const MFA_CHALLENGE_LIFETIME_MS = 3 * 60 * 1000;

const onlyDigits = (text: string) => text.replace(/\D/g, '').slice(0, AUTH.totpLength);

/** "ABCD EFGH IJKL": easier to type into an authenticator app by hand. */
export const groupSecret = (secret: string) => secret.replace(/\s/g, '').replace(/(.{4})(?=.)/g, '$1 ');

interface CodeFormProps {
  /** Labels the form (the step's heading). */
  headingId: string;
  submitLabel: string;
  loadingText: string;
  /** Sends the code; resolves when the step is done, throws the server's refusal. */
  submitCode: (code: string) => Promise<void>;
  /** A wrong code: anything to add to the server's message (e.g. that the sign-in may have lapsed). */
  wrongCodeHint?: () => string | undefined;
  /** Other refusals that end the step (e.g. an expired set-up); true when handled. */
  endsStep?: (error: unknown) => boolean;
  fallback: string;
  onBack: () => void;
  /** What comes before the code field: the explanation, the QR code. */
  children: ReactNode;
}

/**
 * A 6-digit code from an authenticator app: one field (one-time-code autofill, numeric keypad),
 * submit enabled at 6 digits, one request at a time, a 429 holds the button for its wait.
 */
function CodeForm({
  headingId,
  submitLabel,
  loadingText,
  submitCode,
  wrongCodeHint,
  endsStep,
  fallback,
  onBack,
  children,
}: CodeFormProps) {
  const [code, setCode] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [cooldown, startCooldown] = useCountdown(0);
  const inFlight = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  const alertId = useId();

  // The step opens with the focus in the code field.
  useEffect(() => input.current?.focus(), []);

  const complete = code.length === AUTH.totpLength;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current || !complete || cooldown > 0) return;
    inFlight.current = true;
    setSubmitting(true);
    setAlert(null);
    let stillHere = true;
    try {
      await submitCode(code);
      stillHere = false;
    } catch (error) {
      if (endsStep?.(error)) {
        stillHere = false;
        return;
      }
      if (error instanceof ApiError && error.status === 429 && error.retryAfterSeconds !== undefined) {
        startCooldown(error.retryAfterSeconds);
      }
      const wrongCode = error instanceof ApiError && error.status === 400 ? error.fieldErrors.code : undefined;
      const text = failureText(error, fallback);
      const hint = wrongCode ? wrongCodeHint?.() : undefined;
      setAlert(hint ? `${wrongCode ?? text} ${hint}` : (wrongCode ?? text));
      // A refused code is typed again from the start; after a busy server it stays as typed.
      if (refusedInput(error)) {
        setCode('');
        input.current?.focus();
      }
    } finally {
      inFlight.current = false;
      if (stillHere) setSubmitting(false);
    }
  };

  return (
    <form
      className="auth-form mfa-step"
      noValidate
      aria-labelledby={headingId}
      aria-busy={submitting || undefined}
      onSubmit={(event) => void handleSubmit(event)}
    >
      {children}
      <div id={alertId}>{alert && <FormAlert variant="error">{alert}</FormAlert>}</div>
      <TextField
        ref={input}
        label={`${AUTH.totpLength}-digit code`}
        name="code"
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        className="mfa-step__code"
        hint="From your authenticator app"
        aria-describedby={alert ? alertId : undefined}
        value={code}
        onChange={(event) => {
          setCode(onlyDigits(event.currentTarget.value));
        }}
      />
      <Button
        type="submit"
        fullWidth
        loading={submitting}
        loadingText={loadingText}
        disabled={!complete || cooldown > 0}
      >
        {cooldown > 0 ? `${submitLabel} (wait ${cooldown}s)` : submitLabel}
      </Button>
      <Button variant="ghost" fullWidth disabled={submitting} onClick={onBack}>
        Back to sign in
      </Button>
    </form>
  );
}

export interface MfaChallengeStepProps {
  challenge: MfaChallengeResponse;
  /** The code was right: the session, with the refresh cookie set (sign in as login does). */
  onSignedIn: (session: AuthSessionResponse) => void;
  /** Back to the password step, with a message when the sign-in has to start over. */
  onBack: (alert?: AuthFormAlert) => void;
}

/** Step two of an administrator's sign-in with TOTP on: the code from the app. */
export function MfaChallengeStep({ challenge, onSignedIn, onBack }: MfaChallengeStepProps) {
  const headingId = useId();
  const [openedAt] = useState(() => Date.now());

  const submitCode = async (code: string) => {
    const parsed = mfaVerifyInputSchema.safeParse({ email: challenge.email, session: challenge.session, code });
    if (!parsed.success) {
      onBack({ variant: 'error', text: MFA_PAGE_MESSAGES.signInAgain });
      return;
    }
    onSignedIn(await verifyMfa(parsed.data));
  };

  // The challenge itself was refused (not the code): only a new sign-in gets a new one.
  const endsStep = (error: unknown) => {
    if (!(error instanceof ApiError) || error.status !== 400) return false;
    if (error.fieldErrors.code || !(error.fieldErrors.session || error.fieldErrors.email)) return false;
    onBack({ variant: 'error', text: MFA_PAGE_MESSAGES.signInAgain });
    return true;
  };

  return (
    <CodeForm
      headingId={headingId}
      submitLabel="Verify"
      loadingText="Verifying..."
      submitCode={submitCode}
      wrongCodeHint={() =>
        Date.now() - openedAt >= MFA_CHALLENGE_LIFETIME_MS ? MFA_PAGE_MESSAGES.challengeMayHaveExpired : undefined
      }
      endsStep={endsStep}
      fallback={MFA_PAGE_MESSAGES.verifyFailed}
      onBack={() => onBack()}
    >
      <h2 id={headingId} className="mfa-step__title">
        Two-factor authentication
      </h2>
      <p className="mfa-step__lead">{challenge.message}</p>
    </CodeForm>
  );
}

export interface MfaSetupStepProps {
  setup: MfaSetupResponse;
  /** TOTP is on: back to the password step with the server's confirmation. */
  onDone: (message: string) => void;
  onBack: (alert?: AuthFormAlert) => void;
}

/**
 * First sign-in of an administrator without TOTP: the authenticator app is set up from a QR code
 * drawn here from `otpauthUri` (never fetched: the secret goes nowhere else), or from the key
 * typed by hand, and a first code turns TOTP on.
 */
export function MfaSetupStep({ setup, onDone, onBack }: MfaSetupStepProps) {
  const headingId = useId();
  const [copyStatus, setCopyStatus] = useState('');

  const submitCode = async (code: string) => {
    const parsed = mfaSetupInputSchema.safeParse({ setupId: setup.setupId, code });
    if (!parsed.success) {
      onBack({ variant: 'error', text: MFA_PAGE_MESSAGES.signInAgain });
      return;
    }
    const answer = await finishMfaSetup(parsed.data);
    onDone(answer.message ?? MFA_PAGE_MESSAGES.setupDone);
  };

  // 401: the set-up has expired or had too many wrong codes; a 400 on setupId says the same.
  const endsStep = (error: unknown) => {
    if (!(error instanceof ApiError)) return false;
    const expired =
      error.status === 401 || (error.status === 400 && !error.fieldErrors.code && Boolean(error.fieldErrors.setupId));
    if (!expired) return false;
    onBack({ variant: 'error', text: serverMessage(error) ?? MFA_PAGE_MESSAGES.signInAgain });
    return true;
  };

  return (
    <CodeForm
      headingId={headingId}
      submitLabel="Turn on two-factor authentication"
      loadingText="Turning on..."
      submitCode={submitCode}
      endsStep={endsStep}
      fallback={MFA_PAGE_MESSAGES.setupFailed}
      onBack={() => onBack()}
    >
      <h2 id={headingId} className="mfa-step__title">
        Set up two-factor authentication
      </h2>
      <p className="mfa-step__lead">{setup.message}</p>
      <figure className="mfa-step__qr">
        <QRCodeSVG
          value={setup.otpauthUri}
          size={192}
          marginSize={2}
          level="M"
          role="img"
          aria-label={`QR code to add ${setup.email} to an authenticator app`}
        />
      </figure>
      <div className="mfa-step__secret">
        <p className="mfa-step__secret-label">Can&apos;t scan the code? Enter this key in the app instead:</p>
        <div className="mfa-step__secret-row">
          <code className="mfa-step__secret-code">{groupSecret(setup.secretCode)}</code>
          <CopyButton
            text={setup.secretCode}
            messages={MFA_PAGE_MESSAGES}
            onOutcome={({ message }) => setCopyStatus(message)}
          />
        </div>
        <p className="mfa-step__copy-status" role="status" aria-live="polite">
          {copyStatus}
        </p>
      </div>
    </CodeForm>
  );
}
