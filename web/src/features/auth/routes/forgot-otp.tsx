import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { AUTH, AUTH_MESSAGES, REDIRECT_DELAYS_MS } from '@goldbot/shared';
import { paths } from '@/config/paths';
import { PageFrame } from '@/components/layout/page-frame';
import { Button } from '@/components/ui/button';
import { readResetEmail, writeResetEmail, writeResetOtp } from '@/lib/session-storage';
import { verifyResetOtp } from '../api/auth-api';
import { FormAlert } from '@/components/ui/form-alert';
import { OtpInput } from '@/components/ui/otp-input';
import { useOtpCode } from '@/hooks/use-otp-code';
import { AUTH_PAGE_MESSAGES, type AuthFormAlert } from '../lib/auth-messages';
import { failureText } from '@/lib/api-errors';
import { readAuthNavigationState } from '../lib/redirects';
import { useDelayedNavigate } from '@/hooks/use-timers';
import { useSingleFlight } from '@/hooks/use-single-flight';
import '../components/auth-form.css';

/**
 * The reset code page: four boxes with auto-advance; no backspace-back and no resend
 * (a new code is asked for on /forgot). The code is checked (not used up), stored, and
 * /reset follows after 1.5 s. Without a known e-mail, back to /forgot.
 */
export default function ForgotPasswordOtpRoute() {
  const location = useLocation();
  const navigateLater = useDelayedNavigate();
  const [email] = useState(() => readAuthNavigationState(location.state).email ?? readResetEmail());
  const otp = useOtpCode();
  const [alert, setAlert] = useState<AuthFormAlert | null>(null);
  const [verified, setVerified] = useState(false);
  const { running: verifying, isRunning, run } = useSingleFlight();

  if (!email) {
    return <Navigate to={paths.forgot.path} replace state={{ error: AUTH_PAGE_MESSAGES.resetEmailMissing }} />;
  }

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isRunning() || verified) return;
    setAlert(null);
    if (!otp.wellFormed) {
      otp.refuse(AUTH_MESSAGES.resetOtpInvalid);
      return;
    }

    await run(async () => {
      try {
        await verifyResetOtp({ email, otp: otp.code });
        writeResetEmail(email);
        writeResetOtp(otp.code);
        setVerified(true);
        setAlert({ variant: 'success', text: AUTH_PAGE_MESSAGES.resetOtpSucceeded });
        navigateLater(paths.reset.path, REDIRECT_DELAYS_MS.afterOtpSuccess);
      } catch (error) {
        const text = failureText(error, AUTH_PAGE_MESSAGES.resetOtpFailed, AUTH_PAGE_MESSAGES.resetOtpUnexpected);
        setAlert({ variant: 'error', text });
      }
    });
  };

  return (
    <PageFrame
      title={paths.forgotOtp.title}
      lead={
        <>
          Enter the {AUTH.otpLength}-digit code we sent to <strong>{email}</strong>.
        </>
      }
    >
      <form className="auth-form" noValidate onSubmit={handleSubmit} aria-busy={verifying || undefined}>
        {alert && <FormAlert variant={alert.variant}>{alert.text}</FormAlert>}
        <OtpInput {...otp.field} label="Reset code" autoFocus disabled={verified} />
        <Button type="submit" fullWidth loading={verifying} loadingText="Verifying..." disabled={verified}>
          Verify Code
        </Button>
        <p className="auth-form__footer">
          No code? <Link to={paths.forgot.path}>Request a new one</Link>
        </p>
      </form>
    </PageFrame>
  );
}
