import { describe, expect, it } from 'vitest';
import { setupChecklistResponseSchema } from '@goldbot/shared';
import { CALLERS, givenItems, profileItemOf } from '../helpers/lambda.js';
import { loadRoutes, dynamo, ADMIN_PROFILE, call } from '../helpers/admin-work-routes.js';

loadRoutes('admin-setup-checklist');

/**
 * The admin's set-up checklist in process, over a mocked table (helpers/admin-work-routes.ts).
 */
describe('admin-setup-checklist', () => {
  it('derives every step from the profile, the settings and the active USDT wallet', async () => {
    givenItems(
      dynamo,
      { ...ADMIN_PROFILE, ...profileItemOf(CALLERS.admin), testMailSentAt: '2026-11-20T09:00:00.000Z' },
      { PK: 'SETTINGS', SK: 'SUBSCRIPTION', copyTradingLink: 'https://broker.example/copy/1' },
      {
        PK: 'ACTIVEWALLET#USDT',
        SK: 'ACTIVEWALLET',
        walletId: 'w1',
        address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
        network: 'TRC20',
        currency: 'USDT',
      },
    );
    const res = await call('admin-setup-checklist');
    expect(res.statusCode).toBe(200);
    expect(setupChecklistResponseSchema.parse(res.body)).toEqual({
      success: true,
      // ADMIN_MFA_REQUIRED is off here, as on the local stack: no TOTP to enrol.
      steps: [
        { id: 'totp', done: false, available: false },
        { id: 'copyTradingLink', done: true, available: true },
        { id: 'trc20Wallet', done: true, available: true },
        { id: 'testMail', done: true, available: true },
      ],
      complete: true,
    });
  });

  it('is open on a fresh install', async () => {
    const body = setupChecklistResponseSchema.parse((await call('admin-setup-checklist')).body);
    expect(body.steps.filter((step) => step.available).map((step) => step.done)).toEqual([false, false, false]);
    expect(body.complete).toBe(false);
  });

  it('is for administrators only', async () => {
    expect((await call('admin-setup-checklist', CALLERS.user)).statusCode).toBe(403);
  });
});
