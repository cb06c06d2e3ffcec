import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@goldbot/shared';
import { paths } from '@/config/paths';
import { mockApi, sessionResponse } from '@/test/auth-helpers';
import { SIGN_IN_METHOD_KEY } from '@/lib/session-storage';
import { jsonResponse, renderApp } from '@/test/test-utils';
import { resetHostedUiConfig } from '../google/hosted-ui-config';
import { recallRegistrationPassword } from '../lib/pending-password';
import { heading, openPage, type TestUser } from '@/test/auth-pages';

async function fillAndSubmit(user: TestUser, email: string, password: string) {
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

beforeEach(() => {
  resetHostedUiConfig();
});

describe('/login', () => {
  it('has the show/hide toggle, the forgot link, Google and the register link', async () => {
    const { user } = await openPage(paths.login);
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');

    expect(screen.getByRole('link', { name: 'Forgot Password' })).toHaveAttribute('href', '/forgot');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('button', { name: 'Login with Google' })).toBeInTheDocument();
  });

  it('shows the spec messages for missing and invalid input without calling the API', async () => {
    const { api, user } = await openPage(paths.login);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Email is invalid')).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('sends a user to /dashboard and stores the session', async () => {
    const api = mockApi({ 'POST /api/auth/login': () => jsonResponse(sessionResponse()) });
    const { user, router } = renderApp(paths.login.path);
    await fillAndSubmit(user, 'Trader42@Example.com', 'Secret1!');
    await heading(paths.dashboard.title);
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(api.requestsTo('POST /api/auth/login')[0]?.body).toEqual({
      email: 'trader42@example.com',
      password: 'Secret1!',
    });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeTruthy();
    // The refresh token came as the server's HttpOnly cookie: nothing of it is stored here.
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(localStorage.getItem(SIGN_IN_METHOD_KEY)).toBe('password');
  });

  it('sends an admin to /admin', async () => {
    mockApi({ 'POST /api/auth/login': () => jsonResponse(sessionResponse({ isAdmin: true })) });
    const { user, router } = renderApp(paths.login.path);
    await fillAndSubmit(user, 'admin@example.com', 'Admin123!');
    await heading(paths.admin.dashboard.title);
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });

  it('returns to the page the guard came from, with its query', async () => {
    mockApi({ 'POST /api/auth/login': () => jsonResponse(sessionResponse()) });
    // A tab the dashboard knows, and no plan: with a plan the dashboard itself opens Packages
    // (its own rule, tested there), which would race this assertion.
    const { user, router } = renderApp({ pathname: paths.login.path, state: { from: '/dashboard?tab=billing' } });
    await fillAndSubmit(user, 'trader42@example.com', 'Secret1!');
    await heading(paths.dashboard.title);
    expect(router.state.location).toMatchObject({ pathname: '/dashboard', search: '?tab=billing' });
  });

  it('keeps the pricing page plan on the way to /dashboard', async () => {
    mockApi({ 'POST /api/auth/login': () => jsonResponse(sessionResponse()) });
    const { user, router } = renderApp({ pathname: paths.login.path, state: { selectedPlan: 'Basic Package' } });
    await fillAndSubmit(user, 'trader42@example.com', 'Secret1!');
    await heading(paths.dashboard.title);
    expect(router.state.location.state).toEqual({ selectedPlan: 'Basic Package' });
  });

  it('ignores a return address outside the app', async () => {
    mockApi({ 'POST /api/auth/login': () => jsonResponse(sessionResponse()) });
    const { user, router } = renderApp({ pathname: paths.login.path, state: { from: '//evil.example/x' } });
    await fillAndSubmit(user, 'trader42@example.com', 'Secret1!');
    await heading(paths.dashboard.title);
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it("shows the server's message, or 'Login failed' when it has none", async () => {
    const api = mockApi({
      'POST /api/auth/login': jsonResponse(
        { message: 'Invalid email or password', msg: 'Invalid email or password' },
        401,
      ),
    });
    const { user } = renderApp(paths.login.path);
    await fillAndSubmit(user, 'trader42@example.com', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');

    api.on('POST /api/auth/login', new Response('<html>bad gateway</html>', { status: 502 }));
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Login failed'));
  });

  it('says how long to wait after too many attempts', async () => {
    mockApi({
      'POST /api/auth/login': new Response(JSON.stringify({ message: 'Too many failed attempts.' }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '120' },
      }),
    });
    const { user } = renderApp(paths.login.path);
    await fillAndSubmit(user, 'trader42@example.com', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many failed attempts. Please try again in 2 minutes.',
    );
  });

  it('sends an unverified account to /register-otp with its e-mail, keeping the password in memory only', async () => {
    mockApi({
      'POST /api/auth/login': jsonResponse(
        { message: 'Please verify your email. A new code has been sent.', needsVerification: true },
        403,
      ),
    });
    const { user, router } = renderApp(paths.login.path);
    await fillAndSubmit(user, 'new@example.com', 'Secret1!');
    await heading(paths.registerOtp.title);
    expect(router.state.location.pathname).toBe('/register-otp');
    expect(screen.getByText('Please verify your email. A new code has been sent.')).toBeInTheDocument();
    expect(recallRegistrationPassword('new@example.com')).toBe('Secret1!');
    expect(JSON.stringify({ ...localStorage })).not.toContain('Secret1!');
  });

  it('does not sign a customer in on a two-factor answer, pointing to the admin sign-in page', async () => {
    mockApi({
      'POST /api/auth/login': () =>
        jsonResponse({
          mfaRequired: true,
          email: 'admin@example.com',
          session: 'cognito-challenge-session',
          message: 'Enter the 6-digit code from your authenticator app.',
        }),
    });
    const { user, router } = renderApp(paths.login.path);
    await fillAndSubmit(user, 'admin@example.com', 'Admin123!');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This account signs in with two-factor authentication on the admin sign-in page.');
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(screen.getByLabelText('Password')).toHaveValue('');

    await user.click(screen.getByRole('link', { name: 'Go to the admin sign-in page' }));
    await heading(paths.adminLogin.title);
    expect(screen.getByLabelText('Email')).toHaveValue('admin@example.com');
  });

  it('shows a message handed over by another page (e.g. after verification)', async () => {
    mockApi();
    renderApp({
      pathname: paths.login.path,
      state: { message: 'Account verified, please sign in.', email: 'new@example.com' },
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Account verified, please sign in.');
    expect(screen.getByLabelText('Email')).toHaveValue('new@example.com');
  });

  it('explains that Google sign-in needs a deployed Cognito domain when none is configured', async () => {
    const api = mockApi({ 'GET /config.json': () => new Response('<!doctype html>', { status: 200 }) });
    const { user } = renderApp(paths.login.path);
    await heading(paths.login.title);
    await user.click(screen.getByRole('button', { name: 'Login with Google' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/Google sign-in needs a deployed Cognito domain/);
    expect(api.requestsTo('GET /config.json')).toHaveLength(1);
  });

  it('starts the hosted UI with Google when a Cognito domain is configured', async () => {
    mockApi({
      'GET /config.json': () =>
        jsonResponse({
          cognito: {
            domain: 'https://goldbot.auth.eu-west-1.amazoncognito.com/',
            userPoolId: 'eu-west-1_abc',
            hostedUiClientId: 'client-1',
          },
        }),
    });
    const startGoogleSignIn = vi.fn(async () => {});
    vi.doMock('../google/hosted-ui', () => ({ startGoogleSignIn }));
    try {
      const { user } = renderApp({ pathname: paths.login.path, state: { selectedPlan: 'Pro Package' } });
      await heading(paths.login.title);
      await user.click(screen.getByRole('button', { name: 'Login with Google' }));
      await waitFor(() => expect(startGoogleSignIn).toHaveBeenCalled());
      expect(startGoogleSignIn).toHaveBeenCalledWith(
        { domain: 'goldbot.auth.eu-west-1.amazoncognito.com', userPoolId: 'eu-west-1_abc', clientId: 'client-1' },
        JSON.stringify({ selectedPlan: 'Pro Package' }),
      );
    } finally {
      vi.doUnmock('../google/hosted-ui');
    }
  });

  it('sends a signed-in visitor straight on', async () => {
    mockApi();
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ username: 'a', email: 'a@example.com', role: 'user' }));
    localStorage.setItem(STORAGE_KEYS.token, 'token');
    const { router } = renderApp(paths.login.path);
    await heading(paths.dashboard.title);
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe('/admin-login', () => {
  it('signs an admin in and lands on /admin', async () => {
    const { user, router } = await openPage(paths.adminLogin, {
      'POST /api/auth/login': () => jsonResponse(sessionResponse({ isAdmin: true })),
    });
    expect(screen.queryByRole('button', { name: 'Login with Google' })).not.toBeInTheDocument();
    await fillAndSubmit(user, 'admin@example.com', 'Admin123!');
    await heading(paths.admin.dashboard.title);
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });

  it('refuses a customer clearly and does not sign them in', async () => {
    mockApi({ 'POST /api/auth/login': () => jsonResponse(sessionResponse({ isAdmin: false })) });
    const { user, router } = renderApp(paths.adminLogin.path);
    await fillAndSubmit(user, 'trader42@example.com', 'Secret1!');
    expect(await screen.findByRole('alert')).toHaveTextContent('This account does not have administrator access.');
    expect(router.state.location.pathname).toBe('/admin-login');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });
});
