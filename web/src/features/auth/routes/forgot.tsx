import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { forgotInputSchema, REDIRECT_DELAYS_MS } from '@goldbot/shared';
import { paths } from '@/config/paths';
import { PageFrame } from '@/components/layout/page-frame';
import { Button } from '@/components/ui/button';
import { EmailField } from '@/components/ui/account-fields';
import { clearPasswordReset, writeResetEmail } from '@/lib/session-storage';
import { requestPasswordReset } from '../api/auth-api';
import { FormAlert } from '@/components/ui/form-alert';
import { toFieldErrors } from '@/lib/form-errors';
import { AUTH_PAGE_MESSAGES, type AuthFormAlert } from '../lib/auth-messages';
import { failureText } from '@/lib/api-errors';
import { readAuthNavigationState } from '../lib/redirects';
import { useFormFields } from '@/hooks/use-form-fields';
import { useDelayedNavigate } from '@/hooks/use-timers';
import { useSingleFlight } from '@/hooks/use-single-flight';
import '../components/auth-form.css';

type ForgotField = 'email';
const FORGOT_FIELDS: readonly ForgotField[] = ['email'];

/** Password reset, first step: the e-mail; the code goes out, /forgot-otp after 2 s. */
export default function ForgotPasswordRoute() {
  const location = useLocation();
  const navigateLater = useDelayedNavigate();
  const arrival = readAuthNavigationState(location.state);
  const { values, showInvalid, field } = useFormFields(FORGOT_FIELDS, () => ({
    email: arrival.email ?? '',
  }));
  const [alert, setAlert] = useState<AuthFormAlert | null>(() =>
    arrival.error ? { variant: 'error', text: arrival.error } : null,
  );
  const [sent, setSent] = useState(false);
  const { running: sending, isRunning, run } = useSingleFlight();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isRunning() || sent) return;
    setAlert(null);
    const parsed = forgotInputSchema.safeParse(values);
    if (!parsed.success) {
      showInvalid(toFieldErrors(parsed.error.issues, FORGOT_FIELDS));
      return;
    }

    await run(async () => {
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
        const text = failureText(error, AUTH_PAGE_MESSAGES.forgotFailed, AUTH_PAGE_MESSAGES.forgotUnexpected);
        setAlert({ variant: 'error', text });
      }
    });
  };

  return (
    <PageFrame
      title={paths.forgot.title}
      lead="Enter the e-mail address of your account and we will send you a 4-digit code to reset your password."
    >
      <form className="auth-form" noValidate onSubmit={handleSubmit} aria-busy={sending || undefined}>
        {alert && <FormAlert variant={alert.variant}>{alert.text}</FormAlert>}
        <EmailField {...field('email')} readOnly={sent} />
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
