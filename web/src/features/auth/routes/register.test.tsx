import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@goldbot/shared';
import { paths } from '@/config/paths';
import { jsonResponse } from '@/test/test-utils';
import { forgetRegistrationPassword, recallRegistrationPassword } from '../lib/pending-password';
import { heading, openPage, type TestUser } from '@/test/auth-pages';

async function fill(user: TestUser, values: Partial<Record<string, string>>) {
  for (const [label, value] of Object.entries(values)) {
    if (value) await user.type(screen.getByLabelText(label), value);
  }
}

const VALID = {
  Username: 'trader42',
  Email: 'trader42@example.com',
  Password: 'Secret1!',
  'Confirm Password': 'Secret1!',
};

afterEach(() => {
  vi.useRealTimers();
  forgetRegistrationPassword();
});

describe('/register', () => {
  it('has both show/hide toggles and a login link', async () => {
    const { user } = await openPage(paths.register);
    await user.click(screen.getByRole('button', { name: 'Show confirm password' }));
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('shows every required message', async () => {
    const { api, user } = await openPage(paths.register);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveFocus();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('checks the e-mail, the password rule and the confirmation', async () => {
    const { user } = await openPage(paths.register);
    await fill(user, { Username: 'trader42', Email: 'nope', Password: 'password', 'Confirm Password': 'password' });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText('Email is invalid')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Password must contain at least 8 characters, one uppercase, one lowercase, one number and one special character',
      ),
    ).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
  });

  it('takes any name as a username: with a space, two letters or another script', async () => {
    for (const username of ['John Smith', 'Jo', 'Анна Ковальова']) {
      const { api, user, unmount } = await openPage(paths.register, {
        'POST /api/auth/Register': () => jsonResponse({ message: 'Registered.', email: 'trader42@example.com' }, 201),
      });
      await fill(user, { ...VALID, Username: username });
      await user.click(screen.getByRole('button', { name: 'Register' }));
      await heading(paths.registerOtp.title);
      expect(api.requestsTo('POST /api/auth/Register')[0]?.body).toMatchObject({ username });
      unmount();
    }
  });

  it('says what a username may not hold, without sending it', async () => {
    const { api, user } = await openPage(paths.register);
    await fill(user, { ...VALID, Username: 'Jo <b>' });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(
      screen.getByText('Username cannot contain line breaks, control characters or angle brackets (< >)'),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'a'.repeat(51));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText('Username must be at most 50 characters')).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('goes to /register-otp with the e-mail; the draft is stored, the password only kept in memory', async () => {
    const { api, user, router } = await openPage(paths.register, {
      'POST /api/auth/Register': () =>
        jsonResponse({ message: 'Registered. Check your e-mail for the code.', email: 'trader42@example.com' }, 201),
    });
    await fill(user, { ...VALID, Email: 'Trader42@Example.com' });
    await user.click(screen.getByRole('button', { name: 'Register' }));

    await heading(paths.registerOtp.title);
    expect(router.state.location.state).toMatchObject({ email: 'trader42@example.com' });
    expect(api.requestsTo('POST /api/auth/Register')[0]?.body).toEqual({
      username: 'trader42',
      email: 'trader42@example.com',
      password: 'Secret1!',
    });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.pendingRegistration) ?? 'null')).toEqual({
      username: 'trader42',
      email: 'trader42@example.com',
    });
    expect(recallRegistrationPassword('trader42@example.com')).toBe('Secret1!');
    const everythingStored = JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage });
    expect(everythingStored).not.toContain('Secret1!');
    expect(screen.getByText('Registered. Check your e-mail for the code.')).toBeInTheDocument();
  });

  it('shows the server message in a popup that clears itself after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = await openPage(paths.register, {
      'POST /api/auth/Register': () =>
        jsonResponse({ message: 'Email already registered', msg: 'Email already registered' }, 409),
    });
    await fill(user, VALID);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email already registered');

    act(() => vi.advanceTimersByTime(4000));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("falls back to 'Registration failed' and shows the server's field errors", async () => {
    const { api, user } = await openPage(paths.register, {
      'POST /api/auth/Register': new Response('', { status: 500 }),
    });
    await fill(user, VALID);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed');

    api.on(
      'POST /api/auth/Register',
      jsonResponse(
        { message: 'Username is taken', msg: 'Username is taken', errors: { username: 'Username is taken' } },
        400,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Username is taken', { selector: '.field__error' })).toBeInTheDocument();
  });
});
