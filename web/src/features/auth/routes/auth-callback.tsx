import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { PageFrame } from '@/components/layout/page-frame';
import { PageLoader } from '@/components/ui/page-loader';
import { fetchCurrentUser } from '../api/session-api';
import { GOOGLE_UNAVAILABLE_MESSAGE } from '../google/hosted-ui-config';
import { AUTH_PAGE_MESSAGES } from '../lib/auth-messages';
import { serverMessage } from '@/lib/api-errors';
import { destinationAfterSignIn, readAuthNavigationState } from '../lib/redirects';
import { useSession } from '../session';

/** The `{ from, selectedPlan }` the login page sent through the hosted UI. */
function readReturnState(customState: string | undefined): unknown {
  if (!customState) return {};
  try {
    return JSON.parse(customState) as unknown;
  } catch {
    return {};
  }
}

/**
 * /auth/callback: where the Cognito hosted UI returns after Google (the OAuth
 * redirect). Amplify exchanges the code; the ID token fetches the user from /api/auth/me;
 * the session is stored and the query string goes with a replacing navigation. An `error`
 * parameter is logged, stripped, and the user is back on /login.
 */
export default function AuthCallbackRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const { signIn } = useSession();

  useEffect(() => {
    let cancelled = false;
    const failed = (message: string) => {
      if (!cancelled) navigate(paths.login.path, { replace: true, state: { error: message } });
    };

    const query = new URLSearchParams(location.search);
    const error = query.get('error');
    if (error) {
      const details = query.get('error_description') ?? query.get('details');
      console.error(`Google sign-in failed: ${error}${details ? ` (${details})` : ''}`);
      failed(AUTH_PAGE_MESSAGES.googleLoginFailed);
      return () => {
        cancelled = true;
      };
    }

    void (async () => {
      try {
        const { completeHostedUiSignIn, HostedUiUnavailableError } = await import('../google/hosted-ui');
        try {
          const { token, customState } = await completeHostedUiSignIn();
          const user = await fetchCurrentUser({ token });
          if (cancelled) return;
          // Amplify keeps this session's refresh token and renews it (no refresh cookie of ours).
          signIn({ ...user, token, method: 'hosted-ui' });
          const destination = destinationAfterSignIn(
            user.isAdmin,
            readAuthNavigationState(readReturnState(customState)),
          );
          navigate(destination.to, { replace: true, state: destination.state });
        } catch (completionError) {
          if (completionError instanceof HostedUiUnavailableError) {
            failed(GOOGLE_UNAVAILABLE_MESSAGE);
            return;
          }
          throw completionError;
        }
      } catch (completionError) {
        console.error('Google sign-in could not be completed', completionError);
        failed(serverMessage(completionError) ?? AUTH_PAGE_MESSAGES.googleLoginFailed);
      }
    })();

    return () => {
      cancelled = true;
    };
    // Runs once for the URL the hosted UI returned to.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <PageFrame title={paths.authCallback.title}>
      <PageLoader label="Completing Google sign-in..." />
    </PageFrame>
  );
}
