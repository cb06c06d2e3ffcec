import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES } from '@goldbot/shared';
import { mockApi } from '@/test/auth-helpers';
import { deferred, jsonResponse } from '@/test/test-utils';
import { type ApiRoutes, nth, renderAdminScreen } from '../../testing/render-admin';
import AdminSubscriptionSettingsRoute from './subscription-settings';
import { settingsSaved } from '../testing/settings-fixtures';

/**
 * The automatic approval switch on /admin/subscription-settings: off by default (also
 * when the server's answer predates it), Save Changes sends only `autoApproveOnMatch`, and the
 * Basic switch's save still sends only `basicPackageEnabled`, as the spec's client does.
 */
const GET = 'GET /api/settings/subscription-settings';
const PUT = 'PUT /api/settings/subscription-settings';
const CATALOG = 'GET /api/packages';

const settings = (values: Record<string, boolean>) => jsonResponse({ success: true, settings: values });

async function openScreen(routes: ApiRoutes = {}) {
  const api = mockApi({
    [GET]: settings({ basicPackageEnabled: true, autoApproveOnMatch: false }),
    [CATALOG]: jsonResponse({ packages: [] }),
    ...routes,
  });
  const rendered = renderAdminScreen(<AdminSubscriptionSettingsRoute />, '/admin/subscription-settings');
  const toggle = await screen.findByRole('switch', { name: 'Approve on-chain matches automatically' });
  const card = within(screen.getByRole('region', { name: 'Automatic approval' }));
  return { api, toggle, card, ...rendered };
}

const saveAuto = () => screen.getByRole('button', { name: 'Save Changes to automatic approval' });

describe('automatic approval of on-chain matches', { timeout: 15_000 }, () => {
  it('is off by default, and off when the server does not name it', async () => {
    const { toggle, card } = await openScreen({ [GET]: settings({ basicPackageEnabled: true }) });
    expect(toggle).not.toBeChecked();
    expect(card.getByText('Off')).toBeInTheDocument();
    expect(saveAuto()).toBeDisabled();
    expect(card.getByText(/Off \(the default\): every payment waits for you/)).toBeInTheDocument();
  });

  it('turns it on with a save that names only autoApproveOnMatch, and says so', async () => {
    const answer = deferred<Response>();
    const { api, user, toggle, card } = await openScreen({ [PUT]: () => answer.promise });
    await user.click(toggle);
    expect(card.getByText('On')).toBeInTheDocument();
    expect(saveAuto()).toBeEnabled();
    await user.click(saveAuto());
    expect(saveAuto()).toBeDisabled();
    expect(api.requestsTo(PUT)).toHaveLength(1);
    expect(nth(api.requestsTo(PUT), 0).body).toEqual({ settings: { autoApproveOnMatch: true } });

    answer.resolve(settingsSaved({ basicPackageEnabled: true, autoApproveOnMatch: true }));
    expect(await card.findByText(SETTINGS_MESSAGES.settingsUpdated)).toBeInTheDocument();
    expect(toggle).toBeChecked();
    expect(saveAuto()).toBeDisabled();
    // The Basic switch is where it was, with nothing to save.
    expect(screen.getByRole('switch', { name: 'Monthly Subscription (Basic Package)' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  });

  it('the Basic switch still saves only basicPackageEnabled, and keeps automatic approval as the server has it', async () => {
    const { api, user, toggle } = await openScreen({
      [GET]: settings({ basicPackageEnabled: true, autoApproveOnMatch: true }),
      [PUT]: settingsSaved({ basicPackageEnabled: false, autoApproveOnMatch: true }),
    });
    expect(toggle).toBeChecked();
    await user.click(screen.getByRole('switch', { name: 'Monthly Subscription (Basic Package)' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.settingsUpdated)).toBeInTheDocument();
    expect(nth(api.requestsTo(PUT), 0).body).toEqual({ settings: { basicPackageEnabled: false } });
    expect(toggle).toBeChecked();
  });

  it('shows the server’s message when the save fails', async () => {
    const { user, toggle, card } = await openScreen({
      [PUT]: jsonResponse({ message: 'autoApproveOnMatch must be true or false' }, 400),
    });
    await user.click(toggle);
    await user.click(saveAuto());
    expect(await card.findByText('autoApproveOnMatch must be true or false')).toBeInTheDocument();
    expect(saveAuto()).toBeEnabled();
  });
});
