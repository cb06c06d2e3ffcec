import { AUTH } from '@goldbot/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { AuthService, type SessionCaller } from '../../src/domain/auth/auth-service.js';
import { LOGIN_MESSAGES } from '../../src/domain/auth/login-backoff.js';
import { CODE_MESSAGES, hashCode } from '../../src/domain/auth/one-time-codes.js';
import { REFERRAL_CODE_ALPHABET } from '../../src/domain/auth/referral-code.js';
import { DEFAULT_EMAIL_TEMPLATES } from '../../src/domain/email/templates.js';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
} from '../../src/domain/errors.js';
import {
  fakeClock,
  fakeDirectory,
  fakeMailer,
  inMemoryAuthStore,
  type Clock,
  type FakeDirectory,
  type FakeMailer,
  type InMemoryAuthStore,
} from '../helpers/auth-fakes.js';

/**
 * The account use cases (DESIGN.md §6) against in-memory fakes of the table, Cognito and SES
 * that keep the real adapters' semantics (test/helpers/auth-fakes.ts).
 */
const KEY = 'unit-test-otp-hash-key-0123456789abcdef';
const JANE = { username: 'jane_doe', email: 'jane.doe@example.com', password: 'Str0ng!Pass' };

let clock: Clock;
let store: InMemoryAuthStore;
let directory: FakeDirectory;
let mailer: FakeMailer;
let service: AuthService;

beforeEach(() => {
  clock = fakeClock();
  store = inMemoryAuthStore();
  directory = fakeDirectory(clock);
  mailer = fakeMailer();
  service = new AuthService({
    store,
    directory,
    mailer,
    loadTemplate: async (type) => DEFAULT_EMAIL_TEMPLATES[type],
    otpHashKey: KEY,
    now: clock.now,
  });
});

/** The domain error a call throws (fails the test if it resolves). */
async function failure(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a domain error');
}

const seconds = (s: number) => clock.advance(s * 1000);

async function registeredAndVerified(input = JANE) {
  await service.register(input);
  const session = await service.verifyRegistration({
    email: input.email,
    otp: mailer.lastCode(input.email),
    password: input.password,
  });
  if (!('token' in session)) throw new Error('expected a session');
  return session;
}

const callerOf = (session: { userId: string; email: string; isAdmin: boolean }): SessionCaller => ({
  userId: session.userId,
  email: session.email,
  isAdmin: session.isAdmin,
});

describe('registration', () => {
  it('mails a code, verifies it and opens a session with a fresh profile', async () => {
    const answer = await service.register(JANE);
    expect(answer).toEqual({
      message: 'Registration successful! Please check your email for the verification code.',
      email: JANE.email,
    });
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]?.email.subject).toBe('Your GoldBot verification code');
    const code = mailer.lastCode(JANE.email);
    expect(code).toMatch(/^\d{4}$/);

    // Unconfirmed until the code is verified: Cognito refuses the sign-in.
    expect((await failure(service.login({ email: JANE.email, password: JANE.password }))).statusCode).toBe(403);

    const session = await service.verifyRegistration({ email: JANE.email, otp: code, password: JANE.password });
    expect(session).toMatchObject({
      username: 'jane_doe',
      email: JANE.email,
      phone: null,
      isAdmin: false,
      referralCount: 0,
      referralEarnings: 0,
      expiresIn: 3600,
    });
    if (!('token' in session)) throw new Error('expected a session');
    expect(session.token).toBeTruthy();
    expect(session.refreshToken).toBeTruthy();
    expect(session.referralCode).toMatch(new RegExp(`^[${REFERRAL_CODE_ALPHABET}]{8}$`));

    const profile = store.profiles.get(session.userId);
    expect(profile).toMatchObject({ isActive: true, referralCount: 0, referralEarnings: 0 });
    expect(profile?.emailVerifiedAt).toBeDefined();
    expect(directory.users.get(JANE.email)?.confirmed).toBe(true);
  });

  it('replaces an abandoned, expired sign-up that Cognito still holds, but never a confirmed account', async () => {
    // Cognito kept the UNCONFIRMED user; our profile and markers expired after 24 h.
    directory.addUser(JANE.email, 'Old!Pass1', { confirmed: false });
    await service.register(JANE);
    expect(directory.calls.some((c) => c.method === 'deleteUser')).toBe(true);
    const session = await service.verifyRegistration({
      email: JANE.email,
      otp: mailer.lastCode(JANE.email),
      password: JANE.password,
    });
    expect(session).toMatchObject({ email: JANE.email });

    const other = { username: 'other_user', email: 'taken@example.com', password: 'Str0ng!Pass' };
    directory.addUser(other.email, 'Old!Pass1', { confirmed: true });
    expect((await failure(service.register(other))).statusCode).toBe(409);
    expect(directory.users.has(other.email)).toBe(true);
  });

  it('hands the store only a keyed hash of the code, never the code', async () => {
    await service.register(JANE);
    const code = mailer.lastCode(JANE.email);
    const issued = store.calls.filter((c) => c.method === 'issueCode');
    expect(issued).toHaveLength(1);
    const [, purpose, codeHash] = issued[0]?.args ?? [];
    expect(purpose).toBe('registration');
    expect(codeHash).toBe(hashCode(KEY, 'registration', JANE.email, code));
    expect(codeHash).toMatch(/^[0-9a-f]{64}$/);
    // Nothing the store was given contains the code itself.
    expect(JSON.stringify(store.calls)).not.toMatch(new RegExp(`"${code}"`));
  });

  it('answers "account verified, please sign in" when the password is not sent along', async () => {
    await service.register(JANE);
    const answer = await service.verifyRegistration({ email: JANE.email, otp: mailer.lastCode(JANE.email) });
    expect(answer).toEqual({ verified: true, message: 'Account verified, please sign in.' });
    await expect(service.login({ email: JANE.email, password: JANE.password })).resolves.toHaveProperty('token');
  });

  it('refuses a wrong code with 400, counts it, and still accepts the right one', async () => {
    await service.register(JANE);
    const code = mailer.lastCode(JANE.email);
    const wrong = code === '0000' ? '0001' : '0000';
    const error = await failure(service.verifyRegistration({ email: JANE.email, otp: wrong }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toBe(CODE_MESSAGES.wrong);
    expect((error as ValidationError).fieldErrors).toEqual({ otp: CODE_MESSAGES.wrong });
    expect([...store.codes.values()][0]?.wrongTries).toBe(1);
    await expect(service.verifyRegistration({ email: JANE.email, otp: code })).resolves.toMatchObject({
      verified: true,
    });
  });

  it('kills a code after five wrong tries', async () => {
    await service.register(JANE);
    const code = mailer.lastCode(JANE.email);
    const wrong = code === '1111' ? '2222' : '1111';
    const messages: string[] = [];
    for (let i = 0; i < AUTH.otpMaxWrongTries; i += 1) {
      messages.push((await failure(service.verifyRegistration({ email: JANE.email, otp: wrong }))).message);
    }
    expect(messages.slice(0, 4)).toEqual(Array(4).fill(CODE_MESSAGES.wrong));
    expect(messages[4]).toBe(CODE_MESSAGES.exhausted);
    const dead = await failure(service.verifyRegistration({ email: JANE.email, otp: code }));
    expect([dead.statusCode, dead.message]).toEqual([400, CODE_MESSAGES.exhausted]);
  });

  it('refuses a code after its 10 minutes', async () => {
    await service.register(JANE);
    const code = mailer.lastCode(JANE.email);
    seconds(AUTH.otpTtlMinutes * 60);
    const error = await failure(service.verifyRegistration({ email: JANE.email, otp: code }));
    expect([error.statusCode, error.message]).toEqual([400, CODE_MESSAGES.expired]);
  });

  it('uses a code once', async () => {
    await service.register(JANE);
    const code = mailer.lastCode(JANE.email);
    await service.verifyRegistration({ email: JANE.email, otp: code });
    expect((await failure(service.verifyRegistration({ email: JANE.email, otp: code }))).statusCode).toBe(409);
  });

  it('never accepts a registration code as a reset code', async () => {
    await service.register(JANE);
    const code = mailer.lastCode(JANE.email);
    const error = await failure(service.verifyResetCode(JANE.email, code));
    expect([error.statusCode, error.message]).toEqual([400, CODE_MESSAGES.missing]);
    expect(
      await failure(service.resetPassword({ email: JANE.email, otp: code, newPassword: 'N3w!Passw0rd' })),
    ).toBeInstanceOf(ValidationError);
  });

  it('answers 409 with a clear message for a taken e-mail or username', async () => {
    await service.register(JANE);
    const email = await failure(service.register({ ...JANE, username: 'someone_else' }));
    expect([email.statusCode, email.message]).toEqual([
      409,
      'An account with this email already exists. Please sign in instead.',
    ]);
    const username = await failure(service.register({ ...JANE, email: 'other@example.com' }));
    expect([username.statusCode, username.message]).toEqual([409, 'This username is already taken.']);
    // The refused registrations created nothing in Cognito.
    expect(directory.users.has('other@example.com')).toBe(false);
  });

  it('deletes the Cognito user again when the profile cannot be created (compensation)', async () => {
    store.createRegistration = async () => {
      throw new ConflictError('This username is already taken.');
    };
    expect((await failure(service.register(JANE))).statusCode).toBe(409);
    expect(directory.calls.map((c) => c.method)).toEqual(['signUp', 'deleteUser']);
    expect(directory.users.has(JANE.email)).toBe(false);
    expect(mailer.sent).toEqual([]);
  });
});

describe('resending codes', () => {
  it('waits 30 s between codes (429 with Retry-After) and then replaces the old code', async () => {
    await service.register(JANE);
    const first = mailer.lastCode(JANE.email);
    seconds(10);
    const early = await failure(service.resendRegistrationCode(JANE.email));
    expect(early).toBeInstanceOf(TooManyRequestsError);
    expect(early.headers).toEqual({ 'Retry-After': '20' });
    expect(early.message).toBe('Please wait 20 seconds before requesting another code.');

    seconds(20);
    await expect(service.resendRegistrationCode(JANE.email)).resolves.toEqual({ message: 'OTP resent successfully!' });
    expect(mailer.sent).toHaveLength(2);
    const second = mailer.lastCode(JANE.email);
    if (second !== first) {
      // The new code replaced the old one.
      expect((await failure(service.verifyRegistration({ email: JANE.email, otp: first }))).statusCode).toBe(400);
    }
    await expect(service.verifyRegistration({ email: JANE.email, otp: second })).resolves.toMatchObject({
      verified: true,
    });
  });

  it('sends at most 5 codes per e-mail per hour', async () => {
    await service.register(JANE);
    for (let i = 1; i < AUTH.otpMaxPerEmailPerHour; i += 1) {
      seconds(AUTH.otpResendCooldownSeconds);
      await service.resendRegistrationCode(JANE.email);
    }
    seconds(AUTH.otpResendCooldownSeconds);
    const capped = await failure(service.resendRegistrationCode(JANE.email));
    expect([capped.statusCode, capped.message]).toEqual([
      429,
      'Too many codes requested for this email. Please try again later.',
    ]);
    expect(Number(capped.headers['Retry-After'])).toBeGreaterThan(0);
    expect(mailer.sent).toHaveLength(AUTH.otpMaxPerEmailPerHour);
  });

  it('refuses unknown and already verified addresses', async () => {
    expect((await failure(service.resendRegistrationCode('nobody@example.com'))).statusCode).toBe(404);
    await registeredAndVerified();
    seconds(60);
    expect((await failure(service.resendRegistrationCode(JANE.email))).statusCode).toBe(409);
  });
});

describe('login', () => {
  it('answers unknown e-mails and wrong passwords with the same 401', async () => {
    await registeredAndVerified();
    const unknown = await failure(service.login({ email: 'nobody@example.com', password: JANE.password }));
    const wrong = await failure(service.login({ email: JANE.email, password: 'Wr0ng!Pass' }));
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
      statuses.push((await failure(service.login({ email: JANE.email, password: 'Wr0ng!Pass' }))).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);

    const blocked = await failure(service.login({ email: JANE.email, password: JANE.password }));
    expect(blocked).toBeInstanceOf(TooManyRequestsError);
    expect(blocked.headers).toEqual({ 'Retry-After': '30' });
    expect(blocked.message).toBe(LOGIN_MESSAGES.blocked(30));
    seconds(10);
    const stillBlocked = await failure(service.login({ email: JANE.email, password: JANE.password }));
    expect(stillBlocked.headers).toEqual({ 'Retry-After': '20' });
    // Blocked attempts never reach Cognito: 1 sign-in at verification + 5 failures.
    expect(directory.calls.filter((c) => c.method === 'signIn')).toHaveLength(6);

    seconds(20);
    expect((await failure(service.login({ email: JANE.email, password: 'Wr0ng!Pass' }))).statusCode).toBe(401);
    const doubled = await failure(service.login({ email: JANE.email, password: JANE.password }));
    expect(doubled.headers).toEqual({ 'Retry-After': '60' });
    seconds(60);
    await expect(service.login({ email: JANE.email, password: JANE.password })).resolves.toHaveProperty('token');
    expect(store.loginFailures.size).toBe(0); // a success resets the count
  });

  it('answers 403 needsVerification to an unverified account and mails a fresh code', async () => {
    await service.register(JANE);
    seconds(AUTH.otpResendCooldownSeconds);
    const error = await failure(service.login({ email: JANE.email, password: JANE.password }));
    expect(error).toBeInstanceOf(ForbiddenError);
    expect(error.message).toBe(LOGIN_MESSAGES.unverified);
    expect(error.details).toEqual({ needsVerification: true, email: JANE.email });
    expect(mailer.sent).toHaveLength(2);
    await expect(
      service.verifyRegistration({ email: JANE.email, otp: mailer.lastCode(JANE.email), password: JANE.password }),
    ).resolves.toHaveProperty('token');
  });

  it('still answers 403 needsVerification inside the resend cool-down (the last code stays valid)', async () => {
    await service.register(JANE);
    const error = await failure(service.login({ email: JANE.email, password: JANE.password }));
    expect(error.details).toMatchObject({ needsVerification: true });
    expect(mailer.sent).toHaveLength(1);
  });

  it('refuses a deactivated account, at login and at refresh', async () => {
    const session = await registeredAndVerified();
    const profile = store.profiles.get(session.userId);
    if (profile) profile.isActive = false;
    const login = await failure(service.login({ email: JANE.email, password: JANE.password }));
    expect([login.statusCode, login.message]).toEqual([403, 'Account is deactivated']);
    const refresh = await failure(service.refresh(session.refreshToken));
    expect([refresh.statusCode, refresh.message]).toEqual([403, 'Account is deactivated']);
  });

  it('answers isAdmin from the admin group', async () => {
    directory.addUser('admin@example.com', 'Adm1n!Pass', { groups: ['admin'] });
    const session = await service.login({ email: 'admin@example.com', password: 'Adm1n!Pass' });
    expect(session.isAdmin).toBe(true);
    // The bootstrap admin had no profile: it is created on first sign-in, already verified.
    expect(store.profiles.get(session.userId)?.emailVerifiedAt).toBeDefined();
  });
});

describe('refresh', () => {
  it('exchanges a refresh token we issued for a new ID token', async () => {
    const session = await registeredAndVerified();
    await expect(service.refresh(session.refreshToken)).resolves.toEqual({
      token: expect.any(String),
      expiresIn: 3600,
    });
  });

  it('refuses unknown tokens and tokens of revoked sessions', async () => {
    const session = await registeredAndVerified();
    expect((await failure(service.refresh('not-a-token'))).statusCode).toBe(401);
    // Cognito still accepts it, but our session registry no longer knows it.
    store.sessions.clear();
    const revoked = await failure(service.refresh(session.refreshToken));
    expect([revoked.statusCode, revoked.message]).toEqual([401, 'Your session has ended. Please sign in again.']);
  });
});

describe('password reset', () => {
  const SAME_ANSWER = {
    message: 'If an account exists for this email, we have sent a reset code. Check your email for OTP.',
  };

  it('answers the same for unknown and known e-mails, and mails only the known one', async () => {
    await registeredAndVerified();
    const mailsBefore = mailer.sent.length;
    await expect(service.requestPasswordReset('nobody@example.com')).resolves.toEqual(SAME_ANSWER);
    expect(mailer.sent).toHaveLength(mailsBefore);
    await expect(service.requestPasswordReset(JANE.email)).resolves.toEqual(SAME_ANSWER);
    expect(mailer.sent).toHaveLength(mailsBefore + 1);
    expect(mailer.sent.at(-1)?.email.subject).toBe('Your GoldBot password reset code');
  });

  it('checks the code without consuming it, then consumes it, sets the password and ends every session', async () => {
    const session = await registeredAndVerified();
    seconds(60);
    await service.requestPasswordReset(JANE.email);
    const code = mailer.lastCode(JANE.email);

    await expect(service.verifyResetCode(JANE.email, code)).resolves.toEqual({ message: 'OTP verified successfully!' });
    await expect(service.verifyResetCode(JANE.email, code)).resolves.toBeDefined(); // not consumed

    seconds(5);
    await expect(service.resetPassword({ email: JANE.email, otp: code, newPassword: 'N3w!Passw0rd' })).resolves.toEqual(
      { message: 'Password reset successful!' },
    );

    // Single use.
    const again = await failure(service.resetPassword({ email: JANE.email, otp: code, newPassword: 'An0ther!Pass' }));
    expect(again.statusCode).toBe(400);
    // Sessions revoked: the refresh token is dead, tokens issued before now are refused, Cognito signed out.
    expect((await failure(service.refresh(session.refreshToken))).statusCode).toBe(401);
    expect(store.profiles.get(session.userId)?.tokensValidAfter).toBe(Math.floor(clock.now() / 1000));
    expect(directory.calls.map((c) => c.method)).toContain('signOutEverywhere');
    // The old password no longer works, the new one does.
    expect((await failure(service.login({ email: JANE.email, password: JANE.password }))).statusCode).toBe(401);
    await expect(service.login({ email: JANE.email, password: 'N3w!Passw0rd' })).resolves.toHaveProperty('token');
  });

  it('mails no reset code to an unverified registration', async () => {
    await service.register(JANE);
    seconds(60);
    await expect(service.requestPasswordReset(JANE.email)).resolves.toEqual(SAME_ANSWER);
    expect(mailer.sent).toHaveLength(1);
  });
});

describe('profile and password changes', () => {
  it('answers 400 to a wrong current password and changes nothing', async () => {
    const session = await registeredAndVerified();
    const error = await failure(
      service.changePassword(callerOf(session), session.userId, {
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
      service.changePassword(callerOf(session), session.userId, {
        currentPassword: JANE.password,
        password: 'N3w!Passw0rd',
      }),
    ).resolves.toEqual({ message: 'Password updated successfully. Please login again with your new password.' });
    expect(directory.users.get(JANE.email)?.password).toBe('N3w!Passw0rd');
    expect((await failure(service.refresh(session.refreshToken))).statusCode).toBe(401);
  });

  it('lets only the owner change an account', async () => {
    const session = await registeredAndVerified();
    const stranger: SessionCaller = { userId: 'someone-else', email: 'x@example.com', isAdmin: true };
    const profile = await failure(
      service.updateProfile(stranger, session.userId, { username: 'taken_over', email: 'x@example.com' }),
    );
    const password = await failure(
      service.changePassword(stranger, session.userId, { currentPassword: 'x', password: 'N3w!Passw0rd' }),
    );
    expect([profile.statusCode, password.statusCode]).toEqual([403, 403]);
  });

  it("refuses another account's username or e-mail with 409", async () => {
    const jane = await registeredAndVerified();
    seconds(60);
    await registeredAndVerified({ username: 'john_roe', email: 'john@example.com', password: 'Str0ng!Pass2' });
    const byName = await failure(
      service.updateProfile(callerOf(jane), jane.userId, { username: 'JOHN_ROE', email: JANE.email }),
    );
    expect([byName.statusCode, byName.message]).toEqual([409, 'This username is already taken.']);
    const byEmail = await failure(
      service.updateProfile(callerOf(jane), jane.userId, { username: 'jane_doe', email: 'john@example.com' }),
    );
    expect([byEmail.statusCode, byEmail.message]).toEqual([409, 'An account with this email already exists.']);
  });

  it('updates username and e-mail, in Cognito too', async () => {
    const jane = await registeredAndVerified();
    const answer = await service.updateProfile(callerOf(jane), jane.userId, {
      username: 'jane.d',
      email: 'jane.d@example.com',
    });
    expect(answer).toMatchObject({
      message: 'Profile updated successfully',
      user: { userId: jane.userId, username: 'jane.d', email: 'jane.d@example.com' },
    });
    expect(directory.calls.find((c) => c.method === 'updateEmail')?.args).toEqual([JANE.email, 'jane.d@example.com']);
  });
});

describe('me and getUserData', () => {
  it('lets a user read their own data and an admin anyone, and refuses others with 403', async () => {
    const jane = await registeredAndVerified();
    await expect(service.getUserData(callerOf(jane), jane.userId)).resolves.toMatchObject({
      _id: jane.userId,
      username: 'jane_doe',
    });
    const other: SessionCaller = { userId: 'someone-else', email: 'x@example.com', isAdmin: false };
    expect((await failure(service.getUserData(other, jane.userId))).statusCode).toBe(403);
    const admin: SessionCaller = { userId: 'admin-id', email: 'admin@example.com', isAdmin: true };
    await expect(service.getUserData(admin, jane.userId)).resolves.toMatchObject({ _id: jane.userId });
    expect((await failure(service.getUserData(admin, 'no-such-user'))).statusCode).toBe(404);
  });

  it('creates the profile of a federated user once, on first use, with a unique username', async () => {
    await registeredAndVerified({ username: 'jane', email: 'jane@example.com', password: 'Str0ng!Pass' });
    const google: SessionCaller = { userId: 'google-sub-1', email: 'jane@gmail.com', isAdmin: false };
    const first = await service.me(google);
    const second = await service.me(google);
    expect(second).toEqual(first);
    expect(first.username).toMatch(/^jane\d{4}$/); // "jane" is taken by the native account
    expect(first.referralCode).toHaveLength(8);
    expect(store.calls.filter((c) => c.method === 'createRegistration')).toHaveLength(2);
  });
});
