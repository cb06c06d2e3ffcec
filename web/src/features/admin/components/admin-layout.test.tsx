import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/auth-helpers';
import { jsonResponse, renderApp, storeSession } from '@/test/test-utils';
import { ADMIN_USER, makeWallet } from '../testing/render-admin';
import { ADMIN_THEME_NAME } from './admin-theme';

describe('admin layout', () => {
  it('wraps every admin screen in the Amplify brand theme', async () => {
    storeSession(ADMIN_USER);
    mockApi({ 'GET /api/payment/wallets': jsonResponse({ wallets: [makeWallet()] }) });
    renderApp('/admin/wallets');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Payment Wallets' });
    const themed = heading.closest(`[data-amplify-theme="${ADMIN_THEME_NAME}"]`);
    expect(themed).toBeInTheDocument();
    expect(themed).toContainElement(screen.getByRole('navigation', { name: 'Admin' }));
    // The theme's tokens are written once, as CSS variables scoped to the theme's name.
    expect(document.getElementById(`amplify-theme-${ADMIN_THEME_NAME}`)?.textContent).toContain(
      '--amplify-colors-primary-80',
    );
    expect(await screen.findByRole('table', { name: 'Payment wallets' })).toBeInTheDocument();
  });
});
