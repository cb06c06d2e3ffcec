import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { loginInputSchema } from '@goldbot/shared';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { EmailField } from '@/components/ui/account-fields';
import { ApiError } from '@/lib/api-client';
import { writePendingRegistration } from '@/lib/session-storage';
import { login, type AdminSecondStep } from '../api/auth-api';
import { GOOGLE_UNAVAILABLE_MESSAGE, loadHostedUiConfig } from '../google/hosted-ui-config';
import { toFieldErrors } from '@/lib/form-errors';
import { AUTH_PAGE_MESSAGES, type AuthFormAlert } from '../lib/auth-messages';
import { failureText, serverMessage } from '@/lib/api-errors';
import { rememberRegistrationPassword } from '../lib/pending-password';
import { destinationAfterSignIn, readAuthNavigationState } from '../lib/redirects';
import { useFormFields } from '@/hooks/use-form-fields';
import { useSession } from '../session';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';
import { useSingleFlight } from '@/hooks/use-single-flight';
import './auth-form.css';

type LoginField = 'email' | 'password';
const LOGIN_FIELDS: readonly LoginField[] = ['email', 'password'];

export interface LoginFormProps {
  /** 'admin': /admin-login, which signs in administrators only and offers no Google or register. */
  variant?: 'customer' | 'admin';
  /**
   * The two-factor step an administrator's password led to (see docs/security.md), with the
   * e-mail typed. Only /admin-login handles it; without it the form says to sign in there.
   */
  onSecondStep?: (step: AdminSecondStep) => void;
  /**
   * Prefills the e-mail instead of the navigation state's and starts in the password field (back
   * from a two-factor step).
   */
  initialEmail?: string | undefined;
  /**
   * Shown on arrival instead of the navigation state's message (e.g. two-factor set-up done);
   * null shows none.
   */
  initialAlert?: AuthFormAlert | null | undefined;
}

/** The sign-in form of /login and /admin-login. */
export function LoginForm({ variant = 'customer', onSecondStep, initialEmail, initialAlert }: LoginFormProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const navigationState = readAuthNavigationState(location.state);
  const { status, isAdmin, signIn } = useSession();

  const { values, setValues, setErrors, inputRef, showInvalid, field } = useFormFields(LOGIN_FIELDS, () => ({
    email: initialEmail ?? navigationState.email ?? '',
    password: '',
  }));
  // `adminSignInLink`: the answer was a two-factor step, which only /admin-login can take.
  const [alert, setAlert] = useState<(AuthFormAlert & { adminSignInLink?: boolean }) | null>(() => {
    if (initialAlert !== undefined) return initialAlert;
    if (navigationState.error) return { variant: 'error', text: navigationState.error };
    if (navigationState.message) return { variant: 'info', text: navigationState.message };
    return null;
  });
  const [openingGoogle, setOpeningGoogle] = useState(false);
  const { running: submitting, isRunning, run } = useSingleFlight();

  const passwordInput = inputRef('password');
  const [startInPassword] = useState(() => initialEmail !== undefined);
  useEffect(() => {
    if (startInPassword) passwordInput.current?.focus();
  }, [startInPassword, passwordInput]);

  // Signed in (just now, or already when arriving): on to the right page.
  const signedInHere = status === 'authenticated' && (variant === 'customer' || isAdmin);
  if (signedInHere) {
    const destination = destinationAfterSignIn(isAdmin, navigationState);
    return <Navigate to={destination.to} state={destination.state} replace />;
  }

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isRunning()) return;
    setAlert(null);

    const parsed = loginInputSchema.safeParse(values);
    if (!parsed.success) {
      showInvalid(toFieldErrors(parsed.error.issues, LOGIN_FIELDS));
      return;
    }

    setErrors({});
    await run(async () => {
      try {
        const answer = await login(parsed.data);
        if (answer.kind !== 'session') {
          if (onSecondStep) {
            onSecondStep(answer);
            return;
          }
          // Only administrators get a second step, and they sign in on /admin-login.
          setValues((current) => ({ ...current, password: '' }));
          setAlert({ variant: 'error', text: AUTH_PAGE_MESSAGES.useAdminSignIn, adminSignInLink: true });
          return;
        }
        const { session } = answer;
        if (variant === 'admin' && !session.isAdmin) {
          // Not signed in: the session is simply not kept.
          setValues((current) => ({ ...current, password: '' }));
          setAlert({ variant: 'error', text: AUTH_PAGE_MESSAGES.notAnAdmin });
          return;
        }
        signIn(session);
      } catch (error) {
        if (error instanceof ApiError && error.status === 403 && error.body.needsVerification === true) {
          // A fresh code is in the mail: verify it, and sign in with the password typed here.
          rememberRegistrationPassword(parsed.data.email, parsed.data.password);
          writePendingRegistration({ username: '', email: parsed.data.email });
          navigate(paths.registerOtp.path, {
            state: {
              email: parsed.data.email,
              message:
                serverMessage(error) ?? 'Please verify your e-mail address first: we have sent you a new 4-digit code.',
            },
          });
          return;
        }
        setAlert({ variant: 'error', text: failureText(error, AUTH_PAGE_MESSAGES.loginFailed) });
      }
    });
  };

  const handleGoogle = async () => {
    setAlert(null);
    setOpeningGoogle(true);
    try {
      const config = await loadHostedUiConfig();
      if (!config) {
        setAlert({ variant: 'info', text: GOOGLE_UNAVAILABLE_MESSAGE });
        return;
      }
      const { startGoogleSignIn } = await import('../google/hosted-ui');
      // Where to return after Google, carried through the hosted UI and back to /auth/callback.
      const returnState = { from: navigationState.from, selectedPlan: navigationState.selectedPlan };
      await startGoogleSignIn(config, JSON.stringify(returnState));
    } catch (error) {
      console.error('Google sign-in could not start', error);
      setAlert({ variant: 'error', text: AUTH_PAGE_MESSAGES.googleLoginFailed });
    } finally {
      setOpeningGoogle(false);
    }
  };

  return (
    <form className="auth-form" noValidate onSubmit={handleSubmit} aria-busy={submitting || undefined}>
      {alert && (
        <FormAlert variant={alert.variant} onDismiss={() => setAlert(null)}>
          {alert.text}
          {alert.adminSignInLink && (
            <>
              {' '}
              <Link to={paths.adminLogin.path} state={{ email: values.email }}>
                Go to the admin sign-in page
              </Link>
            </>
          )}
        </FormAlert>
      )}
      <EmailField
        {...field('email')}
        autoComplete={variant === 'admin' ? 'username' : 'email'}
        // No length cap on sign-in: an over-long address simply fails to sign in.
        maxLength={undefined}
      />
      <PasswordField {...field('password')} label="Password" autoComplete="current-password" required />
      <div className="auth-form__row">
        <span />
        <Link to={paths.forgot.path}>Forgot Password</Link>
      </div>
      <Button type="submit" fullWidth loading={submitting} loadingText="Signing in...">
        Login
      </Button>
      {variant === 'customer' && (
        <>
          <p className="auth-form__divider">or</p>
          <Button variant="secondary" fullWidth loading={openingGoogle} onClick={() => void handleGoogle()}>
            <span className="auth-form__google-icon" aria-hidden="true">
              G
            </span>
            Login with Google
          </Button>
          <p className="auth-form__footer">
            Don&apos;t have an account? <Link to={paths.register.path}>Register</Link>
          </p>
        </>
      )}
      {variant === 'admin' && (
        <p className="auth-form__footer">
          Not an administrator? <Link to={paths.login.path}>Customer sign in</Link>
        </p>
      )}
    </form>
  );
}
