import { AUTH } from '@goldbot/shared';
import { describe, expect, it } from 'vitest';
import * as profileCases from '../../src/domain/auth/account-profile.js';
import { REGISTRATION_CLAIM_SECONDS } from '../../src/domain/auth/account-stores.js';
import { CODE_MESSAGES, hashCode } from '../../src/domain/auth/one-time-codes.js';
import * as resetCases from '../../src/domain/auth/password-reset.js';
import { REFERRAL_CODE_ALPHABET } from '../../src/domain/auth/referral-code.js';
import * as registrationCases from '../../src/domain/auth/registration.js';
import * as signInCases from '../../src/domain/auth/sign-in.js';
import { ConflictError, type DomainError, ValidationError } from '../../src/domain/errors.js';
import {
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
  mailsTo,
  opened,
  registeredAndVerified,
  seconds,
  store,
  wrongCodeFor,
} from '../helpers/account-world.js';
import { TEST_OTP_HASH_KEY, inMemoryAuthStore } from '../helpers/auth-fakes.js';

/**
 * The registration use cases (functions/src/domain/auth/registration.ts) against in-memory fakes
 * of the table, Cognito and SES that keep the real adapters' semantics
 * (test/helpers/auth-fakes.ts): registering, verifying the address and resending the code.
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
