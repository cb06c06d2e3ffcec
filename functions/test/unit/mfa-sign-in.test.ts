import { AUTH } from '@goldbot/shared';
import { describe, expect, it } from 'vitest';
import { type AuthDeps, type OpenedSession, type SessionCaller } from '../../src/domain/auth/account-deps.js';
import { MFA_MESSAGES } from '../../src/domain/auth/mfa-sign-in.js';
import { type LoginOutcome } from '../../src/domain/auth/sign-in.js';
import * as profileCases from '../../src/domain/auth/account-profile.js';
import * as mfaCases from '../../src/domain/auth/mfa-sign-in.js';
import * as provisioning from '../../src/domain/auth/profile-provisioning.js';
import * as signInCases from '../../src/domain/auth/sign-in.js';
import { ADMIN_MFA_MESSAGES, assertAdminMfa } from '../../src/domain/auth/admin-mfa.js';
import { LOGIN_MESSAGES } from '../../src/domain/auth/login-backoff.js';
import { TooManyRequestsError, UnauthorizedError, ValidationError } from '../../src/domain/errors.js';
import { callsOf, clock, directory, failure, freshAccountsEachTest, mailer, store } from '../helpers/account-world.js';
import { FAKE_TOTP_CODE, authDepsOver } from '../helpers/auth-fakes.js';

/**
 * The admin two-factor sign-in (docs/security.md, "Administrators sign in with TOTP") in the account use cases, against the
 * in-memory fakes of the table and Cognito: the set-up an administrator without TOTP must finish
 * before any token is handed out, the TOTP challenge of a user with TOTP on, and its back-off.
 */
const ADMIN = { email: 'admin@example.com', password: 'Adm1n!Pass' };
const CUSTOMER = { email: 'customer@example.com', password: 'Cust0mer!Pass' };
const SETUP_ID = 'setup-0001';
const WRONG_CODE = '135790';

freshAccountsEachTest();

function makeDeps(overrides: Partial<AuthDeps> = {}): AuthDeps {
  return authDepsOver({ clock, store, directory, mailer }, { newSetupId: () => SETUP_ID, ...overrides });
}
const epoch = (ms: number) => Math.floor(ms / 1000);

function opened(outcome: LoginOutcome): OpenedSession {
  if ('kind' in outcome) throw new Error(`expected a session, got ${JSON.stringify(outcome)}`);
  return outcome;
}

function secondStep<K extends 'mfa-required' | 'mfa-setup'>(outcome: LoginOutcome, kind: K) {
  if (!('kind' in outcome) || outcome.kind !== kind) {
    throw new Error(`expected ${kind}, got ${JSON.stringify(outcome)}`);
  }
  return outcome as Extract<LoginOutcome, { kind: K }>;
}

describe('login of an administrator without TOTP where admin MFA is required', () => {
  it('answers the TOTP set-up, hands out no token and keeps the access token on the server', async () => {
    const deps = makeDeps({ adminMfaRequired: true });
    const sub = directory.addUser(ADMIN.email, ADMIN.password, { groups: ['admin'] });

    const outcome = await signInCases.login(deps, ADMIN);

    const secret = directory.users.get(ADMIN.email)?.totp?.secret;
    expect(secret).toBe(`SECRET${sub.slice(-4)}`);
    expect(outcome).toEqual({
      kind: 'mfa-setup',
      body: {
        mfaSetupRequired: true,
        email: ADMIN.email,
        setupId: SETUP_ID,
        secretCode: secret,
        otpauthUri: `otpauth://totp/GoldBot%3Aadmin%40example.com?secret=${secret}&issuer=GoldBot`,
        message: MFA_MESSAGES.setup,
      },
    });
    // No session of any kind: no registry entry, no ID token, no refresh token.
    expect(callsOf(store.calls, 'putSession')).toBe(0);
    expect(store.sessions.size).toBe(0);
    expect(outcome).not.toHaveProperty('refreshToken');
    expect(JSON.stringify(outcome)).not.toContain('id-token-');
    expect(JSON.stringify(outcome)).not.toContain('access-token-');
    // The set-up holds the access token Cognito's TOTP calls need, for 10 minutes.
    expect(store.mfaSetups.get(SETUP_ID)).toEqual({
      userId: sub,
      email: ADMIN.email,
      accessToken: `access-token-${sub}-${epoch(clock.now())}`,
      wrongTries: 0,
      expiresAt: epoch(clock.now()) + AUTH.mfaSetupMinutes * 60,
    });
    expect(AUTH.mfaSetupMinutes).toBe(10);
    expect(callsOf(directory.calls, 'startTotpSetup')).toBe(1);
    // The right password clears the back-off, and the profile exists (not yet with TOTP).
    expect(store.loginFailures.size).toBe(0);
    expect(store.profiles.get(sub)?.mfaEnabledAt).toBeUndefined();
  });

  it('opens a normal session for a customer', async () => {
    const deps = makeDeps({ adminMfaRequired: true });
    directory.addUser(CUSTOMER.email, CUSTOMER.password);
    const session = opened(await signInCases.login(deps, CUSTOMER));
    expect(session.body).toMatchObject({ email: CUSTOMER.email, isAdmin: false });
    expect(session.body.token).toBeTruthy();
    expect(session.refreshToken).toBeTruthy();
    expect(store.sessions.size).toBe(1);
    expect(callsOf(directory.calls, 'startTotpSetup')).toBe(0);
    expect(store.mfaSetups.size).toBe(0);
  });

  it('opens a normal session for an administrator where admin MFA is not required', async () => {
    directory.addUser(ADMIN.email, ADMIN.password, { groups: ['admin'] });
    for (const deps of [makeDeps({ adminMfaRequired: false }), makeDeps({ adminMfaRequired: undefined })]) {
      const session = opened(await signInCases.login(deps, ADMIN));
      expect(session.body).toMatchObject({ email: ADMIN.email, isAdmin: true });
      expect(session.body.token).toBeTruthy();
    }
    expect(callsOf(directory.calls, 'startTotpSetup')).toBe(0);
    expect(store.mfaSetups.size).toBe(0);
  });

  it('still answers a wrong password with the generic 401, and starts no set-up', async () => {
    const deps = makeDeps({ adminMfaRequired: true });
    directory.addUser(ADMIN.email, ADMIN.password, { groups: ['admin'] });
    const error = await failure(signInCases.login(deps, { email: ADMIN.email, password: 'Wr0ng!Pass' }));
    expect([error.statusCode, error.message]).toEqual([401, LOGIN_MESSAGES.invalid]);
    expect(store.mfaSetups.size).toBe(0);
    expect(callsOf(directory.calls, 'startTotpSetup')).toBe(0);
  });
});

describe('login of a user with TOTP on', () => {
  it('answers the challenge instead of a session, and clears the failed sign-ins', async () => {
    const deps = makeDeps({ adminMfaRequired: true });
    directory.addUser(ADMIN.email, ADMIN.password, { groups: ['admin'], totpEnabled: true });
    for (let i = 0; i < 3; i += 1)
      await failure(signInCases.login(deps, { email: ADMIN.email, password: 'Wr0ng!Pass' }));
    expect(store.loginFailures.get(ADMIN.email)?.failures).toBe(3);

    const outcome = secondStep(await signInCases.login(deps, ADMIN), 'mfa-required');

    expect(outcome.body).toEqual({
      mfaRequired: true,
      email: ADMIN.email,
      session: expect.stringMatching(/^[0-9a-f-]{36}~mfa-session-/),
      message: 'Enter the 6-digit code from your authenticator app.',
    });
    expect(MFA_MESSAGES.challenge).toBe(outcome.body.message);
    expect(store.loginFailures.has(ADMIN.email)).toBe(false);
    expect(callsOf(store.calls, 'putSession')).toBe(0);
    expect(store.mfaSetups.size).toBe(0);
  });

  it('challenges any user Cognito challenges, whether or not admin MFA is required', async () => {
    directory.addUser(CUSTOMER.email, CUSTOMER.password, { totpEnabled: true });
    const outcome = secondStep(
      await signInCases.login(makeDeps({ adminMfaRequired: false }), CUSTOMER),
      'mfa-required',
    );
    expect(outcome.body.mfaRequired).toBe(true);
    expect(store.sessions.size).toBe(0);
  });
});

describe('verifyMfa', () => {
  async function challenged(deps: AuthDeps, user = ADMIN) {
    return secondStep(await signInCases.login(deps, user), 'mfa-required').body.session;
  }

  it('opens a session with the right code and records TOTP on an admin profile that lacks it', async () => {
    const deps = makeDeps({ adminMfaRequired: true });
    const sub = directory.addUser(ADMIN.email, ADMIN.password, { groups: ['admin'], totpEnabled: true });
    const session = await challenged(deps);
    clock.advance(5_000);

    const result = await mfaCases.verifyMfa(deps, { email: ADMIN.email, session, code: FAKE_TOTP_CODE });

    expect(result.body).toMatchObject({ userId: sub, email: ADMIN.email, isAdmin: true, expiresIn: 3600 });
    expect(result.body.token).toBeTruthy();
    expect(result.refreshToken).toBeTruthy();
    expect(store.sessions.size).toBe(1);
    // As of the TOTP sign-in's token (`iat`), so this session passes the sign-in-after-TOTP rule.
    expect(store.profiles.get(sub)?.mfaEnabledAt).toBe(new Date(epoch(clock.now()) * 1000).toISOString());
    expect(() => assertAdminMfa(store.profiles.get(sub) ?? {}, epoch(clock.now()))).not.toThrow();
    expect(callsOf(store.calls, 'markMfaEnabled')).toBe(1);
    expect(store.loginFailures.has(ADMIN.email)).toBe(false);
    expect(store.loginFailures.has(sub)).toBe(false);
  });

  it('leaves an existing mfaEnabledAt alone, and never marks a customer', async () => {
    const deps = makeDeps({ adminMfaRequired: true });
    const admin = directory.addUser(ADMIN.email, ADMIN.password, { groups: ['admin'], totpEnabled: true });
    await mfaCases.verifyMfa(deps, { email: ADMIN.email, session: await challenged(deps), code: FAKE_TOTP_CODE });
    const first = store.profiles.get(admin)?.mfaEnabledAt;
    clock.advance(60_000);
    await mfaCases.verifyMfa(deps, { email: ADMIN.email, session: await challenged(deps), code: FAKE_TOTP_CODE });
    expect(store.profiles.get(admin)?.mfaEnabledAt).toBe(first);
    expect(callsOf(store.calls, 'markMfaEnabled')).toBe(1);

    const customer = directory.addUser(CUSTOMER.email, CUSTOMER.password, { totpEnabled: true });
    const result = await mfaCases.verifyMfa(deps, {
      email: CUSTOMER.email,
      session: await challenged(deps, CUSTOMER),
      code: FAKE_TOTP_CODE,
    });
    expect(result.body.isAdmin).toBe(false);
    expect(store.profiles.get(customer)?.mfaEnabledAt).toBeUndefined();
    expect(callsOf(store.calls, 'markMfaEnabled')).toBe(1);
  });

  it('answers a wrong code with 400 on the code field, opening nothing', async () => {
    const deps = makeDeps({ adminMfaRequired: true });
    const sub = directory.addUser(ADMIN.email, ADMIN.password, { groups: ['admin'], totpEnabled: true });
    const session = await challenged(deps);

    const error = await failure(mfaCases.verifyMfa(deps, { email: ADMIN.email, session, code: WRONG_CODE }));

    expect(error).toBeInstanceOf(ValidationError);
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe('The code is incorrect. Please try again.');
    expect((error as ValidationError).fieldErrors).toEqual({ code: 'The code is incorrect. Please try again.' });
    expect(store.sessions.size).toBe(0);
    expect(callsOf(store.calls, 'markMfaEnabled')).toBe(0);
    // The wrong code counts as a failed sign-in of the session's account (its Cognito username)
    // until a success clears it.
    expect(store.loginFailures.get(sub)?.failures).toBe(1);
    // Cognito's session survives a wrong code: the right one still opens the session.
    const result = await mfaCases.verifyMfa(deps, { email: ADMIN.email, session, code: FAKE_TOTP_CODE });
    expect(result.body.token).toBeTruthy();
    expect(store.loginFailures.has(sub)).toBe(false);
  });

  it('answers a session that is not this user’s like a wrong code, and one without its username as expired', async () => {
    const deps = makeDeps({ adminMfaRequired: true });
    const sub = directory.addUser(ADMIN.email, ADMIN.password, { groups: ['admin'], totpEnabled: true });
    const error = await failure(
      mfaCases.verifyMfa(deps, { email: ADMIN.email, session: `${sub}~mfa-session-forged`, code: FAKE_TOTP_CODE }),
    );
    expect([error.statusCode, error.message]).toEqual([400, MFA_MESSAGES.wrongCode]);
    // A session from before the username travelled with it cannot be answered: nothing reaches Cognito.
    const old = await failure(
      mfaCases.verifyMfa(deps, { email: ADMIN.email, session: 'mfa-session-1', code: FAKE_TOTP_CODE }),
    );
    expect([old.statusCode, old.message]).toEqual([401, MFA_MESSAGES.expired]);
    expect(callsOf(directory.calls, 'respondToMfa')).toBe(1);
    expect(store.sessions.size).toBe(0);
  });

  it('keys the back-off on the username in the session: another e-mail on each try escapes nothing', async () => {
    const deps = makeDeps({ adminMfaRequired: true });
    const sub = directory.addUser(ADMIN.email, ADMIN.password, { groups: ['admin'], totpEnabled: true });
    const session = await challenged(deps);
    for (let i = 0; i < AUTH.loginFailuresBeforeBackoff; i += 1) {
      const email = `decoy-${i}@example.com`;
      expect((await failure(mfaCases.verifyMfa(deps, { email, session, code: WRONG_CODE }))).statusCode).toBe(400);
    }
    expect(store.loginFailures.get(sub)?.failures).toBe(AUTH.loginFailuresBeforeBackoff);
    expect([...store.loginFailures.keys()].filter((key) => key.startsWith('decoy-'))).toEqual([]);
    const blocked = await failure(
      mfaCases.verifyMfa(deps, { email: 'yet-another@example.com', session, code: FAKE_TOTP_CODE }),
    );
    expect(blocked).toBeInstanceOf(TooManyRequestsError);
    expect(callsOf(directory.calls, 'respondToMfa')).toBe(AUTH.loginFailuresBeforeBackoff);
  });

  it('keeps the codes’ back-off across sign-ins: the right password clears only the address’s', async () => {
    const deps = makeDeps({ adminMfaRequired: true });
    const sub = directory.addUser(ADMIN.email, ADMIN.password, { groups: ['admin'], totpEnabled: true });
    for (let i = 0; i < AUTH.loginFailuresBeforeBackoff - 1; i += 1) {
      const session = await challenged(deps);
      await failure(mfaCases.verifyMfa(deps, { email: ADMIN.email, session, code: WRONG_CODE }));
    }
    // A new sign-in with the right password, and one more wrong code: the fifth, so the back-off starts.
    const session = await challenged(deps);
    await failure(mfaCases.verifyMfa(deps, { email: ADMIN.email, session, code: WRONG_CODE }));
    expect(store.loginFailures.get(sub)?.failures).toBe(AUTH.loginFailuresBeforeBackoff);
    const blocked = await failure(mfaCases.verifyMfa(deps, { email: ADMIN.email, session, code: FAKE_TOTP_CODE }));
    expect(blocked.statusCode).toBe(429);
  });

  it('backs off after 5 wrong codes: the next attempt is 429 and never reaches Cognito', async () => {
    const deps = makeDeps({ adminMfaRequired: true });
    directory.addUser(ADMIN.email, ADMIN.password, { groups: ['admin'], totpEnabled: true });
    const session = await challenged(deps);
    const statuses: number[] = [];
    for (let i = 0; i < AUTH.loginFailuresBeforeBackoff; i += 1) {
      statuses.push(
        (await failure(mfaCases.verifyMfa(deps, { email: ADMIN.email, session, code: WRONG_CODE }))).statusCode,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    expect(callsOf(directory.calls, 'respondToMfa')).toBe(5);

    // Even the right code waits out the back-off.
    const blocked = await failure(mfaCases.verifyMfa(deps, { email: ADMIN.email, session, code: FAKE_TOTP_CODE }));
    expect(blocked).toBeInstanceOf(TooManyRequestsError);
    expect(blocked.message).toBe(LOGIN_MESSAGES.blocked(30));
    expect(blocked.headers).toEqual({ 'Retry-After': '30' });
    expect(callsOf(directory.calls, 'respondToMfa')).toBe(5);
    // A new sign-in with the password leads to the same blocked code step: the back-off is the account's.
    const again = await challenged(deps);
    expect(
      (await failure(mfaCases.verifyMfa(deps, { email: ADMIN.email, session: again, code: FAKE_TOTP_CODE })))
        .statusCode,
    ).toBe(429);
    expect(callsOf(directory.calls, 'respondToMfa')).toBe(5);
    expect(store.sessions.size).toBe(0);
  });
});

describe('assertAdminMfa: the admin-action rule', () => {
  const enabledAt = '2026-11-27T10:00:00.000Z';
  const enabledSeconds = Date.parse(enabledAt) / 1000;
  const refusal = (profile: { mfaEnabledAt?: string }, authTime: number) => {
    try {
      assertAdminMfa(profile, authTime);
      return null;
    } catch (error) {
      return error as { statusCode: number; message: string };
    }
  };

  it('refuses an administrator without TOTP with 403 and a clear message', () => {
    expect(refusal({}, enabledSeconds)).toMatchObject({ statusCode: 403, message: ADMIN_MFA_MESSAGES.required });
  });

  it('refuses a token whose sign-in came before TOTP was turned on, and accepts one from after', () => {
    expect(refusal({ mfaEnabledAt: enabledAt }, enabledSeconds - 1)).toMatchObject({
      statusCode: 403,
      message: ADMIN_MFA_MESSAGES.signInBeforeMfa,
    });
    expect(refusal({ mfaEnabledAt: enabledAt }, enabledSeconds)).toBeNull();
    expect(refusal({ mfaEnabledAt: enabledAt }, enabledSeconds + 3600)).toBeNull();
  });

  it('fails closed on an unreadable date', () => {
    expect(refusal({ mfaEnabledAt: 'not a date' }, enabledSeconds)).toMatchObject({ statusCode: 403 });
  });
});

describe('getUserData of another account is an admin action', () => {
  it('needs TOTP, and a sign-in after it, where admin MFA is required', async () => {
    const deps = makeDeps({ adminMfaRequired: true });
    const target = directory.addUser(CUSTOMER.email, CUSTOMER.password);
    await provisioning.ensureProfile(deps, {
      userId: target,
      email: CUSTOMER.email,
      emailVerified: true,
      isAdmin: false,
    });
    const adminId = directory.addUser(ADMIN.email, ADMIN.password, { groups: ['admin'] });
    const caller: SessionCaller = {
      userId: adminId,
      email: ADMIN.email,
      isAdmin: true,
      authTime: epoch(clock.now()),
      apiSignIn: true,
    };
    await provisioning.ensureProfile(deps, caller);

    const without = await failure(profileCases.getUserData(deps, caller, target));
    expect([without.statusCode, without.message]).toEqual([403, ADMIN_MFA_MESSAGES.required]);
    // Its own account is no admin action.
    await expect(profileCases.getUserData(deps, caller, adminId)).resolves.toMatchObject({ _id: adminId });

    await store.markMfaEnabled(adminId, clock.now() + 5_000);
    const early = await failure(profileCases.getUserData(deps, caller, target));
    expect([early.statusCode, early.message]).toEqual([403, ADMIN_MFA_MESSAGES.signInBeforeMfa]);
    await expect(
      profileCases.getUserData(deps, { ...caller, authTime: epoch(clock.now()) + 5 }, target),
    ).resolves.toMatchObject({ _id: target });
    // Where admin MFA is off (locally), the rule does not apply.
    await expect(
      profileCases.getUserData(makeDeps({ adminMfaRequired: false }), caller, target),
    ).resolves.toMatchObject({
      _id: target,
    });
  });
});

describe('finishMfaSetup', () => {
  /** An administrator whose sign-in answered the set-up (TOTP not yet on). */
  async function setUp(deps: AuthDeps) {
    const sub = directory.addUser(ADMIN.email, ADMIN.password, { groups: ['admin'] });
    secondStep(await signInCases.login(deps, ADMIN), 'mfa-setup');
    return sub;
  }

  it('turns TOTP on with the right code: the profile records it and the set-up is gone', async () => {
    const deps = makeDeps({ adminMfaRequired: true });
    const sub = await setUp(deps);
    clock.advance(30_000);

    await expect(mfaCases.finishMfaSetup(deps, { setupId: SETUP_ID, code: FAKE_TOTP_CODE })).resolves.toEqual({
      message: 'Two-factor authentication is on. Please sign in again with a code from your authenticator app.',
    });

    expect(store.profiles.get(sub)?.mfaEnabledAt).toBe(new Date(clock.now()).toISOString());
    expect(store.mfaSetups.has(SETUP_ID)).toBe(false);
    // Every older session ends: tokens and refresh sessions from the password-only sign-in, and Cognito's.
    expect(store.calls.filter((c) => c.method === 'revokeSessions').map((c) => c.args)).toEqual([[sub, clock.now()]]);
    expect(callsOf(directory.calls, 'signOutEverywhere')).toBe(1);
    expect(callsOf(store.calls, 'completeMfaSetup')).toBe(1);
    expect(directory.users.get(ADMIN.email)?.totp?.enabled).toBe(true);
    // Still no session: the administrator signs in again, now with a code.
    expect(store.sessions.size).toBe(0);
    const again = secondStep(await signInCases.login(deps, ADMIN), 'mfa-required');
    const session = await mfaCases.verifyMfa(deps, {
      email: ADMIN.email,
      session: again.body.session,
      code: FAKE_TOTP_CODE,
    });
    expect(session.body.isAdmin).toBe(true);
    // The set-up already recorded TOTP: nothing to mark at the challenge.
    expect(callsOf(store.calls, 'markMfaEnabled')).toBe(0);
    // A used set-up cannot be finished twice.
    const reused = await failure(mfaCases.finishMfaSetup(deps, { setupId: SETUP_ID, code: FAKE_TOTP_CODE }));
    expect([reused.statusCode, reused.message]).toEqual([401, MFA_MESSAGES.expired]);
  });

  it('answers a wrong code with 400 and counts it on the set-up', async () => {
    const deps = makeDeps({ adminMfaRequired: true });
    const sub = await setUp(deps);

    const error = await failure(mfaCases.finishMfaSetup(deps, { setupId: SETUP_ID, code: WRONG_CODE }));

    expect(error).toBeInstanceOf(ValidationError);
    expect([error.statusCode, error.message]).toEqual([400, 'The code is incorrect. Please try again.']);
    expect((error as ValidationError).fieldErrors).toEqual({ code: MFA_MESSAGES.wrongCode });
    expect(store.mfaSetups.get(SETUP_ID)?.wrongTries).toBe(1);
    expect(store.profiles.get(sub)?.mfaEnabledAt).toBeUndefined();
    expect(callsOf(store.calls, 'completeMfaSetup')).toBe(0);
    // The right code still works after a wrong one.
    await mfaCases.finishMfaSetup(deps, { setupId: SETUP_ID, code: FAKE_TOTP_CODE });
    expect(store.profiles.get(sub)?.mfaEnabledAt).toBeDefined();
  });

  it('ends the set-up after 5 wrong codes: then even the right code is 401 and never reaches Cognito', async () => {
    const deps = makeDeps({ adminMfaRequired: true });
    const sub = await setUp(deps);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push((await failure(mfaCases.finishMfaSetup(deps, { setupId: SETUP_ID, code: WRONG_CODE }))).statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    expect(store.mfaSetups.get(SETUP_ID)?.wrongTries).toBe(5);
    expect(callsOf(directory.calls, 'finishTotpSetup')).toBe(5);

    for (const code of [WRONG_CODE, FAKE_TOTP_CODE]) {
      const error = await failure(mfaCases.finishMfaSetup(deps, { setupId: SETUP_ID, code }));
      expect(error).toBeInstanceOf(UnauthorizedError);
      expect([error.statusCode, error.message]).toEqual([401, 'Your sign-in has expired. Please sign in again.']);
    }
    expect(callsOf(directory.calls, 'finishTotpSetup')).toBe(5);
    expect(store.profiles.get(sub)?.mfaEnabledAt).toBeUndefined();
    expect(directory.users.get(ADMIN.email)?.totp?.enabled).toBe(false);
  });

  it('answers 401 for an unknown set-up id and for a set-up older than 10 minutes', async () => {
    const deps = makeDeps({ adminMfaRequired: true });
    await setUp(deps);

    const unknown = await failure(mfaCases.finishMfaSetup(deps, { setupId: 'no-such-setup', code: FAKE_TOTP_CODE }));
    expect([unknown.statusCode, unknown.message]).toEqual([401, MFA_MESSAGES.expired]);

    clock.advance(AUTH.mfaSetupMinutes * 60_000);
    const expired = await failure(mfaCases.finishMfaSetup(deps, { setupId: SETUP_ID, code: FAKE_TOTP_CODE }));
    expect(expired).toBeInstanceOf(UnauthorizedError);
    expect([expired.statusCode, expired.message]).toEqual([401, MFA_MESSAGES.expired]);
    expect(callsOf(directory.calls, 'finishTotpSetup')).toBe(0);
    expect(callsOf(store.calls, 'completeMfaSetup')).toBe(0);
  });
});

describe('the current password of a user with TOTP on', () => {
  /** Signed in through the challenge: the caller of the profile form. */
  async function signedInWithTotp(deps: AuthDeps): Promise<SessionCaller> {
    directory.addUser(ADMIN.email, ADMIN.password, { groups: ['admin'], totpEnabled: true });
    const challenge = secondStep(await signInCases.login(deps, ADMIN), 'mfa-required');
    const session = await mfaCases.verifyMfa(deps, {
      email: ADMIN.email,
      session: challenge.body.session,
      code: FAKE_TOTP_CODE,
    });
    return { userId: session.body.userId, email: ADMIN.email, emailVerified: true, isAdmin: true };
  }

  it('is accepted when Cognito answers the right password with its TOTP challenge', async () => {
    const deps = makeDeps({ adminMfaRequired: true });
    const caller = await signedInWithTotp(deps);
    await expect(
      profileCases.changePassword(deps, caller, caller.userId, {
        currentPassword: ADMIN.password,
        password: 'N3w!Passw0rd',
      }),
    ).resolves.toEqual({ message: 'Password updated successfully. Please login again with your new password.' });
    expect(directory.users.get(ADMIN.email)?.password).toBe('N3w!Passw0rd');
    expect(store.loginFailures.has(ADMIN.email)).toBe(false);
  });

  it('is accepted for an e-mail change too: the code goes to the new address', async () => {
    const deps = makeDeps({ adminMfaRequired: true });
    const caller = await signedInWithTotp(deps);
    const username = store.profiles.get(caller.userId)?.username ?? '';
    const answer = await profileCases.updateProfile(deps, caller, caller.userId, {
      username,
      email: 'admin.new@example.org',
      currentPassword: ADMIN.password,
    });
    expect(answer).toMatchObject({ pendingEmail: 'admin.new@example.org' });
    expect(mailer.sent.map((m) => m.to)).toEqual(['admin.new@example.org']);
  });

  it('is still refused when wrong', async () => {
    const deps = makeDeps({ adminMfaRequired: true });
    const caller = await signedInWithTotp(deps);
    const error = await failure(
      profileCases.changePassword(deps, caller, caller.userId, {
        currentPassword: 'Wr0ng!Pass',
        password: 'N3w!Passw0rd',
      }),
    );
    expect([error.statusCode, error.message]).toEqual([400, 'Current password is incorrect']);
    expect(directory.users.get(ADMIN.email)?.password).toBe(ADMIN.password);
  });
});
