import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/auth-helpers';
import { jsonResponse, renderApp, storeSession } from '@/test/test-utils';

vi.mock('@/lib/reload-page', () => ({ reloadPage: vi.fn() }));

const customer = { _id: 'user-1', username: 'trader42', email: 'trader42@example.com', role: 'user' as const };
const SIGNED_OUT = 'You have been signed out of all devices. Please sign in again.';

async function openAccountTab() {
  const view = renderApp('/dashboard?tab=account');
  const panel = await screen.findByRole('tabpanel', { name: 'Account' });
  // The tab's code loads when it is first opened.
  await within(panel).findByRole('heading', { name: 'Profile' });
  return { ...view, panel: within(panel) };
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the Account tab', () => {
  it('offers the username and e-mail, the password change and signing out of every device', async () => {
    storeSession(customer);
    mockApi();
    const { panel } = await openAccountTab();
    expect(panel.getByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(panel.getByLabelText('Username')).toHaveValue('trader42');
    expect(panel.getByLabelText('Email')).toHaveValue('trader42@example.com');
    expect(panel.getByLabelText('Current Password')).toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'Update Password' })).toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'Sign out of all devices' })).toBeEnabled();
  });

  it('tells a Google customer there is no password here instead of offering the form', async () => {
    storeSession(customer, 'test-token', 'hosted-ui');
    mockApi();
    const { panel } = await openAccountTab();
    expect(panel.getByText(/You sign in with Google, so your account has no password here/)).toBeInTheDocument();
    expect(panel.queryByLabelText('Current Password')).not.toBeInTheDocument();
    expect(panel.getByLabelText('Email')).toHaveAttribute('readonly');
  });

  it("signs out of every device with the server's message on the sign-in page", async () => {
    storeSession(customer);
    const api = mockApi({ 'POST /api/auth/logout-all': jsonResponse({ message: SIGNED_OUT }) });
    const { panel, user, router } = await openAccountTab();
    await user.click(panel.getByRole('button', { name: 'Sign out of all devices' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText(SIGNED_OUT)).toBeInTheDocument();
    expect(api.requestsTo('POST /api/auth/logout-all')).toHaveLength(1);
    // The server already ended the session: no second sign-out call.
    expect(api.requestsTo('POST /api/auth/logout')).toHaveLength(0);
  });

  it('says why when the server refuses', async () => {
    storeSession(customer);
    mockApi({ 'POST /api/auth/logout-all': jsonResponse({ message: 'Try again later', msg: 'Try again later' }, 503) });
    const { panel, user } = await openAccountTab();
    await user.click(panel.getByRole('button', { name: 'Sign out of all devices' }));
    expect(await panel.findByText('Try again later')).toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'Sign out of all devices' })).toBeEnabled();
  });
});
