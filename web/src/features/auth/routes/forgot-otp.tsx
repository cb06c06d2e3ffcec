import { useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { AUTH, AUTH_MESSAGES, REDIRECT_DELAYS_MS } from '@goldbot/shared';
import { paths } from '@/config/paths';
import { PageFrame } from '@/components/layout/page-frame';
import { Button } from '@/components/ui/button';
import { readResetEmail, writeResetEmail, writeResetOtp } from '@/lib/session-storage';
import { verifyResetOtp } from '../api/auth-api';
import { FormAlert, type FormAlertVariant } from '@/components/ui/form-alert';
import { emptyOtp, OtpInput, type OtpInputHandle } from '@/components/ui/otp-input';
import { AUTH_PAGE_MESSAGES } from '../lib/auth-messages';
import { isUnreachable, serverMessage, withRetryHint } from '@/lib/api-errors';
import { readAuthNavigationState } from '../lib/redirects';
import { useDelayedNavigate } from '@/hooks/use-timers';
import { useSingleFlight } from '@/hooks/use-single-flight';
import '../components/auth-form.css';

interface Alert {
  variant: FormAlertVariant;
  text: string;
}

const OTP_PATTERN = new RegExp(`^\\d{${AUTH.otpLength}}$`);

/**
 * The reset code page: four boxes with auto-advance; no backspace-back and no resend
 * (a new code is asked for on /forgot). The code is checked (not used up), stored, and
 * /reset follows after 1.5 s. Without a known e-mail, back to /forgot.
 */
export default function ForgotPasswordOtpRoute() {
  const location = useLocation();
  const navigateLater = useDelayedNavigate();
  const [email] = useState(() => readAuthNavigationState(location.state).email ?? readResetEmail());
  const [digits, setDigits] = useState<string[]>(emptyOtp);
  const [otpError, setOtpError] = useState<string | undefined>();
  const [alert, setAlert] = useState<Alert | null>(null);
  const [verified, setVerified] = useState(false);
  const { running: verifying, isRunning, run } = useSingleFlight();
  const otpInput = useRef<OtpInputHandle>(null);

  if (!email) {
    return <Navigate to={paths.forgot.path} replace state={{ error: AUTH_PAGE_MESSAGES.resetEmailMissing }} />;
  }

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isRunning() || verified) return;
    setAlert(null);
    const otp = digits.join('');
    if (!OTP_PATTERN.test(otp)) {
      setOtpError(AUTH_MESSAGES.resetOtpInvalid);
      otpInput.current?.focus(Math.max(0, digits.indexOf('')));
      return;
    }

    await run(async () => {
      try {
        await verifyResetOtp({ email, otp });
        writeResetEmail(email);
        writeResetOtp(otp);
        setVerified(true);
        setAlert({ variant: 'success', text: AUTH_PAGE_MESSAGES.resetOtpSucceeded });
        navigateLater(paths.reset.path, REDIRECT_DELAYS_MS.afterOtpSuccess);
      } catch (error) {
        const text = isUnreachable(error)
          ? AUTH_PAGE_MESSAGES.resetOtpUnexpected
          : withRetryHint(error, serverMessage(error) ?? AUTH_PAGE_MESSAGES.resetOtpFailed);
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
        <OtpInput
          ref={otpInput}
          label="Reset code"
          digits={digits}
          onChange={(next) => {
            setDigits(next);
            setOtpError(undefined);
          }}
          autoFocus
          error={otpError}
          disabled={verified}
        />
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
