import { handlerChecksOrigin, handlerSendsMail } from './handler-wiring.js';
import type { GlobalIndexName, RouteDefinition, RouteId, ScheduleDefinition, SCHEDULES } from '@goldbot/shared';

/**
 * What a function may touch, derived from the route table instead of written per function, so a
 * new route gets least privilege by default and a reviewer reads the rules in one place.
 */
export interface AccessProfile {
  /** 'none' = no table permission at all; 'read' for GET routes (they never write); 'readWrite' otherwise. */
  readonly table: TableAccess;
  /**
   * The partition-key values (IAM StringLike patterns) the function may touch on the table itself,
   * enforced with `dynamodb:LeadingKeys`; undefined = any partition (see TABLE_PARTITIONS for why).
   */
  readonly tablePartitions?: readonly string[];
  /**
   * The GSIs the function may Query; undefined = every index. Routes restricted to partitions name
   * their indexes too (usually none), or an index query would read around the partition list.
   */
  readonly tableIndexes?: readonly GlobalIndexName[];
  /** Cognito admin API actions to allow on the user pool (IAM-authorised calls only); empty = none. */
  readonly cognitoActions: readonly CognitoAction[];
  /**
   * ses:SendEmail from the configured sender only: derived from the handler's wiring (its imports
   * reach the template mailer, handler-wiring.ts), never listed by hand.
   */
  readonly sendsMail: boolean;
  /**
   * Checks the header CloudFront adds (ORIGIN_SECRET_ARN, GetSecretValue on that one secret):
   * derived from the handler's wiring like sendsMail; every route but `health`.
   */
  readonly checksOrigin: boolean;
  /** OTP_HASH_KEY_SECRET_ARN and secretsmanager:GetSecretValue on that one secret. */
  readonly readsOtpHashKey: boolean;
  /**
   * Asks the TRON API about payment TXIDs: TRON_API_URL, and when an API key secret is
   * configured, TRON_API_KEY_SECRET_ARN with secretsmanager:GetSecretValue on that one secret.
   */
  readonly callsTron: boolean;
  /**
   * Starts the on-chain check of a payment it just saved: CHAIN_CHECK_FUNCTION_NAME and
   * lambda:InvokeFunction on the job-chain-recheck function only (an asynchronous 'Event' invoke).
   */
  readonly invokesChainCheck: boolean;
}

export type TableAccess = 'none' | 'read' | 'readWrite';
export type CognitoAction = `cognito-idp:${string}`;

/**
 * Cognito APIs that IAM does not govern: SignUp and RevokeToken are authorised by the app client
 * id and its secret, the TOTP set-up calls by the user's own access token (which never leaves the
 * API). They are listed in the maps below as documentation of what a handler calls, and never
 * granted: an IAM statement naming them would suggest a control that does not exist. Signing in,
 * answering a challenge and refreshing are the IAM-governed Admin* calls, so only the functions
 * granted them can do it (with the client secret as well).
 */
export const COGNITO_CALLS_WITHOUT_IAM: ReadonlySet<CognitoAction> = new Set([
  'cognito-idp:SignUp',
  'cognito-idp:RevokeToken',
  'cognito-idp:AssociateSoftwareToken',
  'cognito-idp:VerifySoftwareToken',
  'cognito-idp:SetUserMFAPreference',
]);

/**
 * The web client's secret, read once per execution environment by the functions whose Cognito
 * calls need it (SECRET_HASH on sign-up, sign-in, challenge answers and refresh; the secret itself
 * on revocation): functions/src/adapters/cognito-directory.ts. Granted with those calls only.
 */
export const READ_CLIENT_SECRET: CognitoAction = 'cognito-idp:DescribeUserPoolClient';

type AuthRouteId = Extract<RouteId, `auth-${string}`>;

export interface AuthRouteAccess {
  /**
   * Every Cognito call the handler makes (functions/src/adapters/cognito-directory.ts through
   * the use cases in functions/src/domain/auth/); the IAM-governed ones are granted on the pool.
   */
  readonly cognitoCalls: readonly CognitoAction[];
  /** Issues or checks one-time codes, so it needs the code key (OTP_HASH_KEY_SECRET_ARN). */
  readonly usesCodes: boolean;
}

/**
 * Per auth route, exactly what it calls (docs/decisions.md, "Identity and sessions"; least privilege). Typed by route id: a new
 * `auth-*` route in shared/src/routes.ts does not compile until it is given an entry here.
 */
export const AUTH_ROUTE_ACCESS: Readonly<Record<AuthRouteId, AuthRouteAccess>> = {
  'auth-register': {
    // AdminGetUser finds an abandoned, expired sign-up; AdminDeleteUser removes it, and is the
    // compensation when the profile cannot be written.
    cognitoCalls: ['cognito-idp:SignUp', READ_CLIENT_SECRET, 'cognito-idp:AdminGetUser', 'cognito-idp:AdminDeleteUser'],
    usesCodes: true,
  },
  'auth-verify-otp': {
    cognitoCalls: [
      'cognito-idp:AdminConfirmSignUp',
      'cognito-idp:AdminUpdateUserAttributes',
      'cognito-idp:AdminInitiateAuth',
      READ_CLIENT_SECRET,
    ],
    usesCodes: true,
  },
  'auth-resend-otp': { cognitoCalls: [], usesCodes: true },
  'auth-login': {
    // Confirm + mark verified repairs a sign-up whose confirmation was interrupted. Whether the admin
    // MFA rule applies is read from the token's groups, not asked of Cognito.
    cognitoCalls: [
      'cognito-idp:AdminInitiateAuth',
      READ_CLIENT_SECRET,
      'cognito-idp:AdminConfirmSignUp',
      'cognito-idp:AdminUpdateUserAttributes',
      // An administrator without TOTP is set up before any token is handed out (with the sign-in's
      // access token, or inside Cognito's MFA_SETUP challenge).
      'cognito-idp:AssociateSoftwareToken',
    ],
    usesCodes: true,
  },
  'auth-refresh': { cognitoCalls: ['cognito-idp:AdminInitiateAuth', READ_CLIENT_SECRET], usesCodes: false },
  // The TOTP step answers Cognito's challenge server-side; the set-up uses the access token the
  // API kept from the sign-in, or the session of Cognito's MFA_SETUP challenge (token- or
  // session-authenticated calls, no IAM grant).
  'auth-mfa-verify': {
    cognitoCalls: ['cognito-idp:AdminRespondToAuthChallenge', READ_CLIENT_SECRET],
    usesCodes: false,
  },
  'auth-mfa-setup': {
    // Completing the set-up ends the administrator's older sessions, Cognito's refresh tokens too.
    // A set-up inside Cognito's MFA_SETUP challenge (a pool that requires MFA) ends with the
    // challenge's answer, which needs the client secret.
    cognitoCalls: [
      'cognito-idp:VerifySoftwareToken',
      'cognito-idp:SetUserMFAPreference',
      'cognito-idp:AdminUserGlobalSignOut',
      'cognito-idp:AdminRespondToAuthChallenge',
      READ_CLIENT_SECRET,
    ],
    usesCodes: false,
  },
  'auth-logout': { cognitoCalls: ['cognito-idp:RevokeToken', READ_CLIENT_SECRET], usesCodes: false },
  'auth-logout-all': { cognitoCalls: ['cognito-idp:AdminUserGlobalSignOut'], usesCodes: false },
  'auth-request-password-reset': { cognitoCalls: [], usesCodes: true },
  'auth-verify-reset-otp': { cognitoCalls: [], usesCodes: true },
  'auth-reset-password': {
    cognitoCalls: ['cognito-idp:AdminSetUserPassword', 'cognito-idp:AdminUserGlobalSignOut'],
    usesCodes: true,
  },
  'auth-me': { cognitoCalls: [], usesCodes: false },
  'auth-get-user-data': { cognitoCalls: [], usesCodes: false },
  'auth-update-user': {
    // AdminInitiateAuth proves the current password before a password change.
    cognitoCalls: [
      'cognito-idp:AdminInitiateAuth',
      READ_CLIENT_SECRET,
      'cognito-idp:AdminSetUserPassword',
      'cognito-idp:AdminUserGlobalSignOut',
    ],
    usesCodes: true,
  },
  'auth-confirm-email-change': {
    cognitoCalls: ['cognito-idp:AdminUpdateUserAttributes', 'cognito-idp:AdminUserGlobalSignOut'],
    usesCodes: true,
  },
};

type AdminCognitoRouteId = 'admin-user-activate' | 'admin-user-deactivate' | 'payment-wallet-save';

/**
 * The admin routes that call Cognito. Deactivation disables the user and revokes its refresh tokens
 * (docs/security.md, "Sessions and revocation"); a wallet save that activates a different wallet
 * mails every member of the admin group, which it lists (ListUsersInGroup: read-only, on the pool only).
 */
export const ADMIN_ROUTE_COGNITO_CALLS: Readonly<Record<AdminCognitoRouteId, readonly CognitoAction[]>> = {
  'admin-user-activate': [
    'cognito-idp:AdminDisableUser',
    'cognito-idp:AdminEnableUser',
    'cognito-idp:AdminUserGlobalSignOut',
  ],
  'admin-user-deactivate': [
    'cognito-idp:AdminDisableUser',
    'cognito-idp:AdminEnableUser',
    'cognito-idp:AdminUserGlobalSignOut',
  ],
  'payment-wallet-save': ['cognito-idp:ListUsersInGroup'],
};

/** Every Cognito call a route's or a job's handler makes, IAM-governed or not (documentation and tests). */
export function cognitoCallsOf(handlerId: string): readonly CognitoAction[] {
  const auth = (AUTH_ROUTE_ACCESS as Partial<Record<string, AuthRouteAccess>>)[handlerId];
  if (auth) return auth.cognitoCalls;
  const job = (JOB_ACCESS as Partial<Record<string, Pick<AccessProfile, 'cognitoActions'>>>)[handlerId];
  if (job) return job.cognitoActions;
  return (ADMIN_ROUTE_COGNITO_CALLS as Partial<Record<string, readonly CognitoAction[]>>)[handlerId] ?? [];
}

/**
 * Table access that the HTTP method alone gets wrong. `health` touches no data. `auth-me` is a GET
 * that writes: it creates the profile of a first Google or bootstrap-admin sign-in (the profile and
 * its markers in one TransactWriteItems of Puts and Updates, docs/data-model.md "Registration and confirmation").
 */
const TABLE_ACCESS_EXCEPTIONS: Partial<Record<RouteId, TableAccess>> = {
  health: 'none',
  'auth-me': 'readWrite',
  // A POST that renders and stores nothing: only the session guard reads the caller's profile.
  'settings-email-templates-preview': 'read',
};

export interface TableScope {
  /** Partition-key values or StringLike prefixes (`USER#*`) of the table. */
  readonly partitions: readonly string[];
  /** The GSIs the route queries (none unless listed). */
  readonly indexes: readonly GlobalIndexName[];
}

/**
 * The partitions the auth routes work in (docs/data-model.md, the user, marker, code and counter entities, templates, user aggregates): profiles and their
 * sessions, the uniqueness markers, codes, sign-in failures, code locks, rate-limit counters, the
 * user counters and the e-mail templates. No index: the account stores look everything up by key.
 * One scope for the family rather than one per route: they share the account stores (wired in
 * functions/src/wiring/accounts.ts) whose calls move between routes as the flows change, and the
 * session guard reads USER# on every signed-in call. What it keeps out is what matters: the public
 * sign-in endpoints cannot read or change payments, withdrawals, wallets, subscriptions, the
 * catalog, the settings or the money counters, and cannot list anything.
 */
export const AUTH_TABLE_SCOPE: TableScope = {
  partitions: [
    'USER#*',
    'EMAIL#*',
    'USERNAME#*',
    'REFCODE#*',
    'UNCLAIMED#*',
    'OTP#*',
    'LOGINFAIL#*',
    'CODELOCK#*',
    'MFASETUP#*',
    'RATE#*',
    'STATS#USERS',
    'TEMPLATES',
  ],
  indexes: [],
};

/**
 * `dynamodb:LeadingKeys` restrictions beyond the auth family. Every public write is counted in a
 * `RATE#` item by the handler kit before anything else, and every signed-in call reads the caller's
 * `USER#` profile (the session guard). Routes not listed get the whole table and every index (still
 * without Scan): the payment, withdrawal and admin routes move money across users, payments, TXID
 * markers, wallets, ledgers and aggregates and list them by index (docs/data-model.md, "Transactions: money and uniqueness"), so a list
 * would name nearly every partition and protect nothing while breaking, in AWS only, at the first
 * key it forgot.
 */
const TABLE_SCOPES: Partial<Record<RouteId, TableScope>> = {
  // The catalog, and the subscription settings whose switch is Basic's on-sale flag.
  'packages-list': { partitions: ['CATALOG', 'SETTINGS'], indexes: [] },
  // The message and the contact counters move together (store, delete, read).
  'contact-add': { partitions: ['CONTACT#*', 'STATS#CONTACTS', 'RATE#*'], indexes: [] },
  // The list itself is a GSI1 query (GSI1PK = CONTACTS); the Unread tab a GSI2 query (GSI2PK = CONTACTS#UNREAD).
  'contact-list': { partitions: ['USER#*', 'STATS#CONTACTS'], indexes: ['GSI1', 'GSI2'] },
  'contact-delete': { partitions: ['USER#*', 'CONTACT#*', 'STATS#CONTACTS'], indexes: [] },
  'contact-mark-read': { partitions: ['USER#*', 'CONTACT#*', 'STATS#CONTACTS'], indexes: [] },
  // Mark All Read finds the unread messages on GSI2 (GSI2PK = CONTACTS#UNREAD).
  'contact-mark-all-read': { partitions: ['USER#*', 'CONTACT#*', 'STATS#CONTACTS'], indexes: ['GSI2'] },
  // The template preview reads the caller's profile (the session guard) and nothing else.
  'settings-email-templates-preview': { partitions: ['USER#*'], indexes: [] },
};

function tableScopeOf(routeId: string): TableScope | undefined {
  if (routeId in AUTH_ROUTE_ACCESS) return AUTH_TABLE_SCOPE;
  return (TABLE_SCOPES as Partial<Record<string, TableScope>>)[routeId];
}

/**
 * The on-chain TXID check: the admin's on-demand check asks TRON itself; the submission
 * only hands the new payment to the job-chain-recheck function with an asynchronous invoke, so a
 * slow TRON API never slows it and the customer-facing function holds no TRON key. A withdrawal's
 * approval checks its payout TXID after the commit, and the admin's 'Check on chain' of a payout
 * asks again.
 */
const CHAIN_CHECK_ROUTES: { callsTron: readonly string[]; invokesChainCheck: readonly string[] } = {
  callsTron: ['payment-chain-check', 'withdrawal-approve', 'withdrawal-payout-check'] satisfies RouteId[],
  invokesChainCheck: ['payment-submit-usdt'] satisfies RouteId[],
};

/**
 * User routes whose admin branch is an admin action: getuserdata (another user's account) and the
 * receipt of another customer's payment. They check an administrator's TOTP like the admin routes.
 */
export const ADMIN_BRANCH_ROUTES: readonly string[] = ['auth-get-user-data', 'payment-receipt'] satisfies RouteId[];

/**
 * The functions that read ADMIN_MFA_REQUIRED: the auth routes (admin sign-in, TOTP, and
 * getuserdata), every admin route, whose guard refuses an administrator's token without TOTP, and
 * the admin branches of user routes (ADMIN_BRANCH_ROUTES). A function left out would read the
 * setting's local default (off), so an admin action must never be.
 */
export const enforcesAdminMfa = (route: RouteDefinition): boolean =>
  route.auth === 'admin' || route.path.startsWith('/api/auth/') || ADMIN_BRANCH_ROUTES.includes(route.id);

export function routeAccess(route: RouteDefinition): AccessProfile {
  const writes = route.method !== 'GET';
  const auth = (AUTH_ROUTE_ACCESS as Partial<Record<string, AuthRouteAccess>>)[route.id];
  const table =
    (TABLE_ACCESS_EXCEPTIONS as Partial<Record<string, TableAccess>>)[route.id] ?? (writes ? 'readWrite' : 'read');
  const cognitoActions = cognitoCallsOf(route.id).filter((action) => !COGNITO_CALLS_WITHOUT_IAM.has(action));
  const scope = table === 'none' ? undefined : tableScopeOf(route.id);
  return {
    table,
    tablePartitions: scope?.partitions,
    tableIndexes: scope?.indexes,
    cognitoActions,
    sendsMail: handlerSendsMail(route.id),
    checksOrigin: handlerChecksOrigin(route.id),
    readsOtpHashKey: auth?.usesCodes ?? false,
    callsTron: CHAIN_CHECK_ROUTES.callsTron.includes(route.id),
    invokesChainCheck: CHAIN_CHECK_ROUTES.invokesChainCheck.includes(route.id),
  };
}

type JobId = (typeof SCHEDULES)[number]['id'];

const JOB_DEFAULTS = {
  table: 'readWrite',
  cognitoActions: [],
  readsOtpHashKey: false,
  callsTron: false,
  invokesChainCheck: false,
} as const;

/** Every scheduled job is listed here (the type forces a decision when a job is added to SCHEDULES). */
const JOB_ACCESS: Record<JobId, Omit<AccessProfile, 'sendsMail' | 'checksOrigin'>> = {
  'job-expire-subscriptions': JOB_DEFAULTS,
  'job-send-activation-emails': JOB_DEFAULTS,
  'job-expiry-reminders': JOB_DEFAULTS,
  // Asks TRON about payments (also invoked once per new payment by payment-submit-usdt).
  'job-chain-recheck': { ...JOB_DEFAULTS, callsTron: true },
  // Mails every administrator about new work: it lists the admin group (read-only, on the pool only).
  'job-new-work-mail': { ...JOB_DEFAULTS, cognitoActions: ['cognito-idp:ListUsersInGroup'] },
  // Reads the wallets' transfers from TRON, and mails every administrator (the admin group's members)
  // about each unmatched transfer and a price running out of amounts.
  'job-watch-wallets': { ...JOB_DEFAULTS, callsTron: true, cognitoActions: ['cognito-idp:ListUsersInGroup'] },
  // Sends again the customers' mails kept in the outbox after a failed send.
  'job-retry-mails': JOB_DEFAULTS,
};

/**
 * Jobs not in the map (only possible in tests with ad-hoc definitions) get table access and nothing
 * else. Whether a job mails comes from its handler's wiring, like a route's.
 */
export function jobAccess(job: ScheduleDefinition): AccessProfile {
  const profile =
    (JOB_ACCESS as Partial<Record<string, Omit<AccessProfile, 'sendsMail' | 'checksOrigin'>>>)[job.id] ?? JOB_DEFAULTS;
  // Jobs are not HTTP: no origin header to check.
  return { ...profile, sendsMail: handlerSendsMail(job.id), checksOrigin: false };
}
