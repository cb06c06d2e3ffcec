import { describe, expect, it } from 'vitest';
import { callerFromEvent, parseGroups } from '../../src/kit/identity.js';
import { CALLERS, httpEvent, loadSampleEvent } from '../helpers/lambda.js';

describe('parseGroups', () => {
  it.each<[string, unknown, string[]]>([
    ['an array (local gateway)', ['admin', 'beta'], ['admin', 'beta']],
    ['API Gateway text with one group', '[admin]', ['admin']],
    ['API Gateway text with two groups', '[admin user]', ['admin', 'user']],
    ['comma-separated text', '[admin, user]', ['admin', 'user']],
    ['a bare group name', 'admin', ['admin']],
    ['empty brackets', '[]', []],
    ['an empty string', '', []],
    ['blank text', '   ', []],
    ['an empty array', [], []],
    ['undefined', undefined, []],
    ['a number', 42, []],
  ])('reads %s', (_label, raw, expected) => {
    expect(parseGroups(raw)).toEqual(expected);
  });

  it('does not mistake a group that merely contains "admin" for admin', () => {
    expect(parseGroups('[administrators sysadmin]')).not.toContain('admin');
  });
});

describe('callerFromEvent', () => {
  it('is null without an authorizer (anonymous)', () => {
    expect(callerFromEvent(httpEvent({ routeId: 'health' }))).toBeNull();
  });

  it('is null when the claims carry no subject', () => {
    expect(callerFromEvent(httpEvent({ routeId: 'auth-me', claims: { email: 'a@example.com' } }))).toBeNull();
    expect(callerFromEvent(httpEvent({ routeId: 'auth-me', claims: { sub: '', email: 'a@example.com' } }))).toBeNull();
  });

  it('reads a user from the claims', () => {
    expect(callerFromEvent(httpEvent({ routeId: 'auth-me', claims: CALLERS.user }))).toEqual({
      userId: CALLERS.user.sub,
      email: 'user@example.com',
      isAdmin: false,
      issuedAt: Number(CALLERS.user.iat),
    });
  });

  it('marks members of the admin group as admin', () => {
    expect(callerFromEvent(httpEvent({ routeId: 'contact-list', claims: CALLERS.admin }))?.isAdmin).toBe(true);
    expect(
      callerFromEvent(httpEvent({ routeId: 'contact-list', claims: { sub: 'u', 'cognito:groups': '[user admin]' } }))
        ?.isAdmin,
    ).toBe(true);
    expect(
      callerFromEvent(httpEvent({ routeId: 'contact-list', claims: { sub: 'u', 'cognito:groups': '[editors]' } }))
        ?.isAdmin,
    ).toBe(false);
  });

  it('tolerates a missing email claim', () => {
    expect(callerFromEvent(httpEvent({ routeId: 'auth-me', claims: { sub: 'u-1' } }))).toEqual({
      userId: 'u-1',
      email: '',
      isAdmin: false,
      issuedAt: 0,
    });
  });

  it('reads the admin caller of the sample events', () => {
    expect(callerFromEvent(loadSampleEvent('contact-list'))).toEqual({
      userId: '5f3c2a1e-8b7d-4c6a-9e0f-1a2b3c4d5e6f',
      email: 'admin@example.com',
      isAdmin: true,
      issuedAt: 1767268500,
    });
  });
});
