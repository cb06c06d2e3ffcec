import { AUTH, ACCOUNT_MESSAGES } from '@goldbot/shared';
import { describe, expect, it, vi } from 'vitest';
import * as profileCases from '../../src/domain/auth/account-profile.js';
import { LOGIN_MESSAGES } from '../../src/domain/auth/login-backoff.js';
import * as registrationCases from '../../src/domain/auth/registration.js';
import * as signInCases from '../../src/domain/auth/sign-in.js';
import { type DomainError, ForbiddenError, TooManyRequestsError, UnauthorizedError } from '../../src/domain/errors.js';
import {
  DAY_SECONDS,
  JANE,
  JOHN,
  callerOf,
  callsOf,
  clock,
  deps,
  directory,
  failure,
  freshAccountsEachTest,
  mailer,
  makeDeps,
  opened,
  registeredAndVerified,
  seconds,
  store,
} from '../helpers/account-world.js';

/**
 * The sign-in use cases (functions/src/domain/auth/sign-in.ts) against in-memory fakes of the
 * table, Cognito and SES that keep the real adapters' semantics (test/helpers/auth-fakes.ts):
 * login, refresh, logout and ending every session. The admin TOTP sign-in (mfa-sign-in.ts) is mfa-
 * sign-in.test.ts.
 */
freshAccountsEachTest();

describe('login', () => {
  it('opens no session for an account Cognito confirmed but no code confirmed here', async () => {
    // A verification whose confirming transaction did not commit after Cognito confirmed the user
    // (verifyRegistration confirms in Cognito first): the address is still unproven.
    await registrationCases.register(deps, JANE);
    await directory.confirm(JANE.email);
    seconds(60);
    const refused = await failure(signInCases.login(deps, { email: JANE.email, password: JANE.password }));
    expect([refused.statusCode, refused.message]).toEqual([403, LOGIN_MESSAGES.unverified]);
    expect(refused.details).toMatchObject({ needsVerification: true, email: JANE.email });
    expect(store.sessions.size).toBe(0);
    // The right password is no failure to back off from; a new code went out, and it confirms.
    expect(store.loginFailures.size).toBe(0);
    const session = opened(
      await registrationCases.verifyRegistration(deps, {
        email: JANE.email,
        otp: mailer.lastCode(JANE.email),
        password: JANE.password,
      }),
    );
    expect(session.body.email).toBe(JANE.email);
    expect(store.sessions.size).toBe(1);
  });

  it('answers unknown e-mails and wrong passwords with the same 401', async () => {
    await registeredAndVerified();
    const unknown = await failure(signInCases.login(deps, { email: 'nobody@example.com', password: JANE.password }));
    const wrong = await failure(signInCases.login(deps, { email: JANE.email, password: 'Wr0ng!Pass' }));
    expect(unknown).toBeInstanceOf(UnauthorizedError);
    expect(wrong).toBeInstanceOf(UnauthorizedError);
    expect(unknown.message).toBe(LOGIN_MESSAGES.invalid);
    expect(wrong.message).toBe(unknown.message);
    expect(wrong.details).toEqual(unknown.details);
  });

  it('backs off after 5 consecutive failures (429 with Retry-After), even for the right password', async () => {
    await registeredAndVerified();
    const statuses: number[] = [];
    for (let i = 0; i < AUTH.loginFailuresBeforeBackoff; i += 1) {
      statuses.push((await failure(signInCases.login(deps, { email: JANE.email, password: 'Wr0ng!Pass' }))).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);

    const blocked = await failure(signInCases.login(deps, { email: JANE.email, password: JANE.password }));
    expect(blocked).toBeInstanceOf(TooManyRequestsError);
    expect(blocked.headers).toEqual({ 'Retry-After': '30' });
    expect(blocked.message).toBe(LOGIN_MESSAGES.blocked(30));
    seconds(10);
    const stillBlocked = await failure(signInCases.login(deps, { email: JANE.email, password: JANE.password }));
    expect(stillBlocked.headers).toEqual({ 'Retry-After': '20' });
    // Blocked attempts never reach Cognito: 1 sign-in at verification + 5 failures.
    expect(callsOf(directory.calls, 'signIn')).toBe(6);

    seconds(20);
    expect((await failure(signInCases.login(deps, { email: JANE.email, password: 'Wr0ng!Pass' }))).statusCode).toBe(
      401,
    );
    const doubled = await failure(signInCases.login(deps, { email: JANE.email, password: JANE.password }));
    expect(doubled.headers).toEqual({ 'Retry-After': '60' });
    seconds(60);
    expect(
      opened(await signInCases.login(deps, { email: JANE.email, password: JANE.password })).body.token,
    ).toBeTruthy();
    expect(store.loginFailures.size).toBe(0); // a success resets the count
  });

  it('lets no more parallel attempts reach Cognito than the back-off allows', async () => {
    await registeredAndVerified();
    // Cognito takes a moment to answer, as it does: every attempt is in flight at once.
    const signIn = directory.signIn.bind(directory);
    directory.signIn = async (email, password) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return signIn(email, password);
    };
    const signInsBefore = callsOf(directory.calls, 'signIn');
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => signInCases.login(deps, { email: JANE.email, password: 'Wr0ng!Pass' })),
    );
    const statuses = results.map((r) => (r.status === 'rejected' ? (r.reason as DomainError).statusCode : 200));
    expect(statuses.filter((s) => s === 401)).toHaveLength(AUTH.loginFailuresBeforeBackoff);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - AUTH.loginFailuresBeforeBackoff);
    expect(callsOf(directory.calls, 'signIn') - signInsBefore).toBe(AUTH.loginFailuresBeforeBackoff);
    // The block was written with the fifth reservation, before its password was even checked.
    expect(store.loginFailures.get(JANE.email)).toEqual({
      failures: AUTH.loginFailuresBeforeBackoff,
      blockedUntil: Math.floor(clock.now() / 1000) + 30,
    });
  });

  it('never sends the password of a blocked address to Cognito', async () => {
    await registeredAndVerified();
    store.loginFailures.set(JANE.email, { failures: 7, blockedUntil: Math.floor(clock.now() / 1000) + 90 });
    const signInsBefore = callsOf(directory.calls, 'signIn');
    const blocked = await failure(signInCases.login(deps, { email: JANE.email, password: JANE.password }));
    expect([blocked.statusCode, blocked.headers['Retry-After']]).toEqual([429, '90']);
    expect(callsOf(directory.calls, 'signIn')).toBe(signInsBefore);
  });

  it('answers 403 needsVerification to an unverified account and mails a fresh code', async () => {
    await registrationCases.register(deps, JANE);
    seconds(AUTH.otpResendCooldownSeconds);
    const error = await failure(signInCases.login(deps, { email: JANE.email, password: JANE.password }));
    expect(error).toBeInstanceOf(ForbiddenError);
    expect(error.message).toBe(LOGIN_MESSAGES.unverified);
    expect(error.details).toEqual({ needsVerification: true, email: JANE.email });
    expect(mailer.sent).toHaveLength(2);
    const session = await registrationCases.verifyRegistration(deps, {
      email: JANE.email,
      otp: mailer.lastCode(JANE.email),
      password: JANE.password,
    });
    expect(opened(session).body.token).toBeTruthy();
  });

  it('answers a wrong password of an unverified account like any wrong password, and mails nothing', async () => {
    await registrationCases.register(deps, JANE);
    seconds(AUTH.otpResendCooldownSeconds);
    const wrong = await failure(signInCases.login(deps, { email: JANE.email, password: 'Wr0ng!Pass' }));
    const unknown = await failure(signInCases.login(deps, { email: 'nobody@example.com', password: 'Wr0ng!Pass' }));
    expect([wrong.statusCode, wrong.message]).toEqual([401, LOGIN_MESSAGES.invalid]);
    expect(wrong.details).toEqual(unknown.details);
    expect(mailer.sent).toHaveLength(1); // the registration's only
    const right = await failure(signInCases.login(deps, { email: JANE.email, password: JANE.password }));
    expect([right.statusCode, right.details]).toEqual([403, { needsVerification: true, email: JANE.email }]);
  });

  it('answers a sign-up whose registration expired like an unknown address, and mails nothing', async () => {
    await registrationCases.register(deps, JANE);
    seconds(DAY_SECONDS + 1); // our profile and markers are gone; Cognito keeps the UNCONFIRMED user
    for (const password of [JANE.password, 'Wr0ng!Pass']) {
      const error = await failure(signInCases.login(deps, { email: JANE.email, password }));
      expect([error.statusCode, error.message, error.details]).toEqual([401, LOGIN_MESSAGES.invalid, {}]);
    }
    expect(mailer.sent).toHaveLength(1); // the registration's only
    // Signing up again replaces the abandoned sign-up.
    await registrationCases.register(deps, JANE);
    expect(mailer.sent).toHaveLength(2);
  });

  it('still answers 403 needsVerification inside the resend cool-down (the last code stays valid)', async () => {
    await registrationCases.register(deps, JANE);
    const error = await failure(signInCases.login(deps, { email: JANE.email, password: JANE.password }));
    expect(error.details).toMatchObject({ needsVerification: true });
    expect(mailer.sent).toHaveLength(1);
  });

  it('refuses a deactivated account, at login and at refresh', async () => {
    const session = await registeredAndVerified();
    const profile = store.profiles.get(session.body.userId);
    if (profile) profile.isActive = false;
    const login = await failure(signInCases.login(deps, { email: JANE.email, password: JANE.password }));
    expect([login.statusCode, login.message]).toEqual([403, 'Account is deactivated']);
    const refresh = await failure(signInCases.refresh(deps, session.refreshToken));
    expect([refresh.statusCode, refresh.message]).toEqual([403, 'Account is deactivated']);
  });

  it('answers isAdmin from the admin group', async () => {
    directory.addUser('admin@example.com', 'Adm1n!Pass', { groups: ['admin'] });
    const session = opened(await signInCases.login(deps, { email: 'admin@example.com', password: 'Adm1n!Pass' }));
    expect(session.body.isAdmin).toBe(true);
    // The bootstrap admin had no profile: it is created on first sign-in, already verified.
    expect(store.profiles.get(session.body.userId)?.emailVerifiedAt).toBeDefined();
  });
});

describe('refresh and logout', () => {
  it('exchanges a refresh token we issued for a new ID token', async () => {
    const session = await registeredAndVerified();
    await expect(signInCases.refresh(deps, session.refreshToken)).resolves.toEqual({
      token: expect.any(String),
      expiresIn: 3600,
    });
  });

  it('refuses a missing token, unknown tokens and tokens of revoked sessions', async () => {
    const session = await registeredAndVerified();
    for (const token of [undefined, '', 'not-a-token']) {
      const error = await failure(signInCases.refresh(deps, token));
      expect([error.statusCode, error.message]).toEqual([401, ACCOUNT_MESSAGES.sessionEnded]);
    }
    // Cognito still accepts it, but our session registry no longer knows it.
    store.sessions.clear();
    const revoked = await failure(signInCases.refresh(deps, session.refreshToken));
    expect([revoked.statusCode, revoked.message]).toEqual([401, 'Your session has ended. Please sign in again.']);
  });

  it("logout ends only the caller's session, in our registry and in Cognito", async () => {
    const first = await registeredAndVerified();
    seconds(5);
    const second = opened(await signInCases.login(deps, { email: JANE.email, password: JANE.password }));
    expect(store.sessions.size).toBe(2);

    await expect(signInCases.logout(deps, callerOf(first), first.refreshToken)).resolves.toEqual({
      message: 'You have been signed out.',
    });
    expect(store.sessions.size).toBe(1);
    expect(callsOf(directory.calls, 'revokeToken')).toBe(1);
    const ended = await failure(signInCases.refresh(deps, first.refreshToken));
    expect([ended.statusCode, ended.message]).toEqual([401, ACCOUNT_MESSAGES.sessionEnded]);
    // The other browser stays signed in.
    await expect(signInCases.refresh(deps, second.refreshToken)).resolves.toMatchObject({ expiresIn: 3600 });
  });

  it('refuses a logged-out token even if Cognito would still renew it', async () => {
    const session = await registeredAndVerified();
    directory.revokeToken = async () => undefined; // e.g. cognito-local, or a revocation that failed
    await signInCases.logout(deps, callerOf(session), session.refreshToken);
    expect(directory.refreshTokens.has(session.refreshToken)).toBe(true);
    expect((await failure(signInCases.refresh(deps, session.refreshToken))).statusCode).toBe(401);
  });

  it("cannot end another user's session entry", async () => {
    const jane = await registeredAndVerified();
    seconds(60);
    const john = await registeredAndVerified(JOHN);
    directory.revokeToken = async () => undefined;
    await signInCases.logout(deps, callerOf(john), jane.refreshToken);
    await expect(signInCases.refresh(deps, jane.refreshToken)).resolves.toMatchObject({ expiresIn: 3600 });
  });

  it('answers a logout without a token and changes nothing', async () => {
    const session = await registeredAndVerified();
    await expect(signInCases.logout(deps, callerOf(session), undefined)).resolves.toEqual({
      message: 'You have been signed out.',
    });
    expect(store.sessions.size).toBe(1);
    expect(callsOf(directory.calls, 'revokeToken')).toBe(0);
  });
});

describe('ending every session', () => {
  async function changePasswordWith(signOutFailures: number) {
    const session = await registeredAndVerified();
    const onGlobalSignOutFailure = vi.fn();
    const sleep = vi.fn(async () => undefined);
    const signOutEverywhere = vi.fn(async () => {
      if (signOutEverywhere.mock.calls.length <= signOutFailures) {
        throw Object.assign(new Error('Rate exceeded'), { name: 'TooManyRequestsException' });
      }
      return 'done' as const;
    });
    directory.signOutEverywhere = signOutEverywhere;
    const answer = await profileCases.changePassword(
      makeDeps({ onGlobalSignOutFailure, sleep }),
      callerOf(session),
      session.body.userId,
      { currentPassword: JANE.password, password: 'N3w!Passw0rd' },
    );
    return { session, answer, onGlobalSignOutFailure, sleep, signOutEverywhere };
  }

  it('retries Cognito three times and then reports the failure once, with the user', async () => {
    const { session, answer, onGlobalSignOutFailure, sleep, signOutEverywhere } = await changePasswordWith(3);
    expect(answer.message).toMatch(/^Password updated successfully/);
    expect(signOutEverywhere).toHaveBeenCalledTimes(3);
    expect(onGlobalSignOutFailure).toHaveBeenCalledTimes(1);
    expect(onGlobalSignOutFailure).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'TooManyRequestsException' }),
      session.body.userId,
    );
    expect(sleep.mock.calls).toEqual([[100], [200]]);
    // Our own registry refused the old sessions regardless.
    expect((await failure(signInCases.refresh(deps, session.refreshToken))).statusCode).toBe(401);
    expect(store.profiles.get(session.body.userId)?.tokensValidAfter).toBeDefined();
  });

  it('reports nothing when a retry succeeds', async () => {
    const { onGlobalSignOutFailure, sleep, signOutEverywhere } = await changePasswordWith(2);
    expect(onGlobalSignOutFailure).not.toHaveBeenCalled();
    expect(sleep).toHaveBeenCalledTimes(2);
    expect(signOutEverywhere).toHaveBeenCalledTimes(3);
  });
});
