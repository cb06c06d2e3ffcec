import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES, STORAGE_KEYS, type SessionUser as ApiSessionUser } from '@goldbot/shared';
import { paths } from '@/config/paths';
import { SIGN_IN_METHOD_KEY } from '@/lib/session-storage';
import { mockApi, sessionResponse } from '@/test/auth-helpers';
import { deferred, jsonResponse, renderApp, storeSession } from '@/test/test-utils';
import { reloadPage } from '@/lib/reload-page';

vi.mock('@/lib/reload-page', () => ({ reloadPage: vi.fn() }));

const admin = { _id: 'admin-1', username: 'admin', email: 'admin@example.com', role: 'admin' as const };

/** The admin as the server sends it back (shared sessionUserSchema). */
function serverAdmin(overrides: Partial<ApiSessionUser> = {}): ApiSessionUser {
  const {
    token: _token,
    expiresIn: _expiresIn,
    ...user
  } = sessionResponse({
    userId: 'admin-1',
    username: 'admin',
    email: 'admin@example.com',
    isAdmin: true,
  });
  return { ...user, ...overrides };
}

const UPDATE = 'PUT /api/auth/updateUser/admin-1';
const CONFIRM = 'POST /api/auth/confirm-email-change';
const NEW_EMAIL = 'new-admin@example.com';
const CODE_SENT = `We sent a 4-digit code to ${NEW_EMAIL}. Enter it to confirm your new email.`;
const CHANGED = 'Your email has been changed. Please sign in again with your new email.';

/** 200 to an e-mail change: the code is on its way, the account keeps the old address. */
const codeSent = (overrides: Partial<ApiSessionUser> = {}) =>
  jsonResponse({ message: CODE_SENT, user: serverAdmin(overrides), pendingEmail: NEW_EMAIL });

/** What the page sent besides the back-office frame's own read of the waiting-work counts. */
const formRequests = (api: ReturnType<typeof mockApi>) =>
  api.fetchMock.mock.calls.filter(([input]) => !String(input).endsWith('/api/admin/work-counts'));

async function openSettings() {
  const view = renderApp(paths.admin.adminSetting.path);
  await screen.findByRole('heading', { level: 1, name: paths.admin.adminSetting.title });
  return view;
}

async function openPasswordTab(user: ReturnType<typeof renderApp>['user']) {
  await user.click(screen.getByRole('tab', { name: 'Change Password' }));
  return screen.getByRole('tabpanel', { name: 'Change Password' });
}

beforeEach(() => {
  storeSession(admin);
});

async function changeEmail(user: ReturnType<typeof renderApp>['user'], email = NEW_EMAIL, password = 'Admin123!') {
  await user.clear(screen.getByLabelText('Email'));
  await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Current password'), password);
  await user.click(screen.getByRole('button', { name: 'Save Changes' }));
}

/** Opens the code step through a successful e-mail change. */
async function openCodeStep(api: ReturnType<typeof mockApi>) {
  api.on(UPDATE, () => codeSent());
  const view = await openSettings();
  await changeEmail(view.user);
  await screen.findByRole('group', { name: 'Confirmation code' });
  return view;
}

async function typeCode(user: ReturnType<typeof renderApp>['user'], code: string) {
  await user.click(screen.getByLabelText('Digit 1 of 4'));
  await user.keyboard(code);
}

afterEach(() => {
  vi.useRealTimers();
  vi.mocked(reloadPage).mockReset();
});

describe('admin account settings', () => {
  it('has the two tabs, Profile Information first, prefilled from the session', async () => {
    mockApi();
    await openSettings();
    expect(screen.getByRole('tab', { name: 'Profile Information' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Change Password' })).toHaveAttribute('aria-selected', 'false');
    const panel = screen.getByRole('tabpanel', { name: 'Profile Information' });
    expect(within(panel).getByLabelText('Username')).toHaveValue('admin');
    expect(within(panel).getByLabelText('Email')).toHaveValue('admin@example.com');
    expect(within(panel).getByLabelText('Email')).toHaveAttribute('type', 'email');
    // Only a new e-mail needs the password.
    expect(within(panel).queryByLabelText('Current password')).not.toBeInTheDocument();
  });

  // An emptied e-mail is also a changed one (it asks for the password): the empty field still wins.
  it.each(['Username', 'Email'])(
    "says 'All fields are required' when the %s is emptied, and sends nothing",
    async (label) => {
      const api = mockApi();
      const { user } = await openSettings();
      await user.clear(screen.getByLabelText(label));
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
      expect(screen.getByRole('alert')).toHaveTextContent('All fields are required');
      expect(formRequests(api)).toEqual([]);
    },
  );

  it('saves the profile with an unchanged e-mail (no password), updates the session and reloads after 1.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi({
      [UPDATE]: () =>
        jsonResponse({ message: 'Profile updated successfully', user: serverAdmin({ username: 'chief' }) }),
    });
    const { user } = await openSettings();
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'chief');
    // The same address in other letters is no change (the server compares lower-cased).
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'Admin@Example.com');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    const request = api.requestsTo(UPDATE)[0];
    expect(request?.body).toEqual({ username: 'chief', email: 'admin@example.com' });
    expect(request?.headers.get('Authorization')).toBe('Bearer test-token');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}')).toMatchObject({
      username: 'chief',
      email: 'admin@example.com',
    });
    // The sidebar follows the stored user.
    expect(screen.getByRole('navigation', { name: 'Admin' }).parentElement).toHaveTextContent('chief');

    expect(reloadPage).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1500));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it("shows the server's message or 'Failed to update profile'", async () => {
    const api = mockApi({
      'PUT /api/auth/updateUser/admin-1': jsonResponse(
        { message: 'Email already in use', msg: 'Email already in use' },
        409,
      ),
    });
    const { user } = await openSettings();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email already in use');

    api.on('PUT /api/auth/updateUser/admin-1', new Response('', { status: 500 }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('validates the password change with the spec messages', async () => {
    const api = mockApi();
    const { user } = await openSettings();
    const panel = await openPasswordTab(user);
    await user.click(within(panel).getByRole('button', { name: 'Update Password' }));
    expect(within(panel).getByText('Current password is required')).toBeInTheDocument();
    expect(within(panel).getByText('New password is required')).toBeInTheDocument();

    await user.type(within(panel).getByLabelText('Current Password'), 'Admin123!');
    await user.type(within(panel).getByLabelText('New Password'), 'short');
    await user.type(within(panel).getByLabelText('Confirm New Password'), 'short');
    await user.click(within(panel).getByRole('button', { name: 'Update Password' }));
    expect(
      within(panel).getByText(
        'Password must be at least 8 characters long and include uppercase letter, lowercase letter, number, and special character',
      ),
    ).toBeInTheDocument();

    await user.clear(within(panel).getByLabelText('New Password'));
    await user.type(within(panel).getByLabelText('New Password'), 'Admin456!');
    await user.click(within(panel).getByRole('button', { name: 'Update Password' }));
    expect(within(panel).getByText('Passwords do not match')).toBeInTheDocument();
    expect(formRequests(api)).toEqual([]);
  });

  it('changes the password, removes the stored session at once and goes to /login after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi({ 'PUT /api/auth/updateUser/admin-1': () => jsonResponse({ message: 'Password changed' }) });
    const { user, router } = await openSettings();
    const panel = await openPasswordTab(user);
    await user.type(within(panel).getByLabelText('Current Password'), 'Admin123!');
    await user.type(within(panel).getByLabelText('New Password'), 'Admin456!');
    await user.type(within(panel).getByLabelText('Confirm New Password'), 'Admin456!');
    await user.click(within(panel).getByRole('button', { name: 'Update Password' }));

    expect(
      await screen.findByText('Password updated successfully. Please login again with your new password.'),
    ).toBeInTheDocument();
    expect(api.requestsTo('PUT /api/auth/updateUser/admin-1')[0]?.body).toEqual({
      currentPassword: 'Admin123!',
      password: 'Admin456!',
    });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(localStorage.getItem(SIGN_IN_METHOD_KEY)).toBeNull();
    expect(router.state.location.pathname).toBe('/admin/admin-setting');

    act(() => vi.advanceTimersByTime(3000));
    await screen.findByRole('heading', { level: 1, name: paths.login.title });
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('status')).toHaveTextContent('Please login again with your new password.');
  });

  it('keeps the admin signed in when the current password is refused', async () => {
    mockApi({
      'PUT /api/auth/updateUser/admin-1': jsonResponse(
        { message: 'Current password is incorrect', msg: 'Current password is incorrect' },
        401,
      ),
    });
    const { user, router } = await openSettings();
    const panel = await openPasswordTab(user);
    await user.type(within(panel).getByLabelText('Current Password'), 'Wrong123!');
    await user.type(within(panel).getByLabelText('New Password'), 'Admin456!');
    await user.type(within(panel).getByLabelText('Confirm New Password'), 'Admin456!');
    await user.click(within(panel).getByRole('button', { name: 'Update Password' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Current password is incorrect');
    expect(router.state.location.pathname).toBe('/admin/admin-setting');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('test-token');
  });
});

describe('admin account settings: changing the e-mail', () => {
  it('asks for the current password as soon as the e-mail differs, and requires it', async () => {
    const api = mockApi();
    const { user } = await openSettings();
    await user.type(screen.getByLabelText('Email'), 'x');
    const password = screen.getByLabelText('Current password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toBeRequired();
    expect(password).toHaveAccessibleDescription(/Needed to change your email/);

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText(AUTH_MESSAGES.currentPasswordForEmail)).toBeInTheDocument();
    expect(password).toHaveFocus();
    expect(formRequests(api)).toEqual([]);

    // Back to the current address: no password needed any more.
    await user.type(screen.getByLabelText('Email'), '{Backspace}');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
  });

  it('sends the current password with the new e-mail, then asks for the code mailed there', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi({ [UPDATE]: () => codeSent({ username: 'chief' }) });
    const { user } = await openSettings();
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'chief');
    await changeEmail(user, 'New-Admin@Example.com');

    expect(await screen.findByRole('group', { name: 'Confirmation code' })).toBeInTheDocument();
    expect(api.requestsTo(UPDATE)[0]?.body).toEqual({
      username: 'chief',
      email: NEW_EMAIL,
      currentPassword: 'Admin123!',
    });
    const panel = screen.getByRole('tabpanel', { name: 'Profile Information' });
    expect(panel).toHaveTextContent(`We sent a 4-digit code to ${NEW_EMAIL}. Enter it to confirm your new email.`);
    expect(panel).toHaveTextContent('Until then you keep signing in with admin@example.com.');
    expect(screen.getByLabelText('Digit 1 of 4')).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Confirm email' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    // The username is saved; the e-mail is not, until the code is confirmed. No reload either.
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}')).toMatchObject({
      username: 'chief',
      email: 'admin@example.com',
    });
    act(() => vi.advanceTimersByTime(2000));
    expect(reloadPage).not.toHaveBeenCalled();
    // The password is not kept anywhere the page can be read later.
    expect(JSON.stringify({ ...localStorage, ...sessionStorage })).not.toContain('Admin123!');
  });

  it('shows a wrong current password at its field, emptied, and keeps the admin signed in', async () => {
    mockApi({
      [UPDATE]: jsonResponse(
        { message: 'Current password is incorrect', errors: { currentPassword: 'Current password is incorrect' } },
        400,
      ),
    });
    const { user, router } = await openSettings();
    await changeEmail(user, NEW_EMAIL, 'Wrong123!');
    const password = await screen.findByLabelText('Current password');
    await waitFor(() => expect(password).toHaveAccessibleDescription(/Current password is incorrect/));
    expect(password).toHaveValue('');
    expect(password).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveValue(NEW_EMAIL);
    expect(router.state.location.pathname).toBe('/admin/admin-setting');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('test-token');
  });

  it('shows a taken address (409) and a 429 with its wait', async () => {
    const api = mockApi({ [UPDATE]: jsonResponse({ message: 'An account with this email already exists.' }, 409) });
    const { user } = await openSettings();
    await changeEmail(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists.');

    api.on(
      UPDATE,
      new Response(JSON.stringify({ message: 'Too many requests.' }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '120' },
      }),
    );
    await user.type(screen.getByLabelText('Current password'), 'Admin123!');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Too many requests. Please try again in 2 minutes.'),
    );
    expect(screen.queryByRole('group', { name: 'Confirmation code' })).not.toBeInTheDocument();
  });

  it('sends one request however often Save is pressed meanwhile', async () => {
    const answer = deferred<Response>();
    const api = mockApi({ [UPDATE]: () => answer.promise });
    const { user } = await openSettings();
    await changeEmail(user);
    const saving = screen.getByRole('button', { name: 'Saving...' });
    expect(saving).toBeDisabled();
    await user.click(saving);
    screen.getByRole('tabpanel', { name: 'Profile Information' }).querySelector('form')?.requestSubmit();
    await act(async () => answer.resolve(codeSent()));
    await screen.findByRole('group', { name: 'Confirmation code' });
    expect(api.requestsTo(UPDATE)).toHaveLength(1);
  });

  it('confirms the code: signed out here without a logout call, on /admin-login with the notice', async () => {
    const api = mockApi({ [CONFIRM]: () => jsonResponse({ message: CHANGED }) });
    const { user, router } = await openCodeStep(api);
    await typeCode(user, '12');
    expect(screen.getByRole('button', { name: 'Confirm email' })).toBeDisabled();
    await user.keyboard('34');
    const confirm = screen.getByRole('button', { name: 'Confirm email' });
    expect(confirm).toBeEnabled();
    await user.click(confirm);

    await screen.findByRole('heading', { level: 1, name: paths.adminLogin.title });
    expect(router.state.location.pathname).toBe('/admin-login');
    expect(screen.getByRole('status')).toHaveTextContent(CHANGED);
    expect(screen.getByLabelText('Email')).toHaveValue(NEW_EMAIL);
    const request = api.requestsTo(CONFIRM)[0];
    expect(request?.body).toEqual({ email: NEW_EMAIL, otp: '1234' });
    expect(request?.headers.get('Authorization')).toBe('Bearer test-token');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    // The server revoked every session with the change: a logout would only be refused.
    await act(async () => {});
    expect(api.requestsTo('POST /api/auth/logout')).toHaveLength(0);
  });

  it('confirms once however often it is pressed meanwhile', async () => {
    const answer = deferred<Response>();
    const api = mockApi({ [CONFIRM]: () => answer.promise });
    const { user } = await openCodeStep(api);
    await typeCode(user, '1234');
    await user.click(screen.getByRole('button', { name: 'Confirm email' }));
    expect(screen.getByRole('button', { name: 'Confirming...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    screen.getByRole('tabpanel', { name: 'Profile Information' }).querySelector('form')?.requestSubmit();
    await act(async () => answer.resolve(jsonResponse({ message: CHANGED })));
    await screen.findByRole('heading', { level: 1, name: paths.adminLogin.title });
    expect(api.requestsTo(CONFIRM)).toHaveLength(1);
  });

  it('shows a refused code under the boxes, empties them, and a lock-out in the alert', async () => {
    const api = mockApi({
      [CONFIRM]: jsonResponse(
        {
          message: 'The code is incorrect. Please check the email and try again.',
          errors: { otp: 'The code is incorrect. Please check the email and try again.' },
        },
        400,
      ),
    });
    const { user, router } = await openCodeStep(api);
    await typeCode(user, '9999');
    await user.click(screen.getByRole('button', { name: 'Confirm email' }));

    const group = screen.getByRole('group', { name: 'Confirmation code' });
    await waitFor(() =>
      expect(group).toHaveAccessibleDescription('The code is incorrect. Please check the email and try again.'),
    );
    expect(screen.getByLabelText('Digit 1 of 4')).toHaveValue('');
    expect(screen.getByLabelText('Digit 1 of 4')).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Confirm email' })).toBeDisabled();
    expect(router.state.location.pathname).toBe('/admin/admin-setting');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('test-token');

    api.on(
      CONFIRM,
      new Response(JSON.stringify({ message: 'Too many incorrect codes. Please try again in 24 hours.' }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '86400' },
      }),
    );
    await typeCode(user, '1234');
    expect(group).not.toHaveAccessibleDescription();
    await user.click(screen.getByRole('button', { name: 'Confirm email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many incorrect codes. Please try again in 24 hours.',
    );
  });

  it('Resend code sends the same request again and shows a 429 wait', async () => {
    const api = mockApi();
    const { user } = await openCodeStep(api);
    api.on(UPDATE, () => jsonResponse({ message: CODE_SENT, user: serverAdmin(), pendingEmail: NEW_EMAIL }));
    await typeCode(user, '12');
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('status')).toHaveTextContent(CODE_SENT);
    expect(screen.getByLabelText('Digit 1 of 4')).toHaveValue('');
    const [first, second] = api.requestsTo(UPDATE);
    expect(second?.body).toEqual(first?.body);
    expect(second?.body).toMatchObject({ email: NEW_EMAIL, currentPassword: 'Admin123!' });

    api.on(
      UPDATE,
      new Response(JSON.stringify({ message: 'Please wait before requesting another code.' }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '30' },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please wait before requesting another code. Please try again in 30 seconds.',
    );
    expect(screen.getByRole('button', { name: /^Resend code in \d+s$/ })).toBeDisabled();
    expect(screen.getByRole('group', { name: 'Confirmation code' })).toBeInTheDocument();
  });

  it('Cancel goes back to the form with the old e-mail and no password', async () => {
    const api = mockApi();
    const { user } = await openCodeStep(api);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: 'Confirmation code' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('admin@example.com');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(api.requestsTo(CONFIRM)).toHaveLength(0);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}')).toMatchObject({ email: 'admin@example.com' });

    // Changing it again asks for the password again.
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), NEW_EMAIL);
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });
});
