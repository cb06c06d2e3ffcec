import { AUTH } from '@goldbot/shared';
import { splitHandle, withUsername } from '../../src/domain/auth/cognito-handle.js';
import type { IdentityDirectory, IssuedTokens } from '../../src/domain/auth/identity-directory.js';
import type { Mailer } from '../../src/adapters/ses-mailer.js';
import {
  CodeRejected,
  REGISTRATION_CLAIM_SECONDS,
  ReferralCodeCollision,
  type AccountStore,
  type MfaSetup,
} from '../../src/domain/auth/account-stores.js';
import type { UserProfile } from '../../src/domain/records/user-profile.js';
import type { CodePurpose, StoredCode } from '../../src/domain/auth/one-time-codes.js';
import { ConflictError, TooManyRequestsError } from '../../src/domain/errors.js';
import type { AuthDeps } from '../../src/domain/auth/account-deps.js';
import { renderEmail } from '../../src/domain/email/render.js';
import { refusal } from './refusal.js';
import {
  DEFAULT_EMAIL_TEMPLATES,
  type EmailTemplate,
  type EmailTemplateType,
  type RenderedEmail,
} from '../../src/domain/email/templates.js';

/**
 * In-memory stand-ins for the ports of the account use cases (store, directory, mailer) with the
 * semantics of the real adapters: the conditions of docs/data-model.md T7/T8/T8b/T10 and E8, and
 * Cognito's answers as cognito-directory.ts maps them. Every call is recorded for assertions.
 */

export interface Clock {
  now: () => number;
  advance: (ms: number) => void;
}

export function fakeClock(start = Date.parse('2026-03-04T05:06:07.000Z')): Clock {
  let at = start;
  return { now: () => at, advance: (ms) => (at += ms) };
}

const epoch = (ms: number) => Math.floor(ms / 1000);

export interface InMemoryAuthStore extends AccountStore {
  readonly profiles: Map<string, UserProfile>;
  readonly codes: Map<string, StoredCode>;
  /** Registered refresh sessions (`<userId>#<tokenHash>`) and when each was opened (epoch ms). */
  readonly sessions: Map<string, number>;
  readonly loginFailures: Map<string, { failures: number; blockedUntil: number }>;
  /** Wrong codes per address and UTC day, and the addresses' code locks (epoch seconds). */
  readonly codeFailures: Map<string, number>;
  readonly codeLocks: Map<string, number>;
  /** Admins' TOTP set-ups in progress, by set-up id (with their expiry in epoch seconds). */
  readonly mfaSetups: Map<string, MfaSetup & { wrongTries: number; expiresAt: number }>;
  /** Every code hash handed to issueCode, in order. */
  readonly issuedHashes: string[];
  readonly calls: { method: string; args: unknown[] }[];
}

export function inMemoryAuthStore(): InMemoryAuthStore {
  const profiles = new Map<string, UserProfile>();
  /** A marker without a user id is a registration's claim on the address, before the account exists. */
  const emailMarkers = new Map<string, { userId?: string; claim?: string; expiresAt?: number }>();
  const usernameMarkers = new Map<string, { userId: string; expiresAt?: number }>();
  const referralMarkers = new Map<string, string>();
  const codes = new Map<string, StoredCode>();
  const sendCounts = new Map<string, number>();
  const loginFailures = new Map<string, { failures: number; blockedUntil: number }>();
  const codeFailures = new Map<string, number>();
  const codeLocks = new Map<string, number>();
  const mfaSetups = new Map<string, MfaSetup & { wrongTries: number; expiresAt: number }>();
  const sessions = new Map<string, number>();
  const issuedHashes: string[] = [];
  const calls: { method: string; args: unknown[] }[] = [];
  const record = (method: string, args: unknown[]) => calls.push({ method, args });

  const live = (marker: { expiresAt?: number } | undefined, nowMs: number) =>
    marker !== undefined && (marker.expiresAt === undefined || marker.expiresAt >= epoch(nowMs));
  const codeKey = (email: string, purpose: CodePurpose) => `${email.toLowerCase()}#${purpose}`;
  /**
   * Deletes the code at `key` when it is `codeHash`, with tries left and unexpired (the condition
   * the table's delete carries), and says whether it did.
   */
  const consumeIfValid = (key: string, codeHash: string, nowMs: number): boolean => {
    const code = codes.get(key);
    if (
      !code ||
      code.codeHash !== codeHash ||
      code.wrongTries >= AUTH.otpMaxWrongTries ||
      code.expiresAt <= epoch(nowMs)
    ) {
      return false;
    }
    codes.delete(key);
    return true;
  };

  const store: InMemoryAuthStore = {
    profiles,
    codes,
    sessions,
    loginFailures,
    codeFailures,
    codeLocks,
    mfaSetups,
    issuedHashes,
    calls,

    async getProfile(userId) {
      record('getProfile', [userId]);
      const found = profiles.get(userId);
      return found ? { ...found } : undefined;
    },

    async findUserIdByEmail(email, nowMs) {
      record('findUserIdByEmail', [email, nowMs]);
      const marker = emailMarkers.get(email.toLowerCase());
      return live(marker, nowMs) ? marker?.userId : undefined;
    },

    async isUsernameTaken(username, nowMs, exceptUserId) {
      record('isUsernameTaken', [username, nowMs, exceptUserId]);
      const marker = usernameMarkers.get(username.toLowerCase());
      return live(marker, nowMs) && marker?.userId !== exceptUserId;
    },

    async claimEmailForRegistration(email, claimId, nowMs) {
      record('claimEmailForRegistration', [email, claimId, nowMs]);
      if (live(emailMarkers.get(email.toLowerCase()), nowMs)) return false;
      emailMarkers.set(email.toLowerCase(), { claim: claimId, expiresAt: epoch(nowMs) + REGISTRATION_CLAIM_SECONDS });
      return true;
    },

    async releaseEmailClaim(email, claimId) {
      record('releaseEmailClaim', [email, claimId]);
      if (emailMarkers.get(email.toLowerCase())?.claim === claimId) emailMarkers.delete(email.toLowerCase());
    },

    async createRegistration(profile, nowMs, verified, options = {}) {
      record('createRegistration', [profile, nowMs, verified, options]);
      if (profiles.has(profile._id)) return;
      const emailMarker = emailMarkers.get(profile.email.toLowerCase());
      const ownClaim = options.emailClaim !== undefined && emailMarker?.claim === options.emailClaim;
      if (live(emailMarker, nowMs) && !ownClaim) throw new ConflictError('An account with this email already exists.');
      if (live(usernameMarkers.get(profile.username.toLowerCase()), nowMs))
        throw new ConflictError('This username is already taken.');
      if (referralMarkers.has(profile.referralCode)) throw new ReferralCodeCollision();
      // The registration's code goes with it: a refused code (cool-down, cap) refuses it all.
      const { code } = options;
      if (code)
        await this.issueCode(code.email, code.purpose, code.codeHash, code.expiresAt, nowMs, { owner: code.owner });
      const expiresAt = verified ? undefined : epoch(nowMs) + 24 * 3600;
      profiles.set(profile._id, {
        ...profile,
        ...(options.pendingPasswordHash ? { pendingPasswordHash: options.pendingPasswordHash } : {}),
      });
      if (options.claimEmail !== false)
        emailMarkers.set(profile.email.toLowerCase(), { userId: profile._id, expiresAt });
      usernameMarkers.set(profile.username.toLowerCase(), { userId: profile._id, expiresAt });
      referralMarkers.set(profile.referralCode, profile._id);
    },

    async confirmRegistration(profile, codeHash, nowMs, options = {}) {
      record('confirmRegistration', [profile, codeHash, nowMs]);
      const current = profiles.get(profile._id);
      if (current?.emailVerifiedAt) return 'already';
      if (!consumeIfValid(codeKey(profile.email, 'registration'), codeHash, nowMs)) return 'code-rejected';
      if (current) {
        const { pendingPasswordHash: _dropped, ...rest } = current;
        profiles.set(profile._id, {
          ...rest,
          emailVerifiedAt: new Date(nowMs).toISOString(),
          verifiedEmail: profile.email,
        });
      }
      const email = emailMarkers.get(profile.email);
      if (email) delete email.expiresAt;
      const username = usernameMarkers.get(profile.username.toLowerCase());
      if (username) delete username.expiresAt;
      if (options.sessionTokenHash !== undefined) sessions.set(`${profile._id}#${options.sessionTokenHash}`, nowMs);
      return 'confirmed';
    },

    async issueCode(email, purpose, codeHash, expiresAt, nowMs, options = {}) {
      const { owner, clearLoginFailuresOf } = options;
      record('issueCode', [email, purpose, codeHash, expiresAt, nowMs, owner]);
      const key = codeKey(email, purpose);
      const existing = codes.get(key);
      const cooldownMs = AUTH.otpResendCooldownSeconds * 1000;
      if (existing && existing.lastSentAt > nowMs - cooldownMs) {
        const wait = Math.ceil((existing.lastSentAt + cooldownMs - nowMs) / 1000);
        throw new TooManyRequestsError(`Please wait ${wait} seconds before requesting another code.`, wait);
      }
      const hour = new Date(nowMs).toISOString().slice(0, 13);
      const countKey = `${email.toLowerCase()}#${hour}`;
      const sent = sendCounts.get(countKey) ?? 0;
      if (sent >= AUTH.otpMaxPerEmailPerHour) {
        const hourEnd = Date.parse(`${hour}:00:00.000Z`) + 3600_000;
        throw new TooManyRequestsError(
          'Too many codes requested for this email. Please try again later.',
          (hourEnd - nowMs) / 1000,
        );
      }
      sendCounts.set(countKey, sent + 1);
      issuedHashes.push(codeHash);
      codes.set(key, { codeHash, wrongTries: 0, expiresAt, lastSentAt: nowMs, ...(owner ? { userId: owner } : {}) });
      if (clearLoginFailuresOf !== undefined) {
        record('clearLoginFailures', [clearLoginFailuresOf]);
        loginFailures.delete(clearLoginFailuresOf.toLowerCase());
      }
    },

    async recordWrongTry(email, purpose, codeHashSeen) {
      record('recordWrongTry', [email, purpose, codeHashSeen]);
      const found = codes.get(codeKey(email, purpose));
      if (found && found.codeHash === codeHashSeen && found.wrongTries < AUTH.otpMaxWrongTries) found.wrongTries += 1;
    },

    async consumeCode(email, purpose, codeHash, nowMs) {
      record('consumeCode', [email, purpose, codeHash, nowMs]);
      return consumeIfValid(codeKey(email, purpose), codeHash, nowMs);
    },

    async reserveLoginAttempt(email, nowMs, blockSecondsFor) {
      record('reserveLoginAttempt', [email, nowMs]);
      const key = email.toLowerCase();
      const current = loginFailures.get(key) ?? { failures: 0, blockedUntil: 0 };
      if (current.blockedUntil > epoch(nowMs)) return current.blockedUntil - epoch(nowMs);
      const failures = current.failures + 1;
      const block = blockSecondsFor(failures);
      loginFailures.set(key, { failures, blockedUntil: block > 0 ? epoch(nowMs) + block : 0 });
      return 0;
    },

    async readCodeState(email, purpose, nowMs, also = {}) {
      record('readCodeState', [email, purpose, nowMs, also]);
      const until = codeLocks.get(email.toLowerCase()) ?? 0;
      const found = codes.get(codeKey(email, purpose));
      const emailOwner = also.emailOwner ? await this.findUserIdByEmail(email, nowMs) : undefined;
      const usernameMarker = also.username === undefined ? undefined : usernameMarkers.get(also.username.toLowerCase());
      const usernameOwner = live(usernameMarker, nowMs) ? usernameMarker?.userId : undefined;
      return {
        lockedUntil: until > epoch(nowMs) ? until : 0,
        ...(found ? { code: { ...found } } : {}),
        ...(emailOwner
          ? { emailOwner, emailPending: emailMarkers.get(email.toLowerCase())?.expiresAt !== undefined }
          : {}),
        ...(usernameOwner ? { usernameOwner } : {}),
        ...(also.loginFailuresOf === undefined
          ? {}
          : {
              loginFailures: loginFailures.get(also.loginFailuresOf.toLowerCase()) ?? { failures: 0, blockedUntil: 0 },
            }),
      };
    },

    async recordCodeFailure(email, nowMs) {
      record('recordCodeFailure', [email, nowMs]);
      const key = `${email.toLowerCase()}#${new Date(nowMs).toISOString().slice(0, 10)}`;
      const count = (codeFailures.get(key) ?? 0) + 1;
      codeFailures.set(key, count);
      if (count < AUTH.maxFailedCodesPerDay) return 0;
      const until = epoch(nowMs) + AUTH.codeLockHours * 3600;
      codeLocks.set(email.toLowerCase(), until);
      return until;
    },

    async clearLoginFailures(email) {
      record('clearLoginFailures', [email]);
      loginFailures.delete(email.toLowerCase());
    },

    async putSession(userId, tokenHash, nowMs, options = {}) {
      record('putSession', [userId, tokenHash, nowMs]);
      sessions.set(`${userId}#${tokenHash}`, nowMs);
      if (options.clearLoginFailuresOf !== undefined) {
        record('clearLoginFailures', [options.clearLoginFailuresOf]);
        loginFailures.delete(options.clearLoginFailuresOf.toLowerCase());
      }
      if (options.mfaEnabledAt !== undefined) await this.markMfaEnabled(userId, options.mfaEnabledAt);
    },

    async deleteSession(userId, tokenHash) {
      record('deleteSession', [userId, tokenHash]);
      sessions.delete(`${userId}#${tokenHash}`);
    },

    async findSession(userId, tokenHash) {
      record('findSession', [userId, tokenHash]);
      const createdAtMs = sessions.get(`${userId}#${tokenHash}`);
      return createdAtMs === undefined ? undefined : { createdAtMs };
    },

    async revokeSessions(userId, nowMs, options = {}) {
      record('revokeSessions', [userId, nowMs]);
      if (options.clearLoginFailuresOf !== undefined) {
        record('clearLoginFailures', [options.clearLoginFailuresOf]);
        loginFailures.delete(options.clearLoginFailuresOf.toLowerCase());
      }
      const found = profiles.get(userId);
      if (found) profiles.set(userId, { ...found, tokensValidAfter: epoch(nowMs), sessionsValidAfterMs: nowMs });
    },

    async putMfaSetup(setupId, setup, nowMs) {
      record('putMfaSetup', [setupId, setup, nowMs]);
      if (mfaSetups.has(setupId)) throw new Error('MFA set-up id in use');
      mfaSetups.set(setupId, { ...setup, wrongTries: 0, expiresAt: epoch(nowMs) + AUTH.mfaSetupMinutes * 60 });
    },

    async getMfaSetup(setupId, nowMs) {
      record('getMfaSetup', [setupId, nowMs]);
      const found = mfaSetups.get(setupId);
      if (!found || found.expiresAt <= epoch(nowMs)) return undefined;
      const { expiresAt: _expiry, ...setup } = found;
      return setup;
    },

    async recordMfaSetupWrongTry(setupId) {
      record('recordMfaSetupWrongTry', [setupId]);
      const found = mfaSetups.get(setupId);
      if (found) found.wrongTries += 1;
    },

    async completeMfaSetup(setupId, userId, nowMs) {
      record('completeMfaSetup', [setupId, userId, nowMs]);
      mfaSetups.delete(setupId);
      const found = profiles.get(userId);
      if (!found) throw new Error('The transaction was cancelled: no profile');
      const at = new Date(nowMs).toISOString();
      profiles.set(userId, { ...found, mfaEnabledAt: at, updatedAt: at });
    },

    async markMfaEnabled(userId, nowMs) {
      record('markMfaEnabled', [userId, nowMs]);
      const found = profiles.get(userId);
      if (!found) throw new Error('The conditional request failed');
      profiles.set(userId, { ...found, mfaEnabledAt: new Date(nowMs).toISOString() });
    },

    async setAdminMirror(userId, isAdmin, nowMs) {
      record('setAdminMirror', [userId, isAdmin, nowMs]);
      const found = profiles.get(userId);
      if (!found) throw new Error('The conditional request failed');
      profiles.set(userId, { ...found, isAdmin, updatedAt: new Date(nowMs).toISOString() });
    },

    async updateIdentity(profile, next, nowMs, proof, options = {}) {
      record('updateIdentity', [profile, next, nowMs, proof]);
      const current = profiles.get(profile._id);
      // One transaction in the real store: the code is consumed only if everything else holds too.
      const proofKey = codeKey(next.email, 'email-change');
      if (proof) {
        const code = codes.get(proofKey);
        if (
          !code ||
          code.codeHash !== proof.codeHash ||
          code.userId !== profile._id ||
          code.wrongTries >= AUTH.otpMaxWrongTries ||
          code.expiresAt <= epoch(nowMs)
        ) {
          throw new CodeRejected();
        }
      }
      if (!current || current.email !== profile.email) {
        throw new ConflictError('Your profile changed meanwhile. Please reload and try again.');
      }
      if (next.email !== profile.email && emailMarkers.has(next.email)) {
        throw new ConflictError('An account with this email already exists.');
      }
      const usernameChanged = next.username.toLowerCase() !== profile.username.toLowerCase();
      if (usernameChanged && usernameMarkers.has(next.username.toLowerCase())) {
        throw new ConflictError('This username is already taken.');
      }
      if (next.email !== profile.email) {
        emailMarkers.delete(profile.email);
        emailMarkers.set(next.email, { userId: profile._id });
      }
      if (usernameChanged) {
        usernameMarkers.delete(profile.username.toLowerCase());
        usernameMarkers.set(next.username.toLowerCase(), { userId: profile._id });
      }
      if (proof) codes.delete(proofKey);
      const updated = {
        ...current,
        ...next,
        ...(proof ? { verifiedEmail: next.email } : {}),
        ...(options.endSessions ? { tokensValidAfter: epoch(nowMs), sessionsValidAfterMs: nowMs } : {}),
        updatedAt: new Date(nowMs).toISOString(),
      };
      profiles.set(profile._id, updated);
      return { ...updated };
    },
  };
  return store;
}

interface DirectoryUser {
  sub: string;
  email: string;
  password: string;
  confirmed: boolean;
  groups: string[];
  /** TOTP as Cognito keeps it: the secret of a set-up, and whether it is the user's second factor. */
  totp?: { secret: string; enabled: boolean };
}

/** The one code the fake authenticator app ever shows. */
export const FAKE_TOTP_CODE = '246810';

export interface FakeDirectory extends IdentityDirectory {
  readonly users: Map<string, DirectoryUser>;
  /** Refresh token → sub, for every token handed out and not revoked (global sign-out or RevokeToken). */
  readonly refreshTokens: Map<string, string>;
  readonly calls: { method: string; args: unknown[] }[];
  /** Adds a confirmed user (e.g. an admin created with create-admin) and returns its sub. */
  addUser(
    email: string,
    password: string,
    options?: { confirmed?: boolean; groups?: string[]; totpEnabled?: boolean },
  ): string;
  /** A pool whose MFA is required: a right password without TOTP on answers MFA_SETUP. */
  poolRequiresMfa: boolean;
}

/** Cognito as cognito-directory.ts presents it: the pool's username is the e-mail. */
export function fakeDirectory(clock: Clock): FakeDirectory {
  const users = new Map<string, DirectoryUser>();
  const refreshTokens = new Map<string, string>();
  const calls: { method: string; args: unknown[] }[] = [];
  let counter = 0;
  const record = (method: string, args: unknown[]) => calls.push({ method, args });
  const nextSub = () => `00000000-0000-4000-8000-${String((counter += 1)).padStart(12, '0')}`;

  /** Sessions of TOTP challenges → the user's e-mail. */
  const challenges = new Map<string, string>();
  /** Sessions of MFA_SETUP challenges → the user's e-mail (each step hands out the next session). */
  const setupChallenges = new Map<string, string>();
  const issue = (user: DirectoryUser, withRefresh: boolean): IssuedTokens => {
    const iat = Math.floor(clock.now() / 1000);
    const refreshToken = withRefresh ? `refresh-${user.sub}-${(counter += 1)}` : undefined;
    if (refreshToken) refreshTokens.set(refreshToken, user.sub);
    return {
      idToken: `id-token-${user.sub}-${iat}`,
      accessToken: `access-token-${user.sub}-${iat}`,
      refreshToken,
      expiresIn: 3600,
      claims: { sub: user.sub, email: user.email, groups: [...user.groups], iat },
    };
  };
  const find = (email: string) => users.get(email.toLowerCase());

  const directory: FakeDirectory = {
    users,
    refreshTokens,
    calls,
    poolRequiresMfa: false,
    addUser(email, password, options = {}) {
      const sub = nextSub();
      users.set(email.toLowerCase(), {
        sub,
        email: email.toLowerCase(),
        password,
        confirmed: options.confirmed ?? true,
        groups: options.groups ?? [],
        ...(options.totpEnabled ? { totp: { secret: `SECRET${sub.slice(-4)}`, enabled: true } } : {}),
      });
      return sub;
    },
    async signUp(email, password) {
      record('signUp', [email]);
      if (find(email)) throw new ConflictError('An account with this email already exists. Please sign in instead.');
      const sub = nextSub();
      users.set(email.toLowerCase(), { sub, email: email.toLowerCase(), password, confirmed: false, groups: [] });
      return sub;
    },
    async confirm(email) {
      record('confirm', [email]);
      const user = find(email);
      if (user) user.confirmed = true;
    },
    async signIn(email, password) {
      record('signIn', [email]);
      const user = find(email);
      // Like Cognito: an unconfirmed user is "not confirmed" whatever the password.
      if (user && !user.confirmed) return { kind: 'unconfirmed' };
      if (!user || user.password !== password) return { kind: 'invalid' };
      if (user.totp?.enabled) {
        // Like the adapter: the session carries the Cognito username the challenge names.
        const session = withUsername(user.sub, `mfa-session-${(counter += 1)}`);
        challenges.set(session, user.email);
        return { kind: 'mfa', session };
      }
      if (directory.poolRequiresMfa) {
        const session = `setup-session-${(counter += 1)}`;
        setupChallenges.set(session, user.email);
        return { kind: 'mfa-setup', session };
      }
      return { kind: 'ok', tokens: issue(user, true) };
    },
    async startTotpSetupInChallenge(session) {
      record('startTotpSetupInChallenge', []);
      const user = find(setupChallenges.get(session) ?? '');
      if (!user) throw Object.assign(new Error('Invalid session for the user.'), { name: 'NotAuthorizedException' });
      setupChallenges.delete(session);
      user.totp = { secret: `SECRET${user.sub.slice(-4)}`, enabled: false };
      const next = `setup-session-${(counter += 1)}`;
      setupChallenges.set(next, user.email);
      return { secretCode: user.totp.secret, session: next };
    },
    async finishTotpSetupInChallenge(email, session, code) {
      record('finishTotpSetupInChallenge', [email]);
      const user = find(setupChallenges.get(session) ?? '');
      if (!user?.totp) return { kind: 'expired' };
      if (code !== FAKE_TOTP_CODE) return { kind: 'wrong-code' };
      setupChallenges.delete(session);
      user.totp.enabled = true;
      return { kind: 'done', tokens: issue(user, true) };
    },
    async respondToMfa(email, session, code) {
      record('respondToMfa', [email]);
      // Like Cognito: the session and the username in it decide whose sign-in this is, not the e-mail.
      const username = splitHandle(session)?.username;
      const user = [...users.values()].find((u) => u.sub === username);
      if (!user || challenges.get(session) !== user.email || code !== FAKE_TOTP_CODE) return { kind: 'invalid' };
      challenges.delete(session);
      return { kind: 'ok', tokens: issue(user, true) };
    },
    async startTotpSetup(accessToken) {
      record('startTotpSetup', []);
      const user = [...users.values()].find((u) => accessToken.startsWith(`access-token-${u.sub}-`));
      if (!user) throw Object.assign(new Error('Invalid Access Token'), { name: 'NotAuthorizedException' });
      user.totp = { secret: `SECRET${user.sub.slice(-4)}`, enabled: false };
      return user.totp.secret;
    },
    async finishTotpSetup(accessToken, code) {
      record('finishTotpSetup', []);
      const user = [...users.values()].find((u) => accessToken.startsWith(`access-token-${u.sub}-`));
      if (!user?.totp || code !== FAKE_TOTP_CODE) return false;
      user.totp.enabled = true;
      return true;
    },
    async refresh(refreshToken) {
      record('refresh', []);
      const sub = refreshTokens.get(refreshToken);
      const user = [...users.values()].find((u) => u.sub === sub);
      return user ? issue(user, false) : null;
    },
    async setPassword(email, password) {
      record('setPassword', [email]);
      const user = find(email);
      if (!user) throw Object.assign(new Error('User does not exist.'), { name: 'UserNotFoundException' });
      user.password = password;
    },
    async updateEmail(currentEmail, newEmail) {
      record('updateEmail', [currentEmail, newEmail]);
      const user = find(currentEmail);
      if (!user) return;
      users.delete(currentEmail.toLowerCase());
      user.email = newEmail.toLowerCase();
      users.set(user.email, user);
    },
    async signOutEverywhere(email) {
      record('signOutEverywhere', [email]);
      const user = find(email);
      for (const [token, sub] of [...refreshTokens]) if (sub === user?.sub) refreshTokens.delete(token);
      return 'done';
    },
    async revokeToken(refreshToken) {
      record('revokeToken', []);
      refreshTokens.delete(refreshToken);
    },
    async userStatus(email) {
      record('userStatus', [email]);
      const user = find(email);
      return user ? (user.confirmed ? 'CONFIRMED' : 'UNCONFIRMED') : null;
    },
    async deleteUser(email) {
      record('deleteUser', [email]);
      users.delete(email.toLowerCase());
    },
  };
  return directory;
}

export interface FakeMailer extends Mailer {
  readonly sent: { to: string; email: RenderedEmail }[];
  /** The 4-digit code of the last mail to `to`. */
  lastCode(to: string): string;
}

export function fakeMailer(): FakeMailer {
  const sent: { to: string; email: RenderedEmail }[] = [];
  return {
    sent,
    async send(to, email) {
      sent.push({ to, email });
    },
    lastCode(to) {
      const mail = sent.filter((m) => m.to === to).at(-1);
      const code = mail?.email.text.match(/\b(\d{4})\b/)?.[1];
      if (!code) throw new Error(`no code was mailed to ${to}`);
      return code;
    },
  };
}

/** The code key of the unit tests (the same value setup-env.ts gives the handlers). */
export const TEST_OTP_HASH_KEY = 'unit-test-otp-hash-key-0123456789abcdef';

export interface AuthWorld {
  clock: Clock;
  store: InMemoryAuthStore;
  directory: FakeDirectory;
  mailer: FakeMailer;
}

/**
 * The account mails over a fake mailer: each type's template (the defaults unless `templateOf`
 * says otherwise, as an admin's edit would), rendered as the real mailer renders it (render.ts).
 */
export const fakeSendMail =
  (
    mailer: FakeMailer,
    templateOf: (type: EmailTemplateType) => EmailTemplate = (type) => DEFAULT_EMAIL_TEMPLATES[type],
  ): AuthDeps['sendMail'] =>
  (to, type, values) =>
    mailer.send(to, renderEmail(templateOf(type), values));

/** The account use cases' dependencies over the fakes: default templates, the test key, no waiting between retries. */
export function authDepsOver(world: AuthWorld, overrides: Partial<AuthDeps> = {}): AuthDeps {
  return {
    store: world.store,
    directory: world.directory,
    sendMail: fakeSendMail(world.mailer),
    otpHashKey: TEST_OTP_HASH_KEY,
    now: world.clock.now,
    sleep: async () => undefined,
    ...overrides,
  };
}

/** The domain error a call throws (fails the test if it resolves or throws anything else). */
export const domainFailure = refusal;
