import { describe, expect, it } from 'vitest';
import { callerFromEvent, parseGroups } from '../../src/kit/identity.js';
import { API_CLIENT_ID, CALLERS, USER_CALLER, httpEvent, loadSampleEvent } from '../helpers/lambda.js';

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
  /** Claims of an ID token with only what a test cares about. */
  const idClaims = (claims: Record<string, string>) => ({ token_use: 'id', ...claims });
  const callerOf = (claims: Record<string, string>) =>
    callerFromEvent(httpEvent({ routeId: 'auth-me', claims }), API_CLIENT_ID);

  it('is null without an authorizer (anonymous)', () => {
    expect(callerFromEvent(httpEvent({ routeId: 'health' }), API_CLIENT_ID)).toBeNull();
  });

  it('is null when the claims carry no subject', () => {
    expect(callerOf(idClaims({ email: 'a@example.com' }))).toBeNull();
    expect(callerOf(idClaims({ sub: '', email: 'a@example.com' }))).toBeNull();
  });

  it('reads a user from the claims of an ID token', () => {
    expect(CALLERS.user.token_use).toBe('id');
    expect(callerOf(CALLERS.user)).toEqual(USER_CALLER);
  });

  it('reads the sign-in time from auth_time, which a refreshed token keeps, else from iat', () => {
    expect(callerOf(idClaims({ sub: 'u-1', iat: '1767268600', auth_time: '1767268500' }))?.authTime).toBe(1767268500);
    expect(callerOf(idClaims({ sub: 'u-1', iat: '1767268600' }))?.authTime).toBe(1767268600);
  });

  it.each([
    ['an access token', { ...CALLERS.admin, token_use: 'access' }],
    ['a token without token_use', { sub: 'u-1', email: 'a@example.com', 'cognito:groups': '[admin]' }],
    ['an unknown token_use', { ...CALLERS.user, token_use: 'refresh' }],
  ])('is null for %s (only ID tokens pass)', (_label, claims) => {
    expect(callerOf(claims)).toBeNull();
  });

  it.each<[string, unknown, boolean]>([
    ["the text 'true' (API Gateway)", 'true', true],
    ['the boolean true (local gateway)', true, true],
    ["the text 'false'", 'false', false],
    ['the boolean false', false, false],
    ['a missing claim', undefined, false],
    ['anything else', 'yes', false],
  ])('reads email_verified from %s', (_label, raw, expected) => {
    const event = httpEvent({ routeId: 'auth-me', claims: idClaims({ sub: 'u-1', email: 'a@example.com' }) });
    const claims = (event.requestContext as unknown as { authorizer: { jwt: { claims: Record<string, unknown> } } })
      .authorizer.jwt.claims;
    if (raw === undefined) delete claims.email_verified;
    else claims.email_verified = raw;
    expect(callerFromEvent(event, API_CLIENT_ID)?.emailVerified).toBe(expected);
  });

  it('marks members of the admin group as admin', () => {
    expect(callerFromEvent(httpEvent({ routeId: 'contact-list', claims: CALLERS.admin }), API_CLIENT_ID)?.isAdmin).toBe(
      true,
    );
    expect(callerOf(idClaims({ sub: 'u', 'cognito:groups': '[user admin]' }))?.isAdmin).toBe(true);
    expect(callerOf(idClaims({ sub: 'u', 'cognito:groups': '[editors]' }))?.isAdmin).toBe(false);
  });

  it('tolerates a missing email claim', () => {
    expect(callerOf(idClaims({ sub: 'u-1' }))).toEqual({
      userId: 'u-1',
      email: '',
      emailVerified: false,
      isAdmin: false,
      issuedAt: 0,
      authTime: 0,
      apiSignIn: false,
    });
  });

  it.each<[string, Record<string, string>, boolean]>([
    ["a token of the API's own client", CALLERS.admin, true],
    ['a token of the hosted-UI client (Google)', { ...CALLERS.admin, aud: 'hosted-ui-client' }, false],
    [
      'a token carrying a federated identity',
      { ...CALLERS.admin, identities: '[{"providerName":"Google","providerType":"Google","userId":"1098"}]' },
      false,
    ],
    ['the identities of the local gateway', { ...CALLERS.admin, identities: '[[object Object]]' }, false],
    ['an empty identities list', { ...CALLERS.admin, identities: '[]' }, true],
    ['a token without an audience', (({ aud: _aud, ...rest }) => rest)(CALLERS.admin), false],
  ])('tells whether %s comes from the API sign-in', (_label, claims, expected) => {
    expect(callerOf(claims)?.apiSignIn).toBe(expected);
  });

  it('counts no token as from the API sign-in when the API client is unknown', () => {
    expect(
      callerFromEvent(httpEvent({ routeId: 'auth-me', claims: { ...CALLERS.admin, aud: '' } }), '')?.apiSignIn,
    ).toBe(false);
  });

  it('reads the admin caller of the sample events', () => {
    expect(callerFromEvent(loadSampleEvent('contact-list'), '1example23456789clientid')).toEqual({
      userId: '5f3c2a1e-8b7d-4c6a-9e0f-1a2b3c4d5e6f',
      email: 'admin@example.com',
      emailVerified: true,
      isAdmin: true,
      issuedAt: 1767268500,
      authTime: 1767268500,
      apiSignIn: true,
    });
  });
});
