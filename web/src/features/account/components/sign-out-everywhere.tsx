import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { signOutEverywhere } from '../api/account-api';
import { FormAlert } from '@/components/ui/form-alert';
import { describeSubmitFailure } from '@/lib/api-errors';
import { useSession } from '@/features/auth/auth-public';
import './account-forms.css';

export const SIGN_OUT_EVERYWHERE_MESSAGES = {
  button: 'Sign out of all devices',
  failed: 'Failed to sign out of all devices',
  /** Said on the sign-in page when the server's answer carried no text. */
  done: 'You have been signed out of all devices. Please sign in again.',
} as const;

export interface SignOutEverywhereProps {
  /** Where the person signs in again; the server's confirmation is shown there. */
  signInPath: string;
}

/**
 * 'Sign out of all devices': every session of the account ends on the server (other browsers,
 * phones, this one), then this tab goes to the sign-in page with the server's message.
 */
export function SignOutEverywhere({ signInPath }: SignOutEverywhereProps) {
  const { user, signOut } = useSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);

  const handleClick = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      const answer = await signOutEverywhere();
      // The server already ended this session too: nothing left to revoke.
      signOut({
        to: signInPath,
        state: { message: answer.message ?? SIGN_OUT_EVERYWHERE_MESSAGES.done, email: user?.email },
        serverSessionEnded: true,
      });
    } catch (failure) {
      setError(describeSubmitFailure(failure, [], SIGN_OUT_EVERYWHERE_MESSAGES.failed).text);
      inFlight.current = false;
      setBusy(false);
    }
  };

  return (
    <div className="account-form surface-card">
      {error && <FormAlert variant="error">{error}</FormAlert>}
      <p className="account-form__lead">
        Signed in on a computer or phone you no longer use? This ends every session of your account, this one included,
        and you sign in again here.
      </p>
      <Button variant="secondary" loading={busy} loadingText="Signing out..." onClick={() => void handleClick()}>
        {SIGN_OUT_EVERYWHERE_MESSAGES.button}
      </Button>
    </div>
  );
}
