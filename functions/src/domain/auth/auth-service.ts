import { createHash } from 'node:crypto';
import { ADMIN_GROUP, AUTH, type AuthSessionResponse, type SessionUser } from '@goldbot/shared';
import type { IdentityDirectory, IssuedTokens } from '../../adapters/cognito-directory.js';
import type { Mailer } from '../../adapters/ses-mailer.js';
import type { AuthStore } from '../../data/auth-store.js';
import { ReferralCodeCollision } from '../../data/auth-store.js';
import { toSessionUser, type UserProfile } from '../../data/user-profile-entity.js';
import { renderEmail, type EmailTemplate, type EmailTemplateType } from '../email/templates.js';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
} from '../errors.js';
import { LOGIN_MESSAGES, backoffSeconds } from './login-backoff.js';
import { CODE_MESSAGES, checkCode, codeExpiry, generateCode, hashCode, type CodePurpose } from './one-time-codes.js';
import { generateReferralCode } from './referral-code.js';

/**
 * Accounts: registration with e-mailed one-time codes, sign-in with back-off, refresh, password
 * reset, profile and password changes (DESIGN.md §6). Storage, Cognito and mail are injected.
 */
export interface AuthDeps {
  store: AuthStore;
  directory: IdentityDirectory;
  mailer: Mailer;
  loadTemplate: (type: EmailTemplateType) => Promise<EmailTemplate>;
  otpHashKey: string;
  now: () => number;
}

export interface SessionCaller {
  userId: string;
  email: string;
  isAdmin: boolean;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export class AuthService {
  constructor(private readonly deps: AuthDeps) {}

  private async sendCode(email: string, username: string, purpose: CodePurpose): Promise<void> {
    const { store, mailer, otpHashKey, now } = this.deps;
    const code = generateCode();
    const nowMs = now();
    await store.issueCode(email, purpose, hashCode(otpHashKey, purpose, email, code), codeExpiry(nowMs), nowMs);
    const template = await this.deps.loadTemplate(purpose === 'registration' ? 'otpVerification' : 'passwordResetOtp');
    await mailer.send(email, renderEmail(template, { username, code, expiresInMinutes: AUTH.otpTtlMinutes }));
  }

  /** The login back-off: while an address is blocked, no password is even tried (sign-in or change). */
  private async assertNotBlocked(email: string, nowMs: number): Promise<void> {
    const failures = await this.deps.store.getLoginFailures(email);
    const blockedFor = failures ? failures.blockedUntil - Math.floor(nowMs / 1000) : 0;
    if (blockedFor > 0) throw new TooManyRequestsError(LOGIN_MESSAGES.blocked(blockedFor), blockedFor);
  }

  /** Checks a code without consuming it; a wrong try is counted against that exact code. */
  private async checkCode(email: string, purpose: CodePurpose, code: string): Promise<string> {
    const { store, otpHashKey, now } = this.deps;
    const candidate = hashCode(otpHashKey, purpose, email, code);
    const stored = await store.getCode(email, purpose);
    const verdict = checkCode(stored, candidate, now());
    if (verdict === 'valid') return candidate;
    if (verdict === 'wrong' && stored) {
      await store.recordWrongTry(email, purpose, stored.codeHash);
      if (stored.wrongTries + 1 >= AUTH.otpMaxWrongTries)
        throw new ValidationError(CODE_MESSAGES.exhausted, { otp: CODE_MESSAGES.exhausted });
      throw new ValidationError(CODE_MESSAGES.wrong, { otp: CODE_MESSAGES.wrong });
    }
    throw new ValidationError(CODE_MESSAGES[verdict], { otp: CODE_MESSAGES[verdict] });
  }

  private async newProfile(userId: string, username: string, email: string, verified: boolean): Promise<UserProfile> {
    const nowIso = new Date(this.deps.now()).toISOString();
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
        createdAt: nowIso,
        updatedAt: nowIso,
      };
      try {
        await this.deps.store.createRegistration(profile, this.deps.now(), verified);
        return profile;
      } catch (error) {
        if (!(error instanceof ReferralCodeCollision)) throw error;
      }
    }
    throw new Error('Could not allocate a unique referral code');
  }

  async register(input: {
    username: string;
    email: string;
    password: string;
  }): Promise<{ message: string; email: string }> {
    const { store, directory, now } = this.deps;
    if (await store.findUserIdByEmail(input.email, now())) {
      throw new ConflictError('An account with this email already exists. Please sign in instead.');
    }
    if (await store.isUsernameTaken(input.username, now())) throw new ConflictError('This username is already taken.');
    let userId: string;
    try {
      userId = await directory.signUp(input.email, input.password);
    } catch (error) {
      // No live registration of ours holds this e-mail, yet Cognito has the user: an abandoned
      // sign-up whose profile and markers expired after 24 h. Clear it and start again; a
      // confirmed account is left alone and keeps its 409.
      if (!(error instanceof ConflictError) || (await directory.userStatus(input.email)) !== 'UNCONFIRMED') throw error;
      await directory.deleteUser(input.email);
      userId = await directory.signUp(input.email, input.password);
    }
    try {
      await this.newProfile(userId, input.username, input.email, false);
    } catch (error) {
      // Compensation: never leave a Cognito account without its profile.
      await directory.deleteUser(input.email);
      throw error;
    }
    await this.sendCode(input.email, input.username, 'registration');
    return {
      message: 'Registration successful! Please check your email for the verification code.',
      email: input.email,
    };
  }

  async resendRegistrationCode(email: string): Promise<{ message: string }> {
    const { store, now } = this.deps;
    const userId = await store.findUserIdByEmail(email, now());
    const profile = userId ? await store.getProfile(userId) : undefined;
    if (!profile) throw new NotFoundError('No registration found for this email. Please register first.');
    if (profile.emailVerifiedAt) throw new ConflictError('This email is already verified. Please sign in.');
    await this.sendCode(email, profile.username, 'registration');
    return { message: 'OTP resent successfully!' };
  }

  async verifyRegistration(input: {
    email: string;
    otp: string;
    password?: string;
  }): Promise<AuthSessionResponse | { verified: true; message: string }> {
    const { store, directory, now } = this.deps;
    const userId = await store.findUserIdByEmail(input.email, now());
    const profile = userId ? await store.getProfile(userId) : undefined;
    if (!profile) throw new ValidationError(CODE_MESSAGES.missing, { otp: CODE_MESSAGES.missing });
    if (!profile.emailVerifiedAt) {
      const codeHash = await this.checkCode(input.email, 'registration', input.otp);
      const outcome = await store.confirmRegistration(profile, codeHash, now());
      if (outcome === 'code-rejected') throw new ValidationError(CODE_MESSAGES.missing, { otp: CODE_MESSAGES.missing });
      await directory.confirm(input.email);
    } else {
      // Already verified (a retried request after a failure half-way): make sure Cognito agrees,
      // but never sign in here, or this route would be a password oracle without the back-off.
      await directory.confirm(input.email);
      throw new ConflictError('This email is already verified. Please sign in.');
    }
    if (input.password) {
      const signIn = await directory.signIn(input.email, input.password);
      if (signIn.kind === 'ok') return this.openSession(signIn.tokens);
    }
    return { verified: true, message: 'Account verified, please sign in.' };
  }

  private async openSession(tokens: IssuedTokens): Promise<AuthSessionResponse> {
    const { store, now } = this.deps;
    const isAdmin = tokens.claims.groups.includes(ADMIN_GROUP);
    const profile = await this.ensureProfile({ userId: tokens.claims.sub, email: tokens.claims.email, isAdmin });
    if (!profile.isActive) throw new ForbiddenError(LOGIN_MESSAGES.deactivated);
    if (!tokens.refreshToken) throw new Error('Cognito issued no refresh token');
    await store.putSession(profile._id, hashToken(tokens.refreshToken), now());
    return {
      ...toSessionUser(profile, isAdmin),
      token: tokens.idToken,
      refreshToken: tokens.refreshToken,
      expiresIn: tokens.expiresIn,
    };
  }

  async login(input: { email: string; password: string }): Promise<AuthSessionResponse> {
    const { store, directory, now } = this.deps;
    const nowMs = now();
    await this.assertNotBlocked(input.email, nowMs);

    let result = await directory.signIn(input.email, input.password);
    if (result.kind === 'unconfirmed') {
      // Verified with us but the Cognito confirmation failed half-way: repair it and sign in.
      const userId = await store.findUserIdByEmail(input.email, nowMs);
      const profile = userId ? await store.getProfile(userId) : undefined;
      if (profile?.emailVerifiedAt) {
        await directory.confirm(input.email);
        result = await directory.signIn(input.email, input.password);
      }
    }
    if (result.kind === 'disabled') throw new ForbiddenError(LOGIN_MESSAGES.deactivated);
    if (result.kind === 'invalid') {
      // The answer stays the generic 401; from the 5th consecutive failure on, the next attempt
      // waits (checked above), whatever password it carries.
      await store.recordLoginFailure(input.email, nowMs, backoffSeconds);
      throw new UnauthorizedError(LOGIN_MESSAGES.invalid);
    }
    if (result.kind === 'unconfirmed') {
      const userId = await store.findUserIdByEmail(input.email, nowMs);
      const profile = userId ? await store.getProfile(userId) : undefined;
      try {
        await this.sendCode(input.email, profile?.username ?? input.email, 'registration');
      } catch (error) {
        // Within the cool-down the previous code is still valid: the user can use it.
        if (!(error instanceof TooManyRequestsError)) throw error;
      }
      throw new ForbiddenError(LOGIN_MESSAGES.unverified, { needsVerification: true, email: input.email });
    }
    await store.clearLoginFailures(input.email);
    return this.openSession(result.tokens);
  }

  async refresh(refreshToken: string): Promise<{ token: string; expiresIn: number }> {
    const { store, directory } = this.deps;
    const ended = 'Your session has ended. Please sign in again.';
    const tokens = await directory.refresh(refreshToken);
    if (!tokens) throw new UnauthorizedError(ended);
    if (!(await store.sessionExists(tokens.claims.sub, hashToken(refreshToken)))) throw new UnauthorizedError(ended);
    const profile = await store.getProfile(tokens.claims.sub);
    if (profile && !profile.isActive) throw new ForbiddenError(LOGIN_MESSAGES.deactivated);
    return { token: tokens.idToken, expiresIn: tokens.expiresIn };
  }

  async requestPasswordReset(email: string): Promise<{ message: string }> {
    const { store, now } = this.deps;
    const message = 'If an account exists for this email, we have sent a reset code. Check your email for OTP.';
    const userId = await store.findUserIdByEmail(email, now());
    const profile = userId ? await store.getProfile(userId) : undefined;
    // Same answer whether or not the account exists (no enumeration); unknown addresses get no mail.
    if (!profile?.emailVerifiedAt) return { message };
    try {
      await this.sendCode(email, profile.username, 'reset');
    } catch (error) {
      // A cool-down or cap answer would reveal that the account exists: answer the same, send nothing.
      if (!(error instanceof TooManyRequestsError)) throw error;
    }
    return { message };
  }

  async verifyResetCode(email: string, otp: string): Promise<{ message: string }> {
    await this.checkCode(email, 'reset', otp);
    return { message: 'OTP verified successfully!' };
  }

  async resetPassword(input: { email: string; otp: string; newPassword: string }): Promise<{ message: string }> {
    const { store, directory, now } = this.deps;
    const codeHash = await this.checkCode(input.email, 'reset', input.otp);
    if (!(await store.consumeCode(input.email, 'reset', codeHash, now()))) {
      throw new ValidationError(CODE_MESSAGES.missing, { otp: CODE_MESSAGES.missing });
    }
    const userId = await store.findUserIdByEmail(input.email, now());
    if (!userId) throw new ValidationError(CODE_MESSAGES.missing, { otp: CODE_MESSAGES.missing });
    await directory.setPassword(input.email, input.newPassword);
    await this.endSessions(userId, input.email);
    await store.clearLoginFailures(input.email);
    return { message: 'Password reset successful!' };
  }

  private async endSessions(userId: string, email: string): Promise<void> {
    await this.deps.store.revokeSessions(userId, this.deps.now());
    try {
      await this.deps.directory.signOutEverywhere(email);
    } catch {
      // Our session registry and tokensValidAfter already refuse old sessions; Cognito's global
      // sign-out is defence in depth (cognito-local does not implement it).
    }
  }

  /** Lazily creates the profile of a user who arrived without registering here (Google, bootstrap admin). */
  async ensureProfile(caller: SessionCaller): Promise<UserProfile> {
    const { store } = this.deps;
    const existing = await store.getProfile(caller.userId);
    if (existing) return existing;
    const base =
      caller.email
        .split('@')[0]
        ?.replace(/[^A-Za-z0-9_.-]/g, '')
        .slice(0, 24) || 'user';
    let username = base.length >= 3 ? base : `${base}user`;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      if (!(await store.isUsernameTaken(username, this.deps.now()))) break;
      username = `${base.slice(0, 22)}${Math.floor(1000 + Math.random() * 9000)}`;
    }
    try {
      return await this.newProfile(caller.userId, username, caller.email, true);
    } catch (error) {
      // Two first requests at once: the other one created it.
      const created = await store.getProfile(caller.userId);
      if (created) return created;
      throw error;
    }
  }

  async me(caller: SessionCaller): Promise<SessionUser> {
    return toSessionUser(await this.ensureProfile(caller), caller.isAdmin);
  }

  async getUserData(caller: SessionCaller, userId: string) {
    if (caller.userId !== userId && !caller.isAdmin) throw new ForbiddenError('You can only view your own account.');
    const profile =
      caller.userId === userId ? await this.ensureProfile(caller) : await this.deps.store.getProfile(userId);
    if (!profile) throw new NotFoundError('User not found.');
    const { userId: _ignored, ...user } = toSessionUser(
      profile,
      caller.userId === userId ? caller.isAdmin : profile.isAdmin,
    );
    return { _id: profile._id, ...user };
  }

  async updateProfile(caller: SessionCaller, userId: string, input: { username: string; email: string }) {
    if (caller.userId !== userId) throw new ForbiddenError('You can only change your own account.');
    const { store, directory, now } = this.deps;
    const profile = await this.ensureProfile(caller);
    if (input.email !== profile.email && (await store.findUserIdByEmail(input.email, now()))) {
      throw new ConflictError('An account with this email already exists.');
    }
    if (
      input.username.toLowerCase() !== profile.username.toLowerCase() &&
      (await store.isUsernameTaken(input.username, now(), profile._id))
    ) {
      throw new ConflictError('This username is already taken.');
    }
    const updated = await store.updateIdentity(profile, input, now());
    if (input.email !== profile.email) await directory.updateEmail(profile.email, input.email);
    return { message: 'Profile updated successfully', user: toSessionUser(updated, caller.isAdmin) };
  }

  async changePassword(caller: SessionCaller, userId: string, input: { currentPassword: string; password: string }) {
    if (caller.userId !== userId) throw new ForbiddenError('You can only change your own account.');
    const { directory, store, now } = this.deps;
    // The profile holds the current address (the token's may predate an e-mail change).
    const { email } = await this.ensureProfile(caller);
    // Wrong current passwords count like failed sign-ins, so a stolen token cannot guess freely.
    await this.assertNotBlocked(email, now());
    const check = await directory.signIn(email, input.currentPassword);
    if (check.kind !== 'ok') {
      await store.recordLoginFailure(email, now(), backoffSeconds);
      throw new ValidationError('Current password is incorrect', { currentPassword: 'Current password is incorrect' });
    }
    await directory.setPassword(email, input.password);
    await store.clearLoginFailures(email);
    await this.endSessions(userId, email);
    return { message: 'Password updated successfully. Please login again with your new password.' };
  }
}
