import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@goldbot/shared';
import { paths } from '@/config/paths';
import { jsonResponse } from '@/test/test-utils';
import { expectSentBack, heading, openPage, otpBoxes, typeCode } from '@/test/auth-pages';

const EMAIL = 'trader42@example.com';

afterEach(() => {
  vi.useRealTimers();
});

describe('/forgot', () => {
  it('shows the spec messages for a missing or malformed e-mail', async () => {
    const { api, user } = await openPage(paths.forgot);
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it("says 'Check email for OTP', stores the e-mail and goes to /forgot-otp after 2 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    sessionStorage.setItem(STORAGE_KEYS.resetOtp, '9999');
    const { api, user, router } = await openPage(paths.forgot, {
      'POST /api/auth/request-password-reset': () => jsonResponse({ message: 'If the account exists...' }),
    });
    await user.type(screen.getByLabelText('Email'), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Send Code' }));

    expect(await screen.findByText('Check email for OTP')).toBeInTheDocument();
    expect(api.requestsTo('POST /api/auth/request-password-reset')[0]?.body).toEqual({ email: EMAIL });
    expect(sessionStorage.getItem(STORAGE_KEYS.resetEmail)).toBe(EMAIL);
    expect(sessionStorage.getItem(STORAGE_KEYS.resetOtp)).toBeNull();

    act(() => vi.advanceTimersByTime(1500));
    expect(router.state.location.pathname).toBe('/forgot');
    act(() => vi.advanceTimersByTime(500));
    await heading(paths.forgotOtp.title);
    expect(router.state.location.state).toEqual({ email: EMAIL });
  });

  it('shows the failure messages of the spec', async () => {
    const { api, user } = await openPage(paths.forgot, {
      'POST /api/auth/request-password-reset': new Response('', { status: 500 }),
    });
    await user.type(screen.getByLabelText('Email'), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send reset instructions');

    api.on('POST /api/auth/request-password-reset', () => Promise.reject(new TypeError('Failed to fetch')));
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
  });
});

describe('/forgot-otp', () => {
  it('goes back to /forgot when no e-mail is known', async () => {
    await expectSentBack(paths.forgotOtp, paths.forgot, 'Email not found. Please try again.');
  });

  it('has no resend and does not move back on backspace', async () => {
    sessionStorage.setItem(STORAGE_KEYS.resetEmail, EMAIL);
    const { user } = await openPage(paths.forgotOtp);
    expect(screen.queryByRole('button', { name: /resend/i })).not.toBeInTheDocument();
    await user.click(otpBoxes()[0] as HTMLElement);
    await user.keyboard('12{Backspace}');
    expect(otpBoxes()[2]).toHaveFocus();
  });

  it("asks for the 4-digit code with the reset page's message", async () => {
    sessionStorage.setItem(STORAGE_KEYS.resetEmail, EMAIL);
    const { user } = await openPage(paths.forgotOtp);
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(screen.getByText('Please enter the 4-digit OTP.')).toBeInTheDocument();
  });

  it('stores the verified code and goes to /reset after 1.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api, user, router } = await openPage(
      paths.forgotOtp,
      { 'POST /api/auth/verify-reset-otp': () => jsonResponse({ message: 'Code is valid' }) },
      { email: EMAIL },
    );
    await user.click(otpBoxes()[0] as HTMLElement);
    await user.paste('2468');
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));

    expect(await screen.findByText('OTP verified successfully!')).toBeInTheDocument();
    expect(api.requestsTo('POST /api/auth/verify-reset-otp')[0]?.body).toEqual({ email: EMAIL, otp: '2468' });
    expect(sessionStorage.getItem(STORAGE_KEYS.resetOtp)).toBe('2468');
    expect(sessionStorage.getItem(STORAGE_KEYS.resetEmail)).toBe(EMAIL);
    act(() => vi.advanceTimersByTime(1500));
    await heading(paths.reset.title);
    expect(router.state.location.pathname).toBe('/reset');
  });

  it("shows the server's message or 'OTP verification failed.'", async () => {
    sessionStorage.setItem(STORAGE_KEYS.resetEmail, EMAIL);
    const { api, user } = await openPage(paths.forgotOtp, {
      'POST /api/auth/verify-reset-otp': jsonResponse({ message: 'Invalid or expired code' }, 400),
    });
    await typeCode(user, '1111');
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired code');

    api.on('POST /api/auth/verify-reset-otp', new Response('', { status: 500 }));
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByText('OTP verification failed.')).toBeInTheDocument();
  });
});

describe('/reset', () => {
  function arriveVerified() {
    sessionStorage.setItem(STORAGE_KEYS.resetEmail, EMAIL);
    sessionStorage.setItem(STORAGE_KEYS.resetOtp, '2468');
  }

  it('shows the live requirement checklist when the field gets focus', async () => {
    arriveVerified();
    const { user } = await openPage(paths.reset);
    expect(screen.queryByRole('list', { name: 'Password requirements' })).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('New Password'));
    const checklist = screen.getByRole('list', { name: 'Password requirements' });
    const met = () =>
      Array.from(checklist.querySelectorAll('.password-checklist__item--met')).map((item) => item.textContent);
    expect(met()).toEqual([]);

    await user.keyboard('abc1');
    expect(met()).toEqual([
      expect.stringContaining('At least 1 number'),
      expect.stringContaining('At least 1 lowercase letter'),
    ]);
    await user.keyboard('DEF#gh');
    expect(met()).toHaveLength(5);
    expect(screen.getByText('At least 1 number')).toHaveTextContent('(met)');
  });

  it('lists every unmet rule joined with commas, then checks the confirmation', async () => {
    arriveVerified();
    const { api, user } = await openPage(paths.reset);
    await user.type(screen.getByLabelText('New Password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(
      screen.getByText(
        'Password must be at least 8 characters, Password must contain at least 1 number, Password must contain at least 1 uppercase letter, Password must contain at least 1 special character',
      ),
    ).toBeInTheDocument();

    await user.type(screen.getByLabelText('New Password'), 'DEF12(x');
    await user.type(screen.getByLabelText('Confirm Password'), 'different');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByText('Passwords do not match.')).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('says what to do when the e-mail or code is missing', async () => {
    sessionStorage.setItem(STORAGE_KEYS.resetEmail, EMAIL);
    const { user } = await openPage(paths.reset);
    await user.type(screen.getByLabelText('New Password'), 'NewPass1!');
    await user.type(screen.getByLabelText('Confirm Password'), 'NewPass1!');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Email or OTP not found. Please go back and enter your email again.',
    );
    expect(screen.getByRole('link', { name: 'Start again' })).toHaveAttribute('href', '/forgot');
  });

  it('resets, forgets the stored e-mail and code, and goes to /login after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    arriveVerified();
    const { api, user, router } = await openPage(paths.reset, {
      'POST /api/auth/reset-password': () => jsonResponse({ message: 'Password updated' }),
    });
    await user.type(screen.getByLabelText('New Password'), 'NewPass1!');
    await user.type(screen.getByLabelText('Confirm Password'), 'NewPass1!');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText('Password reset successful!')).toBeInTheDocument();
    expect(api.requestsTo('POST /api/auth/reset-password')[0]?.body).toEqual({
      email: EMAIL,
      otp: '2468',
      newPassword: 'NewPass1!',
    });
    expect(sessionStorage.getItem(STORAGE_KEYS.resetEmail)).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.resetOtp)).toBeNull();

    act(() => vi.advanceTimersByTime(2000));
    await heading(paths.login.title);
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByLabelText('Email')).toHaveValue(EMAIL);
  });

  it("shows the server's message or 'Failed to reset password'", async () => {
    arriveVerified();
    const { user } = await openPage(paths.reset, {
      'POST /api/auth/reset-password': new Response('', { status: 500 }),
    });
    await user.type(screen.getByLabelText('New Password'), 'NewPass1!');
    await user.type(screen.getByLabelText('Confirm Password'), 'NewPass1!');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to reset password');
  });
});
