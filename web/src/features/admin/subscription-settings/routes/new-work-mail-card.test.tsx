import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES } from '@goldbot/shared';
import { mockApi } from '@/test/auth-helpers';
import { jsonResponse } from '@/test/test-utils';
import { type ApiRoutes, nth, renderAdminScreen } from '../../testing/render-admin';
import { NEW_WORK_MAIL_SAVE_NAME, NEW_WORK_MAIL_TITLE } from '../components/new-work-mail-card';
import AdminSubscriptionSettingsRoute from './subscription-settings';
import { settingsSaved } from '../testing/settings-fixtures';

/**
 * The switches of the new-work mail on /admin/subscription-settings: one per kind the server
 * sends (so none for a kind it does not have), Save Changes sends only the kinds that changed.
 */
const GET = 'GET /api/settings/subscription-settings';
const PUT = 'PUT /api/settings/subscription-settings';
const CATALOG = 'GET /api/packages';

const settings = (newWorkMail?: Record<string, boolean>) =>
  jsonResponse({
    success: true,
    settings: {
      basicPackageEnabled: true,
      autoApproveOnMatch: false,
      copyTradingLink: null,
      ...(newWorkMail ? { newWorkMail } : {}),
    },
  });

async function openScreen(routes: ApiRoutes = {}) {
  const api = mockApi({
    [GET]: settings({ pendingPayments: true, pendingWithdrawals: false, unreadMessages: true }),
    [CATALOG]: jsonResponse({ packages: [] }),
    ...routes,
  });
  const rendered = renderAdminScreen(<AdminSubscriptionSettingsRoute />, '/admin/subscription-settings');
  await screen.findByRole('switch', { name: 'Approve on-chain matches automatically' });
  return { api, ...rendered };
}

const card = () => within(screen.getByRole('region', { name: NEW_WORK_MAIL_TITLE }));
const save = () => screen.getByRole('button', { name: NEW_WORK_MAIL_SAVE_NAME });

describe('the mail to administrators about new work', { timeout: 15_000 }, () => {
  it('has a switch for each kind the server mails about, and none for the others', async () => {
    await openScreen();
    const boxes = card().getAllByRole('checkbox');
    expect(boxes.map((box) => box.getAttribute('name'))).toEqual([
      'pendingPayments',
      'pendingWithdrawals',
      'unreadMessages',
    ]);
    expect(card().getByRole('checkbox', { name: 'Payments to review' })).toBeChecked();
    expect(card().getByRole('checkbox', { name: 'Withdrawals to decide' })).not.toBeChecked();
    expect(card().getByRole('checkbox', { name: 'Contact messages' })).toBeChecked();
    expect(card().queryByRole('checkbox', { name: 'Refund requests' })).not.toBeInTheDocument();
    expect(card().getByText(/at most once every 15 minutes per kind/)).toBeInTheDocument();
    expect(save()).toBeDisabled();
  });

  it('saves only the kinds that changed, and follows the server’s answer', async () => {
    const { api, user } = await openScreen({
      [PUT]: settingsSaved({
        basicPackageEnabled: true,
        autoApproveOnMatch: false,
        copyTradingLink: null,
        newWorkMail: { pendingPayments: false, pendingWithdrawals: false, unreadMessages: true },
      }),
    });
    await user.click(card().getByRole('checkbox', { name: 'Payments to review' }));
    // Changed and changed back: not part of the save.
    await user.click(card().getByRole('checkbox', { name: 'Contact messages' }));
    await user.click(card().getByRole('checkbox', { name: 'Contact messages' }));
    await user.click(save());
    await waitFor(() => expect(api.requestsTo(PUT)).toHaveLength(1));
    expect(nth(api.requestsTo(PUT), 0).body).toEqual({ settings: { newWorkMail: { pendingPayments: false } } });
    expect(await card().findByText(SETTINGS_MESSAGES.settingsUpdated)).toBeInTheDocument();
    expect(card().getByRole('checkbox', { name: 'Payments to review' })).not.toBeChecked();
    expect(save()).toBeDisabled();
  });

  it('is not shown when the server sends no switch (an older server)', async () => {
    await openScreen({ [GET]: settings() });
    expect(screen.queryByRole('region', { name: NEW_WORK_MAIL_TITLE })).not.toBeInTheDocument();
  });
});
