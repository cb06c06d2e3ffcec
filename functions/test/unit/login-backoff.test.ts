import { AUTH } from '@goldbot/shared';
import { describe, expect, it } from 'vitest';
import {
  BACKOFF_BASE_SECONDS,
  BACKOFF_MAX_SECONDS,
  LOGIN_MESSAGES,
  backoffSeconds,
} from '../../src/domain/auth/login-backoff.js';

describe('login back-off curve', () => {
  it('does not block the first 4 failures', () => {
    for (const failures of [0, 1, 2, 3, 4]) expect(backoffSeconds(failures), String(failures)).toBe(0);
  });

  it('blocks from the 5th consecutive failure on: 30 s, then doubling', () => {
    expect(AUTH.loginFailuresBeforeBackoff).toBe(5);
    expect([5, 6, 7, 8, 9].map(backoffSeconds)).toEqual([30, 60, 120, 240, 480]);
    expect(BACKOFF_BASE_SECONDS).toBe(30);
  });

  it('caps the wait at 15 minutes', () => {
    expect(BACKOFF_MAX_SECONDS).toBe(900);
    expect(backoffSeconds(10)).toBe(900);
    expect(backoffSeconds(50)).toBe(900);
    expect(backoffSeconds(10_000)).toBe(900);
  });

  it('never shrinks as failures grow', () => {
    for (let n = 1; n < 40; n += 1) expect(backoffSeconds(n)).toBeGreaterThanOrEqual(backoffSeconds(n - 1));
  });

  it('tells the person how long to wait and what else to do', () => {
    expect(LOGIN_MESSAGES.blocked(60)).toBe(
      'Too many failed sign-in attempts. Please wait 60 seconds before trying again, or reset your password.',
    );
    expect(LOGIN_MESSAGES.invalid).toBe('Invalid email or password');
  });
});
