import { AUTH } from '@goldbot/shared';
import { describe, expect, it } from 'vitest';
import * as profileCases from '../../src/domain/auth/account-profile.js';
import { CODE_MESSAGES } from '../../src/domain/auth/one-time-codes.js';
import * as resetCases from '../../src/domain/auth/password-reset.js';
import * as registrationCases from '../../src/domain/auth/registration.js';
import * as signInCases from '../../src/domain/auth/sign-in.js';
import { DEFAULT_EMAIL_TEMPLATES } from '../../src/domain/email/templates.js';
import { type DomainError } from '../../src/domain/errors.js';
import {
  DAY_SECONDS,
  JANE,
  JOHN,
  NEW_EMAIL,
  callerOf,
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
  useDeps,
  wrongCodeFor,
} from '../helpers/account-world.js';
import { fakeSendMail } from '../helpers/auth-fakes.js';

/**
 * The password-reset use cases (functions/src/domain/auth/password-reset.ts) against in-memory
 * fakes of the table, Cognito and SES that keep the real adapters' semantics
 * (test/helpers/auth-fakes.ts): the reset itself, the daily lock every one-time code of an address
 * shares, and what code mails say.
 */
freshAccountsEachTest();

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
