import { useEffect, useRef, useState, type FormEvent } from 'react';
import { AUTH_MESSAGES, REDIRECT_DELAYS_MS, updateProfileInputSchema } from '@goldbot/shared';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { updateProfile } from '@/features/auth/api/auth-api';
import { FormAlert, type FormAlertVariant } from '@/features/auth/components/form-alert';
import { toFieldErrors } from '@/features/auth/lib/form-errors';
import { AUTH_PAGE_MESSAGES, describeSubmitFailure } from '@/features/auth/lib/messages';
import { useFormFields } from '@/features/auth/lib/use-form-fields';
import { useSession } from '@/features/auth/session';
import { reloadPage } from '../../lib/reload-page';
import './account-settings.css';

type ProfileField = 'username' | 'email';
const PROFILE_FIELDS: readonly ProfileField[] = ['username', 'email'];

interface Alert {
  variant: FormAlertVariant;
  text: string;
}

/** Admin §2 Account settings, "Profile Information": username and e-mail (§5, §8; reload after 1.5 s). */
export function ProfileForm() {
  const { user, updateUser } = useSession();
  const { values, errors, setErrors, handleChange } = useFormFields(PROFILE_FIELDS, () => ({
    username: user?.username ?? '',
    email: user?.email ?? '',
  }));
  const [alert, setAlert] = useState<Alert | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const inFlight = useRef(false);

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(reloadPage, REDIRECT_DELAYS_MS.afterProfileSave);
    return () => clearTimeout(timer);
  }, [saved]);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current || saved) return;
    setAlert(null);

    const parsed = updateProfileInputSchema.safeParse(values);
    if (!parsed.success) {
      const fieldErrors = toFieldErrors(parsed.error.issues, PROFILE_FIELDS);
      // Either field empty: the spec's one message for the form (admin §5).
      if (Object.values(fieldErrors).includes(AUTH_MESSAGES.allFieldsRequired)) {
        setErrors({});
        setAlert({ variant: 'error', text: AUTH_MESSAGES.allFieldsRequired });
      } else {
        setErrors(fieldErrors);
      }
      return;
    }
    if (!user?._id) {
      setAlert({ variant: 'error', text: AUTH_PAGE_MESSAGES.profileUpdateFailed });
      return;
    }

    setErrors({});
    inFlight.current = true;
    setSaving(true);
    try {
      const answer = await updateProfile(user._id, parsed.data);
      updateUser(answer.user ?? parsed.data);
      setSaved(true);
      setAlert({ variant: 'success', text: AUTH_PAGE_MESSAGES.profileUpdated });
    } catch (error) {
      const { fieldErrors, text } = describeSubmitFailure(
        error,
        PROFILE_FIELDS,
        AUTH_PAGE_MESSAGES.profileUpdateFailed,
      );
      setErrors(fieldErrors);
      setAlert({ variant: 'error', text });
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  };

  return (
    <form className="account-settings__form" noValidate onSubmit={handleSubmit} aria-busy={saving || undefined}>
      {alert && <FormAlert variant={alert.variant}>{alert.text}</FormAlert>}
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        required
        maxLength={30}
        value={values.username}
        onChange={handleChange('username')}
        error={errors.username}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        maxLength={254}
        value={values.email}
        onChange={handleChange('email')}
        error={errors.email}
      />
      <Button type="submit" loading={saving} loadingText="Saving..." disabled={saved}>
        Save Changes
      </Button>
    </form>
  );
}
