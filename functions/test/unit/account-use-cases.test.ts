import { ADMIN_SIGN_IN_REQUIRED_MESSAGE, AUTH, AUTH_MESSAGES, ACCOUNT_MESSAGES } from '@goldbot/shared';
import { describe, expect, it, vi } from 'vitest';
import type { SessionCaller } from '../../src/domain/auth/account-deps.js';
import * as profileCases from '../../src/domain/auth/account-profile.js';
import { maskEmail } from '../../src/domain/auth/account-profile.js';
import { REGISTRATION_CLAIM_SECONDS } from '../../src/domain/auth/account-stores.js';
import { LOGIN_MESSAGES } from '../../src/domain/auth/login-backoff.js';
import { CODE_MESSAGES, hashCode } from '../../src/domain/auth/one-time-codes.js';
import * as resetCases from '../../src/domain/auth/password-reset.js';
import { REFERRAL_CODE_ALPHABET } from '../../src/domain/auth/referral-code.js';
import * as registrationCases from '../../src/domain/auth/registration.js';
import * as signInCases from '../../src/domain/auth/sign-in.js';
import { DEFAULT_EMAIL_TEMPLATES } from '../../src/domain/email/templates.js';
import {
  ConflictError,
  type DomainError,
  ForbiddenError,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
} from '../../src/domain/errors.js';
import {
  DAY_SECONDS,
  JANE,
  JOHN,
  NEW_EMAIL,
  callerOf,
  callsOf,
  clock,
  deps,
  directory,
  failure,
  freshAccountsEachTest,
  mailer,
  mailsTo,
  makeDeps,
  opened,
  registeredAndVerified,
  seconds,
  store,
  useDeps,
  wrongCodeFor,
} from '../helpers/account-world.js';
import { TEST_OTP_HASH_KEY, fakeSendMail, inMemoryAuthStore } from '../helpers/auth-fakes.js';

/**
 * The account use cases (domain/auth: registration.ts, sign-in.ts, password-reset.ts,
 * account-profile.ts) against in-memory fakes of the table, Cognito and SES that keep the real
 * adapters' semantics (test/helpers/auth-fakes.ts), one section per use-case module; the admin
 * TOTP sign-in (mfa-sign-in.ts) is admin-mfa-service.test.ts.
 */
freshAccountsEachTest();

const KEY = TEST_OTP_HASH_KEY;

describe('registration', () => {
  it('mails a code, verifies it and opens a session with a fresh profile', async () => {
    const answer = await registrationCases.register(deps, JANE);
    expect(answer).toEqual({
      message: 'Registration successful! Please check your email for the verification code.',
      email: JANE.email,
    });
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]?.email.subject).toBe('Your GoldBot verification code');
    const code = mailer.lastCode(JANE.email);
    expect(code).toMatch(/^\d{4}$/);

    // Unconfirmed until the code is verified: Cognito refuses the sign-in.
    expect((await failure(signInCases.login(deps, { email: JANE.email, password: JANE.password }))).statusCode).toBe(
      403,
    );

    const session = opened(
      await registrationCases.verifyRegistration(deps, { email: JANE.email, otp: code, password: JANE.password }),
    );
    expect(session.body).toMatchObject({
      username: 'jane_doe',
      email: JANE.email,
      phone: null,
      isAdmin: false,
      referralCount: 0,
      referralEarnings: 0,
      expiresIn: 3600,
    });
    expect(session.body.token).toBeTruthy();
    expect(session.refreshToken).toBeTruthy();
    // The refresh token is for the HttpOnly cookie only, never in the body.
    expect(session.body).not.toHaveProperty('refreshToken');
    expect(session.body.referralCode).toMatch(new RegExp(`^[${REFERRAL_CODE_ALPHABET}]{8}$`));

    const profile = store.profiles.get(session.body.userId);
    expect(profile).toMatchObject({ isActive: true, referralCount: 0, referralEarnings: 0, verifiedEmail: JANE.email });
    expect(profile?.emailVerifiedAt).toBeDefined();
    // The pending registration's password hash goes with the verification.
    expect(profile?.pendingPasswordHash).toBeUndefined();
    expect(directory.users.get(JANE.email)?.confirmed).toBe(true);
  });

  it('replaces an abandoned, expired sign-up that Cognito still holds, but never a confirmed account', async () => {
    // Cognito kept the UNCONFIRMED user; our profile and markers expired after 24 h.
    directory.addUser(JANE.email, 'Old!Pass1', { confirmed: false });
    await registrationCases.register(deps, JANE);
    expect(directory.calls.some((c) => c.method === 'deleteUser')).toBe(true);
    const session = await registrationCases.verifyRegistration(deps, {
      email: JANE.email,
      otp: mailer.lastCode(JANE.email),
      password: JANE.password,
    });
    expect(opened(session).body).toMatchObject({ email: JANE.email });

    const other = { username: 'other_user', email: 'taken@example.com', password: 'Str0ng!Pass' };
    directory.addUser(other.email, 'Old!Pass1', { confirmed: true });
    expect((await failure(registrationCases.register(deps, other))).statusCode).toBe(409);
    expect(directory.users.has(other.email)).toBe(true);
  });

  it('hands the store only a keyed hash of the code and a scrypt hash of the password', async () => {
    await registrationCases.register(deps, JANE);
    const code = mailer.lastCode(JANE.email);
    const issued = store.calls.filter((c) => c.method === 'issueCode');
    expect(issued).toHaveLength(1);
    const [, purpose, codeHash] = issued[0]?.args ?? [];
    expect(purpose).toBe('registration');
    expect(codeHash).toBe(hashCode(KEY, 'registration', JANE.email, code));
    expect(codeHash).toMatch(/^[0-9a-f]{64}$/);
    // Nothing the store was given contains the code or the password itself.
    expect(JSON.stringify(store.calls)).not.toMatch(new RegExp(`"${code}"`));
    expect(JSON.stringify(store.calls)).not.toContain(JANE.password);
    expect([...store.profiles.values()][0]?.pendingPasswordHash).toMatch(/^scrypt\$/);
  });

  it('answers "account verified, please sign in" when the password is not sent along', async () => {
    await registrationCases.register(deps, JANE);
    const answer = await registrationCases.verifyRegistration(deps, {
      email: JANE.email,
      otp: mailer.lastCode(JANE.email),
    });
    expect(answer).toEqual({ verified: true, message: 'Account verified, please sign in.' });
    expect(
      opened(await signInCases.login(deps, { email: JANE.email, password: JANE.password })).body.token,
    ).toBeTruthy();
  });

  it('refuses a wrong code with 400, counts it, and still accepts the right one', async () => {
    await registrationCases.register(deps, JANE);
    const code = mailer.lastCode(JANE.email);
    const error = await failure(
      registrationCases.verifyRegistration(deps, { email: JANE.email, otp: wrongCodeFor(code) }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toBe(CODE_MESSAGES.wrong);
    expect((error as ValidationError).fieldErrors).toEqual({ otp: CODE_MESSAGES.wrong });
    expect([...store.codes.values()][0]?.wrongTries).toBe(1);
    // The address's daily count of wrong codes moved too.
    expect([...store.codeFailures.values()]).toEqual([1]);
    await expect(registrationCases.verifyRegistration(deps, { email: JANE.email, otp: code })).resolves.toMatchObject({
      verified: true,
    });
  });

  it('kills a code after five wrong tries', async () => {
    await registrationCases.register(deps, JANE);
    const code = mailer.lastCode(JANE.email);
    const wrong = code === '1111' ? '2222' : '1111';
    const messages: string[] = [];
    for (let i = 0; i < AUTH.otpMaxWrongTries; i += 1) {
      messages.push(
        (await failure(registrationCases.verifyRegistration(deps, { email: JANE.email, otp: wrong }))).message,
      );
    }
    expect(messages.slice(0, 4)).toEqual(Array(4).fill(CODE_MESSAGES.wrong));
    expect(messages[4]).toBe(CODE_MESSAGES.exhausted);
    const dead = await failure(registrationCases.verifyRegistration(deps, { email: JANE.email, otp: code }));
    expect([dead.statusCode, dead.message]).toEqual([400, CODE_MESSAGES.exhausted]);
  });

  it('refuses a code after its 10 minutes', async () => {
    await registrationCases.register(deps, JANE);
    const code = mailer.lastCode(JANE.email);
    seconds(AUTH.otpTtlMinutes * 60);
    const error = await failure(registrationCases.verifyRegistration(deps, { email: JANE.email, otp: code }));
    expect([error.statusCode, error.message]).toEqual([400, CODE_MESSAGES.expired]);
  });

  it('uses a code once', async () => {
    await registrationCases.register(deps, JANE);
    const code = mailer.lastCode(JANE.email);
    await registrationCases.verifyRegistration(deps, { email: JANE.email, otp: code });
    expect(
      (await failure(registrationCases.verifyRegistration(deps, { email: JANE.email, otp: code }))).statusCode,
    ).toBe(409);
  });

  it('never accepts a registration code as a reset code', async () => {
    await registrationCases.register(deps, JANE);
    const code = mailer.lastCode(JANE.email);
    const error = await failure(resetCases.verifyResetCode(deps, JANE.email, code));
    expect([error.statusCode, error.message]).toEqual([400, CODE_MESSAGES.missing]);
    expect(
      await failure(resetCases.resetPassword(deps, { email: JANE.email, otp: code, newPassword: 'N3w!Passw0rd' })),
    ).toBeInstanceOf(ValidationError);
  });

  it('answers 409 with a clear message for a taken e-mail or username', async () => {
    await registrationCases.register(deps, JANE);
    const email = await failure(registrationCases.register(deps, { ...JANE, username: 'someone_else' }));
    expect([email.statusCode, email.message]).toEqual([
      409,
      'An account with this email already exists. Please sign in instead.',
    ]);
    const username = await failure(registrationCases.register(deps, { ...JANE, email: 'other@example.com' }));
    expect([username.statusCode, username.message]).toEqual([409, 'This username is already taken.']);
    // The refused registrations created nothing in Cognito.
    expect(directory.users.has('other@example.com')).toBe(false);
  });

  it('deletes the Cognito user again when the profile cannot be created (compensation)', async () => {
    store.createRegistration = async () => {
      throw new ConflictError('This username is already taken.');
    };
    expect((await failure(registrationCases.register(deps, JANE))).statusCode).toBe(409);
    expect(directory.calls.map((c) => c.method)).toEqual(['signUp', 'deleteUser']);
    expect(directory.users.has(JANE.email)).toBe(false);
    expect(mailer.sent).toEqual([]);
    // The e-mail's claim went with it: the address can be registered again at once.
    store.createRegistration = inMemoryAuthStore().createRegistration;
    await expect(registrationCases.register(deps, JANE)).resolves.toMatchObject({ email: JANE.email });
  });

  it('lets one of many registrations of one address at once through, and never deletes its Cognito user', async () => {
    // The race to guard against: a loser finds the winner's fresh UNCONFIRMED user, takes it for an
    // abandoned sign-up and deletes it, leaving a pending registration nobody can confirm.
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => registrationCases.register(deps, JANE)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((x) => x.status === 'rejected')) {
      const error = r.reason as DomainError;
      expect([error.statusCode, error.message]).toEqual([
        409,
        'An account with this email already exists. Please sign in instead.',
      ]);
    }
    expect(callsOf(directory.calls, 'deleteUser')).toBe(0);
    expect(callsOf(directory.calls, 'signUp')).toBe(1);
    const user = directory.users.get(JANE.email);
    expect(await store.findUserIdByEmail(JANE.email, clock.now())).toBe(user?.sub);
    expect(mailsTo(JANE.email)).toHaveLength(1);
    const session = await registrationCases.verifyRegistration(deps, {
      email: JANE.email,
      otp: mailer.lastCode(JANE.email),
      password: JANE.password,
    });
    expect(opened(session).body).toMatchObject({ userId: user?.sub, email: JANE.email });
  });

  it('refuses an address whose registration is in flight without asking Cognito, and frees it when Cognito refuses', async () => {
    expect(await store.claimEmailForRegistration(JANE.email, 'someone-else', clock.now())).toBe(true);
    const refused = await failure(registrationCases.register(deps, JANE));
    expect([refused.statusCode, refused.message]).toEqual([
      409,
      'An account with this email already exists. Please sign in instead.',
    ]);
    expect(directory.calls).toEqual([]);
    // A claim left behind by a request that died lapses after REGISTRATION_CLAIM_SECONDS.
    seconds(REGISTRATION_CLAIM_SECONDS + 1);
    directory.addUser(JANE.email, 'Old!Pass1', { confirmed: true });
    expect((await failure(registrationCases.register(deps, JANE))).statusCode).toBe(409);
    // Cognito's refusal released this request's claim: another request may claim the address.
    expect(await store.claimEmailForRegistration(JANE.email, 'next', clock.now())).toBe(true);
  });
});

describe('verifying an already verified address', () => {
  it('answers 409 and asks Cognito for nothing, whatever the code', async () => {
    await registeredAndVerified();
    const before = directory.calls.length;
    seconds(60);
    for (const otp of ['0000', '1234']) {
      const error = await failure(
        registrationCases.verifyRegistration(deps, { email: JANE.email, otp, password: JANE.password }),
      );
      expect([error.statusCode, error.message]).toEqual([409, 'This email is already verified. Please sign in.']);
    }
    expect(directory.calls.slice(before)).toEqual([]);
  });

  it('never verifies an address that a signed-in user merely typed into the profile form', async () => {
    // Mallory holds an account; the victim's address has no account with us.
    const mallory = await registeredAndVerified(JOHN);
    const victim = 'victim@example.com';
    seconds(60);
    const change = await profileCases.updateProfile(deps, callerOf(mallory), mallory.body.userId, {
      username: JOHN.username,
      email: victim,
      currentPassword: JOHN.password,
    });
    expect(change.pendingEmail).toBe(victim);
    // Her profile keeps its proven address until a code mailed to the victim comes back.
    expect(store.profiles.get(mallory.body.userId)?.email).toBe(JOHN.email);
    expect(await store.findUserIdByEmail(victim, clock.now())).toBeUndefined();

    for (const otp of ['0000', '1234', '9999']) {
      const error = await failure(registrationCases.verifyRegistration(deps, { email: victim, otp }));
      expect([error.statusCode, error.message]).toEqual([400, CODE_MESSAGES.missing]);
    }
    // Guessing at the e-mail-change code with the wrong purpose does not help either.
    const sentToVictim = mailer.lastCode(victim);
    const error = await failure(registrationCases.verifyRegistration(deps, { email: victim, otp: sentToVictim }));
    expect(error.statusCode).toBe(400);

    expect(callsOf(directory.calls, 'confirm')).toBe(1); // Mallory's own registration only
    expect(callsOf(directory.calls, 'updateEmail')).toBe(0);
    expect(directory.users.get(JOHN.email)).toBeDefined();
    expect(directory.users.has(victim)).toBe(false);
    expect([...store.profiles.values()].map((p) => p.email)).not.toContain(victim);
  });

  it('repairs a half-way Cognito confirmation at sign-in only for the address the profile proved', async () => {
    const session = await registeredAndVerified();
    const user = directory.users.get(JANE.email);
    if (user) user.confirmed = false; // the confirm call failed after our transaction
    seconds(60);
    expect(opened(await signInCases.login(deps, { email: JANE.email, password: JANE.password })).body.userId).toBe(
      session.body.userId,
    );
    expect(callsOf(directory.calls, 'confirm')).toBe(2);

    // A profile whose address was never proven (no verifiedEmail for it) is not repaired.
    const profile = store.profiles.get(session.body.userId);
    if (profile) store.profiles.set(profile._id, { ...profile, verifiedEmail: 'someone.else@example.com' });
    if (user) user.confirmed = false;
    seconds(60);
    expect((await failure(signInCases.login(deps, { email: JANE.email, password: JANE.password }))).statusCode).toBe(
      403,
    );
    expect(callsOf(directory.calls, 'confirm')).toBe(2);
  });
});

describe('resending registration codes', () => {
  const SAME_ANSWER = { message: 'If this email is waiting for verification, we have sent a new code.' };

  it('answers the same for unknown, pending and verified addresses, and mails only the pending one', async () => {
    await registeredAndVerified();
    await registrationCases.register(deps, JOHN);
    seconds(60);
    const mailsBefore = mailer.sent.length;
    await expect(registrationCases.resendRegistrationCode(deps, 'nobody@example.com')).resolves.toEqual(SAME_ANSWER);
    await expect(registrationCases.resendRegistrationCode(deps, JANE.email)).resolves.toEqual(SAME_ANSWER);
    expect(mailer.sent).toHaveLength(mailsBefore);
    await expect(registrationCases.resendRegistrationCode(deps, JOHN.email)).resolves.toEqual(SAME_ANSWER);
    expect(mailer.sent).toHaveLength(mailsBefore + 1);
    expect(mailer.sent.at(-1)?.to).toBe(JOHN.email);
  });

  it('keeps the 30 s cool-down without revealing it, then replaces the old code', async () => {
    await registrationCases.register(deps, JANE);
    const first = mailer.lastCode(JANE.email);
    seconds(10);
    await expect(registrationCases.resendRegistrationCode(deps, JANE.email)).resolves.toEqual(SAME_ANSWER);
    expect(mailer.sent).toHaveLength(1);

    seconds(20);
    await expect(registrationCases.resendRegistrationCode(deps, JANE.email)).resolves.toEqual(SAME_ANSWER);
    expect(mailer.sent).toHaveLength(2);
    const second = mailer.lastCode(JANE.email);
    if (second !== first) {
      // The new code replaced the old one.
      expect(
        (await failure(registrationCases.verifyRegistration(deps, { email: JANE.email, otp: first }))).statusCode,
      ).toBe(400);
    }
    await expect(registrationCases.verifyRegistration(deps, { email: JANE.email, otp: second })).resolves.toMatchObject(
      {
        verified: true,
      },
    );
  });

  it('sends at most 5 codes per e-mail per hour, answering the same after the cap', async () => {
    await registrationCases.register(deps, JANE);
    for (let i = 1; i < AUTH.otpMaxPerEmailPerHour; i += 1) {
      seconds(AUTH.otpResendCooldownSeconds);
      await registrationCases.resendRegistrationCode(deps, JANE.email);
    }
    seconds(AUTH.otpResendCooldownSeconds);
    await expect(registrationCases.resendRegistrationCode(deps, JANE.email)).resolves.toEqual(SAME_ANSWER);
    expect(mailer.sent).toHaveLength(AUTH.otpMaxPerEmailPerHour);
  });
});

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

describe('password reset', () => {
  const SAME_ANSWER = {
    message: 'If an account exists for this email, we have sent a reset code. Check your email for OTP.',
  };

  it('answers the same for unknown and known e-mails, and mails only the known one', async () => {
    await registeredAndVerified();
    const mailsBefore = mailer.sent.length;
    await expect(resetCases.requestPasswordReset(deps, 'nobody@example.com')).resolves.toEqual(SAME_ANSWER);
    expect(mailer.sent).toHaveLength(mailsBefore);
    await expect(resetCases.requestPasswordReset(deps, JANE.email)).resolves.toEqual(SAME_ANSWER);
    expect(mailer.sent).toHaveLength(mailsBefore + 1);
    expect(mailer.sent.at(-1)?.email.subject).toBe('Your GoldBot password reset code');
  });

  it('checks the code without consuming it, then consumes it, sets the password and ends every session', async () => {
    const session = await registeredAndVerified();
    seconds(60);
    await resetCases.requestPasswordReset(deps, JANE.email);
    const code = mailer.lastCode(JANE.email);

    await expect(resetCases.verifyResetCode(deps, JANE.email, code)).resolves.toEqual({
      message: 'OTP verified successfully!',
    });
    await expect(resetCases.verifyResetCode(deps, JANE.email, code)).resolves.toBeDefined(); // not consumed

    seconds(5);
    await expect(
      resetCases.resetPassword(deps, { email: JANE.email, otp: code, newPassword: 'N3w!Passw0rd' }),
    ).resolves.toEqual({ message: 'Password reset successful!' });

    // Single use.
    const again = await failure(
      resetCases.resetPassword(deps, { email: JANE.email, otp: code, newPassword: 'An0ther!Pass' }),
    );
    expect(again.statusCode).toBe(400);
    // Sessions revoked: the refresh token is dead, tokens issued before now are refused, Cognito signed out.
    expect((await failure(signInCases.refresh(deps, session.refreshToken))).statusCode).toBe(401);
    expect(store.profiles.get(session.body.userId)?.tokensValidAfter).toBe(Math.floor(clock.now() / 1000));
    expect(directory.calls.map((c) => c.method)).toContain('signOutEverywhere');
    // The old password no longer works, the new one does.
    expect((await failure(signInCases.login(deps, { email: JANE.email, password: JANE.password }))).statusCode).toBe(
      401,
    );
    seconds(1);
    const fresh = opened(await signInCases.login(deps, { email: JANE.email, password: 'N3w!Passw0rd' }));
    expect(fresh.body.token).toBeTruthy();
    // A session opened after the reset lives on: only the ones before it ended.
    await expect(signInCases.refresh(deps, fresh.refreshToken)).resolves.toMatchObject({ expiresIn: 3600 });
    expect((await failure(signInCases.refresh(deps, session.refreshToken))).statusCode).toBe(401);
  });

  it('mails no reset code to an unverified registration', async () => {
    await registrationCases.register(deps, JANE);
    seconds(60);
    await expect(resetCases.requestPasswordReset(deps, JANE.email)).resolves.toEqual(SAME_ANSWER);
    expect(mailer.sent).toHaveLength(1);
  });
});

describe('the daily code lock', () => {
  /** Enters wrong reset codes until `count` have been counted for the address, asking for new codes as needed. */
  async function wrongResetCodes(count: number): Promise<DomainError[]> {
    const errors: DomainError[] = [];
    while (errors.length < count) {
      seconds(AUTH.otpResendCooldownSeconds);
      await resetCases.requestPasswordReset(deps, JANE.email);
      const wrong = wrongCodeFor(mailer.lastCode(JANE.email));
      for (let i = 0; i < AUTH.otpMaxWrongTries && errors.length < count; i += 1) {
        errors.push(await failure(resetCases.verifyResetCode(deps, JANE.email, wrong)));
      }
    }
    return errors;
  }

  it('locks every code of an address for 24 h after 10 wrong codes in a day, then lets it in again', async () => {
    expect([AUTH.maxFailedCodesPerDay, AUTH.codeLockHours]).toEqual([10, 24]);
    await registeredAndVerified();
    const errors = await wrongResetCodes(AUTH.maxFailedCodesPerDay);
    expect(errors.slice(0, -1).map((e) => e.statusCode)).toEqual(Array(9).fill(400));
    const locking = errors.at(-1);
    expect([locking?.statusCode, locking?.message]).toEqual([429, CODE_MESSAGES.locked]);
    expect(locking?.headers['Retry-After']).toBe(String(DAY_SECONDS));
    // The address's count comes first; the locking code's try is not counted against the code
    // (the lock outlives it): two writes per wrong code, the round-trip budget of the code routes.
    const counted = store.calls
      .map((c) => c.method)
      .filter((method) => method === 'recordCodeFailure' || method === 'recordWrongTry');
    expect(counted.slice(-3)).toEqual(['recordCodeFailure', 'recordWrongTry', 'recordCodeFailure']);

    // A fresh, right code no longer passes, nor does a reset, and no code is sent.
    seconds(AUTH.otpResendCooldownSeconds);
    const code = mailer.lastCode(JANE.email);
    const mailsBefore = mailer.sent.length;
    for (const attempt of [
      resetCases.verifyResetCode(deps, JANE.email, code),
      resetCases.resetPassword(deps, { email: JANE.email, otp: code, newPassword: 'N3w!Passw0rd' }),
      resetCases.requestPasswordReset(deps, JANE.email),
    ]) {
      const error = await failure(attempt);
      expect([error.statusCode, error.message]).toEqual([429, CODE_MESSAGES.locked]);
      expect(Number(error.headers['Retry-After'])).toBeGreaterThan(DAY_SECONDS - 60);
      expect(Number(error.headers['Retry-After'])).toBeLessThanOrEqual(DAY_SECONDS);
    }
    expect(mailer.sent).toHaveLength(mailsBefore);
    expect(directory.users.get(JANE.email)?.password).toBe(JANE.password);

    seconds(DAY_SECONDS);
    await resetCases.requestPasswordReset(deps, JANE.email);
    expect(mailer.sent).toHaveLength(mailsBefore + 1);
    const fresh = mailer.lastCode(JANE.email);
    await expect(resetCases.verifyResetCode(deps, JANE.email, fresh)).resolves.toEqual({
      message: 'OTP verified successfully!',
    });
    await expect(
      resetCases.resetPassword(deps, { email: JANE.email, otp: fresh, newPassword: 'N3w!Passw0rd' }),
    ).resolves.toEqual({ message: 'Password reset successful!' });
  });

  it('counts wrong registration codes too, and then refuses the right one (verifyOtp)', async () => {
    await registrationCases.register(deps, JANE);
    const errors: DomainError[] = [];
    while (errors.length < AUTH.maxFailedCodesPerDay) {
      const wrong = wrongCodeFor(mailer.lastCode(JANE.email));
      for (let i = 0; i < AUTH.otpMaxWrongTries && errors.length < AUTH.maxFailedCodesPerDay; i += 1) {
        errors.push(await failure(registrationCases.verifyRegistration(deps, { email: JANE.email, otp: wrong })));
      }
      seconds(AUTH.otpResendCooldownSeconds);
      await registrationCases.resendRegistrationCode(deps, JANE.email);
    }
    expect(errors.at(-1)?.statusCode).toBe(429);
    const mailsBefore = mailer.sent.length;
    seconds(AUTH.otpResendCooldownSeconds);
    // Resending answers as always but sends nothing; the last code is refused.
    await registrationCases.resendRegistrationCode(deps, JANE.email);
    expect(mailer.sent).toHaveLength(mailsBefore);
    const locked = await failure(
      registrationCases.verifyRegistration(deps, { email: JANE.email, otp: mailer.lastCode(JANE.email) }),
    );
    expect([locked.statusCode, locked.message]).toEqual([429, CODE_MESSAGES.locked]);
    expect(Number(locked.headers['Retry-After'])).toBeGreaterThan(0);
    expect(directory.users.get(JANE.email)?.confirmed).toBe(false);
  });

  it('counts per address: another address keeps its codes', async () => {
    await registeredAndVerified();
    seconds(60);
    await registeredAndVerified(JOHN);
    await wrongResetCodes(AUTH.maxFailedCodesPerDay);
    seconds(AUTH.otpResendCooldownSeconds);
    await resetCases.requestPasswordReset(deps, JOHN.email);
    await expect(resetCases.verifyResetCode(deps, JOHN.email, mailer.lastCode(JOHN.email))).resolves.toBeDefined();
  });
});

describe('profile and password changes', () => {
  it('answers 400 to a wrong current password and changes nothing', async () => {
    const session = await registeredAndVerified();
    const error = await failure(
      profileCases.changePassword(deps, callerOf(session), session.body.userId, {
        currentPassword: 'Wr0ng!Pass',
        password: 'N3w!Passw0rd',
      }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect([error.statusCode, error.message]).toEqual([400, 'Current password is incorrect']);
    expect(directory.users.get(JANE.email)?.password).toBe(JANE.password);
  });

  it('changes the password and ends every session', async () => {
    const session = await registeredAndVerified();
    await expect(
      profileCases.changePassword(deps, callerOf(session), session.body.userId, {
        currentPassword: JANE.password,
        password: 'N3w!Passw0rd',
      }),
    ).resolves.toEqual({ message: 'Password updated successfully. Please login again with your new password.' });
    expect(directory.users.get(JANE.email)?.password).toBe('N3w!Passw0rd');
    expect((await failure(signInCases.refresh(deps, session.refreshToken))).statusCode).toBe(401);
  });

  it('lets only the owner change an account', async () => {
    const session = await registeredAndVerified();
    const stranger: SessionCaller = { userId: 'someone-else', email: 'x@example.com', isAdmin: true };
    const profile = await failure(
      profileCases.updateProfile(deps, stranger, session.body.userId, {
        username: 'taken_over',
        email: 'x@example.com',
      }),
    );
    const password = await failure(
      profileCases.changePassword(deps, stranger, session.body.userId, {
        currentPassword: 'x',
        password: 'N3w!Passw0rd',
      }),
    );
    expect([profile.statusCode, password.statusCode]).toEqual([403, 403]);
  });

  it("refuses another account's username or e-mail with 409", async () => {
    const jane = await registeredAndVerified();
    seconds(60);
    await registeredAndVerified(JOHN);
    const byName = await failure(
      profileCases.updateProfile(deps, callerOf(jane), jane.body.userId, { username: 'JOHN_ROE', email: JANE.email }),
    );
    expect([byName.statusCode, byName.message]).toEqual([409, 'This username is already taken.']);
    const byEmail = await failure(
      profileCases.updateProfile(deps, callerOf(jane), jane.body.userId, {
        username: 'jane_doe',
        email: JOHN.email,
        currentPassword: JANE.password,
      }),
    );
    expect([byEmail.statusCode, byEmail.message]).toEqual([409, 'An account with this email already exists.']);
  });

  it('changes the username at once, in the profile only', async () => {
    const jane = await registeredAndVerified();
    const answer = await profileCases.updateProfile(deps, callerOf(jane), jane.body.userId, {
      username: 'jane.d',
      email: JANE.email,
    });
    expect(answer).toEqual({
      message: 'Profile updated successfully',
      user: expect.objectContaining({ userId: jane.body.userId, username: 'jane.d', email: JANE.email }),
    });
    expect(store.profiles.get(jane.body.userId)?.username).toBe('jane.d');
    expect(callsOf(directory.calls, 'updateEmail')).toBe(0);
  });
});

describe('changing the e-mail address', () => {
  async function janeWithPendingChange() {
    const jane = await registeredAndVerified();
    seconds(60);
    const answer = await profileCases.updateProfile(deps, callerOf(jane), jane.body.userId, {
      username: JANE.username,
      email: NEW_EMAIL,
      currentPassword: JANE.password,
    });
    return { jane, answer, code: mailer.lastCode(NEW_EMAIL) };
  }

  it('needs the current password', async () => {
    const jane = await registeredAndVerified();
    const error = await failure(
      profileCases.updateProfile(deps, callerOf(jane), jane.body.userId, { username: JANE.username, email: NEW_EMAIL }),
    );
    expect([error.statusCode, error.message]).toEqual([400, AUTH_MESSAGES.currentPasswordForEmail]);
    expect((error as ValidationError).fieldErrors).toEqual({
      currentPassword: 'Please enter your current password to change your email.',
    });
    expect(mailsTo(NEW_EMAIL)).toEqual([]);
  });

  it('answers 400 to a wrong current password, counting it towards the sign-in back-off', async () => {
    const jane = await registeredAndVerified();
    const attempt = () =>
      failure(
        profileCases.updateProfile(deps, callerOf(jane), jane.body.userId, {
          username: JANE.username,
          email: NEW_EMAIL,
          currentPassword: 'Wr0ng!Pass',
        }),
      );
    const first = await attempt();
    expect([first.statusCode, first.message]).toEqual([400, 'Current password is incorrect']);
    expect((first as ValidationError).fieldErrors).toEqual({ currentPassword: 'Current password is incorrect' });
    expect(store.loginFailures.get(JANE.email)?.failures).toBe(1);
    for (let i = 1; i < AUTH.loginFailuresBeforeBackoff; i += 1) expect((await attempt()).statusCode).toBe(400);
    expect((await attempt()).statusCode).toBe(429);
    // Sign-in is blocked as well: it is the same count.
    expect((await failure(signInCases.login(deps, { email: JANE.email, password: JANE.password }))).statusCode).toBe(
      429,
    );
    expect(mailsTo(NEW_EMAIL)).toEqual([]);
  });

  it('with the right password mails a code to the new address and changes nothing yet', async () => {
    const jane = await registeredAndVerified();
    seconds(60);
    const answer = await profileCases.updateProfile(deps, callerOf(jane), jane.body.userId, {
      username: 'jane.d',
      email: NEW_EMAIL,
      currentPassword: JANE.password,
    });
    expect(answer).toEqual({
      message: `We sent a 4-digit code to ${NEW_EMAIL}. Enter it to confirm your new email.`,
      user: expect.objectContaining({ email: JANE.email, username: 'jane.d' }),
      pendingEmail: NEW_EMAIL,
    });
    const [mail] = mailsTo(NEW_EMAIL);
    expect(mail?.email.subject).toBe(DEFAULT_EMAIL_TEMPLATES.emailChangeOtp.subject);
    expect(mailer.lastCode(NEW_EMAIL)).toMatch(/^\d{4}$/);
    // A stranger's inbox learns nothing about the account.
    for (const part of [mail?.email.html, mail?.email.text, mail?.email.subject]) {
      expect(part).not.toContain('jane');
    }
    // The username applies at once; the address waits for its code.
    expect(store.profiles.get(jane.body.userId)).toMatchObject({ username: 'jane.d', email: JANE.email });
    expect(callsOf(directory.calls, 'updateEmail')).toBe(0);
    expect(await store.findUserIdByEmail(NEW_EMAIL, clock.now())).toBeUndefined();
    expect(opened(await signInCases.login(deps, { email: JANE.email, password: JANE.password })).body.email).toBe(
      JANE.email,
    );
  });

  it('with the right code moves the address everywhere, tells the old address and ends every session', async () => {
    const { jane, code } = await janeWithPendingChange();
    const answer = await profileCases.confirmEmailChange(deps, callerOf(jane), { email: NEW_EMAIL, otp: code });
    expect(answer).toEqual({ message: 'Your email has been changed. Please sign in again with your new email.' });

    expect(store.profiles.get(jane.body.userId)).toMatchObject({ email: NEW_EMAIL, verifiedEmail: NEW_EMAIL });
    expect(directory.calls.find((c) => c.method === 'updateEmail')?.args).toEqual([JANE.email, NEW_EMAIL]);
    expect(await store.findUserIdByEmail(NEW_EMAIL, clock.now())).toBe(jane.body.userId);
    expect(await store.findUserIdByEmail(JANE.email, clock.now())).toBeUndefined();

    const notice = mailsTo(JANE.email).at(-1);
    expect(notice?.email.subject).toBe(DEFAULT_EMAIL_TEMPLATES.emailChanged.subject);
    expect(notice?.email.text).toContain(maskEmail(NEW_EMAIL));
    expect(maskEmail(NEW_EMAIL)).toBe('j***@example.org');
    expect(notice?.email.text).not.toContain(NEW_EMAIL);

    // Every session so far is over: one write on the profile, the registry entries left to their TTL.
    expect(store.profiles.get(jane.body.userId)?.sessionsValidAfterMs).toBe(clock.now());
    expect(store.profiles.get(jane.body.userId)?.tokensValidAfter).toBe(Math.floor(clock.now() / 1000));
    expect(callsOf(directory.calls, 'signOutEverywhere')).toBe(1);
    expect((await failure(signInCases.refresh(deps, jane.refreshToken))).statusCode).toBe(401);

    // The code is spent; the new address signs in.
    expect(
      (await failure(profileCases.confirmEmailChange(deps, callerOf(jane), { email: NEW_EMAIL, otp: code })))
        .statusCode,
    ).toBe(400);
    expect(opened(await signInCases.login(deps, { email: NEW_EMAIL, password: JANE.password })).body.email).toBe(
      NEW_EMAIL,
    );
  });

  it("refuses another user's code for that address, without counting it against the owner", async () => {
    const { jane, code } = await janeWithPendingChange();
    seconds(60);
    const john = await registeredAndVerified(JOHN);
    const stolen = await failure(
      profileCases.confirmEmailChange(deps, callerOf(john), { email: NEW_EMAIL, otp: code }),
    );
    expect([stolen.statusCode, stolen.message]).toEqual([400, CODE_MESSAGES.missing]);
    expect(store.profiles.get(john.body.userId)?.email).toBe(JOHN.email);
    expect(callsOf(directory.calls, 'updateEmail')).toBe(0);
    // Jane's code still works for Jane.
    await profileCases.confirmEmailChange(deps, callerOf(jane), { email: NEW_EMAIL, otp: code });
    expect(store.profiles.get(jane.body.userId)?.email).toBe(NEW_EMAIL);
  });

  it('counts a wrong code and still accepts the right one', async () => {
    const { jane, code } = await janeWithPendingChange();
    const wrong = await failure(
      profileCases.confirmEmailChange(deps, callerOf(jane), { email: NEW_EMAIL, otp: wrongCodeFor(code) }),
    );
    expect([wrong.statusCode, wrong.message]).toEqual([400, CODE_MESSAGES.wrong]);
    expect(store.codes.get(`${NEW_EMAIL}#email-change`)?.wrongTries).toBe(1);
    expect([...store.codeFailures.entries()]).toEqual([[expect.stringMatching(`^${NEW_EMAIL}#`), 1]]);
    expect(store.profiles.get(jane.body.userId)?.email).toBe(JANE.email);
    await profileCases.confirmEmailChange(deps, callerOf(jane), { email: NEW_EMAIL, otp: code });
    expect(store.profiles.get(jane.body.userId)?.email).toBe(NEW_EMAIL);
  });

  it('puts Cognito back when the change cannot be stored', async () => {
    const { jane, code } = await janeWithPendingChange();
    store.updateIdentity = async () => {
      throw new ConflictError('Your profile changed meanwhile. Please reload and try again.');
    };
    expect(
      (await failure(profileCases.confirmEmailChange(deps, callerOf(jane), { email: NEW_EMAIL, otp: code })))
        .statusCode,
    ).toBe(409);
    expect(directory.calls.filter((c) => c.method === 'updateEmail').map((c) => c.args)).toEqual([
      [JANE.email, NEW_EMAIL],
      [NEW_EMAIL, JANE.email],
    ]);
    expect(directory.users.has(JANE.email)).toBe(true);
    expect(mailsTo(JANE.email).some((m) => m.email.subject === DEFAULT_EMAIL_TEMPLATES.emailChanged.subject)).toBe(
      false,
    );
  });
});

describe('what code mails say', () => {
  it('names the account only in reset mails, which go to a proven address', async () => {
    await registrationCases.register(deps, JANE);
    const registration = mailsTo(JANE.email).at(-1);
    expect(registration?.email.subject).toBe(DEFAULT_EMAIL_TEMPLATES.otpVerification.subject);
    expect(`${registration?.email.html}${registration?.email.text}`).not.toContain(JANE.username);

    await registrationCases.verifyRegistration(deps, { email: JANE.email, otp: mailer.lastCode(JANE.email) });
    seconds(60);
    await resetCases.requestPasswordReset(deps, JANE.email);
    const reset = mailsTo(JANE.email).at(-1);
    expect(reset?.email.subject).toBe(DEFAULT_EMAIL_TEMPLATES.passwordResetOtp.subject);
    expect(reset?.email.text).toContain(JANE.username);
  });
});

describe('what code mails say, whatever the stored templates hold', () => {
  it('hands the username only to the reset template', async () => {
    // An administrator may edit the templates (settings page) and put {{username}} back in.
    useDeps({
      sendMail: fakeSendMail(mailer, () => ({ subject: 'Code', html: '<p>For [{{username}}]: {{code}}</p>' })),
    });
    await registrationCases.register(deps, JANE);
    expect(mailsTo(JANE.email).at(-1)?.email.text).toMatch(/^For \[\]: \d{4}$/);
    await registrationCases.verifyRegistration(deps, { email: JANE.email, otp: mailer.lastCode(JANE.email) });
    const jane = opened(await signInCases.login(deps, { email: JANE.email, password: JANE.password }));
    seconds(60);
    await profileCases.updateProfile(deps, callerOf(jane), jane.body.userId, {
      username: JANE.username,
      email: NEW_EMAIL,
      currentPassword: JANE.password,
    });
    expect(mailsTo(NEW_EMAIL).at(-1)?.email.text).toMatch(/^For \[\]: \d{4}$/);
    await resetCases.requestPasswordReset(deps, JANE.email);
    expect(mailsTo(JANE.email).at(-1)?.email.text).toMatch(/^For \[jane_doe\]: \d{4}$/);
  });
});

describe('me, getUserData and lazily created profiles', () => {
  it('lets a user read their own data and an admin anyone, and refuses others with 403', async () => {
    const jane = await registeredAndVerified();
    await expect(profileCases.getUserData(deps, callerOf(jane), jane.body.userId)).resolves.toMatchObject({
      _id: jane.body.userId,
      username: 'jane_doe',
    });
    const other: SessionCaller = { userId: 'someone-else', email: 'x@example.com', isAdmin: false };
    expect((await failure(profileCases.getUserData(deps, other, jane.body.userId))).statusCode).toBe(403);
    const admin: SessionCaller = { userId: 'admin-id', email: 'admin@example.com', isAdmin: true, apiSignIn: true };
    await expect(profileCases.getUserData(deps, admin, jane.body.userId)).resolves.toMatchObject({
      _id: jane.body.userId,
    });
    expect((await failure(profileCases.getUserData(deps, admin, 'no-such-user'))).statusCode).toBe(404);
  });

  it("refuses an administrator's Google token on someone else's account, never on their own", async () => {
    const jane = await registeredAndVerified();
    const google: SessionCaller = { userId: 'admin-id', email: 'admin@example.com', isAdmin: true, apiSignIn: false };
    const refused = await failure(profileCases.getUserData(deps, google, jane.body.userId));
    expect([refused.statusCode, refused.message]).toEqual([403, ADMIN_SIGN_IN_REQUIRED_MESSAGE]);
    // Without the fact at all, it counts as no.
    const unknown: SessionCaller = { userId: 'admin-id', email: 'admin@example.com', isAdmin: true };
    expect((await failure(profileCases.getUserData(deps, unknown, jane.body.userId))).statusCode).toBe(403);
    const own = { ...callerOf(jane), isAdmin: true, apiSignIn: false };
    await expect(profileCases.getUserData(deps, own, jane.body.userId)).resolves.toMatchObject({
      _id: jane.body.userId,
    });
  });

  it('creates the profile of a federated user once, on first use, with a unique username', async () => {
    await registeredAndVerified({ username: 'jane', email: 'jane@example.com', password: 'Str0ng!Pass' });
    const google: SessionCaller = {
      userId: 'google-sub-1',
      email: 'jane@gmail.com',
      emailVerified: true,
      isAdmin: false,
    };
    const first = await profileCases.me(deps, google);
    const second = await profileCases.me(deps, google);
    expect(second).toEqual(first);
    expect(first.username).toMatch(/^jane\d{4}$/); // "jane" is taken by the native account
    expect(first.referralCode).toHaveLength(8);
    expect(store.calls.filter((c) => c.method === 'createRegistration')).toHaveLength(2);
    expect(await store.findUserIdByEmail('jane@gmail.com', clock.now())).toBe('google-sub-1');
  });

  it("keeps the profile's isAdmin mirror in step with the token's group, writing only on a change", async () => {
    const jane = await registeredAndVerified();
    expect(store.profiles.get(jane.body.userId)?.isAdmin).toBe(false);
    const promoted: SessionCaller = { ...callerOf(jane), isAdmin: true };
    await profileCases.me(deps, promoted);
    await profileCases.me(deps, promoted);
    expect(store.profiles.get(jane.body.userId)?.isAdmin).toBe(true);
    expect(store.calls.filter((c) => c.method === 'setAdminMirror')).toHaveLength(1);
    await profileCases.me(deps, { ...promoted, isAdmin: false });
    expect(store.profiles.get(jane.body.userId)?.isAdmin).toBe(false);
    // A first sign-in of an administrator creates the profile with the mirror already right.
    await profileCases.me(deps, { userId: 'admin-sub', email: 'boss@example.com', emailVerified: true, isAdmin: true });
    expect(store.profiles.get('admin-sub')?.isAdmin).toBe(true);
  });

  it('does not let a token with an unverified e-mail claim that address', async () => {
    const unverified: SessionCaller = {
      userId: 'sub-unverified',
      email: 'claimed@example.com',
      emailVerified: false,
      isAdmin: false,
    };
    const user = await profileCases.me(deps, unverified);
    expect(user).toMatchObject({ userId: 'sub-unverified', email: 'claimed@example.com' });
    expect(store.profiles.get('sub-unverified')?.verifiedEmail).toBeUndefined();
    expect(await store.findUserIdByEmail('claimed@example.com', clock.now())).toBeUndefined();
    // The address stays free for whoever proves it.
    await registrationCases.register(deps, {
      username: 'real_owner',
      email: 'claimed@example.com',
      password: 'Str0ng!Pass',
    });
    expect(mailsTo('claimed@example.com')).toHaveLength(1);
  });
});
