import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@goldbot/shared';
import { mockApi, sessionResponse, tokenExpiringIn } from '@/test/auth-helpers';
import { jsonResponse, storeSession } from '@/test/test-utils';
import { apiRequest } from '@/lib/api-client';
import { REFRESH_MARGIN_MS, REFRESH_RETRY_MS, SessionStore, type SessionStoreDeps } from './session-store';
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
    refreshWithToken: vi.fn(async () => ({ token: tokenExpiringIn(3600, { n: 2 }), expiresIn: 3600 })),
    refreshHostedUi: vi.fn(async () => null),
    fetchUser: vi.fn(async () => ({ ...sessionResponse(), username: 'renamed' })),
    ...overrides,
  };
}

function storeFull(token: string, refreshToken: string | null = 'refresh-1') {
  storeSession(trader, token);
  if (refreshToken) localStorage.setItem(STORAGE_KEYS.refreshToken, refreshToken);
}

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

  it('is loading while an expired stored token is renewed, then authenticated with the new one', async () => {
    storeFull(tokenExpiringIn(-60));
    let finish!: (value: { token: string; expiresIn: number }) => void;
    const deps = fakeDeps({
      refreshWithToken: vi.fn(() => new Promise<{ token: string; expiresIn: number }>((resolve) => (finish = resolve))),
    });
    const { result } = renderSession(new SessionStore(deps));
    expect(result.current.status).toBe('loading');
    expect(deps.refreshWithToken).toHaveBeenCalledWith('refresh-1');

    const fresh = tokenExpiringIn(3600);
    await act(async () => finish({ token: fresh, expiresIn: 3600 }));
    expect(result.current).toMatchObject({ status: 'authenticated', token: fresh, user: trader });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(fresh);
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-1');
  });

  it('ends an expired session whose refresh token is refused', async () => {
    mockApi({ 'POST /api/auth/refresh': jsonResponse({ message: 'Session expired', msg: 'Session expired' }, 401) });
    storeFull(tokenExpiringIn(-60));
    const { result } = renderSession();
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('anonymous'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
  });

  it('ends an expired session that nothing can renew (no refresh token, no hosted UI)', async () => {
    storeFull(tokenExpiringIn(-60), null);
    const deps = fakeDeps();
    const { result } = renderSession(new SessionStore(deps));
    await waitFor(() => expect(result.current.status).toBe('anonymous'));
    expect(deps.refreshHostedUi).toHaveBeenCalled();
  });
});

describe('SessionProvider: silent refresh', () => {
  it(`renews the token ${REFRESH_MARGIN_MS / 1000} s before it expires, and again after that`, async () => {
    vi.useFakeTimers();
    const first = tokenExpiringIn(3600);
    storeFull(first);
    const second = tokenExpiringIn(7200, { n: 2 });
    const third = tokenExpiringIn(10_800, { n: 3 });
    const refreshWithToken = vi
      .fn<SessionStoreDeps['refreshWithToken']>()
      .mockResolvedValueOnce({ token: second, expiresIn: 3600 })
      .mockResolvedValueOnce({ token: third, expiresIn: 3600 });
    const { result } = renderSession(new SessionStore(fakeDeps({ refreshWithToken })));
    expect(result.current.token).toBe(first);

    await act(async () => vi.advanceTimersByTimeAsync(3600_000 - REFRESH_MARGIN_MS - 1000));
    expect(refreshWithToken).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(refreshWithToken).toHaveBeenCalledTimes(1);
    expect(result.current.token).toBe(second);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(second);

    // The next one is planned from the new token's expiry.
    await act(async () => vi.advanceTimersByTimeAsync(3600_000));
    expect(refreshWithToken).toHaveBeenCalledTimes(2);
    expect(result.current.token).toBe(third);
  });

  it('keeps the session and retries when the refresh fails for a network reason', async () => {
    vi.useFakeTimers();
    storeFull(tokenExpiringIn(REFRESH_MARGIN_MS / 1000 + 5));
    const refreshWithToken = vi
      .fn<SessionStoreDeps['refreshWithToken']>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce({ token: 'renewed', expiresIn: 3600 });
    const { result } = renderSession(new SessionStore(fakeDeps({ refreshWithToken })));

    await act(async () => vi.advanceTimersByTimeAsync(5000));
    expect(refreshWithToken).toHaveBeenCalledTimes(1);
    expect(result.current.status).toBe('authenticated');

    await act(async () => vi.advanceTimersByTimeAsync(REFRESH_RETRY_MS));
    expect(refreshWithToken).toHaveBeenCalledTimes(2);
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
    expect(deps.refreshWithToken).toHaveBeenCalledTimes(1);
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
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-1');
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
    expect(api.requestsTo('POST /api/auth/refresh')[0]?.body).toEqual({ refreshToken: 'refresh-1' });
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
