import { ADMIN_SIGN_IN_REQUIRED_MESSAGE, AUTH, AUTH_MESSAGES } from '@goldbot/shared';
import { describe, expect, it } from 'vitest';
import { type SessionCaller } from '../../src/domain/auth/account-deps.js';
import * as profileCases from '../../src/domain/auth/account-profile.js';
import { maskEmail } from '../../src/domain/auth/account-profile.js';
import { CODE_MESSAGES } from '../../src/domain/auth/one-time-codes.js';
import * as registrationCases from '../../src/domain/auth/registration.js';
import * as signInCases from '../../src/domain/auth/sign-in.js';
import { DEFAULT_EMAIL_TEMPLATES } from '../../src/domain/email/templates.js';
import { ConflictError, ValidationError } from '../../src/domain/errors.js';
import {
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
  opened,
  registeredAndVerified,
  seconds,
  store,
  wrongCodeFor,
} from '../helpers/account-world.js';

/**
 * The account-profile use cases (functions/src/domain/auth/account-profile.ts) against in-memory
 * fakes of the table, Cognito and SES that keep the real adapters' semantics
 * (test/helpers/auth-fakes.ts): profile, password and e-mail changes, me and getUserData.
 */
freshAccountsEachTest();

/** A non-admin caller known only from a token's claims, with no profile here yet. */
const tokenCaller = (userId: string, email: string, emailVerified: boolean): SessionCaller => ({
  userId,
  email,
  emailVerified,
  isAdmin: false,
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
    const google = tokenCaller('google-sub-1', 'jane@gmail.com', true);
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
    const unverified = tokenCaller('sub-unverified', 'claimed@example.com', false);
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
