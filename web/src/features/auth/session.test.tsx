import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@goldbot/shared';
import { mockApi, sessionResponse, tokenExpiringIn } from '@/test/auth-helpers';
import { deferred, jsonResponse, storeSession } from '@/test/test-utils';
import { ApiError, apiRequest } from '@/lib/api-client';
import { SIGN_IN_METHOD_KEY, type SignInMethod } from '@/lib/session-storage';
import { login, verifyMfa } from './api/auth-api';
import {
  LOGOUT_TIMEOUT_MS,
  REFRESH_MARGIN_MS,
  REFRESH_RETRY_MS,
  SessionStore,
  type SessionStoreDeps,
} from './session-store';
import { SessionProvider, useSession } from './session';

const trader = { _id: 'u1', username: 'trader42', email: 'trader42@example.com', role: 'user' as const };

function renderSession(store?: SessionStore) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SessionProvider store={store}>{children}</SessionProvider>
  );
  return renderHook(() => useSession(), { wrapper });
}

function fakeDeps(overrides: Partial<SessionStoreDeps> = {}): SessionStoreDeps {
  return {
    refreshWithCookie: vi.fn(async () => ({ token: tokenExpiringIn(3600, { n: 2 }), expiresIn: 3600 })),
    refreshHostedUi: vi.fn(async () => null),
    fetchUser: vi.fn(async () => ({ ...sessionResponse(), username: 'renamed' })),
    logout: vi.fn(async () => {}),
    ...overrides,
  };
}

function storeFull(token: string, method: SignInMethod = 'password') {
  storeSession(trader, token, method);
}

/** The session's keys in localStorage, sorted. */
const storedKeys = () => Object.keys({ ...localStorage }).sort();

afterEach(() => {
  vi.useRealTimers();
});

describe('SessionProvider: restore', () => {
  it('restores a stored session as authenticated', () => {
    storeSession({ ...trader, referralEarnings: 12 }, 'stored-token');
    const { result } = renderSession();
    expect(result.current.status).toBe('authenticated');
    expect(result.current.token).toBe('stored-token');
    expect(result.current.user).toEqual({ ...trader, referralEarnings: 12 });
    expect(result.current.isAdmin).toBe(false);
  });

  it.each([
    ['anonymous', 'anonymous'],
    ['loading', 'loading'],
  ] as const)(
    'hydrating static HTML rendered %s, shows that first and then the stored session, in a transition',
    async (staticStatus, firstStatus) => {
      storeSession(trader, 'stored-token');
      const seen: string[] = [];
      function Probe() {
        const { status, user } = useSession();
        seen.push(`${status}:${user?.username ?? '-'}`);
        return null;
      }
      render(
        <SessionProvider staticStatus={staticStatus}>
          <Probe />
        </SessionProvider>,
      );
      await waitFor(() => expect(seen.at(-1)).toBe('authenticated:trader42'));
      expect(seen[0]).toBe(`${firstStatus}:-`);
    },
  );

  it('is anonymous when nothing is stored', () => {
    const { result } = renderSession();
    expect(result.current).toMatchObject({ status: 'anonymous', user: null, token: null, isAdmin: false });
  });

  it.each([
    ['corrupt JSON', '{"username": "trader42"'],
    ['a non-object', '["trader42"]'],
    ['a user without e-mail', '{"username": "trader42"}'],
    ['the string "undefined"', 'undefined'],
  ])('treats %s as anonymous and clears storage', (_case, storedUser) => {
    localStorage.setItem(STORAGE_KEYS.user, storedUser);
    localStorage.setItem(STORAGE_KEYS.token, 'stored-token');
    localStorage.setItem(SIGN_IN_METHOD_KEY, 'password');
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1');
    const { result } = renderSession();
    expect(result.current).toMatchObject({ status: 'anonymous', user: null, token: null });
    expect(localStorage.length).toBe(0);
  });

  it('treats a user without a token as anonymous and clears storage', () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(trader));
    const { result } = renderSession();
    expect(result.current.status).toBe('anonymous');
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('drops unknown or mistyped optional fields instead of trusting them', () => {
    storeSession({ ...trader, role: 'superuser', referralCount: 'many' } as never);
    const { result } = renderSession();
    expect(result.current.user).toEqual({ _id: 'u1', username: 'trader42', email: 'trader42@example.com' });
  });

  it('is loading while an expired stored token is renewed through the cookie, then authenticated', async () => {
    const refresh = deferred<Response>();
    const api = mockApi({ 'POST /api/auth/refresh': () => refresh.promise });
    storeFull(tokenExpiringIn(-60));
    const { result } = renderSession();
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(api.requestsTo('POST /api/auth/refresh')).toHaveLength(1));
    // No token in the body and no bearer: the HttpOnly cookie is the refresh token.
    const [request] = api.requestsTo('POST /api/auth/refresh');
    expect(request?.body).toEqual({});
    expect(request?.headers.has('Authorization')).toBe(false);
    expect(api.fetchMock.mock.calls[0]?.[1]).toMatchObject({ credentials: 'same-origin' });

    const fresh = tokenExpiringIn(3600);
    await act(async () => refresh.resolve(jsonResponse({ token: fresh, expiresIn: 3600 })));
    expect(result.current).toMatchObject({ status: 'authenticated', token: fresh, user: trader });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(fresh);
    expect(storedKeys()).toEqual([SIGN_IN_METHOD_KEY, STORAGE_KEYS.token, STORAGE_KEYS.user].sort());
  });

  it('ends an expired session whose refresh cookie is refused, without a logout call', async () => {
    const api = mockApi({
      'POST /api/auth/refresh': jsonResponse({ message: 'Session expired', msg: 'Session expired' }, 401),
    });
    storeFull(tokenExpiringIn(-60));
    const { result } = renderSession();
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('anonymous'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(SIGN_IN_METHOD_KEY)).toBeNull();
    expect(api.requestsTo('POST /api/auth/logout')).toHaveLength(0);
  });

  it('renews a Google (hosted-UI) session through Amplify, never through the cookie', async () => {
    storeFull(tokenExpiringIn(-60), 'hosted-ui');
    const fresh = tokenExpiringIn(3600, { n: 2 });
    const deps = fakeDeps({ refreshHostedUi: vi.fn(async () => fresh) });
    const { result } = renderSession(new SessionStore(deps));
    await waitFor(() => expect(result.current.token).toBe(fresh));
    expect(result.current.status).toBe('authenticated');
    expect(deps.refreshWithCookie).not.toHaveBeenCalled();
    expect(localStorage.getItem(SIGN_IN_METHOD_KEY)).toBe('hosted-ui');
  });

  it('ends an expired Google session that Amplify cannot renew', async () => {
    storeFull(tokenExpiringIn(-60), 'hosted-ui');
    const deps = fakeDeps();
    const { result } = renderSession(new SessionStore(deps));
    await waitFor(() => expect(result.current.status).toBe('anonymous'));
    expect(deps.refreshHostedUi).toHaveBeenCalled();
    expect(deps.refreshWithCookie).not.toHaveBeenCalled();
  });

  it('deletes a refresh token left in storage by an older build, and renews through the cookie', async () => {
    // An older build's password session: token, user and our refresh token, no method key.
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(trader));
    localStorage.setItem(STORAGE_KEYS.token, tokenExpiringIn(-60));
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'legacy-refresh');
    const deps = fakeDeps();
    const { result } = renderSession(new SessionStore(deps));
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    expect(deps.refreshWithCookie).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(SIGN_IN_METHOD_KEY)).toBe('password');
    expect(JSON.stringify({ ...localStorage })).not.toContain('legacy-refresh');
  });

  it('deletes a leftover refresh token even when no session is stored', () => {
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'legacy-refresh');
    const { result } = renderSession();
    expect(result.current.status).toBe('anonymous');
    expect(localStorage.length).toBe(0);
  });

  it("takes an older build's session with Amplify tokens and no refresh token for a Google session", async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(trader));
    localStorage.setItem(STORAGE_KEYS.token, tokenExpiringIn(-60));
    localStorage.setItem('CognitoIdentityServiceProvider.client.trader.idToken', 'amplify');
    const deps = fakeDeps({ refreshHostedUi: vi.fn(async () => tokenExpiringIn(3600)) });
    const { result } = renderSession(new SessionStore(deps));
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    expect(deps.refreshHostedUi).toHaveBeenCalledTimes(1);
    expect(deps.refreshWithCookie).not.toHaveBeenCalled();
  });
});

describe('SessionProvider: silent refresh', () => {
  it(`renews the token ${REFRESH_MARGIN_MS / 1000} s before it expires, and again after that`, async () => {
    vi.useFakeTimers();
    const first = tokenExpiringIn(3600);
    storeFull(first);
    const second = tokenExpiringIn(7200, { n: 2 });
    const third = tokenExpiringIn(10_800, { n: 3 });
    const refreshWithCookie = vi
      .fn<SessionStoreDeps['refreshWithCookie']>()
      .mockResolvedValueOnce({ token: second, expiresIn: 3600 })
      .mockResolvedValueOnce({ token: third, expiresIn: 3600 });
    const { result } = renderSession(new SessionStore(fakeDeps({ refreshWithCookie })));
    expect(result.current.token).toBe(first);

    await act(async () => vi.advanceTimersByTimeAsync(3600_000 - REFRESH_MARGIN_MS - 1000));
    expect(refreshWithCookie).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(refreshWithCookie).toHaveBeenCalledTimes(1);
    expect(result.current.token).toBe(second);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(second);

    // The next one is planned from the new token's expiry.
    await act(async () => vi.advanceTimersByTimeAsync(3600_000));
    expect(refreshWithCookie).toHaveBeenCalledTimes(2);
    expect(result.current.token).toBe(third);
  });

  it('keeps the session and retries when the refresh fails for a network reason', async () => {
    vi.useFakeTimers();
    storeFull(tokenExpiringIn(REFRESH_MARGIN_MS / 1000 + 5));
    const refreshWithCookie = vi
      .fn<SessionStoreDeps['refreshWithCookie']>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce({ token: 'renewed', expiresIn: 3600 });
    const { result } = renderSession(new SessionStore(fakeDeps({ refreshWithCookie })));

    await act(async () => vi.advanceTimersByTimeAsync(5000));
    expect(refreshWithCookie).toHaveBeenCalledTimes(1);
    expect(result.current.status).toBe('authenticated');

    await act(async () => vi.advanceTimersByTimeAsync(REFRESH_RETRY_MS));
    expect(refreshWithCookie).toHaveBeenCalledTimes(2);
    expect(result.current.token).toBe('renewed');
  });

  it('refresh() renews on demand, once for concurrent callers', async () => {
    storeFull(tokenExpiringIn(3600));
    const deps = fakeDeps();
    const { result } = renderSession(new SessionStore(deps));
    let outcomes: boolean[] = [];
    await act(async () => {
      outcomes = await Promise.all([result.current.refresh(), result.current.refresh()]);
    });
    expect(outcomes).toEqual([true, true]);
    expect(deps.refreshWithCookie).toHaveBeenCalledTimes(1);
  });
});

describe('SessionProvider: sign-in and sign-out', () => {
  it('stores a signed-in session with the role from isAdmin', () => {
    const { result } = renderSession();
    const response = sessionResponse({ isAdmin: true, phone: '+100' });
    act(() => {
      result.current.signIn(response);
    });
    expect(result.current).toMatchObject({ status: 'authenticated', isAdmin: true, token: response.token });
    expect(result.current.user).toEqual({
      _id: 'user-1',
      username: 'trader42',
      email: 'trader42@example.com',
      phone: '+100',
      role: 'admin',
      referralCode: 'ABCD2345',
      referralCount: 0,
      referralEarnings: 0,
    });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null')).toMatchObject({ role: 'admin' });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(response.token);
    // A password session; its refresh token is the server's HttpOnly cookie, never stored here.
    expect(localStorage.getItem(SIGN_IN_METHOD_KEY)).toBe('password');
    expect(storedKeys()).toEqual([SIGN_IN_METHOD_KEY, STORAGE_KEYS.token, STORAGE_KEYS.user].sort());
  });

  it('stores a hosted-UI sign-in as such', () => {
    const { result } = renderSession();
    act(() => {
      result.current.signIn({ ...sessionResponse(), method: 'hosted-ui' });
    });
    expect(localStorage.getItem(SIGN_IN_METHOD_KEY)).toBe('hosted-ui');
  });

  it('clearSession forgets every auth key, drafts and reset steps included', () => {
    const { result } = renderSession();
    act(() => {
      result.current.signIn(sessionResponse());
    });
    localStorage.setItem(STORAGE_KEYS.pendingRegistration, '{"email":"x@example.com"}');
    localStorage.setItem('CognitoIdentityServiceProvider.client.user.idToken', 'amplify');
    localStorage.setItem('unrelated', 'kept');
    sessionStorage.setItem(STORAGE_KEYS.resetEmail, 'x@example.com');
    sessionStorage.setItem(STORAGE_KEYS.resetOtp, '1234');

    act(() => result.current.clearSession());
    expect(result.current).toMatchObject({ status: 'anonymous', user: null, token: null });
    for (const key of Object.values(STORAGE_KEYS)) {
      expect(localStorage.getItem(key)).toBeNull();
      expect(sessionStorage.getItem(key)).toBeNull();
    }
    expect(localStorage.getItem('CognitoIdentityServiceProvider.client.user.idToken')).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('kept');
  });

  it('signOut clears the session and goes to / replacing the history entry', async () => {
    storeSession(trader);
    function Probe() {
      const { status, signOut } = useSession();
      return (
        <button type="button" onClick={() => signOut()}>
          {status}
        </button>
      );
    }
    const router = createMemoryRouter([{ path: '*', element: <Probe /> }], {
      initialEntries: ['/start', '/pricing'],
      initialIndex: 1,
    });
    render(
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>,
    );
    await act(async () => screen.getByRole('button', { name: 'authenticated' }).click());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.getByRole('button', { name: 'anonymous' })).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('reloadUser stores the fresh user from /api/auth/me', async () => {
    storeSession(trader);
    const { result } = renderSession(new SessionStore(fakeDeps()));
    await act(async () => {
      await result.current.reloadUser();
    });
    expect(result.current.user?.username).toBe('renamed');
  });

  it('follows a sign-out in another tab', () => {
    storeSession(trader);
    const { result } = renderSession();
    localStorage.clear();
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: null, storageArea: localStorage }));
    });
    expect(result.current.status).toBe('anonymous');
  });

  it('refuses to work outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Orphan() {
      useSession();
      return null;
    }
    expect(() => render(<Orphan />)).toThrow(/inside <SessionProvider>/);
  });
});

describe('SessionProvider: sign-out on the server', () => {
  it('signOut posts /api/auth/logout with the bearer token and an empty body, kept alive', async () => {
    const api = mockApi({ 'POST /api/auth/logout': () => jsonResponse({ message: 'You have been signed out.' }) });
    storeSession(trader, 'bearer-1');
    const { result } = renderSession();
    act(() => result.current.signOut());
    expect(result.current.status).toBe('anonymous');
    await waitFor(() => expect(api.requestsTo('POST /api/auth/logout')).toHaveLength(1));
    const [request] = api.requestsTo('POST /api/auth/logout');
    expect(request?.body).toEqual({});
    expect(request?.headers.get('Authorization')).toBe('Bearer bearer-1');
    // The cookie goes along (same origin), and a reload right away does not cancel the call.
    expect(api.fetchMock.mock.calls[0]?.[1]).toMatchObject({ credentials: 'same-origin', keepalive: true });
  });

  it('clearSession (the navbar Logout) calls it too', async () => {
    const deps = fakeDeps();
    storeSession(trader, 'bearer-1');
    const { result } = renderSession(new SessionStore(deps));
    act(() => result.current.clearSession());
    await waitFor(() => expect(deps.logout).toHaveBeenCalledTimes(1));
    expect(deps.logout).toHaveBeenCalledWith('bearer-1', expect.any(AbortSignal));
  });

  it('signs out here at once, before the server answers', async () => {
    const answer = deferred<void>();
    const deps = fakeDeps({ logout: vi.fn(() => answer.promise) });
    storeSession(trader, 'bearer-1');
    const { result } = renderSession(new SessionStore(deps));
    act(() => result.current.signOut());
    expect(result.current).toMatchObject({ status: 'anonymous', token: null });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    await act(async () => answer.resolve());
    expect(result.current.status).toBe('anonymous');
  });

  it.each([
    ['a 401', () => jsonResponse({ message: 'Unauthorized', msg: 'Unauthorized' }, 401)],
    [
      'a network error',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
    ['a 500', () => new Response('', { status: 500 })],
  ])('stays signed out after %s from the logout call, without a refresh', async (_case, reply) => {
    const api = mockApi({ 'POST /api/auth/logout': reply });
    storeSession(trader, 'bearer-1');
    const { result } = renderSession();
    act(() => result.current.signOut());
    await waitFor(() => expect(api.requestsTo('POST /api/auth/logout')).toHaveLength(1));
    await act(async () => {});
    expect(result.current.status).toBe('anonymous');
    expect(api.requestsTo('POST /api/auth/refresh')).toHaveLength(0);
    expect(localStorage.length).toBe(0);
  });

  it(`gives up on the server after ${LOGOUT_TIMEOUT_MS / 1000} s`, async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    const deps = fakeDeps({
      logout: vi.fn((_token: string, given: AbortSignal) => {
        signal = given;
        return new Promise<void>((_resolve, reject) => given.addEventListener('abort', () => reject(given.reason)));
      }),
    });
    storeSession(trader, 'bearer-1');
    const { result } = renderSession(new SessionStore(deps));
    act(() => result.current.signOut());
    await act(async () => vi.advanceTimersByTimeAsync(LOGOUT_TIMEOUT_MS - 1));
    expect(signal?.aborted).toBe(false);
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(signal?.aborted).toBe(true);
    expect(result.current.status).toBe('anonymous');
  });

  it('renews an expired token through the cookie first, so the server accepts the logout', async () => {
    const renewed = tokenExpiringIn(3600, { n: 2 });
    const deps = fakeDeps({ refreshWithCookie: vi.fn(async () => ({ token: renewed, expiresIn: 3600 })) });
    const expired = tokenExpiringIn(-60);
    storeFull(expired);
    const store = new SessionStore(deps);
    // Not started: the restore's own renewal does not run, the stored token stays expired.
    act(() => store.end('signed-out'));
    await waitFor(() => expect(deps.logout).toHaveBeenCalledWith(renewed, expect.any(AbortSignal)));
    expect(deps.refreshWithCookie).toHaveBeenCalledWith(expect.any(AbortSignal));
  });

  it('skips the call when the server has already ended the session', async () => {
    const deps = fakeDeps();
    storeSession(trader, 'bearer-1');
    const { result } = renderSession(new SessionStore(deps));
    act(() => result.current.signOut({ to: '/admin-login', serverSessionEnded: true }));
    await act(async () => {});
    expect(result.current.status).toBe('anonymous');
    expect(deps.logout).not.toHaveBeenCalled();
  });

  it('does not call it when the session expires', async () => {
    const deps = fakeDeps({
      refreshWithCookie: vi.fn(async () => {
        throw new ApiError(401, 'Session expired');
      }),
    });
    storeFull(tokenExpiringIn(-60));
    const { result } = renderSession(new SessionStore(deps));
    await waitFor(() => expect(result.current.status).toBe('anonymous'));
    expect(deps.logout).not.toHaveBeenCalled();
  });

  it('holds a sign-in back until the sign-out has answered (its answer clears the cookie)', async () => {
    const logoutAnswer = deferred<Response>();
    const api = mockApi({
      'POST /api/auth/logout': () => logoutAnswer.promise,
      'POST /api/auth/login': () => jsonResponse(sessionResponse()),
    });
    storeSession(trader, 'bearer-1');
    const { result } = renderSession();
    act(() => result.current.signOut());
    await waitFor(() => expect(api.requestsTo('POST /api/auth/logout')).toHaveLength(1));

    const signingIn = login({ email: 'trader42@example.com', password: 'Secret1!' });
    await act(async () => {});
    expect(api.requestsTo('POST /api/auth/login')).toHaveLength(0);
    logoutAnswer.resolve(jsonResponse({ message: 'You have been signed out.' }));
    await expect(signingIn).resolves.toMatchObject({ kind: 'session', session: { username: 'trader42' } });
    expect(api.requestsTo('POST /api/auth/login')).toHaveLength(1);
  });

  it('holds an admin two-factor sign-in back the same way (it sets the cookie too)', async () => {
    const logoutAnswer = deferred<Response>();
    const api = mockApi({
      'POST /api/auth/logout': () => logoutAnswer.promise,
      'POST /api/auth/mfa/verify': () => jsonResponse(sessionResponse({ isAdmin: true })),
    });
    storeSession(trader, 'bearer-1');
    const { result } = renderSession();
    act(() => result.current.signOut());
    await waitFor(() => expect(api.requestsTo('POST /api/auth/logout')).toHaveLength(1));

    const verifying = verifyMfa({ email: 'admin@example.com', session: 'challenge', code: '123456' });
    await act(async () => {});
    expect(api.requestsTo('POST /api/auth/mfa/verify')).toHaveLength(0);
    logoutAnswer.resolve(jsonResponse({ message: 'You have been signed out.' }));
    await expect(verifying).resolves.toMatchObject({ isAdmin: true });
    expect(api.requestsTo('POST /api/auth/mfa/verify')).toHaveLength(1);
  });
});

describe('SessionProvider and the API client', () => {
  it('sends the bearer token on authenticated routes only', async () => {
    const api = mockApi({
      'GET /api/auth/me': () => jsonResponse(sessionResponse()),
      'POST /api/contact/add': () => jsonResponse({ message: 'ok' }, 201),
    });
    storeSession(trader, 'bearer-1');
    renderSession();
    await apiRequest('auth-me');
    await apiRequest('contact-add', { body: { name: 'a', email: 'a@example.com', message: 'hi' } });
    expect(api.requestsTo('GET /api/auth/me')[0]?.headers.get('Authorization')).toBe('Bearer bearer-1');
    expect(api.requestsTo('POST /api/contact/add')[0]?.headers.has('Authorization')).toBe(false);
  });

  it('refreshes after a 401 and retries the call once with the new token', async () => {
    const api = mockApi({
      'GET /api/auth/me': [jsonResponse({ message: 'Unauthorized' }, 401), jsonResponse(sessionResponse())],
      'POST /api/auth/refresh': () => jsonResponse({ token: 'bearer-2', expiresIn: 3600 }),
    });
    storeFull('bearer-1');
    const { result } = renderSession();
    await act(async () => {
      await apiRequest('auth-me');
    });
    const calls = api.requestsTo('GET /api/auth/me');
    expect(calls.map((call) => call.headers.get('Authorization'))).toEqual(['Bearer bearer-1', 'Bearer bearer-2']);
    expect(api.requestsTo('POST /api/auth/refresh')[0]?.body).toEqual({});
    expect(result.current.token).toBe('bearer-2');
  });

  it('turns a 401 that no refresh can fix into a sign-out', async () => {
    mockApi({
      'GET /api/auth/me': () => jsonResponse({ message: 'Unauthorized', msg: 'Unauthorized' }, 401),
      'POST /api/auth/refresh': () => jsonResponse({ message: 'Refresh token revoked' }, 401),
    });
    storeFull('bearer-1');
    const { result } = renderSession();
    await act(async () => {
      await expect(apiRequest('auth-me')).rejects.toMatchObject({ status: 401 });
    });
    expect(result.current.status).toBe('anonymous');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('does not sign out on a 401 from a public route (a wrong password)', async () => {
    mockApi({ 'POST /api/auth/login': () => jsonResponse({ message: 'Invalid email or password' }, 401) });
    storeSession(trader);
    const { result } = renderSession();
    await expect(apiRequest('auth-login', { body: { email: 'a@b.co', password: 'x' } })).rejects.toMatchObject({
      status: 401,
    });
    expect(result.current.status).toBe('authenticated');
  });
});
