import { USERNAME_MAX_LENGTH } from '@goldbot/shared';
import { TextField, type TextFieldProps } from './text-field';
import { PasswordField, type PasswordFieldProps } from './password-field';

/**
 * The account fields the sign-in, registration, recovery and account-settings forms share, with
 * the limits the server's schemas hold them to. Any prop given wins over these defaults.
 */

type Labelled<P extends { label: string }> = Omit<P, 'label'> & { label?: string };

/** What a new password must hold, shown under it wherever one is chosen. */
export const PASSWORD_RULES_HINT =
  'At least 8 characters with an uppercase and a lowercase letter, a number and one of @$!%*?&.';

/**
 * The browser counts `maxLength` in UTF-16 code units, two for a character outside the BMP (an
 * emoji): twice the limit never stops a name the server takes, and the schema's message says
 * when one is too long.
 */
export function UsernameField(props: Labelled<TextFieldProps>) {
  return <TextField label="Username" autoComplete="username" required maxLength={USERNAME_MAX_LENGTH * 2} {...props} />;
}

export function EmailField(props: Labelled<TextFieldProps>) {
  return (
    <TextField label="Email" type="email" autoComplete="email" inputMode="email" required maxLength={254} {...props} />
  );
}

/** A password being chosen (registration, reset, change): the browser may suggest a strong one. */
export function NewPasswordField(props: PasswordFieldProps) {
  return <PasswordField autoComplete="new-password" required maxLength={128} {...props} />;
}
