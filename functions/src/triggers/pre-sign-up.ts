import {
  AdminLinkProviderForUserCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { createLogger, describeError, type LogLevel } from '../kit/logger.js';

/**
 * Cognito PreSignUp trigger (docs/decisions.md, "Identity and sessions"; docs/security.md "Google sign-in"). It runs when
 * someone signs in with Google through the hosted UI for the first time. If a native account
 * (registered here with e-mail, password and our code) already has the same, verified e-mail, the
 * Google identity is linked to it, so both ways of signing in reach the same user (`sub`), the
 * same profile and the same referral balance. Otherwise Cognito creates a new federated user,
 * whose profile is created lazily on its first `GET /api/auth/me`.
 *
 * Native sign-ups (`PreSignUp_SignUp`) and `AdminCreateUser` (create-admin) pass through
 * unchanged: our own one-time code confirms native accounts, so nothing is auto-confirmed there.
 *
 * After linking, the event is returned normally: Cognito then signs the person in as the linked
 * native user. Cognito used to go on to create the federated user anyway and fail the first sign-in
 * with "Already found an entry for username Google_…" (the second attempt worked), and the old
 * workarounds were to throw a custom error after linking or to catch that error in the app and
 * restart the hosted-UI flow. The Cognito team fixed this in 2023; the Amplify maintainers now
 * say the workaround is no longer needed:
 *   https://github.com/aws-amplify/amplify-flutter/issues/1716 (the bug, labelled service-team)
 *   https://github.com/aws-amplify/amplify-flutter/issues/3491 ("has been resolved … You shouldn't
 *     need to implement the workaround … any longer", 2023-08-01)
 *   https://github.com/aws-amplify/amplify-cli/issues/12874 ("we do not have to throw a custom
 *     exception and reinitiate the auth flow on the client-side any longer")
 *   https://github.com/aws-amplify/amplify-js/issues/9976 (the old client-side retry)
 * Throwing after a successful link would now fail a sign-in that would have worked. As a safety
 * net the SPA's callback should start the redirect once more if Cognito ever answers "Already
 * found an entry for username" again, so a regression costs one round trip, not a failed sign-in.
 *
 * Safety (account pre-hijacking): only a verified Google address is linked, and only to a native
 * account whose address was verified with our code. A pending (unverified) registration for the
 * address refuses the Google sign-in with a message instead of being taken over or duplicated.
 */

const cognito = new CognitoIdentityProviderClient({});

const LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'silent'];
const envLevel = process.env.LOG_LEVEL as LogLevel | undefined;
const log = createLogger(envLevel && LEVELS.includes(envLevel) ? envLevel : 'info', { trigger: 'pre-sign-up' });

/** Shown by the hosted UI / our callback page as "PreSignUp failed with error <message>". */
export const PRE_SIGN_UP_MESSAGES = {
  unverifiedGoogleEmail:
    'Your Google e-mail address is not verified. Please verify it with Google, or sign in with your e-mail and password.',
  pendingRegistration:
    'An account with this e-mail address exists but the address has not been verified yet. Please sign in with your e-mail and password (or finish your registration with the code we e-mailed you), then use Google.',
  unusableEmail: 'This e-mail address cannot be used for Google sign-in.',
  deactivated: 'Account is deactivated',
} as const;

export interface ExternalIdentity {
  /** The IdP name as the pool knows it (`Google`). */
  providerName: string;
  /** The user's id at the IdP (Google `sub`), Cognito's `Cognito_Subject`. */
  providerUserId: string;
}

/** Cognito names federated users `<Provider>_<id>` (`Google_1098…`; some pools show `google_…`). */
export function parseExternalUserName(userName: string): ExternalIdentity | null {
  const match = /^([^_]+)_(.+)$/.exec(userName);
  if (!match?.[1] || !match[2]) return null;
  if (match[1].toLowerCase() !== 'google') return null;
  return { providerName: 'Google', providerUserId: match[2] };
}

const attribute = (user: UserType, name: string) => user.Attributes?.find((a) => a.Name === name)?.Value;

/** A native (password) account whose address was verified: the only kind we link to. */
const isLinkableNative = (user: UserType) =>
  user.UserStatus !== 'EXTERNAL_PROVIDER' &&
  user.UserStatus !== 'UNCONFIRMED' &&
  attribute(user, 'email_verified') === 'true';

async function usersWithEmail(userPoolId: string, email: string): Promise<UserType[]> {
  const users: UserType[] = [];
  let token: string | undefined;
  do {
    const page = await cognito.send(
      new ListUsersCommand({ UserPoolId: userPoolId, Filter: `email = "${email}"`, PaginationToken: token }),
    );
    users.push(...(page.Users ?? []));
    token = page.PaginationToken;
  } while (token);
  return users;
}

/** True when `user` already carries the identity (a retried invocation after a successful link). */
function alreadyLinked(user: UserType | undefined, identity: ExternalIdentity): boolean {
  const raw = user ? attribute(user, 'identities') : undefined;
  if (!raw) return false;
  try {
    const identities = JSON.parse(raw) as { providerName?: string; userId?: string }[];
    return identities.some((i) => i.providerName === identity.providerName && i.userId === identity.providerUserId);
  } catch {
    return false;
  }
}

export async function handler(event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> {
  if (event.triggerSource !== 'PreSignUp_ExternalProvider') return event;

  const identity = parseExternalUserName(event.userName);
  const email = (event.request.userAttributes.email ?? '').trim().toLowerCase();
  const googleVerified = event.request.userAttributes.email_verified === 'true';
  // Federated users never get a Cognito confirmation step; the address is as verified as Google says.
  event.response.autoConfirmUser = true;
  event.response.autoVerifyEmail = googleVerified;
  if (!identity || email === '') return event;
  // The ListUsers filter is a quoted string: an address that could break out of it is refused.
  if (/["\\]/.test(email)) throw new Error(PRE_SIGN_UP_MESSAGES.unusableEmail);

  const natives = (await usersWithEmail(event.userPoolId, email)).filter((u) => u.UserStatus !== 'EXTERNAL_PROVIDER');
  if (natives.length === 0) return event; // a new customer: Cognito creates the federated user

  if (!googleVerified) throw new Error(PRE_SIGN_UP_MESSAGES.unverifiedGoogleEmail);
  const target = natives.find(isLinkableNative);
  if (!target?.Username) throw new Error(PRE_SIGN_UP_MESSAGES.pendingRegistration);
  // A deactivated account stays closed, whichever way its owner signs in (docs/decisions.md, "Identity and sessions").
  if (target.Enabled === false) throw new Error(PRE_SIGN_UP_MESSAGES.deactivated);

  try {
    await cognito.send(
      new AdminLinkProviderForUserCommand({
        UserPoolId: event.userPoolId,
        DestinationUser: { ProviderName: 'Cognito', ProviderAttributeValue: target.Username },
        SourceUser: {
          ProviderName: identity.providerName,
          ProviderAttributeName: 'Cognito_Subject',
          ProviderAttributeValue: identity.providerUserId,
        },
      }),
    );
  } catch (error) {
    // Cognito retries a trigger that timed out; a link made by the first attempt is success.
    const current = (await usersWithEmail(event.userPoolId, email)).find((u) => u.Username === target.Username);
    if (!alreadyLinked(current, identity)) {
      log.error('linking the Google identity failed', { userPoolId: event.userPoolId, ...describeError(error) });
      throw error;
    }
  }
  // No e-mail address in the log: the native username (the Cognito sub) identifies the account.
  log.info('linked a Google identity to a native account', {
    userPoolId: event.userPoolId,
    nativeUsername: target.Username,
  });
  return event;
}
