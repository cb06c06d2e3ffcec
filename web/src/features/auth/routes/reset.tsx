import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { REDIRECT_DELAYS_MS, RESET_SPECIAL_CHARACTERS, resetPasswordProblems } from '@goldbot/shared';
import { paths } from '@/config/paths';
import { PageFrame } from '@/components/layout/page-frame';
import { Button } from '@/components/ui/button';
import { classNames } from '@/lib/class-names';
import { clearPasswordReset, readResetEmail, readResetOtp } from '@/lib/session-storage';
import { resetPassword } from '../api/auth-api';
import { FormAlert } from '@/components/ui/form-alert';
import { NewPasswordField } from '@/components/ui/account-fields';
import { AUTH_PAGE_MESSAGES, type AuthFormAlert } from '../lib/auth-messages';
import { failureText } from '@/lib/api-errors';
import { useFormFields } from '@/hooks/use-form-fields';
import { useDelayedNavigate } from '@/hooks/use-timers';
import { useSingleFlight } from '@/hooks/use-single-flight';
import '../components/auth-form.css';

type ResetField = 'password' | 'confirmPassword';
const RESET_FIELDS: readonly ResetField[] = ['password', 'confirmPassword'];

/** The reset rules as checklist lines, each tied to the message it answers. */
const REQUIREMENTS = [
  { label: 'At least 8 characters', problem: 'Password must be at least 8 characters' },
  { label: 'At least 1 number', problem: 'Password must contain at least 1 number' },
  { label: 'At least 1 lowercase letter', problem: 'Password must contain at least 1 lowercase letter' },
  { label: 'At least 1 uppercase letter', problem: 'Password must contain at least 1 uppercase letter' },
  {
    label: `At least 1 special character (${RESET_SPECIAL_CHARACTERS})`,
    problem: 'Password must contain at least 1 special character',
  },
] as const;

/**
 * Password reset, last step: new password and confirmation with a
 * live checklist shown on focus; on success the stored e-mail and code are cleared and /login
 * follows after 2 s.
 */
export default function ResetPasswordRoute() {
  const navigateLater = useDelayedNavigate();
  const { values, errors, setErrors, handleChange, inputRef, showInvalid, field } = useFormFields(RESET_FIELDS, {
    password: '',
    confirmPassword: '',
  });
  const { password, confirmPassword } = values;
  const [alert, setAlert] = useState<AuthFormAlert | null>(null);
  const [checklistShown, setChecklistShown] = useState(false);
  const [done, setDone] = useState(false);
  const { running: saving, isRunning, run } = useSingleFlight();
  const checklistId = useId();

  const problems = resetPasswordProblems(password);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isRunning() || done) return;
    setAlert(null);

    if (problems.length > 0) {
      showInvalid({ password: problems.join(', ') });
      return;
    }
    if (password !== confirmPassword) {
      showInvalid({ confirmPassword: AUTH_PAGE_MESSAGES.resetPasswordsDoNotMatch });
      return;
    }
    setErrors({});
    const email = readResetEmail();
    const otp = readResetOtp();
    if (!email || !otp) {
      setAlert({ variant: 'error', text: AUTH_PAGE_MESSAGES.resetStepsMissing });
      return;
    }

    await run(async () => {
      try {
        await resetPassword({ email, otp, newPassword: password });
        clearPasswordReset();
        setDone(true);
        setAlert({ variant: 'success', text: AUTH_PAGE_MESSAGES.resetSucceeded });
        navigateLater(paths.login.path, REDIRECT_DELAYS_MS.afterPasswordReset, {
          replace: true,
          state: { email, message: 'Your password has been reset. Please sign in with your new password.' },
        });
      } catch (error) {
        const text = failureText(error, AUTH_PAGE_MESSAGES.resetFailed, AUTH_PAGE_MESSAGES.resetUnexpected);
        setAlert({ variant: 'error', text });
      }
    });
  };

  return (
    <PageFrame title={paths.reset.title} lead="Choose a new password for your account.">
      <form className="auth-form" noValidate onSubmit={handleSubmit} aria-busy={saving || undefined}>
        {alert && (
          <FormAlert variant={alert.variant}>
            {alert.text}
            {alert.text === AUTH_PAGE_MESSAGES.resetStepsMissing && (
              <>
                {' '}
                <Link to={paths.forgot.path}>Start again</Link>
              </>
            )}
          </FormAlert>
        )}
        <NewPasswordField
          ref={inputRef('password')}
          label="New Password"
          name="newPassword"
          value={password}
          readOnly={done}
          aria-describedby={checklistShown ? checklistId : undefined}
          onFocus={() => setChecklistShown(true)}
          onBlur={() => setChecklistShown(problems.length > 0 && password !== '')}
          onChange={handleChange('password')}
          error={errors.password}
        />
        {checklistShown && (
          <ul id={checklistId} className="password-checklist" aria-label="Password requirements">
            {REQUIREMENTS.map(({ label, problem }) => {
              const met = !problems.includes(problem);
              return (
                <li
                  key={label}
                  className={classNames('password-checklist__item', met && 'password-checklist__item--met')}
                >
                  <span className="password-checklist__mark" aria-hidden="true">
                    {met ? '✓' : '○'}
                  </span>
                  <span>
                    {label}
                    <span className="visually-hidden">{met ? ' (met)' : ' (not met yet)'}</span>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
        <NewPasswordField {...field('confirmPassword')} label="Confirm Password" readOnly={done} />
        <Button type="submit" fullWidth loading={saving} loadingText="Saving..." disabled={done}>
          Reset Password
        </Button>
        <p className="auth-form__footer">
          <Link to={paths.login.path}>Back to login</Link>
        </p>
      </form>
    </PageFrame>
  );
}
