import { createHash, randomUUID } from 'node:crypto';
import {
  ADMIN_GROUP,
  AUTH,
  AUTH_MESSAGES,
  type AuthSessionResponse,
  type MfaChallengeResponse,
  type MfaSetupResponse,
  type SessionUser,
} from '@goldbot/shared';
import type { IdentityDirectory, IssuedTokens } from '../../adapters/cognito-directory.js';
import type { AuthStore } from '../../data/auth-store.js';
import { CodeRejected, ReferralCodeCollision, type CodeState, type CodeToIssue } from '../../data/auth-store.js';
import type { PendingLimits } from '../../data/rate-limit-store.js';
import { RequestLimitError } from '../limits/rate-limits.js';
import { toSessionUser, type UserProfile } from '../../data/user-profile-entity.js';
import type { EmailTemplateType } from '../email/templates.js';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
} from '../errors.js';
import { ADMIN_MFA_MESSAGES, assertAdminMfa } from './admin-mfa.js';
import { endAllSessions } from './end-sessions.js';
import { LOGIN_MESSAGES, backoffSeconds } from './login-backoff.js';
import {
  finishSetupInChallenge,
  startSetupInChallenge,
  totpSetupBody,
  type SetupOutcome,
} from './mfa-setup-challenge.js';
import { CODE_MESSAGES, checkCode, codeExpiry, generateCode, hashCode, type CodePurpose } from './one-time-codes.js';
import { hashPassword, passwordMatches } from './password-hash.js';
import { generateReferralCode } from './referral-code.js';

/**
 * Accounts: registration with e-mailed one-time codes, sign-in with back-off, refresh, password
 * reset, profile and password changes (DESIGN.md §6). Storage, Cognito, the code key and mail are
 * injected, and each use case asks only for what it uses, so each route's function wires, and
 * bundles, only those clients (issue 12): profiles need DynamoDB alone, sign-in adds Cognito, code
 * checks the code key, and only the routes that mail load SES and the template renderer.
 */
export interface AuthDeps {
  store: AuthStore;
  directory: IdentityDirectory;
  /**
   * Sends an account mail: the type's template (an admin's edit or the default), rendered with the
   * values. `stored` is the template's item when the caller already read it with its own items
   * (`item` undefined: no admin edit); without it the template is read first.
   */
  sendMail: (
    to: string,
    type: EmailTemplateType,
    values: Record<string, string | number>,
    stored?: { item?: Record<string, unknown> },
  ) => Promise<void>;
  /** The code key, or how to fetch it: only the functions that use codes ever ask (L1). */
  otpHashKey: string | (() => Promise<string>);
  now: () => number;
  /** Waits between retries of Cognito's global sign-out (tests pass a no-op). */
  sleep?: (ms: number) => Promise<void>;
  /** Administrators must sign in with TOTP (M5); off locally, where cognito-local has no MFA. */
  adminMfaRequired?: boolean;
  /** A new random id for a TOTP set-up (tests pass a fixed one). */
  newSetupId?: () => string;
  /** Called when Cognito's global sign-out still fails after its retries (logged and counted, M3). */
  onGlobalSignOutFailure?: (error: unknown, userId: string) => void;
}

/** What every use case has: the table, the clock and the settings (no client beyond DynamoDB). */
export type AccountDeps = Omit<AuthDeps, 'directory' | 'sendMail' | 'otpHashKey'>;
/** The capabilities a use case adds to AccountDeps when it needs them. */
export type Directory = Pick<AuthDeps, 'directory'>;
export type CodeKey = Pick<AuthDeps, 'otpHashKey'>;
export type Mail = Pick<AuthDeps, 'sendMail'>;
type CodeCheckDeps = AccountDeps & CodeKey;
type CodeMailDeps = AccountDeps & CodeKey & Mail;

export interface SessionCaller {
  userId: string;
  email: string;
  /** The token's `email_verified`; absent means not verified. */
  emailVerified?: boolean;
  isAdmin: boolean;
  /**
   * The caller's profile as this request's session guard already read it (null: none yet), so it
   * is not read twice (the round-trip budget, issue 12); undefined: read it here.
   */
  knownProfile?: UserProfile | null;
  /** Epoch seconds of the token's sign-in (`auth_time`): an admin action checks it against TOTP. */
  authTime?: number;
}

/** What an opened session answers: the body, and the refresh token for the HttpOnly cookie. */
export interface OpenedSession {
  body: AuthSessionResponse;
  refreshToken: string;
}

export const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/** Instead of a session, an administrator's sign-in may answer one of these (M5). */
export type AdminSecondStep =
  { kind: 'mfa-required'; body: MfaChallengeResponse } | { kind: 'mfa-setup'; body: MfaSetupResponse };
export type LoginOutcome = OpenedSession | AdminSecondStep;

export const MFA_MESSAGES = {
  challenge: 'Enter the 6-digit code from your authenticator app.',
  setup:
    'Administrators sign in with two-factor authentication. Scan the QR code with an authenticator app, then enter the 6-digit code it shows.',
  wrongCode: 'The code is incorrect. Please try again.',
  expired: 'Your sign-in has expired. Please sign in again.',
  setupDone: 'Two-factor authentication is on. Please sign in again with a code from your authenticator app.',
  required: ADMIN_MFA_MESSAGES.required,
} as const;
const MAX_SETUP_TRIES = 5;

/** `j***@example.com`: enough for the owner to recognise, not a full address in someone's inbox. */
export const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The code key: the value itself, or its fetch (read once per environment by services/otp-hash-key.ts). */
const codeKey = (deps: CodeKey): Promise<string> =>
  typeof deps.otpHashKey === 'string' ? Promise.resolve(deps.otpHashKey) : deps.otpHashKey();

const CODE_TEMPLATES = {
  registration: 'otpVerification',
  reset: 'passwordResetOtp',
  'email-change': 'emailChangeOtp',
} as const satisfies Record<CodePurpose, EmailTemplateType>;

/** What sendCode reads besides the lock and the code: the mail's template (and what a caller adds). */
const codeMailRead = (purpose: CodePurpose, also: { emailOwner?: boolean; username?: string } = {}) => ({
  templateType: CODE_TEMPLATES[purpose],
  ...also,
});

/**
 * Mails a code. The username goes only to an address that is already proven (a reset): a code
 * for an unproven address (registration, e-mail change) must not tell a stranger whose account
 * it is (L7).
 */
async function sendCode(
  deps: CodeMailDeps,
  email: string,
  purpose: CodePurpose,
  options: {
    username?: string;
    owner?: string;
    state?: CodeState;
    limits?: PendingLimits | null;
    /** A just-proven password's address: its back-off is cleared with the code's write (L3). */
    clearLoginFailuresOf?: string;
  } = {},
) {
  const { store, now } = deps;
  // The lock and the mail's template in one read (the round-trip budget, issue 12), or the read
  // the use case already made with its own items.
  const state = options.state ?? (await store.readCodeState(email, purpose, now(), codeMailRead(purpose)));
  assertNotLocked(deps, state.lockedUntil);
  const otpHashKey = await codeKey(deps);
  const code = generateCode();
  const nowMs = now();
  await store.issueCode(email, purpose, hashCode(otpHashKey, purpose, email, code), codeExpiry(nowMs), nowMs, {
    ...(options.owner === undefined ? {} : { owner: options.owner }),
    ...(options.limits ? { limits: options.limits } : {}),
    ...(options.clearLoginFailuresOf === undefined ? {} : { clearLoginFailuresOf: options.clearLoginFailuresOf }),
  });
  const username = purpose === 'reset' ? (options.username ?? '') : '';
  await deps.sendMail(
    email,
    CODE_TEMPLATES[purpose],
    { username, code, expiresInMinutes: AUTH.otpTtlMinutes },
    { item: state.templateItem },
  );
}

/**
 * H3: after too many wrong codes an address gets no codes and no code checks for a day. Its own
 * class, so a use case that hides a cool-down or cap (no enumeration) can still tell the lock apart.
 */
export class CodesLockedError extends TooManyRequestsError {}

function assertNotLocked(deps: AccountDeps, lockedUntil: number): void {
  if (lockedUntil > 0) throw new CodesLockedError(CODE_MESSAGES.locked, lockedUntil - Math.floor(deps.now() / 1000));
}

/**
 * The login back-off (L3): the attempt is reserved, counted as a failure, before any password
 * reaches Cognito; a success clears it. While an address is blocked no password is even tried.
 */
async function reservePasswordAttempt(deps: AccountDeps, email: string, limits?: PendingLimits | null): Promise<void> {
  const blockedFor = await deps.store.reserveLoginAttempt(email, deps.now(), backoffSeconds, limits ?? undefined);
  if (blockedFor > 0) throw new TooManyRequestsError(LOGIN_MESSAGES.blocked(blockedFor), blockedFor);
}

/** Checks a code without consuming it; a wrong try is counted against that exact code and the address. */
async function checkSubmittedCode(
  deps: CodeCheckDeps,
  email: string,
  purpose: CodePurpose,
  code: string,
  owner?: string,
  preRead?: CodeState,
): Promise<string> {
  const { store, now } = deps;
  // The lock and the code in one read (the round-trip budget, issue 12), or the use case's read.
  const state = preRead ?? (await store.readCodeState(email, purpose, now()));
  assertNotLocked(deps, state.lockedUntil);
  const otpHashKey = await codeKey(deps);
  const candidate = hashCode(otpHashKey, purpose, email, code);
  const found = state.code;
  // An e-mail-change code is only ever valid for the account that asked for it.
  const stored = owner === undefined || found?.userId === owner ? found : undefined;
  const verdict = checkCode(stored, candidate, now());
  if (verdict === 'valid') return candidate;
  if (verdict === 'wrong' && stored) {
    await store.recordWrongTry(email, purpose, stored.codeHash);
    if ((await store.recordCodeFailure(email, now())) > 0) {
      throw new TooManyRequestsError(CODE_MESSAGES.locked, AUTH.codeLockHours * 3600);
    }
    if (stored.wrongTries + 1 >= AUTH.otpMaxWrongTries)
      throw new ValidationError(CODE_MESSAGES.exhausted, { otp: CODE_MESSAGES.exhausted });
    throw new ValidationError(CODE_MESSAGES.wrong, { otp: CODE_MESSAGES.wrong });
  }
  throw new ValidationError(CODE_MESSAGES[verdict], { otp: CODE_MESSAGES[verdict] });
}

async function newProfile(
  deps: AccountDeps,
  userId: string,
  username: string,
  email: string,
  verified: boolean,
  options: { claimEmail?: boolean; pendingPasswordHash?: string; emailClaim?: string; code?: CodeToIssue } = {},
): Promise<UserProfile> {
  const nowIso = new Date(deps.now()).toISOString();
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const profile: UserProfile = {
      _id: userId,
      username,
      email,
      phone: null,
      isActive: true,
      isAdmin: false,
      referralCode: generateReferralCode(),
      referralCount: 0,
      referralEarnings: 0,
      ...(verified ? { emailVerifiedAt: nowIso } : {}),
      ...(verified && options.claimEmail !== false ? { verifiedEmail: email } : {}),
      createdAt: nowIso,
      updatedAt: nowIso,
    };
    try {
      await deps.store.createRegistration(profile, deps.now(), verified, options);
      return profile;
    } catch (error) {
      if (!(error instanceof ReferralCodeCollision)) throw error;
    }
  }
  throw new Error('Could not allocate a unique referral code');
}

export async function register(
  deps: AccountDeps & Directory & CodeKey & Mail,
  input: {
    username: string;
    email: string;
    password: string;
  },
  /** The request's limits, moved with the e-mail's claim (the handler kit's `countLimits`). */
  limits?: PendingLimits | null,
): Promise<{ message: string; email: string }> {
  const { store, directory, now } = deps;
  const emailTaken = 'An account with this email already exists. Please sign in instead.';
  // Both markers, and what the code mail needs, in one read (the round-trip budget, issue 12).
  const state = await store.readCodeState(
    input.email,
    'registration',
    now(),
    codeMailRead('registration', { emailOwner: true, username: input.username }),
  );
  if (state.emailOwner) throw new ConflictError(emailTaken);
  if (state.usernameOwner) throw new ConflictError('This username is already taken.');
  // An address locked for wrong codes gets no code, so no registration either (H3).
  assertNotLocked(deps, state.lockedUntil);
  // One registration per address at a time (T8 step 0): everything below, the Cognito user
  // included, belongs to this request until its profile replaces the claim. The request's limits
  // move with the claim, before Cognito is asked.
  const claim = randomUUID();
  if (!(await store.claimEmailForRegistration(input.email, claim, now(), limits ?? undefined))) {
    throw new ConflictError(emailTaken);
  }
  let userId: string;
  try {
    userId = await directory.signUp(input.email, input.password);
  } catch (error) {
    try {
      // No live registration of ours holds this e-mail and none is in flight (this request
      // holds the claim), yet Cognito has the user: an abandoned sign-up whose profile and
      // markers expired after 24 h. Clear it and start again; a confirmed account is left alone
      // and keeps its 409.
      if (!(error instanceof ConflictError) || (await directory.userStatus(input.email)) !== 'UNCONFIRMED') {
        throw error;
      }
      await directory.deleteUser(input.email);
      userId = await directory.signUp(input.email, input.password);
    } catch (failure) {
      await store.releaseEmailClaim(input.email, claim);
      throw failure;
    }
  }
  // The code is written with the registration (one transaction), then mailed.
  const code = generateCode();
  const codeHash = hashCode(await codeKey(deps), 'registration', input.email, code);
  try {
    await newProfile(deps, userId, input.username, input.email, false, {
      pendingPasswordHash: await hashPassword(input.password),
      emailClaim: claim,
      code: { email: input.email, purpose: 'registration', codeHash, expiresAt: codeExpiry(now()) },
    });
  } catch (error) {
    // Compensation: never leave a Cognito account without its profile. The claim makes the
    // user this request's own: no other registration could have created or replaced it.
    await directory.deleteUser(input.email);
    await store.releaseEmailClaim(input.email, claim);
    throw error;
  }
  await deps.sendMail(
    input.email,
    CODE_TEMPLATES.registration,
    { username: '', code, expiresInMinutes: AUTH.otpTtlMinutes },
    { item: state.templateItem },
  );
  return {
    message: 'Registration successful! Please check your email for the verification code.',
    email: input.email,
  };
}

/**
 * The same answer for an unknown, a pending and a verified address (L2): only a pending
 * registration gets a mail, and a cool-down, cap or lock is not revealed either.
 */
export async function resendRegistrationCode(
  deps: CodeMailDeps,
  email: string,
  /** The request's limits, moved with the code's write (the handler kit's `countLimits`). */
  limits?: PendingLimits | null,
): Promise<{ message: string }> {
  const { store, now } = deps;
  const message = 'If this email is waiting for verification, we have sent a new code.';
  const state = await store.readCodeState(
    email,
    'registration',
    now(),
    codeMailRead('registration', { emailOwner: true }),
  );
  // Pending or not, the e-mail's marker tells: no profile read (the round-trip budget, issue 12).
  if (!state.emailOwner || !state.emailPending) return { message };
  try {
    await sendCode(deps, email, 'registration', { state, limits });
  } catch (error) {
    if (!(error instanceof TooManyRequestsError) || error instanceof RequestLimitError) throw error;
  }
  return { message };
}

export async function verifyRegistration(
  deps: AccountDeps & Directory & CodeKey,
  input: {
    email: string;
    otp: string;
    password?: string;
  },
  /** The request's limits, moved with the confirmation (the handler kit's `countLimits`). */
  limits?: PendingLimits | null,
): Promise<OpenedSession | { verified: true; message: string }> {
  const { store, directory, now } = deps;
  const state = await store.readCodeState(input.email, 'registration', now(), { emailOwner: true });
  const profile = state.emailOwner ? await store.getProfile(state.emailOwner) : undefined;
  if (!profile) throw new ValidationError(CODE_MESSAGES.missing, { otp: CODE_MESSAGES.missing });
  if (profile.emailVerifiedAt) {
    // Already verified. Nothing is confirmed or marked verified here: only a correct code for
    // this address may do that (H2: this branch once verified an address nobody had proven).
    // A half-way failure is repaired at sign-in, from the proof recorded with the profile.
    throw new ConflictError('This email is already verified. Please sign in.');
  }
  const codeHash = await checkSubmittedCode(deps, input.email, 'registration', input.otp, undefined, state);
  // Cognito first (idempotent), then one transaction confirms the registration, registers the
  // session and moves the request's limits (the round-trip budget, issue 12). Should that
  // transaction not commit, Cognito holds a confirmed user whose profile still waits for its code:
  // sign-in refuses such an account until a code confirms it (openSession), so nothing is opened
  // on an unproven address (H2).
  await directory.confirm(input.email);
  const signIn = input.password ? await directory.signIn(input.email, input.password) : undefined;
  const tokens = signIn?.kind === 'ok' && profile.isActive ? signIn.tokens : undefined;
  if (tokens && !tokens.refreshToken) throw new Error('Cognito issued no refresh token');
  const verifiedAtMs = now();
  const outcome = await store.confirmRegistration(profile, codeHash, verifiedAtMs, limits ?? undefined, {
    ...(tokens?.refreshToken ? { sessionTokenHash: hashToken(tokens.refreshToken) } : {}),
  });
  if (outcome === 'code-rejected') throw new ValidationError(CODE_MESSAGES.missing, { otp: CODE_MESSAGES.missing });
  if (outcome === 'already') throw new ConflictError('This email is already verified. Please sign in.');
  if (signIn?.kind === 'ok' && !profile.isActive) throw new ForbiddenError(LOGIN_MESSAGES.deactivated);
  if (!tokens?.refreshToken) return { verified: true, message: 'Account verified, please sign in.' };
  // The profile as the confirmation left it (T8b): no second read.
  const { pendingPasswordHash: _proven, ...rest } = profile;
  const verifiedAt = new Date(verifiedAtMs).toISOString();
  const verified = { ...rest, emailVerifiedAt: verifiedAt, verifiedEmail: profile.email, updatedAt: verifiedAt };
  const isAdmin = tokens.claims.groups.includes(ADMIN_GROUP);
  return {
    body: { ...toSessionUser(verified, isAdmin), token: tokens.idToken, expiresIn: tokens.expiresIn },
    refreshToken: tokens.refreshToken,
  };
}

/** Sign-in met a profile whose registration still waits for its code (see verifyRegistration). */
class PendingRegistration extends Error {}

/**
 * Opens a session for tokens Cognito issued. `signedInAs`: the address whose password (or code)
 * was just proven: its back-off is cleared with the session's registration, in one request.
 */
async function openSession(
  deps: AccountDeps,
  tokens: IssuedTokens,
  signedInAs?: string,
  /** The profile, when the use case has it as it now stands (read or just written). */
  knownProfile?: UserProfile,
): Promise<OpenedSession> {
  const { store, now } = deps;
  const isAdmin = tokens.claims.groups.includes(ADMIN_GROUP);
  const profile = await ensureProfile(deps, {
    userId: tokens.claims.sub,
    email: tokens.claims.email,
    isAdmin,
    ...(knownProfile?._id === tokens.claims.sub ? { knownProfile } : {}),
  });
  if (!profile.isActive) {
    // The password was right: it is not a failure to back off from.
    if (signedInAs !== undefined) await store.clearLoginFailures(signedInAs);
    throw new ForbiddenError(LOGIN_MESSAGES.deactivated);
  }
  // Cognito confirmed it, but its code never confirmed the registration here: not an account yet.
  if (!profile.emailVerifiedAt) throw new PendingRegistration();
  if (!tokens.refreshToken) throw new Error('Cognito issued no refresh token');
  await store.putSession(
    profile._id,
    hashToken(tokens.refreshToken),
    now(),
    signedInAs === undefined ? {} : { clearLoginFailuresOf: signedInAs },
  );
  return {
    body: { ...toSessionUser(profile, isAdmin), token: tokens.idToken, expiresIn: tokens.expiresIn },
    refreshToken: tokens.refreshToken,
  };
}

export async function login(
  deps: AccountDeps & Directory & CodeKey & Mail,
  input: { email: string; password: string },
  /** The request's limits, moved with the reservation (the handler kit's `countLimits`). */
  limits?: PendingLimits | null,
): Promise<LoginOutcome> {
  const { store, directory, now } = deps;
  await reservePasswordAttempt(deps, input.email, limits);

  let result = await directory.signIn(input.email, input.password);
  if (result.kind === 'unconfirmed') {
    const userId = await store.findUserIdByEmail(input.email, now());
    const profile = userId ? await store.getProfile(userId) : undefined;
    if (profile?.emailVerifiedAt && profile.verifiedEmail === input.email) {
      // Verified with us (a correct code for this very address) but the Cognito confirmation
      // failed half-way: repair it; Cognito then checks the password.
      await directory.confirm(input.email);
      result = await directory.signIn(input.email, input.password);
    } else if (
      !profile ||
      (profile.pendingPasswordHash && !(await passwordMatches(input.password, profile.pendingPasswordHash)))
    ) {
      // Cognito says "not confirmed" whatever the password: answer a wrong one like any other (L2).
      // A sign-up whose registration expired is no account at all (signing up again replaces it).
      result = { kind: 'invalid' };
    }
  }
  if (result.kind === 'disabled') throw new ForbiddenError(LOGIN_MESSAGES.deactivated);
  if (result.kind === 'invalid') throw new UnauthorizedError(LOGIN_MESSAGES.invalid);
  if (result.kind === 'mfa') {
    // The password was right; the code still has to come (its tries count in verifyMfa).
    await store.clearLoginFailures(input.email);
    return {
      kind: 'mfa-required',
      body: { mfaRequired: true, email: input.email, session: result.session, message: MFA_MESSAGES.challenge },
    };
  }
  if (result.kind === 'mfa-setup') {
    // The pool requires MFA and this user has none yet: enrol inside Cognito's challenge.
    await store.clearLoginFailures(input.email);
    return {
      kind: 'mfa-setup',
      body: await startSetupInChallenge(deps, input.email, result.session, MFA_MESSAGES.setup),
    };
  }
  if (result.kind === 'ok') {
    // Cognito challenges every user who has TOTP on; tokens without a challenge for an
    // administrator mean TOTP is not on yet, so they are not handed out: set it up first.
    if (deps.adminMfaRequired && result.tokens.claims.groups.includes(ADMIN_GROUP)) {
      await store.clearLoginFailures(input.email);
      return startMfaSetup(deps, result.tokens);
    }
    try {
      return await openSession(deps, result.tokens, input.email);
    } catch (error) {
      if (!(error instanceof PendingRegistration)) throw error;
      // The password was right; the address still has to be proven, as for an unconfirmed user.
      await store.clearLoginFailures(input.email);
    }
  }
  try {
    await sendCode(deps, input.email, 'registration');
  } catch (error) {
    // Within the cool-down the previous code is still valid: the user can use it.
    if (!(error instanceof TooManyRequestsError)) throw error;
  }
  throw new ForbiddenError(LOGIN_MESSAGES.unverified, { needsVerification: true, email: input.email });
}

async function startMfaSetup(deps: AccountDeps & Directory, tokens: IssuedTokens): Promise<AdminSecondStep> {
  const { store, directory, now } = deps;
  if (!tokens.accessToken) throw new Error('Cognito issued no access token');
  const profile = await ensureProfile(deps, {
    userId: tokens.claims.sub,
    email: tokens.claims.email,
    emailVerified: true,
    isAdmin: true,
  });
  if (!profile.isActive) throw new ForbiddenError(LOGIN_MESSAGES.deactivated);
  const secretCode = await directory.startTotpSetup(tokens.accessToken);
  const setupId = (deps.newSetupId ?? randomUUID)();
  await store.putMfaSetup(
    setupId,
    { userId: profile._id, email: profile.email, accessToken: tokens.accessToken },
    now(),
  );
  return { kind: 'mfa-setup', body: totpSetupBody(profile.email, setupId, secretCode, MFA_MESSAGES.setup) };
}

/** Step two of a sign-in with TOTP. Wrong codes count towards the same back-off as passwords. */
export async function verifyMfa(
  deps: AccountDeps & Directory,
  input: { email: string; session: string; code: string },
  /** The request's limits, moved with the reservation (the handler kit's `countLimits`). */
  limits?: PendingLimits | null,
): Promise<OpenedSession> {
  const { store, directory } = deps;
  await reservePasswordAttempt(deps, input.email, limits);
  const result = await directory.respondToMfa(input.email, input.session, input.code);
  if (result.kind !== 'ok') throw new ValidationError(MFA_MESSAGES.wrongCode, { code: MFA_MESSAGES.wrongCode });
  const opened = await openSession(deps, result.tokens, input.email);
  if (opened.body.isAdmin && !(await store.getProfile(result.tokens.claims.sub))?.mfaEnabledAt) {
    // TOTP was turned on outside our set-up (e.g. in the console): record it, as of this sign-in
    // (the token's `iat`), so this very session passes the admin routes' sign-in-after-TOTP rule.
    await store.markMfaEnabled(result.tokens.claims.sub, Math.min(deps.now(), result.tokens.claims.iat * 1000));
  }
  return opened;
}

/** Turns TOTP on with a first code; the administrator then signs in again, this time with a code. */
export async function finishMfaSetup(
  deps: AccountDeps & Directory,
  input: { setupId: string; code: string },
): Promise<{ message: string }> {
  const { store, directory, now } = deps;
  const setup = await store.getMfaSetup(input.setupId, now());
  if (!setup || setup.wrongTries >= MAX_SETUP_TRIES) throw new UnauthorizedError(MFA_MESSAGES.expired);
  // Inside Cognito's MFA_SETUP challenge (mfa-setup-challenge.ts), or with the sign-in's access token.
  const outcome: SetupOutcome =
    'challengeSession' in setup
      ? await finishSetupInChallenge(deps, setup, input.code, (caller) => ensureProfile(deps, caller))
      : (await directory.finishTotpSetup(setup.accessToken, input.code))
        ? { kind: 'done', userId: setup.userId }
        : { kind: 'wrong-code' };
  if (outcome.kind === 'expired') throw new UnauthorizedError(MFA_MESSAGES.expired);
  if (outcome.kind === 'wrong-code') {
    await store.recordMfaSetupWrongTry(input.setupId);
    throw new ValidationError(MFA_MESSAGES.wrongCode, { code: MFA_MESSAGES.wrongCode });
  }
  await store.completeMfaSetup(input.setupId, outcome.userId, now());
  // Every session from before TOTP ends here: tokens and refresh sessions obtained with the
  // password alone (ours and Cognito's), so none of them outlives the enrolment.
  await endSessions(deps, outcome.userId, setup.email);
  return { message: MFA_MESSAGES.setupDone };
}

/** The browser's refresh token comes from the HttpOnly cookie; other clients may send it in the body. */
export async function refresh(
  deps: AccountDeps & Directory,
  refreshToken: string | undefined,
): Promise<{ token: string; expiresIn: number }> {
  const { store, directory } = deps;
  if (!refreshToken) throw new UnauthorizedError(SESSION_ENDED);
  const tokens = await directory.refresh(refreshToken);
  if (!tokens) throw new UnauthorizedError(SESSION_ENDED);
  const session = await store.findSession(tokens.claims.sub, hashToken(refreshToken));
  if (!session) throw new UnauthorizedError(SESSION_ENDED);
  const profile = await store.getProfile(tokens.claims.sub);
  if (profile && !profile.isActive) throw new ForbiddenError(LOGIN_MESSAGES.deactivated);
  // Every session opened before its account's sessions were ended (reset, e-mail change) is over.
  if (profile?.sessionsValidAfterMs !== undefined && session.createdAtMs <= profile.sessionsValidAfterMs) {
    throw new UnauthorizedError(SESSION_ENDED);
  }
  return { token: tokens.idToken, expiresIn: tokens.expiresIn };
}

/**
 * M2: ends this session on the server. The registry entry is the caller's own (its key holds
 * the caller's id), so nobody can end someone else's session; Cognito revokes the token too.
 */
export async function logout(
  deps: AccountDeps & Directory,
  caller: SessionCaller,
  refreshToken: string | undefined,
): Promise<{ message: string }> {
  if (refreshToken) {
    await deps.store.deleteSession(caller.userId, hashToken(refreshToken));
    await deps.directory.revokeToken(refreshToken);
  }
  return { message: 'You have been signed out.' };
}

export const LOGOUT_ALL_MESSAGE = 'You have been signed out of all devices. Please sign in again.';

/**
 * 'Sign out of all devices': ends every session of the caller, this one included, the way a
 * password change does (end-sessions.ts: one profile write refuses every token and refresh session
 * issued so far; Cognito's global sign-out revokes its refresh tokens). Only the caller's own.
 */
export async function logoutAll(deps: AccountDeps & Directory, caller: SessionCaller): Promise<{ message: string }> {
  // The profile holds the current address (the token's may predate an e-mail change).
  const { email } = await ensureProfile(deps, caller);
  await endSessions(deps, caller.userId, email);
  return { message: LOGOUT_ALL_MESSAGE };
}

export async function requestPasswordReset(
  deps: CodeMailDeps,
  email: string,
  /** The request's limits, moved with the code's write (the handler kit's `countLimits`). */
  limits?: PendingLimits | null,
): Promise<{ message: string }> {
  const { store, now } = deps;
  const message = 'If an account exists for this email, we have sent a reset code. Check your email for OTP.';
  const state = await store.readCodeState(email, 'reset', now(), codeMailRead('reset', { emailOwner: true }));
  const profile = state.emailOwner ? await store.getProfile(state.emailOwner) : undefined;
  // Same answer whether or not the account exists (no enumeration); unknown addresses get no mail.
  if (!profile?.emailVerifiedAt) return { message };
  try {
    await sendCode(deps, email, 'reset', { username: profile.username, state, limits });
  } catch (error) {
    // A locked address is told so (H3): the lock only exists after wrong guesses at a real code,
    // which already showed that a reset was under way, so it reveals nothing new. A cool-down or
    // cap answer would reveal that the account exists: answer the same, send nothing. A full
    // request limit answers 429 whoever asks, as it would have before the use case ran.
    if (
      !(error instanceof TooManyRequestsError) ||
      error instanceof CodesLockedError ||
      error instanceof RequestLimitError
    ) {
      throw error;
    }
  }
  return { message };
}

export async function verifyResetCode(deps: CodeCheckDeps, email: string, otp: string): Promise<{ message: string }> {
  await checkSubmittedCode(deps, email, 'reset', otp);
  return { message: 'OTP verified successfully!' };
}

export async function resetPassword(
  deps: AccountDeps & Directory & CodeKey,
  input: { email: string; otp: string; newPassword: string },
  /** The request's limits, moved with the code's consumption (the handler kit's `countLimits`). */
  limits?: PendingLimits | null,
): Promise<{ message: string }> {
  const { store, directory, now } = deps;
  const state = await store.readCodeState(input.email, 'reset', now(), { emailOwner: true });
  const codeHash = await checkSubmittedCode(deps, input.email, 'reset', input.otp, undefined, state);
  if (!(await store.consumeCode(input.email, 'reset', codeHash, now(), limits ?? undefined))) {
    throw new ValidationError(CODE_MESSAGES.missing, { otp: CODE_MESSAGES.missing });
  }
  const userId = state.emailOwner;
  if (!userId) throw new ValidationError(CODE_MESSAGES.missing, { otp: CODE_MESSAGES.missing });
  await directory.setPassword(input.email, input.newPassword);
  // The new password is proven: the address's back-off goes with the old sessions, in one write.
  await endSessions(deps, userId, input.email, { clearLoginFailures: true });
  return { message: 'Password reset successful!' };
}

/** Ends every session (end-sessions.ts: the registry, `tokensValidAfter`, Cognito's retried global sign-out). */
async function endSessions(
  deps: AccountDeps & Directory,
  userId: string,
  email: string,
  options: { clearLoginFailures?: boolean; alreadyRevoked?: boolean } = {},
): Promise<void> {
  const { store, directory } = deps;
  await endAllSessions(
    {
      // alreadyRevoked: the use case's own write ended them (updateIdentity's endSessions).
      revokeSessions: options.alreadyRevoked
        ? async () => undefined
        : (id, nowMs) =>
            store.revokeSessions(id, nowMs, options.clearLoginFailures ? { clearLoginFailuresOf: email } : {}),
      signOutEverywhere: (address) => directory.signOutEverywhere(address),
      now: deps.now,
      sleep: deps.sleep,
      onGlobalSignOutFailure: deps.onGlobalSignOutFailure,
    },
    userId,
    email,
  );
}

/** Lazily creates the profile of a user who arrived without registering here (Google, bootstrap admin). */
export async function ensureProfile(deps: AccountDeps, caller: SessionCaller): Promise<UserProfile> {
  const { store } = deps;
  const existing = caller.knownProfile !== undefined ? caller.knownProfile : await store.getProfile(caller.userId);
  if (existing) {
    // The group in the token is the truth; the profile's copy is for the admin user list (E1).
    if (existing.isAdmin === caller.isAdmin) return existing;
    await store.setAdminMirror(existing._id, caller.isAdmin, deps.now());
    return { ...existing, isAdmin: caller.isAdmin };
  }
  const base =
    caller.email
      .split('@')[0]
      ?.replace(/[^A-Za-z0-9_.-]/g, '')
      .slice(0, 24) || 'user';
  let username = base.length >= 3 ? base : `${base}user`;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (!(await store.isUsernameTaken(username, deps.now()))) break;
    username = `${base.slice(0, 22)}${Math.floor(1000 + Math.random() * 9000)}`;
  }
  try {
    // Only a verified address may claim the e-mail marker (L5): otherwise the profile keeps the
    // address for display, and the address stays free for whoever proves it.
    const created = await newProfile(deps, caller.userId, username, caller.email, true, {
      claimEmail: caller.emailVerified === true && caller.email !== '',
    });
    if (!caller.isAdmin) return created;
    await store.setAdminMirror(created._id, true, deps.now());
    return { ...created, isAdmin: true };
  } catch (error) {
    // Two first requests at once: the other one created it.
    const created = await store.getProfile(caller.userId);
    if (created) return created;
    throw error;
  }
}

export async function me(deps: AccountDeps, caller: SessionCaller): Promise<SessionUser> {
  return toSessionUser(await ensureProfile(deps, caller), caller.isAdmin);
}

export async function getUserData(deps: AccountDeps, caller: SessionCaller, userId: string) {
  if (caller.userId !== userId && !caller.isAdmin) throw new ForbiddenError('You can only view your own account.');
  // Reading someone else's account is an admin action: the same TOTP rule as every admin route.
  if (caller.userId !== userId && deps.adminMfaRequired) {
    const own = caller.knownProfile !== undefined ? caller.knownProfile : await deps.store.getProfile(caller.userId);
    assertAdminMfa(own ?? {}, caller.authTime ?? 0);
  }
  const profile = caller.userId === userId ? await ensureProfile(deps, caller) : await deps.store.getProfile(userId);
  if (!profile) throw new NotFoundError('User not found.');
  const { userId: _ignored, ...user } = toSessionUser(
    profile,
    caller.userId === userId ? caller.isAdmin : profile.isAdmin,
  );
  return { _id: profile._id, ...user };
}

/**
 * The profile form. A username change applies at once. A new e-mail address (H2) needs the
 * current password and takes effect only when the code mailed to it comes back
 * (confirmEmailChange); until then the account keeps its old, proven address.
 */
export async function updateProfile(
  deps: AccountDeps & Directory & CodeKey & Mail,
  caller: SessionCaller,
  userId: string,
  input: { username: string; email: string; currentPassword?: string },
) {
  if (caller.userId !== userId) throw new ForbiddenError('You can only change your own account.');
  const { store, now } = deps;
  let profile = await ensureProfile(deps, caller);
  const emailChanges = input.email !== profile.email;
  const usernameChanges = input.username.toLowerCase() !== profile.username.toLowerCase();
  const usernameTaken = new ConflictError('This username is already taken.');
  let state: CodeState | undefined;
  if (emailChanges) {
    if (!input.currentPassword) {
      throw new ValidationError(AUTH_MESSAGES.currentPasswordForEmail, {
        currentPassword: AUTH_MESSAGES.currentPasswordForEmail,
      });
    }
    // The new address's marker, the new username's and what the code mail needs, in one read.
    state = await store.readCodeState(
      input.email,
      'email-change',
      now(),
      codeMailRead('email-change', { emailOwner: true, ...(usernameChanges ? { username: input.username } : {}) }),
    );
    if (state.emailOwner) throw new ConflictError('An account with this email already exists.');
    if (usernameChanges && state.usernameOwner !== undefined && state.usernameOwner !== profile._id) {
      throw usernameTaken;
    }
  } else if (usernameChanges) {
    if (await store.isUsernameTaken(input.username, now(), profile._id)) throw usernameTaken;
  }
  if (emailChanges && input.currentPassword) {
    await checkCurrentPassword(deps, profile.email, input.currentPassword, { clearBackoff: false });
    // The code goes out before anything is saved: a cool-down, cap or lock refuses the whole
    // request, so a refused e-mail change never leaves a half-applied username change behind.
    // The proven password's back-off is cleared with the code's write.
    try {
      await sendCode(deps, input.email, 'email-change', {
        owner: profile._id,
        state,
        clearLoginFailuresOf: profile.email,
      });
    } catch (error) {
      await store.clearLoginFailures(profile.email);
      throw error;
    }
  }
  if (input.username !== profile.username) {
    profile = await store.updateIdentity(profile, { username: input.username, email: profile.email }, now());
  }
  if (!emailChanges) return { message: 'Profile updated successfully', user: toSessionUser(profile, caller.isAdmin) };
  return {
    message: `We sent a 4-digit code to ${input.email}. Enter it to confirm your new email.`,
    user: toSessionUser(profile, caller.isAdmin),
    pendingEmail: input.email,
  };
}

/**
 * Step two of an e-mail change: the code proves the new address. The profile, the markers and
 * the code move in one transaction; Cognito is told first (and put back if that fails), the old
 * address hears of the change, and every session ends.
 */
export async function confirmEmailChange(
  deps: AccountDeps & Directory & CodeKey & Mail,
  caller: SessionCaller,
  input: { email: string; otp: string },
  /** The request's limits, moved with the change (the handler kit's `countLimits`). */
  limits?: PendingLimits | null,
) {
  const { store, directory, now } = deps;
  const profile = await ensureProfile(deps, caller);
  // The code, its lock, the new address's marker and the notice's template in one read (the
  // round-trip budget, issue 12).
  const state = await store.readCodeState(input.email, 'email-change', now(), {
    emailOwner: true,
    templateType: 'emailChanged',
  });
  const codeHash = await checkSubmittedCode(deps, input.email, 'email-change', input.otp, profile._id, state);
  if (state.emailOwner) throw new ConflictError('An account with this email already exists.');
  const oldEmail = profile.email;
  await directory.updateEmail(oldEmail, input.email);
  try {
    // The change ends every session in the same write; the request's limits move with it.
    await store.updateIdentity(
      profile,
      { username: profile.username, email: input.email },
      now(),
      { codeHash },
      { endSessions: true, ...(limits ? { limits } : {}) },
    );
  } catch (error) {
    await directory.updateEmail(input.email, oldEmail);
    if (error instanceof CodeRejected) throw new ValidationError(CODE_MESSAGES.missing, { otp: CODE_MESSAGES.missing });
    throw error;
  }
  await deps.sendMail(
    oldEmail,
    'emailChanged',
    { username: profile.username, newEmail: maskEmail(input.email) },
    { item: state.templateItem },
  );
  await endSessions(deps, profile._id, input.email, { alreadyRevoked: true });
  return { message: 'Your email has been changed. Please sign in again with your new email.' };
}

/** A wrong current password counts like a failed sign-in, so a stolen token cannot guess freely. */
async function checkCurrentPassword(
  deps: AccountDeps & Directory,
  email: string,
  password: string,
  /** clearBackoff false: the caller clears the back-off with its own next write. */
  options: { clearBackoff?: boolean } = {},
): Promise<void> {
  const { store, directory } = deps;
  await reservePasswordAttempt(deps, email);
  const check = await directory.signIn(email, password);
  // With TOTP on, Cognito answers a right password with its challenge (M5): the password is proven.
  if (check.kind !== 'ok' && check.kind !== 'mfa' && check.kind !== 'mfa-setup') {
    throw new ValidationError('Current password is incorrect', { currentPassword: 'Current password is incorrect' });
  }
  if (options.clearBackoff !== false) await store.clearLoginFailures(email);
}

export async function changePassword(
  deps: AccountDeps & Directory,
  caller: SessionCaller,
  userId: string,
  input: { currentPassword: string; password: string },
) {
  if (caller.userId !== userId) throw new ForbiddenError('You can only change your own account.');
  const { directory } = deps;
  // The profile holds the current address (the token's may predate an e-mail change).
  const { email } = await ensureProfile(deps, caller);
  await checkCurrentPassword(deps, email, input.currentPassword);
  await directory.setPassword(email, input.password);
  await endSessions(deps, userId, email);
  return { message: 'Password updated successfully. Please login again with your new password.' };
}
