import { useEffect, useState, type FormEvent } from 'react';
import { AUTH_MESSAGES, REDIRECT_DELAYS_MS, updateProfileInputSchema, type UpdateProfileInput } from '@goldbot/shared';
import { Button } from '@/components/ui/button';
import { EmailField, UsernameField } from '@/components/ui/account-fields';
import { updateProfile } from '../api/account-api';
import { FormAlert, type FormAlertVariant } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';
import { toFieldErrors, type FieldErrors } from '@/lib/form-errors';
import { ACCOUNT_MESSAGES } from '../lib/account-messages';
import { describeSubmitFailure } from '@/lib/api-errors';
import { useFormFields } from '@/hooks/use-form-fields';
import { useSession } from '@/features/auth/auth-public';
import { reloadPage } from '@/lib/reload-page';
import { EmailChangeCode } from './email-change-code';
import { useSingleFlight } from '@/hooks/use-single-flight';
import './account-forms.css';

type ProfileField = 'username' | 'email' | 'currentPassword';
const PROFILE_FIELDS: readonly ProfileField[] = ['username', 'email', 'currentPassword'];

interface Alert {
  variant: FormAlertVariant;
  text: string;
}

/** A code went to a new address: the form waits for it (step two). */
interface PendingEmailChange {
  pendingEmail: string;
  request: UpdateProfileInput;
}

/** The server compares addresses trimmed and lower-cased; so does the form. */
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export interface ProfileFormProps {
  /** Where the person signs in again once an e-mail change has ended every session. */
  signInPath: string;
  /**
   * Set when the account has no password of ours (a Google sign-in): the e-mail, which needs the
   * current password to change, is shown read-only with this explanation.
   */
  emailLockedReason?: string;
}

/**
 * Username and e-mail, for the admin's account settings ("Profile Information")
 * and the customer's Account tab; reload after 1.5 s. A new e-mail needs the current password and
 * is only taken once the code mailed to it is confirmed (see docs/security.md); the server then ends
 * every session, so the person signs in again with the new address at `signInPath`.
 */
export function ProfileForm({ signInPath, emailLockedReason }: ProfileFormProps) {
  const { user, updateUser, signOut } = useSession();
  const currentEmail = user?.email ?? '';
  const { values, setValues, setErrors, showInvalid, field } = useFormFields(PROFILE_FIELDS, () => ({
    username: user?.username ?? '',
    email: currentEmail,
    currentPassword: '',
  }));
  const [alert, setAlert] = useState<Alert | null>(null);
  const [saved, setSaved] = useState(false);
  const [pending, setPending] = useState<PendingEmailChange | null>(null);
  const { running: saving, isRunning, run } = useSingleFlight();
  // Proving the account is needed only to move it to another address.
  const emailChanges = !sameEmail(values.email, currentEmail);

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(reloadPage, REDIRECT_DELAYS_MS.afterProfileSave);
    return () => clearTimeout(timer);
  }, [saved]);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isRunning() || saved) return;
    setAlert(null);

    const input = emailChanges
      ? { username: values.username, email: values.email, currentPassword: values.currentPassword }
      : { username: values.username, email: values.email };
    const parsed = updateProfileInputSchema.safeParse(input);
    const fieldErrors: FieldErrors<ProfileField> = parsed.success
      ? {}
      : toFieldErrors(parsed.error.issues, PROFILE_FIELDS);
    // Either field empty: the spec's one message for the form.
    if (
      fieldErrors.username === AUTH_MESSAGES.allFieldsRequired ||
      fieldErrors.email === AUTH_MESSAGES.allFieldsRequired
    ) {
      setErrors({});
      setAlert({ variant: 'error', text: AUTH_MESSAGES.allFieldsRequired });
      return;
    }
    if (emailChanges && values.currentPassword === '')
      fieldErrors.currentPassword = AUTH_MESSAGES.currentPasswordForEmail;
    if (!parsed.success || fieldErrors.currentPassword) {
      showInvalid(fieldErrors);
      return;
    }
    const userId = user?._id;
    if (!userId) {
      setAlert({ variant: 'error', text: ACCOUNT_MESSAGES.profileUpdateFailed });
      return;
    }

    setErrors({});
    await run(async () => {
      try {
        const answer = await updateProfile(userId, parsed.data);
        // The new username is saved either way; the e-mail only once its code is confirmed.
        updateUser({ username: answer.user.username, email: answer.user.email });
        if (answer.pendingEmail) {
          setPending({ pendingEmail: answer.pendingEmail, request: parsed.data });
          return;
        }
        setValues((current) => ({ ...current, currentPassword: '' }));
        setSaved(true);
        setAlert({ variant: 'success', text: ACCOUNT_MESSAGES.profileUpdated });
      } catch (error) {
        const failure = describeSubmitFailure(error, PROFILE_FIELDS, ACCOUNT_MESSAGES.profileUpdateFailed, {
          retryHint: true,
        });
        // A refused password is typed again, not corrected.
        if (failure.fieldErrors.currentPassword) setValues((current) => ({ ...current, currentPassword: '' }));
        showInvalid(failure.fieldErrors);
        setAlert({ variant: 'error', text: failure.text });
      }
    });
  };

  if (pending && user?._id) {
    return (
      <EmailChangeCode
        userId={user._id}
        pendingEmail={pending.pendingEmail}
        currentEmail={currentEmail}
        request={pending.request}
        onConfirmed={(message) =>
          // Every session was revoked with the change: nothing left to revoke, sign in again.
          signOut({
            to: signInPath,
            state: { message, email: pending.pendingEmail },
            serverSessionEnded: true,
          })
        }
        onCancel={() => {
          // Back to the form as the account stands: the old address, no password kept.
          setPending(null);
          setValues((current) => ({ ...current, email: currentEmail, currentPassword: '' }));
          setErrors({});
          setAlert(null);
        }}
      />
    );
  }

  return (
    <form className="account-form surface-card" noValidate onSubmit={handleSubmit} aria-busy={saving || undefined}>
      {alert && <FormAlert variant={alert.variant}>{alert.text}</FormAlert>}
      <UsernameField {...field('username')} />
      <EmailField {...field('email')} readOnly={emailLockedReason !== undefined} hint={emailLockedReason} />
      {emailChanges && (
        <PasswordField
          {...field('currentPassword')}
          label="Current password"
          autoComplete="current-password"
          required
          maxLength={128}
          hint="Needed to change your email. We will send a code to the new address."
        />
      )}
      <Button type="submit" loading={saving} loadingText="Saving..." disabled={saved}>
        Save Changes
      </Button>
    </form>
  );
}
