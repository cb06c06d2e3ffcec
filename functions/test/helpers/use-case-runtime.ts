import { vi } from 'vitest';

let ids = 0;

/**
 * What the money-moving use cases take besides their store and mailer, made predictable: a fixed
 * clock, fresh 24-digit ids, a retry pause that does not wait, a middle jitter, and a mail-failure
 * hook the test can assert on.
 */
export const fixedRuntime = (now: Date) => ({
  now: () => now,
  newId: () => `ID${String((ids += 1)).padStart(24, '0')}`,
  sleep: vi.fn(async () => undefined),
  random: () => 0.5,
  onMailFailure: vi.fn(),
});
