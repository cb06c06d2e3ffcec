import { useEffect, useState, type FormEvent } from 'react';
import { AUTH_MESSAGES, changePasswordInputSchema, REDIRECT_DELAYS_MS } from '@goldbot/shared';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { clearStoredSession } from '@/lib/session-storage';
import { changePassword } from '../api/account-api';
import { FormAlert, type FormAlertVariant } from '@/components/ui/form-alert';
import { NewPasswordField, PASSWORD_RULES_HINT } from '@/components/ui/account-fields';
import { PasswordField } from '@/components/ui/password-field';
import { toFieldErrors } from '@/lib/form-errors';
import { ACCOUNT_MESSAGES } from '../lib/account-messages';
import { describeSubmitFailure } from '@/lib/api-errors';
import { useFormFields } from '@/hooks/use-form-fields';
import { useSession } from '@/features/auth/auth-public';
import { useSingleFlight } from '@/hooks/use-single-flight';
import './account-forms.css';

type PasswordFormField = 'currentPassword' | 'password' | 'confirmPassword';
const PASSWORD_FIELDS: readonly PasswordFormField[] = ['currentPassword', 'password', 'confirmPassword'];

interface Alert {
  variant: FormAlertVariant;
  text: string;
}

const EMPTY = { currentPassword: '', password: '', confirmPassword: '' };

/**
 * "Change Password" for the admin's account settings (the shared password rules, with the pool's
 * 8-character floor) and the customer's Account tab. On success the stored session
 * goes at once, and /login follows after 3 s.
 */
export function PasswordForm() {
  const { user, signOut } = useSession();
  const { values, setValues, setErrors, showInvalid, field } = useFormFields(PASSWORD_FIELDS, EMPTY);
  const [alert, setAlert] = useState<Alert | null>(null);
  const [changed, setChanged] = useState(false);
  const { running: saving, isRunning, run } = useSingleFlight();

  useEffect(() => {
    if (!changed) return;
    const timer = setTimeout(
      () =>
        signOut({
          to: paths.login.path,
          state: { message: ACCOUNT_MESSAGES.passwordUpdated, email: user?.email },
        }),
      REDIRECT_DELAYS_MS.afterAdminPasswordChange,
    );
    return () => clearTimeout(timer);
  }, [changed, signOut, user?.email]);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isRunning() || changed) return;
    setAlert(null);

    const parsed = changePasswordInputSchema.safeParse(values);
    const fieldErrors = parsed.success ? {} : toFieldErrors(parsed.error.issues, PASSWORD_FIELDS);
    // The confirmation is checked once the new password is there, so the person is not told off before typing it.
    if (values.password !== '' && values.confirmPassword !== values.password) {
      fieldErrors.confirmPassword = AUTH_MESSAGES.passwordsDoNotMatch;
    }
    if (!parsed.success || fieldErrors.confirmPassword) {
      showInvalid(fieldErrors);
      return;
    }
    const userId = user?._id;
    if (!userId) {
      setAlert({ variant: 'error', text: ACCOUNT_MESSAGES.passwordUpdateFailed });
      return;
    }

    setErrors({});
    await run(async () => {
      try {
        await changePassword(userId, parsed.data);
        // The server revoked every session: nothing stored may outlive this page.
        clearStoredSession();
        setValues(EMPTY);
        setChanged(true);
        setAlert({ variant: 'success', text: ACCOUNT_MESSAGES.passwordUpdated });
      } catch (error) {
        const { fieldErrors, text } = describeSubmitFailure(
          error,
          PASSWORD_FIELDS,
          ACCOUNT_MESSAGES.passwordUpdateFailed,
        );
        setErrors(fieldErrors);
        setAlert({ variant: 'error', text });
      }
    });
  };

  return (
    <form className="account-form surface-card" noValidate onSubmit={handleSubmit} aria-busy={saving || undefined}>
      {alert && <FormAlert variant={alert.variant}>{alert.text}</FormAlert>}
      <PasswordField
        {...field('currentPassword')}
        label="Current Password"
        autoComplete="current-password"
        required
        maxLength={128}
        readOnly={changed}
      />
      <NewPasswordField {...field('password')} label="New Password" hint={PASSWORD_RULES_HINT} readOnly={changed} />
      <NewPasswordField {...field('confirmPassword')} label="Confirm New Password" readOnly={changed} />
      <Button type="submit" loading={saving} loadingText="Updating..." disabled={changed}>
        Update Password
      </Button>
    </form>
  );
}
