import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_SIGN_IN_REQUIRED_MESSAGE, STORAGE_KEYS } from '@goldbot/shared';
import { paths } from '@/config/paths';
import { mockApi, sessionResponse, tokenExpiringIn } from '@/test/auth-helpers';
import { SIGN_IN_METHOD_KEY } from '@/lib/session-storage';
import { jsonResponse, renderApp } from '@/test/test-utils';
import { completeHostedUiSignIn, HostedUiUnavailableError } from '../google/hosted-ui';
import { heading } from '@/test/auth-pages';

vi.mock('../google/hosted-ui', () => {
  class HostedUiUnavailableError extends Error {}
  return { completeHostedUiSignIn: vi.fn(), HostedUiUnavailableError };
});

const { token: _token, expiresIn: _expires, ...me } = sessionResponse();

afterEach(() => {
  vi.mocked(completeHostedUiSignIn).mockReset();
});

describe('/auth/callback', () => {
  it('completes the Google sign-in: user from /me with the new token, session stored, query string gone', async () => {
    const idToken = tokenExpiringIn(3600);
    vi.mocked(completeHostedUiSignIn).mockResolvedValue({
      token: idToken,
      customState: JSON.stringify({ selectedPlan: 'Pro Package' }),
    });
    const api = mockApi({ 'GET /api/auth/me': () => jsonResponse(me) });
    const { router } = renderApp('/auth/callback?code=abc&state=xyz');

    await heading(paths.dashboard.title);
    expect(router.state.location).toMatchObject({
      pathname: '/dashboard',
      search: '',
      state: { selectedPlan: 'Pro Package' },
    });
    expect(router.state.historyAction).toBe('REPLACE');
    expect(api.requestsTo('GET /api/auth/me')[0]?.headers.get('Authorization')).toBe(`Bearer ${idToken}`);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(idToken);
    // Amplify keeps the hosted-UI refresh token and renews this session, not the refresh cookie.
    expect(localStorage.getItem(SIGN_IN_METHOD_KEY)).toBe('hosted-ui');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
  });

  it('sends a Google admin towards /admin, where the back office asks for the password and TOTP sign-in instead', async () => {
    vi.mocked(completeHostedUiSignIn).mockResolvedValue({ token: tokenExpiringIn(3600) });
    mockApi({ 'GET /api/auth/me': () => jsonResponse({ ...me, isAdmin: true }) });
    const { router } = renderApp('/auth/callback?code=abc&state=xyz');
    // A Google sign-in passes no TOTP, so the API refuses it on every admin action: no back office.
    await heading(paths.adminLogin.title);
    expect(router.state.location.pathname).toBe('/admin');
    expect(screen.getByText(ADMIN_SIGN_IN_REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out and go to the admin sign-in' })).toBeInTheDocument();
  });

  it('logs an error parameter, strips it and goes back to /login', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi();
    const { router } = renderApp('/auth/callback?error=access_denied&error_description=User+cancelled');
    await heading(paths.login.title);
    expect(log).toHaveBeenCalledWith('Google sign-in failed: access_denied (User cancelled)');
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('alert')).toHaveTextContent('Google login failed');
    expect(completeHostedUiSignIn).not.toHaveBeenCalled();
  });

  it("says 'Google login failed' when the code exchange or /me fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(completeHostedUiSignIn).mockRejectedValue(new Error('invalid_grant'));
    mockApi();
    renderApp('/auth/callback?code=abc&state=xyz');
    await heading(paths.login.title);
    expect(screen.getByRole('alert')).toHaveTextContent('Google login failed');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('explains when no hosted UI is configured', async () => {
    vi.mocked(completeHostedUiSignIn).mockRejectedValue(new HostedUiUnavailableError());
    mockApi();
    renderApp('/auth/callback?code=abc&state=xyz');
    await heading(paths.login.title);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/needs a deployed Cognito domain/));
  });
});
