import { describe, expect, it } from 'vitest';
import {
  SETTINGS_MESSAGES,
  subscriptionSettingsResponseSchema,
  subscriptionSettingsSaveResponseSchema,
} from '@goldbot/shared';
import { call, transactItems } from '../helpers/settings-routes.js';

/**
 * settings-subscription-put, read back by settings-subscription-get, in process over a mocked,
 * seeded table (helpers/settings-routes.ts): a thin adapter over its use case.
 */
describe('subscription settings', () => {
  it('reads and saves the Basic switch, audited', async () => {
    const get = await call('settings-subscription-get');
    expect(subscriptionSettingsResponseSchema.parse(get.body)).toMatchObject({
      success: true,
      settings: { basicPackageEnabled: true },
    });
    const put = await call('settings-subscription-put', { body: { settings: { basicPackageEnabled: false } } });
    expect(put.statusCode).toBe(200);
    expect(subscriptionSettingsSaveResponseSchema.parse(put.body)).toMatchObject({
      success: true,
      message: 'Subscription settings updated successfully',
      settings: { basicPackageEnabled: false },
    });
    expect(transactItems()[1]?.Put?.Item).toMatchObject({
      action: 'settings.update',
      target: { type: 'settings', id: 'SUBSCRIPTION' },
      details: { from: true, to: false },
    });
  });

  it('refuses a body without the boolean', async () => {
    const res = await call('settings-subscription-put', { body: { settings: { basicPackageEnabled: 'no' } } });
    expect(res.statusCode).toBe(400);
    expect((res.body as { message: string }).message).toBe('basicPackageEnabled must be true or false');
  });

  it('takes autoApproveOnMatch alone, and refuses a save that names no switch', async () => {
    const put = await call('settings-subscription-put', { body: { settings: { autoApproveOnMatch: true } } });
    expect(put.statusCode).toBe(200);
    expect(subscriptionSettingsSaveResponseSchema.parse(put.body).settings).toEqual({
      basicPackageEnabled: true,
      autoApproveOnMatch: true,
      copyTradingLink: null,
      // The kinds of work the new-work mail reports on this build, each with its switch.
      // (Unmatched transfers have none: the wallet watcher mails each one as it records it.)
      newWorkMail: { pendingPayments: true, pendingWithdrawals: true, refundRequests: true, unreadMessages: true },
    });
    expect(transactItems()[1]?.Put?.Item).toMatchObject({
      action: 'settings.update',
      details: { setting: 'autoApproveOnMatch', from: false, to: true },
    });
    const none = await call('settings-subscription-put', { body: { settings: {} } });
    expect(none.statusCode).toBe(400);
    expect((none.body as { message: string }).message).toBe(
      'Send basicPackageEnabled, autoApproveOnMatch, copyTradingLink, newWorkMail or a combination',
    );
    const noKind = await call('settings-subscription-put', { body: { settings: { newWorkMail: {} } } });
    expect(noKind.statusCode).toBe(400);
    const wrong = await call('settings-subscription-put', { body: { settings: { autoApproveOnMatch: 'yes' } } });
    expect(wrong.statusCode).toBe(400);
  });

  it('turns one kind of the new-work mail off, audited, and refuses a switch that is not true or false', async () => {
    const put = await call('settings-subscription-put', {
      body: { settings: { newWorkMail: { pendingWithdrawals: false } } },
    });
    expect(put.statusCode).toBe(200);
    expect(subscriptionSettingsSaveResponseSchema.parse(put.body).settings.newWorkMail).toEqual({
      pendingPayments: true,
      pendingWithdrawals: false,
      refundRequests: true,
      unreadMessages: true,
    });
    expect(transactItems()[0]?.Update?.ExpressionAttributeValues?.[':mailTo']).toMatchObject({
      pendingWithdrawals: false,
      pendingPayments: true,
    });
    expect(transactItems()[1]?.Put?.Item).toMatchObject({
      action: 'settings.update',
      details: { setting: 'newWorkMail' },
    });
    const wrong = await call('settings-subscription-put', {
      body: { settings: { newWorkMail: { pendingPayments: 'off' } } },
    });
    expect(wrong.statusCode).toBe(400);
    expect((wrong.body as { message: string }).message).toBe('pendingPayments must be true or false');
  });
});

describe('the copy-trading link', () => {
  it('saves an https link trimmed, audited with its before and after', async () => {
    const link = 'https://broker.example/copy/goldbot';
    const put = await call('settings-subscription-put', { body: { settings: { copyTradingLink: `  ${link} ` } } });
    expect(put.statusCode).toBe(200);
    expect(subscriptionSettingsSaveResponseSchema.parse(put.body).settings.copyTradingLink).toBe(link);
    expect(transactItems()[1]?.Put?.Item).toMatchObject({
      action: 'settings.update',
      details: { setting: 'copyTradingLink', from: null, to: link },
    });
  });

  it.each(['http://broker.example/copy', 'javascript:alert(1)', 'broker.example/copy', 'https://', 'ftp://x.example'])(
    'refuses %s with the reason',
    async (copyTradingLink) => {
      const put = await call('settings-subscription-put', { body: { settings: { copyTradingLink } } });
      expect(put.statusCode).toBe(400);
      expect((put.body as { message: string }).message).toBe(SETTINGS_MESSAGES.copyTradingLinkInvalid);
    },
  );

  it('refuses an over-long link, and takes empty or null as "remove it"', async () => {
    const long = await call('settings-subscription-put', {
      body: { settings: { copyTradingLink: `https://broker.example/${'a'.repeat(2048)}` } },
    });
    expect(long.statusCode).toBe(400);
    expect((long.body as { message: string }).message).toBe(SETTINGS_MESSAGES.copyTradingLinkTooLong);
    for (const copyTradingLink of ['', null]) {
      const cleared = await call('settings-subscription-put', { body: { settings: { copyTradingLink } } });
      expect(cleared.statusCode).toBe(200);
      expect(subscriptionSettingsSaveResponseSchema.parse(cleared.body).settings.copyTradingLink).toBeNull();
    }
  });
});
