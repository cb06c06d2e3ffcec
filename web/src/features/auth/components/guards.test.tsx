import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_SIGN_IN_REQUIRED_MESSAGE, STORAGE_KEYS } from '@goldbot/shared';
import { paths } from '@/config/paths';
import { mockApi, sessionResponse, tokenExpiringIn } from '@/test/auth-helpers';
import { deferred, jsonResponse, renderApp, storeSession } from '@/test/test-utils';
import { heading } from '@/test/auth-pages';

const customer = { _id: 'u1', username: 'trader42', email: 'trader42@example.com', role: 'user' as const };
const admin = { _id: 'a1', username: 'admin', email: 'admin@example.com', role: 'admin' as const };

describe('route guards', () => {
  it("shows 'Loading...' while the session loads, then the page", async () => {
    const refresh = deferred<Response>();
    mockApi({ 'POST /api/auth/refresh': () => refresh.promise });
    storeSession(customer, tokenExpiringIn(-10));
    renderApp(paths.dashboard.path);
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    // The dashboard waits in its own frame: its heading, none of its content.
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();

    await act(async () => refresh.resolve(jsonResponse({ token: tokenExpiringIn(3600), expiresIn: 3600 })));
    expect(await screen.findByRole('tablist', { name: 'Dashboard sections' })).toBeInTheDocument();
  });

  it('sends a signed-out visit to /dashboard to /login, and back after signing in', async () => {
    mockApi({ 'POST /api/auth/login': () => jsonResponse(sessionResponse()) });
    const { user, router } = renderApp('/dashboard?tab=billing');
    await heading(paths.login.title);
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/dashboard?tab=billing' });

    await user.type(screen.getByLabelText('Email'), 'trader42@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await heading(paths.dashboard.title);
    expect(router.state.location).toMatchObject({ pathname: '/dashboard', search: '?tab=billing' });
  });

  it('keeps the selected plan through the detour', async () => {
    mockApi();
    const { router } = renderApp({ pathname: paths.dashboard.path, state: { selectedPlan: 'Basic Package' } });
    await heading(paths.login.title);
    expect(router.state.location.state).toEqual({ from: '/dashboard', selectedPlan: 'Basic Package' });
  });

  it('lets a customer into /dashboard but not into /admin', async () => {
    mockApi();
    storeSession(customer);
    const { router } = renderApp(paths.admin.users.path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('sends a signed-out visit to /admin to /', async () => {
    mockApi();
    const { router } = renderApp(paths.admin.root.path);
    await screen.findByRole('navigation', { name: 'Main' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('lets an admin into /admin/*', async () => {
    mockApi();
    storeSession(admin);
    const { router } = renderApp(paths.admin.users.path);
    await heading(paths.admin.users.title);
    expect(router.state.location.pathname).toBe('/admin/users');
  });

  it('shows an admin signed in with Google the way to /admin-login instead of the back office', async () => {
    const api = mockApi({ 'POST /api/auth/logout': () => jsonResponse({ message: 'You have been signed out.' }) });
    storeSession(admin, tokenExpiringIn(3600), 'hosted-ui');
    const { user, router } = renderApp(paths.admin.users.path);
    await heading(paths.adminLogin.title);
    expect(screen.getByText(ADMIN_SIGN_IN_REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
    // No admin request is even sent with that session.
    const urls = api.fetchMock.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input));
    expect(urls.filter((url) => url.includes('/api/admin'))).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Sign out and go to the admin sign-in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.adminLogin.path));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
  });

  it('signing out on /dashboard goes to /, not to /login, and ends the session on the server', async () => {
    const api = mockApi({ 'POST /api/auth/logout': () => jsonResponse({ message: 'You have been signed out.' }) });
    storeSession(customer, 'customer-token');
    const { user, router } = renderApp(paths.dashboard.path);
    await heading(paths.dashboard.title);
    // The navbar's Logout (another feature) calls signOut(); the admin layout's button does the same.
    const logout = await screen.findByRole('button', { name: 'Logout' });
    await user.click(logout);
    await screen.findByRole('navigation', { name: 'Main' });
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    await waitFor(() => expect(api.requestsTo('POST /api/auth/logout')).toHaveLength(1));
    expect(api.requestsTo('POST /api/auth/logout')[0]?.headers.get('Authorization')).toBe('Bearer customer-token');
  });

  it('an admin logging out of the back-office lands on /admin-login, even when the logout call fails', async () => {
    const api = mockApi({
      'POST /api/auth/logout': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    storeSession(admin, 'admin-token');
    const { user, router } = renderApp(paths.admin.dashboard.path);
    await heading(paths.admin.dashboard.title);
    const sidebar = screen.getByRole('navigation', { name: 'Admin' }).parentElement as HTMLElement;
    expect(sidebar).toHaveTextContent('admin@example.com');
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await heading(paths.adminLogin.title);
    expect(router.state.location.pathname).toBe('/admin-login');
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    await waitFor(() => expect(api.requestsTo('POST /api/auth/logout')).toHaveLength(1));
    expect(api.requestsTo('POST /api/auth/logout')[0]?.headers.get('Authorization')).toBe('Bearer admin-token');
    expect(router.state.location.pathname).toBe('/admin-login');
  });

  it('an expired session on /dashboard goes to /login, remembering the page', async () => {
    mockApi({
      'GET /api/auth/me': () => jsonResponse({ message: 'Unauthorized' }, 401),
      'POST /api/auth/refresh': () => jsonResponse({ message: 'Refresh token revoked' }, 401),
    });
    storeSession(customer, 'bearer-1');
    const { router } = renderApp(paths.dashboard.path);
    await heading(paths.dashboard.title);
    const { apiRequest } = await import('@/lib/api-client');
    await act(async () => {
      await apiRequest('auth-me').catch(() => undefined);
    });
    await heading(paths.login.title);
    expect(router.state.location.state).toEqual({ from: '/dashboard' });
  });
});
