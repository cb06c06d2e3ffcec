import { useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { AuthSessionResponse } from '@goldbot/shared';
import { paths } from '@/config/paths';
import { PageFrame } from '@/components/layout/page-frame';
import type { AdminSecondStep } from '../api/auth-api';
import { MfaChallengeStep, MfaSetupStep } from '../components/admin-mfa-steps';
import { LoginForm } from '../components/login-form';
import { AUTH_PAGE_MESSAGES, type AuthFormAlert } from '../lib/auth-messages';
import { destinationAfterSignIn, readAuthNavigationState } from '../lib/redirects';
import { useSession } from '../session';

type Step = { kind: 'password'; email?: string; alert?: AuthFormAlert | null } | AdminSecondStep;

const LEADS: Record<Step['kind'], string> = {
  password: 'Administrators sign in here to reach the back-office.',
  'mfa-required': 'One more step: confirm it is you.',
  'mfa-setup': 'One more step before your first sign-in.',
};

/**
 * /admin-login: the password, then, where administrators must use TOTP (see docs/security.md),
 * the code from the authenticator app or, the first time, its set-up. The two-factor steps live
 * in this route's chunk only (the QR code library included).
 */
export default function AdminLoginRoute() {
  const location = useLocation();
  const { status, isAdmin, signIn } = useSession();
  const [step, setStep] = useState<Step>({ kind: 'password' });

  // Signed in by the code step (the password step's form does the same for itself).
  if (step.kind !== 'password' && status === 'authenticated' && isAdmin) {
    const destination = destinationAfterSignIn(true, readAuthNavigationState(location.state));
    return <Navigate to={destination.to} state={destination.state} replace />;
  }

  // The e-mail stays; a message from before (e.g. the navigation state's) does not come back.
  const backToPassword = (email: string, alert?: AuthFormAlert) =>
    setStep({ kind: 'password', email, alert: alert ?? null });

  const handleSignedIn = (session: AuthSessionResponse) => {
    // Customers never get a code step; should one ever pass it, it is still refused here.
    if (!session.isAdmin) backToPassword(session.email, { variant: 'error', text: AUTH_PAGE_MESSAGES.notAnAdmin });
    else signIn(session);
  };

  return (
    <PageFrame title={paths.adminLogin.title} lead={LEADS[step.kind]}>
      {step.kind === 'password' && (
        <LoginForm variant="admin" onSecondStep={setStep} initialEmail={step.email} initialAlert={step.alert} />
      )}
      {step.kind === 'mfa-required' && (
        <MfaChallengeStep
          challenge={step.challenge}
          onSignedIn={handleSignedIn}
          onBack={(alert) => backToPassword(step.challenge.email, alert)}
        />
      )}
      {step.kind === 'mfa-setup' && (
        <MfaSetupStep
          setup={step.setup}
          onDone={(message) => backToPassword(step.setup.email, { variant: 'success', text: message })}
          onBack={(alert) => backToPassword(step.setup.email, alert)}
        />
      )}
    </PageFrame>
  );
}
