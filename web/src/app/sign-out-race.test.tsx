import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@goldbot/shared';
import { paths } from '@/config/paths';
import { mockApi } from '@/test/auth-helpers';
import { renderApp, storeSession } from '@/test/test-utils';

/** Holds the dashboard's chunk back until the test lets it arrive (a slow network). */
const chunk = vi.hoisted(() => {
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  return { arrived, release };
});

vi.mock('@/features/dashboard/routes/customer-dashboard-route', async (importOriginal) => {
  await chunk.arrived;
  return importOriginal();
});

describe('the route tree', () => {
  it('signing out while the dashboard chunk is still loading goes where the sign-out goes, not to /login', async () => {
    mockApi();
    storeSession({ _id: 'u1', username: 'trader42', email: 'trader42@example.com', role: 'user' });
    const { user, router } = renderApp(paths.dashboard.path);
    // The header (and its Logout) is there before the page is.
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await act(async () => chunk.release());

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // Nothing sends the user on to /login once the chunk has arrived.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  }, 15_000);
});
