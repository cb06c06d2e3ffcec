import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@goldbot/shared';
import { paths } from '@/config/paths';
import { mockApi, sessionResponse } from '@/test/auth-helpers';
import { deferred, jsonResponse, renderApp } from '@/test/test-utils';
import { MFA_CHALLENGE_LIFETIME_MS, MFA_PAGE_MESSAGES } from '../components/admin-mfa-steps';
import { heading } from '@/test/auth-pages';

/**
 * /admin-login with two-factor sign-in (see docs/security.md). The local stack never asks for a
 * code (cognito-local has no MFA), so these answers are the server's contract, mocked.
 */

const CHALLENGE_MESSAGE = 'Enter the 6-digit code from your authenticator app.';
const SETUP_MESSAGE =
  'Administrators sign in with two-factor authentication. Scan the QR code with an authenticator app, then enter the 6-digit code it shows.';
const WRONG_CODE = 'The code is incorrect. Please try again.';
const SETUP_DONE = 'Two-factor authentication is on. Please sign in again with a code from your authenticator app.';
const SETUP_EXPIRED = 'Your sign-in has expired. Please sign in again.';

const challenge = {
  mfaRequired: true,
  email: 'admin@example.com',
  session: 'cognito-challenge-session',
  message: CHALLENGE_MESSAGE,
};
const setup = {
  mfaSetupRequired: true,
  email: 'admin@example.com',
  setupId: '7f9c2d1e-setup',
  secretCode: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUri: 'otpauth://totp/GoldBot%3Aadmin%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=GoldBot',
  message: SETUP_MESSAGE,
};

const wrongCode = () => jsonResponse({ message: WRONG_CODE, msg: WRONG_CODE, errors: { code: WRONG_CODE } }, 400);

const codeInput = () => screen.getByLabelText('6-digit code');

/** Opens /admin-login, the API answering `routes`, and signs in with the administrator's password. */
async function signInWithPassword(routes: Parameters<typeof mockApi>[0]) {
  const api = mockApi(routes);
  const view = renderApp(paths.adminLogin.path);
  await view.user.type(await screen.findByLabelText('Email'), 'Admin@Example.com');
  await view.user.type(screen.getByLabelText('Password'), 'Admin123!');
  await view.user.click(screen.getByRole('button', { name: 'Login' }));
  return { api, ...view };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/admin-login two-factor challenge', () => {
  it('asks for the code, signs the admin in with it and lands on /admin', async () => {
    const verifyReply = deferred<Response>();
    const { api, user, router } = await signInWithPassword({
      'POST /api/auth/login': () => jsonResponse(challenge),
      'POST /api/auth/mfa/verify': () => verifyReply.promise,
    });

    await heading('Two-factor authentication', 2);
    expect(screen.getByText(CHALLENGE_MESSAGE)).toBeInTheDocument();
    const input = codeInput();
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    // No session yet: nothing stored before the code.
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();

    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();
    await user.type(input, '12a3 45');
    expect(input).toHaveValue('12345');
    expect(verify).toBeDisabled();
    await user.type(input, '67');
    expect(input).toHaveValue('123456');
    expect(verify).toBeEnabled();

    await user.click(verify);
    expect(await screen.findByRole('button', { name: 'Verifying...' })).toBeDisabled();
    // Enter while the code is on its way does not send it twice.
    await user.type(input, '{Enter}');
    expect(api.requestsTo('POST /api/auth/mfa/verify')).toHaveLength(1);
    expect(api.requestsTo('POST /api/auth/mfa/verify')[0]?.body).toEqual({
      email: 'admin@example.com',
      session: 'cognito-challenge-session',
      code: '123456',
    });

    verifyReply.resolve(jsonResponse(sessionResponse({ isAdmin: true, email: 'admin@example.com' })));
    await heading(paths.admin.dashboard.title);
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeTruthy();
    expect(api.requestsTo('POST /api/auth/login')[0]?.body).toEqual({
      email: 'admin@example.com',
      password: 'Admin123!',
    });
  });

  it('keeps the step after a wrong code, clears the field and accepts the next code', async () => {
    const { api, user, router } = await signInWithPassword({
      'POST /api/auth/login': () => jsonResponse(challenge),
      'POST /api/auth/mfa/verify': [wrongCode(), jsonResponse(sessionResponse({ isAdmin: true }))],
    });
    await heading('Two-factor authentication', 2);

    await user.type(codeInput(), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(WRONG_CODE);
    expect(screen.getByRole('alert')).not.toHaveTextContent(MFA_PAGE_MESSAGES.challengeMayHaveExpired);
    expect(codeInput()).toHaveValue('');
    expect(codeInput()).toHaveFocus();
    expect(codeInput()).toHaveAccessibleDescription(expect.stringContaining(WRONG_CODE));
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
    expect(router.state.location.pathname).toBe('/admin-login');

    await user.type(codeInput(), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await heading(paths.admin.dashboard.title);
    expect(api.requestsTo('POST /api/auth/mfa/verify').map((request) => request.body)).toEqual([
      expect.objectContaining({ code: '000000' }),
      expect.objectContaining({ code: '654321' }),
    ]);
  });

  it('after 3 minutes says the sign-in may have lapsed, and "Back to sign in" keeps the e-mail', async () => {
    const { user } = await signInWithPassword({
      'POST /api/auth/login': () => jsonResponse(challenge),
      'POST /api/auth/mfa/verify': wrongCode(),
    });
    await heading('Two-factor authentication', 2);

    const opened = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => opened + MFA_CHALLENGE_LIFETIME_MS + 1000);
    await user.type(codeInput(), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(WRONG_CODE);
    expect(alert).toHaveTextContent(MFA_PAGE_MESSAGES.challengeMayHaveExpired);

    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByLabelText('Email')).toHaveValue('admin@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the wait after too many attempts and holds the button meanwhile', async () => {
    const { user } = await signInWithPassword({
      'POST /api/auth/login': () => jsonResponse(challenge),
      'POST /api/auth/mfa/verify': new Response(JSON.stringify({ message: 'Too many failed attempts.' }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '120' },
      }),
    });
    await heading('Two-factor authentication', 2);

    await user.type(codeInput(), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many failed attempts. Please try again in 2 minutes.',
    );
    await user.type(codeInput(), '654321');
    const button = screen.getByRole('button', { name: /^Verify \(wait 1[12]\ds\)$/ });
    expect(button).toBeDisabled();
  });

  it('sends the admin back to sign in when the challenge itself is refused', async () => {
    const { user } = await signInWithPassword({
      'POST /api/auth/login': () => jsonResponse(challenge),
      'POST /api/auth/mfa/verify': jsonResponse(
        { message: 'Please sign in again.', errors: { session: 'Please sign in again.' } },
        400,
      ),
    });
    await heading('Two-factor authentication', 2);
    await user.type(codeInput(), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MFA_PAGE_MESSAGES.signInAgain);
    expect(screen.getByLabelText('Email')).toHaveValue('admin@example.com');
  });
});

describe('/admin-login two-factor set-up', () => {
  it('draws the QR code, shows the key, and once on returns to the password step', async () => {
    const { api, user, router } = await signInWithPassword({
      'POST /api/auth/login': () => jsonResponse(setup),
      'POST /api/auth/mfa/setup': () => jsonResponse({ message: SETUP_DONE }),
    });

    await heading('Set up two-factor authentication', 2);
    expect(screen.getByText(SETUP_MESSAGE)).toBeInTheDocument();
    // Drawn here, as an <svg>: no image is fetched (the secret goes nowhere else).
    const qr = screen.getByRole('img', { name: /QR code/ });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.querySelectorAll('path').length).toBeGreaterThan(0);
    expect(api.fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(codeInput()).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(setup.secretCode);
    expect(screen.getByText(MFA_PAGE_MESSAGES.copied)).toBeInTheDocument();

    const turnOn = screen.getByRole('button', { name: 'Turn on two-factor authentication' });
    expect(turnOn).toBeDisabled();
    await user.type(codeInput(), '123456');
    await user.click(turnOn);

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(SETUP_DONE);
    expect(screen.getByLabelText('Email')).toHaveValue('admin@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(api.requestsTo('POST /api/auth/mfa/setup')[0]?.body).toEqual({ setupId: '7f9c2d1e-setup', code: '123456' });
    expect(router.state.location.pathname).toBe('/admin-login');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();

    // Next sign-in: the challenge this time.
    api.on('POST /api/auth/login', () => jsonResponse(challenge));
    await user.type(screen.getByLabelText('Password'), 'Admin123!');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await heading('Two-factor authentication', 2);
  });

  it('stays on the set-up after a wrong code', async () => {
    const { user } = await signInWithPassword({
      'POST /api/auth/login': () => jsonResponse(setup),
      'POST /api/auth/mfa/setup': wrongCode(),
    });
    await heading('Set up two-factor authentication', 2);
    await user.type(codeInput(), '111111');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(WRONG_CODE);
    expect(codeInput()).toHaveValue('');
    expect(screen.getByRole('img', { name: /QR code/ })).toBeInTheDocument();
  });

  it('an expired set-up goes back to the password step with the server message as an error', async () => {
    const { user, router } = await signInWithPassword({
      'POST /api/auth/login': () => jsonResponse(setup),
      'POST /api/auth/mfa/setup': jsonResponse({ message: SETUP_EXPIRED, msg: SETUP_EXPIRED }, 401),
    });
    await heading('Set up two-factor authentication', 2);
    await user.type(codeInput(), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(SETUP_EXPIRED);
    expect(screen.getByLabelText('Email')).toHaveValue('admin@example.com');
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin-login');
  });

  it('"Back to sign in" leaves the set-up', async () => {
    const { api, user } = await signInWithPassword({ 'POST /api/auth/login': () => jsonResponse(setup) });
    const form = await screen.findByRole('form', { name: 'Set up two-factor authentication' });
    await user.click(within(form).getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByLabelText('Password')).toHaveFocus();
    expect(api.requestsTo('POST /api/auth/mfa/setup')).toHaveLength(0);
  });
});

describe('login answers', () => {
  it('refuses a malformed two-factor answer instead of reading it as a session', async () => {
    await signInWithPassword({
      'POST /api/auth/login': () => jsonResponse({ mfaRequired: true, email: 'admin@example.com' }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Two-factor authentication' })).not.toBeInTheDocument();
  });
});
