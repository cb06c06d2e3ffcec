import { paths } from '@/config/paths';
import { PasswordForm, ProfileForm, SignOutEverywhere } from '@/features/account/account-public';
import { useSession } from '@/features/auth/auth-public';

export const ACCOUNT_TAB_TEXT = {
  profile: 'Profile',
  password: 'Password',
  sessions: 'Sessions',
  googleEmail: 'Your e-mail comes from your Google account, which you sign in with.',
  googlePassword:
    'You sign in with Google, so your account has no password here: your Google account protects it. To change it, change it at Google.',
} as const;

/**
 * The customer's Account tab: username and e-mail (a new address is confirmed with the 4-digit
 * code mailed to it), the password (with the current one), and 'Sign out of all devices'. The
 * forms are the admin's own (features/account); messages are the API's. A Google sign-in has no
 * password of ours: that part says so instead of offering a form.
 */
export function AccountTab() {
  const { signInMethod } = useSession();
  const google = signInMethod === 'hosted-ui';
  return (
    <div className="account-tab">
      <section className="dashboard-card" aria-labelledby="account-profile-heading">
        <h3 id="account-profile-heading" className="dashboard-card__title">
          {ACCOUNT_TAB_TEXT.profile}
        </h3>
        <ProfileForm
          signInPath={paths.login.path}
          emailLockedReason={google ? ACCOUNT_TAB_TEXT.googleEmail : undefined}
        />
      </section>
      <section className="dashboard-card" aria-labelledby="account-password-heading">
        <h3 id="account-password-heading" className="dashboard-card__title">
          {ACCOUNT_TAB_TEXT.password}
        </h3>
        {google ? <p className="dashboard-card__hint">{ACCOUNT_TAB_TEXT.googlePassword}</p> : <PasswordForm />}
      </section>
      <section className="dashboard-card" aria-labelledby="account-sessions-heading">
        <h3 id="account-sessions-heading" className="dashboard-card__title">
          {ACCOUNT_TAB_TEXT.sessions}
        </h3>
        <SignOutEverywhere signInPath={paths.login.path} />
      </section>
    </div>
  );
}
