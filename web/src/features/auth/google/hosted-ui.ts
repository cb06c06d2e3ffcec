import { Amplify } from 'aws-amplify';
import { fetchAuthSession, signInWithRedirect } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { clearAmplifyStorage } from '@/lib/session-storage';
import { loadHostedUiConfig, type HostedUiConfig } from './hosted-ui-config';

/**
 * Google sign-in through the Cognito hosted UI, with Amplify. This module is only
 * ever imported dynamically: Amplify stays out of the landing bundle.
 */

export const CALLBACK_PATH = '/auth/callback';

let configuredFor: string | null = null;

function configure(config: HostedUiConfig): void {
  const key = JSON.stringify(config);
  if (configuredFor === key) return;
  const origin = window.location.origin;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.clientId,
        loginWith: {
          oauth: {
            domain: config.domain,
            scopes: ['openid', 'email', 'profile'],
            redirectSignIn: [`${origin}${CALLBACK_PATH}`],
            redirectSignOut: [`${origin}/`],
            responseType: 'code',
          },
        },
      },
    },
  });
  configuredFor = key;
}

/** Leaves for the hosted UI with Google preselected; `customState` comes back to the callback. */
export async function startGoogleSignIn(config: HostedUiConfig, customState?: string): Promise<void> {
  // Tokens of an earlier Google session would make Amplify refuse to start a new one.
  clearAmplifyStorage();
  configure(config);
  await signInWithRedirect({ provider: 'Google', ...(customState ? { customState } : {}) });
}

export class HostedUiUnavailableError extends Error {
  constructor() {
    super('Google sign-in is not configured here');
    this.name = 'HostedUiUnavailableError';
  }
}

export interface HostedUiSignIn {
  /** The Cognito ID token. */
  token: string;
  customState?: string;
}

let completion: Promise<HostedUiSignIn> | null = null;

async function complete(): Promise<HostedUiSignIn> {
  const config = await loadHostedUiConfig();
  if (!config) throw new HostedUiUnavailableError();
  let failure: unknown;
  let customState: string | undefined;
  const stopListening = Hub.listen('auth', ({ payload }) => {
    if (payload.event === 'signInWithRedirect_failure') failure = payload.data.error;
    if (payload.event === 'customOAuthState') customState = payload.data;
  });
  try {
    // Configuring starts the code exchange; fetchAuthSession waits until it is done.
    configure(config);
    const session = await fetchAuthSession();
    const token = session.tokens?.idToken?.toString();
    if (!token) throw failure instanceof Error ? failure : new Error('Google sign-in returned no token');
    return customState === undefined ? { token } : { token, customState };
  } finally {
    stopListening();
  }
}

/**
 * Finishes the redirect on /auth/callback: exchanges the code (Amplify) and returns the ID token.
 * Shared by concurrent callers, since a code can be exchanged once (React StrictMode runs effects twice).
 */
export function completeHostedUiSignIn(): Promise<HostedUiSignIn> {
  completion ??= complete().finally(() => {
    completion = null;
  });
  return completion;
}

/** A new ID token for a hosted-UI session (Amplify holds its refresh token); null when impossible. */
export async function refreshHostedUiToken(): Promise<string | null> {
  const config = await loadHostedUiConfig();
  if (!config) return null;
  configure(config);
  try {
    const session = await fetchAuthSession({ forceRefresh: true });
    return session.tokens?.idToken?.toString() ?? null;
  } catch {
    return null;
  }
}
