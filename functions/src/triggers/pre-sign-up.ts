import {
  AdminDeleteUserCommand,
  AdminLinkProviderForUserCommand,
  AdminListGroupsForUserCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { ADMIN_GROUP, ADMIN_SIGN_IN_REQUIRED_MESSAGE, ACCOUNT_MESSAGES } from '@goldbot/shared';
import * as z from '@goldbot/shared/zod';
import { emailHeldByRegistration } from '../data/email-registration-read.js';
import { createLogger, describeError } from '../kit/logger.js';

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
 *
 * Administrators are never linked: Cognito asks a federated sign-in for no TOTP, so a Google
 * identity linked to an administrator would open the back office to whoever controls that
 * mailbox. Their Google sign-in is refused with the way in (/admin-login, password and code), and
 * the handler kit refuses a Google token on every admin path anyway (docs/security.md, "Google
 * sign-in").
 *
 * A stranger's sign-up does not block anyone's first Google sign-in: anyone can call Cognito's
 * `SignUp` with the public hosted-UI client id for someone else's address and leave an
 * UNCONFIRMED user that only our code could confirm. An UNCONFIRMED user whose address no
 * registration of ours holds (no live e-mail marker in the table) is such a leftover, or an
 * abandoned registration of ours past its 24 hours: it is deleted and the Google user is created
 * as for a new customer (docs/decisions.md, "Identity and sessions").
 */

/** The trigger runs outside the API: it reads only the table's name and its log level, not the functions' configuration. */
const env = z
  .object({
    TABLE_NAME: z.string().check(z.minLength(1)),
    AWS_REGION: z.optional(z.string().check(z.minLength(1))),
    LOG_LEVEL: z._default(z.catch(z.enum(['debug', 'info', 'warn', 'error', 'silent']), 'info'), 'info'),
  })
  .parse(process.env);

const cognito = new CognitoIdentityProviderClient({});
const table = DynamoDBDocumentClient.from(new DynamoDBClient({ region: env.AWS_REGION }));
const log = createLogger(env.LOG_LEVEL, { trigger: 'pre-sign-up' });

/** Shown by the hosted UI / our callback page as "PreSignUp failed with error <message>". */
export const PRE_SIGN_UP_MESSAGES = {
  unverifiedGoogleEmail:
    'Your Google e-mail address is not verified. Please verify it with Google, or sign in with your e-mail and password.',
  pendingRegistration:
    'An account with this e-mail address exists but the address has not been verified yet. Please sign in with your e-mail and password (or finish your registration with the code we e-mailed you), then use Google.',
  unusableEmail: 'This e-mail address cannot be used for Google sign-in.',
  deactivated: ACCOUNT_MESSAGES.deactivated,
  administrator: ADMIN_SIGN_IN_REQUIRED_MESSAGE,
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

/** Whether the user is a member of the admin group (the groups are paged, though few). */
async function isAdministrator(userPoolId: string, username: string): Promise<boolean> {
  let token: string | undefined;
  do {
    const page = await cognito.send(
      new AdminListGroupsForUserCommand({ UserPoolId: userPoolId, Username: username, NextToken: token }),
    );
    if ((page.Groups ?? []).some((group) => group.GroupName === ADMIN_GROUP)) return true;
    token = page.NextToken;
  } while (token);
  return false;
}

/**
 * The native users that count for this address: an UNCONFIRMED one without a registration of
 * ours holding the address is deleted (a stranger's `SignUp`, or our abandoned sign-up) and left
 * out. Deleted by its own username, so a registration that started meanwhile keeps its user.
 */
async function withoutStaleSignUps(userPoolId: string, email: string, natives: UserType[]): Promise<UserType[]> {
  const unconfirmed = natives.filter((user) => user.UserStatus === 'UNCONFIRMED' && user.Username);
  if (unconfirmed.length === 0) return natives;
  if (await emailHeldByRegistration(table, env.TABLE_NAME, email, Date.now())) return natives;
  for (const user of unconfirmed) {
    await cognito.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: user.Username }));
    // No e-mail address in the log: the username identifies the removed user.
    log.info('removed an unconfirmed sign-up that no registration holds', {
      userPoolId,
      removedUsername: user.Username,
    });
  }
  return natives.filter((user) => !unconfirmed.includes(user));
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

  const listed = (await usersWithEmail(event.userPoolId, email)).filter((u) => u.UserStatus !== 'EXTERNAL_PROVIDER');
  const natives = await withoutStaleSignUps(event.userPoolId, email, listed);
  if (natives.length === 0) return event; // a new customer: Cognito creates the federated user

  if (!googleVerified) throw new Error(PRE_SIGN_UP_MESSAGES.unverifiedGoogleEmail);
  const target = natives.find(isLinkableNative);
  if (!target?.Username) throw new Error(PRE_SIGN_UP_MESSAGES.pendingRegistration);
  // A deactivated account stays closed, whichever way its owner signs in (docs/decisions.md, "Identity and sessions").
  if (target.Enabled === false) throw new Error(PRE_SIGN_UP_MESSAGES.deactivated);
  // An administrator signs in with the password and TOTP only: a linked Google identity would skip the code.
  if (await isAdministrator(event.userPoolId, target.Username)) {
    log.warn('refused to link a Google identity to an administrator', {
      userPoolId: event.userPoolId,
      nativeUsername: target.Username,
    });
    throw new Error(PRE_SIGN_UP_MESSAGES.administrator);
  }

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
