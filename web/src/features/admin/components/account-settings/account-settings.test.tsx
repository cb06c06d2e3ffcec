import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@goldbot/shared';
import { paths } from '@/app/paths';
import { mockApi } from '@/test/auth-helpers';
import { jsonResponse, renderApp, storeSession } from '@/test/test-utils';
import { reloadPage } from '../../lib/reload-page';

vi.mock('../../lib/reload-page', () => ({ reloadPage: vi.fn() }));

const admin = { _id: 'admin-1', username: 'admin', email: 'admin@example.com', role: 'admin' as const };

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
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1');
});

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
  });

  it("says 'All fields are required' when username or e-mail is empty", async () => {
    const api = mockApi();
    const { user } = await openSettings();
    await user.clear(screen.getByLabelText('Username'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByRole('alert')).toHaveTextContent('All fields are required');
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('saves the profile, updates the session and reloads after 1.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi({
      'PUT /api/auth/updateUser/admin-1': () =>
        jsonResponse({ message: 'Profile updated', user: { username: 'chief', email: 'chief@example.com' } }),
    });
    const { user } = await openSettings();
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'chief');
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'Chief@Example.com');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    const request = api.requestsTo('PUT /api/auth/updateUser/admin-1')[0];
    expect(request?.body).toEqual({ username: 'chief', email: 'chief@example.com' });
    expect(request?.headers.get('Authorization')).toBe('Bearer test-token');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}')).toMatchObject({
      username: 'chief',
      email: 'chief@example.com',
    });
    // The sidebar follows the stored user.
    expect(screen.getByRole('navigation', { name: 'Admin' }).parentElement).toHaveTextContent('chief@example.com');

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
    expect(api.fetchMock).not.toHaveBeenCalled();
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
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
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
