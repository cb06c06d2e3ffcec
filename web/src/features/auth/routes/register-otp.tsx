import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { AUTH, AUTH_MESSAGES, REDIRECT_DELAYS_MS, TOAST_MS } from '@goldbot/shared';
import { paths } from '@/config/paths';
import { PageFrame } from '@/components/layout/page-frame';
import { useToast } from '@/components/toast/toast-provider';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { clearPendingRegistration, readPendingRegistration } from '@/lib/session-storage';
import { resendRegistrationOtp, verifyRegistrationOtp } from '../api/auth-api';
import { FormAlert } from '@/components/ui/form-alert';
import { OtpInput } from '@/components/ui/otp-input';
import { useOtpCode } from '@/hooks/use-otp-code';
import { AUTH_PAGE_MESSAGES, type AuthFormAlert } from '../lib/auth-messages';
import { failureText, refusedInput, serverMessage } from '@/lib/api-errors';
import { forgetRegistrationPassword, recallRegistrationPassword } from '../lib/pending-password';
import { readAuthNavigationState } from '../lib/redirects';
import { useCountdown, useDelayedNavigate } from '@/hooks/use-timers';
import { useSession } from '../session';
import { useSingleFlight } from '@/hooks/use-single-flight';
import '../components/auth-form.css';

/**
 * The registration code page: four boxes, backspace moves back, resend with a visible
 * cool-down; a wrong code clears the boxes, success signs in and goes to
 * /dashboard after 1.5 s; without an e-mail (state or stored draft) back to /register.
 */
export default function RegisterOtpRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const navigateLater = useDelayedNavigate();
  const { showToast } = useToast();
  const { signIn } = useSession();
  const navigationState = readAuthNavigationState(location.state);
  const [email] = useState(() => navigationState.email ?? readPendingRegistration()?.email ?? null);

  const otp = useOtpCode();
  const [alert, setAlert] = useState<AuthFormAlert | null>(() =>
    navigationState.message ? { variant: 'info', text: navigationState.message } : null,
  );
  const [succeeded, setSucceeded] = useState(false);
  const [resending, setResending] = useState(false);
  // A code was mailed just before arriving here: the first resend waits for the cool-down too.
  const [cooldown, startCooldown] = useCountdown(AUTH.otpResendCooldownSeconds);
  const { running: verifying, isRunning, run } = useSingleFlight();

  if (!email) {
    return <Navigate to={paths.register.path} replace state={{ error: AUTH_PAGE_MESSAGES.registrationEmailMissing }} />;
  }

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isRunning() || succeeded) return;
    setAlert(null);
    if (!otp.wellFormed) {
      otp.refuse(AUTH_MESSAGES.otpInvalid);
      return;
    }

    await run(async () => {
      try {
        const answer = await verifyRegistrationOtp({
          email,
          otp: otp.code,
          password: recallRegistrationPassword(email),
        });
        clearPendingRegistration();
        forgetRegistrationPassword();
        if (answer.kind === 'verified') {
          // The password was lost with a reload: the account is verified, signing in is next.
          navigate(paths.login.path, { replace: true, state: { message: answer.message, email } });
          return;
        }
        signIn(answer.session);
        setSucceeded(true);
        setAlert({ variant: 'success', text: AUTH_PAGE_MESSAGES.registrationSucceeded });
        navigateLater(paths.dashboard.path, REDIRECT_DELAYS_MS.afterOtpSuccess, { replace: true });
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          // Already verified (e.g. in another tab): nothing left to do here but sign in.
          clearPendingRegistration();
          forgetRegistrationPassword();
          const message = serverMessage(error) ?? 'This email is already verified. Please sign in.';
          navigate(paths.login.path, { replace: true, state: { message, email } });
          return;
        }
        // On a wrong code the boxes clear and the focus returns to the first; a busy server or a
        // lost connection said nothing about the code, so it stays for the person to send again.
        if (refusedInput(error)) otp.clear();
        const text = failureText(error, AUTH_PAGE_MESSAGES.otpVerificationFailed);
        setAlert({ variant: 'error', text });
      }
    });
  };

  const handleResend = async () => {
    if (cooldown > 0 || resending) return;
    setResending(true);
    try {
      await resendRegistrationOtp(email);
      startCooldown(AUTH.otpResendCooldownSeconds);
      otp.clear();
      showToast({ message: AUTH_PAGE_MESSAGES.resendSucceeded, variant: 'success', durationMs: TOAST_MS.paymentOther });
    } catch (error) {
      if (error instanceof ApiError && error.status === 429 && error.retryAfterSeconds !== undefined) {
        startCooldown(error.retryAfterSeconds);
      }
      const text = failureText(error, AUTH_PAGE_MESSAGES.resendFailed);
      showToast({ message: text, variant: 'error' });
    } finally {
      setResending(false);
    }
  };

  return (
    <PageFrame
      title={paths.registerOtp.title}
      lead={
        <>
          We sent a {AUTH.otpLength}-digit code to <strong>{email}</strong>. Enter it below to activate your account.
        </>
      }
    >
      <form className="auth-form" noValidate onSubmit={handleSubmit} aria-busy={verifying || undefined}>
        {alert && (
          <FormAlert variant={alert.variant} onDismiss={succeeded ? undefined : () => setAlert(null)}>
            {alert.text}
          </FormAlert>
        )}
        <OtpInput {...otp.field} label="Verification code" backspaceMovesBack autoFocus disabled={succeeded} />
        <Button type="submit" fullWidth loading={verifying} loadingText="Verifying..." disabled={succeeded}>
          Verify
        </Button>
        <p className="auth-form__resend">
          Didn&apos;t get the code?{' '}
          <button
            type="button"
            className="auth-form__link-button"
            disabled={cooldown > 0 || resending || succeeded}
            onClick={() => void handleResend()}
          >
            {cooldown > 0 ? `Resend OTP in ${cooldown}s` : resending ? 'Sending...' : 'Resend OTP'}
          </button>
        </p>
        <p className="auth-form__footer">
          Wrong address? <Link to={paths.register.path}>Register again</Link>
        </p>
      </form>
    </PageFrame>
  );
}
