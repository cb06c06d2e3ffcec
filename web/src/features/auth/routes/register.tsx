import type { FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { AUTH_MESSAGES, REDIRECT_DELAYS_MS, registerInputSchema } from '@goldbot/shared';
import { paths } from '@/config/paths';
import { PageFrame } from '@/components/layout/page-frame';
import { Button } from '@/components/ui/button';
import { EmailField, NewPasswordField, PASSWORD_RULES_HINT, UsernameField } from '@/components/ui/account-fields';
import { writePendingRegistration } from '@/lib/session-storage';
import { register } from '../api/auth-api';
import { FormAlert } from '@/components/ui/form-alert';
import { toFieldErrors } from '@/lib/form-errors';
import { AUTH_PAGE_MESSAGES } from '../lib/auth-messages';
import { describeSubmitFailure } from '@/lib/api-errors';
import { rememberRegistrationPassword } from '../lib/pending-password';
import { readAuthNavigationState } from '../lib/redirects';
import { useFormFields } from '@/hooks/use-form-fields';
import { useAutoClear } from '@/hooks/use-timers';
import { useSingleFlight } from '@/hooks/use-single-flight';
import '../components/auth-form.css';

type RegisterField = 'username' | 'email' | 'password' | 'confirmPassword';
const REGISTER_FIELDS: readonly RegisterField[] = ['username', 'email', 'password', 'confirmPassword'];

type Draft = Record<RegisterField, string>;
const EMPTY_DRAFT: Draft = { username: '', email: '', password: '', confirmPassword: '' };

/** The registration page: the form, its checks, and the message shown for 5 s. */
export default function RegisterRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const { values, setErrors, showInvalid, field } = useFormFields(REGISTER_FIELDS, EMPTY_DRAFT);
  // The error popup clears itself after 5 s. The OTP page may send one along.
  const arrivalError = readAuthNavigationState(location.state).error;
  const [popup, setPopup] = useAutoClear<{ text: string }>(
    REDIRECT_DELAYS_MS.registrationErrorPopup,
    arrivalError ? { text: arrivalError } : null,
  );
  const { running: submitting, isRunning, run } = useSingleFlight();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isRunning()) return;
    setPopup(null);

    const parsed = registerInputSchema.safeParse(values);
    const fieldErrors = parsed.success ? {} : toFieldErrors(parsed.error.issues, REGISTER_FIELDS);
    if (values.password !== values.confirmPassword && !fieldErrors.password) {
      fieldErrors.confirmPassword = AUTH_MESSAGES.passwordsDoNotMatch;
    }
    if (!parsed.success || fieldErrors.confirmPassword) {
      showInvalid(fieldErrors);
      return;
    }

    setErrors({});
    await run(async () => {
      try {
        const answer = await register(parsed.data);
        const email = answer.email ?? parsed.data.email;
        // The draft survives a reload; the password does not.
        writePendingRegistration({ username: parsed.data.username, email });
        rememberRegistrationPassword(email, parsed.data.password);
        navigate(paths.registerOtp.path, { state: { email, message: answer.message } });
      } catch (error) {
        const { fieldErrors: serverFieldErrors, text } = describeSubmitFailure(
          error,
          REGISTER_FIELDS,
          AUTH_PAGE_MESSAGES.registrationFailed,
          { retryHint: true },
        );
        if (Object.keys(serverFieldErrors).length > 0) showInvalid(serverFieldErrors);
        setPopup({ text });
      }
    });
  };

  return (
    <PageFrame title={paths.register.title} lead="Start trading smarter: create your account in a minute.">
      <form className="auth-form" noValidate onSubmit={handleSubmit} aria-busy={submitting || undefined}>
        {popup && (
          <FormAlert variant="error" onDismiss={() => setPopup(null)}>
            {popup.text}
          </FormAlert>
        )}
        <UsernameField {...field('username')} autoCapitalize="off" spellCheck={false} />
        <EmailField {...field('email')} />
        <NewPasswordField {...field('password')} label="Password" hint={PASSWORD_RULES_HINT} />
        <NewPasswordField {...field('confirmPassword')} label="Confirm Password" />
        <Button type="submit" fullWidth loading={submitting} loadingText="Creating account...">
          Register
        </Button>
        <p className="auth-form__footer">
          Already have an account? <Link to={paths.login.path}>Login</Link>
        </p>
      </form>
    </PageFrame>
  );
}
