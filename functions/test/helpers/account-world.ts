import { beforeEach } from 'vitest';
import type { AuthDeps, OpenedSession, SessionCaller } from '../../src/domain/auth/account-deps.js';
import * as registrationCases from '../../src/domain/auth/registration.js';
import {
  authDepsOver,
  domainFailure,
  fakeClock,
  fakeDirectory,
  fakeMailer,
  inMemoryAuthStore,
  type Clock,
  type FakeDirectory,
  type FakeMailer,
  type InMemoryAuthStore,
} from './auth-fakes.js';

/**
 * The world the account use-case tests run in: fresh in-memory fakes of the table, Cognito and
 * SES before each test (auth-fakes.ts), the users they sign up, and the small helpers they share.
 * The fakes are live bindings: a test file reads the ones of its current test.
 */
export let clock: Clock;
export let store: InMemoryAuthStore;
export let directory: FakeDirectory;
export let mailer: FakeMailer;
export let deps: AuthDeps;

export function makeDeps(overrides: Partial<AuthDeps> = {}): AuthDeps {
  return authDepsOver({ clock, store, directory, mailer }, overrides);
}

/** Replaces this test's use-case dependencies (e.g. another mail renderer). */
export function useDeps(overrides: Partial<AuthDeps>): void {
  deps = makeDeps(overrides);
}

/** Call once at the top of a test file: every test starts with empty fakes and a fresh clock. */
export function freshAccountsEachTest(): void {
  beforeEach(() => {
    clock = fakeClock();
    store = inMemoryAuthStore();
    directory = fakeDirectory(clock);
    mailer = fakeMailer();
    deps = makeDeps();
  });
}

export const JANE = { username: 'jane_doe', email: 'jane.doe@example.com', password: 'Str0ng!Pass' };
export const JOHN = { username: 'john_roe', email: 'john@example.com', password: 'Str0ng!Pass2' };
export const NEW_EMAIL = 'jane.new@example.org';
export const DAY_SECONDS = 24 * 3600;

export const failure = domainFailure;
export const seconds = (s: number) => clock.advance(s * 1000);
export const wrongCodeFor = (code: string) => (code === '0000' ? '0001' : '0000');
export const mailsTo = (to: string) => mailer.sent.filter((m) => m.to === to);
export const callsOf = (calls: { method: string }[], method: string) => calls.filter((c) => c.method === method).length;

/** A sign-in or verification that opened a session (not "verified, please sign in" or a second step). */
export function opened(outcome: unknown): OpenedSession {
  if (typeof outcome !== 'object' || outcome === null || !('refreshToken' in outcome) || !('body' in outcome)) {
    throw new Error(`expected a session, got ${JSON.stringify(outcome)}`);
  }
  return outcome as OpenedSession;
}

export async function registeredAndVerified(input = JANE): Promise<OpenedSession> {
  await registrationCases.register(deps, input);
  return opened(
    await registrationCases.verifyRegistration(deps, {
      email: input.email,
      otp: mailer.lastCode(input.email),
      password: input.password,
    }),
  );
}

export const callerOf = (session: OpenedSession): SessionCaller => ({
  userId: session.body.userId,
  email: session.body.email,
  emailVerified: true,
  isAdmin: session.body.isAdmin,
});
