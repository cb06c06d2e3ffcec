import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH, STORAGE_KEYS } from '@goldbot/shared';
import { paths } from '@/config/paths';
import { sessionResponse } from '@/test/auth-helpers';
import { jsonResponse } from '@/test/test-utils';
import { forgetRegistrationPassword, rememberRegistrationPassword } from '../lib/pending-password';
import { expectSentBack, heading, openPage, otpBoxes, typeCode } from '@/test/auth-pages';

const EMAIL = 'new@example.com';

/** Opens the page as /register does: with the e-mail in the navigation state. */
const arrive = (routes: Parameters<typeof openPage>[1] = {}) => openPage(paths.registerOtp, routes, { email: EMAIL });

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.pendingRegistration, JSON.stringify({ username: 'newbie', email: EMAIL }));
});

afterEach(() => {
  vi.useRealTimers();
  forgetRegistrationPassword();
});

describe('/register-otp', () => {
  it('goes back to /register without an e-mail in state or draft', async () => {
    localStorage.clear();
    await expectSentBack(paths.registerOtp, paths.register, 'Email not found. Please try registering again.');
  });

  it('takes the e-mail from the stored draft after a reload', async () => {
    await openPage(paths.registerOtp);
    expect(screen.getByText(EMAIL)).toBeInTheDocument();
  });

  it('asks for all four digits', async () => {
    const { api, user } = await arrive();
    await typeCode(user, '12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Please enter a valid 4-digit OTP')).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('signs in with the remembered password, then goes to /dashboard after 1.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    rememberRegistrationPassword(EMAIL, 'Secret1!');
    const { api, user, router } = await arrive({
      'POST /api/auth/verifyOtp': () => jsonResponse(sessionResponse({ email: EMAIL })),
    });
    await typeCode(user, '4815');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Registration successful! Redirecting to dashboard...')).toBeInTheDocument();
    expect(api.requestsTo('POST /api/auth/verifyOtp')[0]?.body).toEqual({
      email: EMAIL,
      otp: '4815',
      password: 'Secret1!',
    });
    expect(localStorage.getItem(STORAGE_KEYS.token)).not.toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.pendingRegistration)).toBeNull();
    expect(router.state.location.pathname).toBe('/register-otp');

    act(() => vi.advanceTimersByTime(1500));
    await heading(paths.dashboard.title);
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it("without the password (after a reload) sends to /login with 'Account verified, please sign in.'", async () => {
    const { api, user, router } = await openPage(paths.registerOtp, {
      'POST /api/auth/verifyOtp': () => jsonResponse({ verified: true, message: 'Account verified, please sign in.' }),
    });
    await typeCode(user, '4815');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await heading(paths.login.title);
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('status')).toHaveTextContent('Account verified, please sign in.');
    expect(screen.getByLabelText('Email')).toHaveValue(EMAIL);
    expect(api.requestsTo('POST /api/auth/verifyOtp')[0]?.body).toEqual({ email: EMAIL, otp: '4815' });
    expect(localStorage.getItem(STORAGE_KEYS.pendingRegistration)).toBeNull();
  });

  it('on a wrong code clears the boxes and focuses the first', async () => {
    const { user } = await arrive({
      'POST /api/auth/verifyOtp': () =>
        jsonResponse({ message: 'Invalid or expired code', msg: 'Invalid or expired code' }, 400),
    });
    await typeCode(user, '1111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired code');
    expect(otpBoxes().map((box) => (box as HTMLInputElement).value)).toEqual(['', '', '', '']);
    expect(otpBoxes()[0]).toHaveFocus();
    expect(localStorage.getItem(STORAGE_KEYS.pendingRegistration)).not.toBeNull();
  });

  it('keeps the typed code, stays on the page and says to try again when the API is busy (503)', async () => {
    const busy =
      'A service we depend on is busy right now, so nothing was finished. Please try again in a few seconds.';
    const { api, user, router } = await arrive({
      'POST /api/auth/verifyOtp': [
        new Response(JSON.stringify({ message: busy, msg: busy }), {
          status: 503,
          headers: { 'content-type': 'application/json', 'Retry-After': '3' },
        }),
        jsonResponse({ message: 'Invalid or expired code', msg: 'Invalid or expired code' }, 400),
      ],
    });
    await typeCode(user, '4821');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(busy);
    expect(otpBoxes().map((box) => (box as HTMLInputElement).value)).toEqual(['4', '8', '2', '1']);
    expect(router.state.location.pathname).toBe('/register-otp');
    // Sent again as it stands: the same code.
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(api.requestsTo('POST /api/auth/verifyOtp')).toHaveLength(2));
    expect(api.requestsTo('POST /api/auth/verifyOtp')[1]?.body).toMatchObject({ email: EMAIL, otp: '4821' });
  });

  it('sends an already verified account to /login', async () => {
    const { user, router } = await arrive({
      'POST /api/auth/verifyOtp': () =>
        jsonResponse({ message: 'This email is already verified. Please sign in.' }, 409),
    });
    await typeCode(user, '1111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await heading(paths.login.title);
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('status')).toHaveTextContent('This email is already verified. Please sign in.');
  });

  it("falls back to 'OTP verification failed'", async () => {
    const { user } = await arrive({ 'POST /api/auth/verifyOtp': () => new Response('', { status: 500 }) });
    await typeCode(user, '1111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('OTP verification failed');
  });

  it(`offers resend after a visible ${AUTH.otpResendCooldownSeconds} s cool-down, then restarts it`, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api, user } = await arrive({ 'POST /api/auth/resendOtp': () => jsonResponse({ message: 'Code sent' }) });
    const resend = screen.getByRole('button', { name: /Resend OTP/ });
    expect(resend).toBeDisabled();
    expect(resend).toHaveTextContent(/^Resend OTP in (30|29)s$/);

    await act(async () => vi.advanceTimersByTimeAsync(AUTH.otpResendCooldownSeconds * 1000));
    await waitFor(() => expect(resend).toHaveTextContent(/^Resend OTP$/));
    expect(resend).toBeEnabled();

    await user.click(resend);
    expect(await screen.findByText('OTP resent successfully!')).toBeInTheDocument();
    expect(api.requestsTo('POST /api/auth/resendOtp')[0]?.body).toEqual({ email: EMAIL });
    expect(resend).toBeDisabled();
    expect(resend).toHaveTextContent(/^Resend OTP in (30|29)s$/);
  });

  it("waits as long as the server's Retry-After says when resend is refused", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = await arrive({
      'POST /api/auth/resendOtp': new Response(JSON.stringify({ message: 'Too many codes requested' }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '600' },
      }),
    });
    await act(async () => vi.advanceTimersByTimeAsync(AUTH.otpResendCooldownSeconds * 1000));
    await user.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(await screen.findByText('Too many codes requested Please try again in 10 minutes.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Resend OTP/ })).toHaveTextContent(/^Resend OTP in (600|599)s$/);
  });
});
