import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { ADMIN_SIGN_IN_REQUIRED_MESSAGE } from '@goldbot/shared';
import { paths } from '@/config/paths';
import { PageFrame } from '@/components/layout/page-frame';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { PageLoader } from '@/components/ui/page-loader';
import { useSession } from '../session';
import { readAuthNavigationState } from '../lib/redirects';

/** The spec's text while the session loads. */
export const SESSION_LOADING_TEXT = 'Loading...';

/**
 * Remembers whether this guard has seen a session. A session that ends while the guarded page is
 * open by an explicit sign-out goes where the sign-out goes (not to /login), so the guard and the
 * sign-out never navigate to two places at once.
 */
function useSignOutRedirect(): ReactNode | null {
  const { status, lastSignOut } = useSession();
  const [hadSession, setHadSession] = useState(status === 'authenticated');
  if (status === 'authenticated' && !hadSession) setHadSession(true);
  if (status === 'anonymous' && hadSession && lastSignOut) {
    return <Navigate to={lastSignOut.to} state={lastSignOut.state} replace />;
  }
  return null;
}

/**
 * /dashboard: signed-in users only; others go to /login, which brings them back.
 * `fallback` shows while the session is checked (the page's own loading state, which must show
 * SESSION_LOADING_TEXT too); the plain loader otherwise.
 */
export function RequireAuth({ children, fallback }: { children: ReactNode; fallback?: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  const signedOut = useSignOutRedirect();
  if (signedOut) return signedOut;
  if (status === 'loading') return fallback ?? <PageLoader label={SESSION_LOADING_TEXT} />;
  if (status === 'anonymous') {
    const { selectedPlan } = readAuthNavigationState(location.state);
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={paths.login.path} replace state={selectedPlan ? { from, selectedPlan } : { from }} />;
  }
  return children;
}

/**
 * An administrator signed in with Google: the API refuses such a session on every admin action
 * (a Google sign-in passes no TOTP), so instead of a back office that fails on every request,
 * the server's sentence and the way to /admin-login.
 */
function AdminSignInRequired() {
  const { signOut } = useSession();
  return (
    <PageFrame title={paths.adminLogin.title}>
      <FormAlert variant="info">{ADMIN_SIGN_IN_REQUIRED_MESSAGE}</FormAlert>
      <Button onClick={() => signOut({ to: paths.adminLogin.path })}>Sign out and go to the admin sign-in</Button>
    </PageFrame>
  );
}

/** /admin/*: signed-in admins only, signed in with the password (and TOTP); everyone else goes to /. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { status, isAdmin, signInMethod } = useSession();
  const signedOut = useSignOutRedirect();
  if (signedOut) return signedOut;
  if (status === 'loading') return <PageLoader label={SESSION_LOADING_TEXT} />;
  if (status === 'anonymous' || !isAdmin) return <Navigate to={paths.home.path} replace />;
  if (signInMethod === 'hosted-ui') return <AdminSignInRequired />;
  return children;
}
