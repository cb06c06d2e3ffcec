import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { forgotInputSchema, REDIRECT_DELAYS_MS } from '@goldbot/shared';
import { paths } from '@/app/paths';
import { PageFrame } from '@/components/layout/page-frame';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { clearPasswordReset, writeResetEmail } from '@/lib/session-storage';
import { requestPasswordReset } from '../api/auth-api';
import { FormAlert, type FormAlertVariant } from '../components/form-alert';
import { AUTH_PAGE_MESSAGES, isUnreachable, serverMessage, withRetryHint } from '../lib/messages';
import { readAuthNavigationState } from '../lib/redirects';
import { useDelayedNavigate } from '../lib/use-timers';
import '../components/auth-form.css';

interface Alert {
  variant: FormAlertVariant;
  text: string;
}

/** Customer §4 Password reset, first step: the e-mail; the code goes out, /forgot-otp after 2 s. */
export default function ForgotPasswordRoute() {
  const location = useLocation();
  const navigateLater = useDelayedNavigate();
  const arrival = readAuthNavigationState(location.state);
  const [email, setEmail] = useState(arrival.email ?? '');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [alert, setAlert] = useState<Alert | null>(() =>
    arrival.error ? { variant: 'error', text: arrival.error } : null,
  );
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const inFlight = useRef(false);
  const emailInput = useRef<HTMLInputElement>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current || sent) return;
    setAlert(null);
    const parsed = forgotInputSchema.safeParse({ email });
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message);
      emailInput.current?.focus();
      return;
    }

    inFlight.current = true;
    setSending(true);
    try {
      await requestPasswordReset(parsed.data.email);
      // A new request starts over: an older verified code is no longer the one to use.
      clearPasswordReset();
      writeResetEmail(parsed.data.email);
      setSent(true);
      setAlert({ variant: 'success', text: AUTH_PAGE_MESSAGES.forgotSucceeded });
      navigateLater(paths.forgotOtp.path, REDIRECT_DELAYS_MS.afterResetRequest, {
        state: { email: parsed.data.email },
      });
    } catch (error) {
      const text = isUnreachable(error)
        ? AUTH_PAGE_MESSAGES.forgotUnexpected
        : withRetryHint(error, serverMessage(error) ?? AUTH_PAGE_MESSAGES.forgotFailed);
      setAlert({ variant: 'error', text });
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  return (
    <PageFrame
      title={paths.forgot.title}
      lead="Enter the e-mail address of your account and we will send you a 4-digit code to reset your password."
    >
      <form className="auth-form" noValidate onSubmit={handleSubmit} aria-busy={sending || undefined}>
        {alert && <FormAlert variant={alert.variant}>{alert.text}</FormAlert>}
        <TextField
          ref={emailInput}
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          maxLength={254}
          value={email}
          readOnly={sent}
          onChange={(event) => {
            setEmail(event.target.value);
            setEmailError(undefined);
          }}
          error={emailError}
        />
        <Button type="submit" fullWidth loading={sending} loadingText="Sending..." disabled={sent}>
          Send Code
        </Button>
        <p className="auth-form__footer">
          Remembered it? <Link to={paths.login.path}>Back to login</Link>
        </p>
      </form>
    </PageFrame>
  );
}
