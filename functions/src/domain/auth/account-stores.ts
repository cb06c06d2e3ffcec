import type { CodePurpose, StoredCode } from './one-time-codes.js';
import type { TooManyRequestsError } from '../errors.js';
import type { EmailTemplate, EmailTemplateType } from '../email/templates.js';
import type { UserProfile } from '../records/user-profile.js';

/**
 * The stores the account use cases run on, one per aggregate, declared here and implemented over
 * the single table in data/ (registration-store.ts, one-time-code-store.ts, login-backoff-store.ts,
 * session-store.ts, mfa-setup-store.ts, account-identity-store.ts). Several writes of one request
 * ride in one transaction (a registration with its code, a sign-in's session with the clearing of
 * its back-off), so some methods take what another aggregate adds to their write.
 */

/** How long a registration in flight holds its e-mail's marker before the account exists: far
 * beyond one request (a route stops after 10 s), so a claim only lapses when its request died. */
export const REGISTRATION_CLAIM_SECONDS = 300;

/** A new profile's referral code is already someone's: the registration picks another one. */
export class ReferralCodeCollision extends Error {}

/** The code of an e-mail change was used, replaced or expired between its check and its use. */
export class CodeRejected extends Error {}

/** A code to issue with another write: the code's item and the address's hourly count. */
export interface CodeToIssue {
  email: string;
  purpose: CodePurpose;
  codeHash: string;
  expiresAt: number;
  /** Who asked, for codes that belong to an account rather than to the address (e-mail change). */
  owner?: string;
}

/** What a code check or a code mail reads up front (OneTimeCodeStore.readCodeState). */
export interface CodeState {
  /** The address's lock after too many wrong codes, epoch seconds; 0 when none. */
  lockedUntil: number;
  code?: StoredCode;
  /** Who owns the e-mail's marker (findUserIdByEmail), when asked for. */
  emailOwner?: string;
  /**
   * The owner's registration still waits for its code: its marker expires with it (a verified
   * address's marker does not), as its profile has no `emailVerifiedAt` (the confirmation moves both).
   */
  emailPending?: boolean;
  /** Who owns the username's marker (isUsernameTaken), when asked for. */
  usernameOwner?: string;
  /** The sign-in back-off on record for `loginFailuresOf` (none: 0 failures), when asked for. */
  loginFailures?: LoginFailures;
  /** The mail's template (an admin's edit or the default), when asked for (`mail`). */
  template?: EmailTemplate;
  /**
   * When asked for (`mail`): the 429 a new code would meet as read (the resend cool-down or the
   * hourly cap), so a refused code costs no write; issueCode's conditions still decide races.
   */
  issueRefusal?: TooManyRequestsError;
}

/** What readCodeState reads besides the address's lock and code. */
export interface CodeStateRead {
  emailOwner?: boolean;
  username?: string;
  /** The address whose sign-in back-off the request reserves an attempt against. */
  loginFailuresOf?: string;
  /** The code mail the request may send: its template and the address's codes sent this hour. */
  mail?: EmailTemplateType;
}

/** An address's sign-in back-off as stored: failures in a row and the block's end (epoch seconds). */
export interface LoginFailures {
  failures: number;
  blockedUntil: number;
}

/** An admin's TOTP set-up in progress; Cognito's handle on it (token or session) stays on the server. */
export type MfaSetup =
  /** Set up with the access token of a sign-in Cognito let through without a second factor. */
  | { userId: string; email: string; accessToken: string }
  /** Set up inside Cognito's MFA_SETUP challenge (a pool that requires MFA): no token before it ends. */
  | { email: string; challengeSession: string };

/** Options of a registration's transaction (RegistrationStore.createRegistration). */
export interface RegistrationOptions {
  /** False leaves the address unclaimed (a token whose e-mail is not verified). */
  claimEmail?: boolean;
  /** A pending registration's password hash, so sign-in can check a password before Cognito confirms. */
  pendingPasswordHash?: string;
  /** The claim this registration took (claimEmailForRegistration), which its marker replaces. */
  emailClaim?: string;
  /** The registration's code, issued in the same transaction. */
  code?: CodeToIssue;
}

/** The uniqueness markers (e-mail, username, referral code) and the registration that takes them. */
export interface RegistrationStore {
  /** The user id an e-mail belongs to; markers of abandoned registrations count until they expire. */
  findUserIdByEmail(email: string, nowMs: number): Promise<string | undefined>;
  isUsernameTaken(username: string, nowMs: number, exceptUserId?: string): Promise<boolean>;
  /**
   * Takes the e-mail's marker before Cognito is asked for the account, so at most one registration
   * per address is in flight; false when the address is taken.
   */
  claimEmailForRegistration(email: string, claimId: string, nowMs: number): Promise<boolean>;
  /** Gives an e-mail's claim back when its registration stopped before the account existed. */
  releaseEmailClaim(email: string, claimId: string): Promise<void>;
  /**
   * The profile and its e-mail, username and referral-code markers, all or nothing. Throws
   * ConflictError for a taken address or username and ReferralCodeCollision for a taken code.
   */
  createRegistration(
    profile: UserProfile,
    nowMs: number,
    verified: boolean,
    options?: RegistrationOptions,
  ): Promise<void>;
  /**
   * Consumes the registration's code and marks the account verified, atomically, with the session
   * it opens. 'code-rejected' when the code lost a race.
   */
  confirmRegistration(
    profile: UserProfile,
    codeHash: string,
    nowMs: number,
    options?: { sessionTokenHash?: string },
  ): Promise<'confirmed' | 'already' | 'code-rejected'>;
}

/** One-time codes, their wrong tries and the address's lock after too many wrong codes. */
export interface OneTimeCodeStore {
  /**
   * A new code replaces the old one, within the resend cool-down and the hourly cap (429 outside
   * them). `clearLoginFailuresOf`: a just-proven password's back-off goes in the same write.
   */
  issueCode(
    email: string,
    purpose: CodePurpose,
    codeHash: string,
    expiresAt: number,
    nowMs: number,
    options?: { owner?: string; clearLoginFailuresOf?: string },
  ): Promise<void>;
  /** The lock, the code and, as asked, the markers' owners, in one read. */
  readCodeState(email: string, purpose: CodePurpose, nowMs: number, also?: CodeStateRead): Promise<CodeState>;
  /** Counts a wrong try against this exact code only (a newer code is never charged for an old try). */
  recordWrongTry(email: string, purpose: CodePurpose, codeHashSeen: string): Promise<void>;
  /** Consumes a code if it is still this one and alive; false when it is not. */
  consumeCode(email: string, purpose: CodePurpose, codeHash: string, nowMs: number): Promise<boolean>;
  /** Counts a wrong code for the address and locks its codes at the day's cap; the lock's end or 0. */
  recordCodeFailure(email: string, nowMs: number): Promise<number>;
}

/** The sign-in back-off of an address. */
export interface LoginBackoffStore {
  /**
   * Reserves a password attempt before the directory sees it, counted as a failure until a success
   * clears it; the seconds left when the address is blocked, else 0. `known`: the record as the
   * use case read it (readCodeState), so the compare-and-set needs no failed try to learn it.
   */
  reserveLoginAttempt(
    email: string,
    nowMs: number,
    blockSecondsFor: (failures: number) => number,
    known?: LoginFailures,
  ): Promise<number>;
  clearLoginFailures(email: string): Promise<void>;
}

/** The registry of refresh sessions and their revocation. */
export interface SessionStore {
  /**
   * Registers a session; `clearLoginFailuresOf`: the sign-in's back-off is cleared in the same
   * write; `mfaEnabledAt`: the profile records TOTP as on (markMfaEnabled) in the same write.
   */
  putSession(
    userId: string,
    tokenHash: string,
    nowMs: number,
    options?: { clearLoginFailuresOf?: string; mfaEnabledAt?: number },
  ): Promise<void>;
  /** Forgets one refresh token of this user (the key includes the caller's id). */
  deleteSession(userId: string, tokenHash: string): Promise<void>;
  /** A registered refresh session: when it was opened (epoch ms); undefined when none. */
  findSession(userId: string, tokenHash: string): Promise<{ createdAtMs: number } | undefined>;
  /** Ends every session of the user at once, in one write. */
  revokeSessions(userId: string, nowMs: number, options?: { clearLoginFailuresOf?: string }): Promise<void>;
}

/** An administrator's TOTP set-up between the password step and the first code. */
export interface MfaSetupStore {
  putMfaSetup(setupId: string, setup: MfaSetup, nowMs: number): Promise<void>;
  getMfaSetup(setupId: string, nowMs: number): Promise<(MfaSetup & { wrongTries: number }) | undefined>;
  recordMfaSetupWrongTry(setupId: string): Promise<void>;
  /** Ends the set-up and records on the profile that this administrator signs in with TOTP. */
  completeMfaSetup(setupId: string, userId: string, nowMs: number): Promise<void>;
  markMfaEnabled(userId: string, nowMs: number): Promise<void>;
}

/** The profile's identity: who the user is (username, e-mail) and the admin mirror. */
export interface AccountIdentityStore {
  getProfile(userId: string): Promise<UserProfile | undefined>;
  /** The profile's copy of the admin group, for the admin user list. */
  setAdminMirror(userId: string, isAdmin: boolean, nowMs: number): Promise<void>;
  /**
   * A username and/or e-mail change with its marker moves, in one transaction. An e-mail change
   * passes the code that proved the new address (consumed in the same write; CodeRejected when it
   * no longer holds); `endSessions` ends every session with it.
   */
  updateIdentity(
    profile: UserProfile,
    next: { username: string; email: string },
    nowMs: number,
    proof?: { codeHash: string },
    options?: { endSessions?: boolean },
  ): Promise<UserProfile>;
}

/** Every account store: what the account wiring hands the use cases. */
export type AccountStore = RegistrationStore &
  OneTimeCodeStore &
  LoginBackoffStore &
  SessionStore &
  MfaSetupStore &
  AccountIdentityStore;
