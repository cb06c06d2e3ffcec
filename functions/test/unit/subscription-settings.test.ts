import { describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES } from '@goldbot/shared';
import { allNewWorkMailOn, type SubscriptionSettings } from '../../src/domain/records/settings-record.js';
import {
  SETTINGS_SAVE_ATTEMPTS,
  getSubscriptionSettings,
  saveSubscriptionSettings,
  type SettingsStore,
} from '../../src/domain/settings/subscription-settings.js';
import { refusal } from '../helpers/refusal.js';

/**
 * The subscription settings (the Basic switch, auto-approval, the new-work mail switches) over an
 * in-memory store, its conditions as the table checks them.
 */

const NOW = new Date('2026-11-23T10:15:00.000Z');
const ADMIN = { userId: 'admin-1', email: 'admin@example.com' };
const ids = () => {
  let n = 0;
  return () => `AUDIT${++n}`;
};

type SettingsDeps = Parameters<typeof saveSubscriptionSettings>[0];
type SettingsSave = Parameters<typeof saveSubscriptionSettings>[1];

function settingsMemory(initial: Partial<SubscriptionSettings> = {}) {
  const state = {
    settings: {
      basicPackageEnabled: true,
      autoApproveOnMatch: false,
      copyTradingLink: null,
      newWorkMail: allNewWorkMailOn(),
      ...initial,
    } as SubscriptionSettings,
    commits: [] as Parameters<SettingsStore['commitSubscriptionSettings']>[0][],
  };
  let racesLeft = 0;
  const store: SettingsStore = {
    readSubscriptionSettings: async () => ({ ...state.settings }),
    async commitSubscriptionSettings(change) {
      if (racesLeft > 0) {
        racesLeft -= 1;
        return 'changed';
      }
      if (
        state.settings.basicPackageEnabled !== change.from.basicPackageEnabled ||
        state.settings.autoApproveOnMatch !== change.from.autoApproveOnMatch ||
        JSON.stringify(state.settings.newWorkMail) !== JSON.stringify(change.from.newWorkMail)
      ) {
        return 'changed';
      }
      state.settings = { ...change.to };
      state.commits.push(change);
      return 'committed';
    },
  };
  return {
    store,
    state,
    /** The admin's save of `settings` now, over this store (with `extra` dependencies, e.g. mailKinds). */
    save: (settings: SettingsSave['settings'], extra: Partial<SettingsDeps> = {}) =>
      saveSubscriptionSettings({ store, now: () => NOW, newId: ids(), ...extra }, { settings }, ADMIN),
    race: (times: number) => {
      racesLeft = times;
    },
  };
}

describe('subscription settings', () => {
  it('reads the switch', async () => {
    const { store } = settingsMemory({ basicPackageEnabled: false });
    expect(await getSubscriptionSettings(store)).toEqual({
      success: true,
      settings: { basicPackageEnabled: false, autoApproveOnMatch: false, copyTradingLink: null, newWorkMail: {} },
    });
  });

  it('turns Basic off with an audit entry carrying from/to, and answers the spec’s message', async () => {
    const memory = settingsMemory();
    const result = await memory.save({ basicPackageEnabled: false });
    expect(result).toEqual({
      success: true,
      message: 'Subscription settings updated successfully',
      settings: { basicPackageEnabled: false, autoApproveOnMatch: false, copyTradingLink: null, newWorkMail: {} },
    });
    expect(memory.state.commits).toHaveLength(1);
    expect(memory.state.commits[0]).toMatchObject({
      from: { basicPackageEnabled: true, autoApproveOnMatch: false },
      to: { basicPackageEnabled: false, autoApproveOnMatch: false },
      adminId: 'admin-1',
      audit: {
        action: 'settings.update',
        actor: 'admin-1',
        actorEmail: 'admin@example.com',
        target: { type: 'settings', id: 'SUBSCRIPTION' },
        details: { setting: 'basicPackageEnabled', from: true, to: false },
        at: NOW.toISOString(),
      },
    });
  });

  it('writes and audits nothing when the switch already has the value', async () => {
    const memory = settingsMemory({ basicPackageEnabled: false });
    const result = await memory.save({ basicPackageEnabled: false });
    expect(result.message).toBe(SETTINGS_MESSAGES.settingsUpdated);
    expect(memory.state.commits).toEqual([]);
  });

  it('leaves the switch alone when a save does not name it (another setting of the same item)', async () => {
    const memory = settingsMemory({ basicPackageEnabled: false });
    const result = await memory.save({});
    expect(result.settings).toEqual({
      basicPackageEnabled: false,
      autoApproveOnMatch: false,
      copyTradingLink: null,
      newWorkMail: {},
    });
    expect(memory.state.commits).toEqual([]);
  });

  it('reads again after a concurrent save, and gives up with 409 after the last attempt', async () => {
    const memory = settingsMemory();
    memory.race(1);
    const deps = { store: memory.store, now: () => NOW, newId: ids() };
    await saveSubscriptionSettings(deps, { settings: { basicPackageEnabled: false } }, ADMIN);
    expect(memory.state.commits).toHaveLength(1);
    memory.race(SETTINGS_SAVE_ATTEMPTS);
    const error = await refusal(saveSubscriptionSettings(deps, { settings: { basicPackageEnabled: true } }, ADMIN));
    expect(error.statusCode).toBe(409);
    expect(error.message).toBe(SETTINGS_MESSAGES.settingsUpdateFailed);
  });
});

describe('the autoApproveOnMatch switch', () => {
  it('is off by default and turned on alone, Basic untouched, with its own from/to in the audit entry', async () => {
    const memory = settingsMemory();
    expect((await getSubscriptionSettings(memory.store)).settings).toEqual({
      basicPackageEnabled: true,
      autoApproveOnMatch: false,
      copyTradingLink: null,
      newWorkMail: {},
    });
    const result = await memory.save({ autoApproveOnMatch: true });
    expect(result.settings).toMatchObject({ basicPackageEnabled: true, autoApproveOnMatch: true });
    expect(memory.state.commits).toHaveLength(1);
    expect(memory.state.commits[0]).toMatchObject({
      from: { basicPackageEnabled: true, autoApproveOnMatch: false },
      to: { basicPackageEnabled: true, autoApproveOnMatch: true },
      audit: {
        action: 'settings.update',
        details: { setting: 'autoApproveOnMatch', from: false, to: true },
      },
    });
  });

  it('the spec’s save (Basic only) leaves automatic approval as it is', async () => {
    const memory = settingsMemory({ autoApproveOnMatch: true });
    const result = await memory.save({ basicPackageEnabled: false });
    expect(result.settings).toMatchObject({ basicPackageEnabled: false, autoApproveOnMatch: true });
    expect(memory.state.commits[0]?.audit.details).toEqual({ setting: 'basicPackageEnabled', from: true, to: false });
  });

  it('both switches in one save: one transaction, one audit entry naming both', async () => {
    const memory = settingsMemory();
    await memory.save({ basicPackageEnabled: false, autoApproveOnMatch: true });
    expect(memory.state.commits).toHaveLength(1);
    expect(memory.state.commits[0]?.audit.details).toEqual({
      settings: ['basicPackageEnabled', 'autoApproveOnMatch'],
      from: { basicPackageEnabled: true, autoApproveOnMatch: false },
      to: { basicPackageEnabled: false, autoApproveOnMatch: true },
    });
  });
});

describe('the new-work mail switches', () => {
  const MAIL_KINDS = ['pendingPayments', 'pendingWithdrawals', 'unreadMessages'] as const;

  it('shows a switch for each kind this server mails about, and none for a kind it does not have', async () => {
    const memory = settingsMemory({ newWorkMail: { ...allNewWorkMailOn(), pendingWithdrawals: false } });
    expect((await getSubscriptionSettings(memory.store, MAIL_KINDS)).settings.newWorkMail).toEqual({
      pendingPayments: true,
      pendingWithdrawals: false,
      unreadMessages: true,
    });
  });

  it('turns one kind off, the others untouched, with its before and after in the audit entry', async () => {
    const memory = settingsMemory();
    const result = await memory.save({ newWorkMail: { unreadMessages: false } }, { mailKinds: MAIL_KINDS });
    expect(result.settings.newWorkMail).toEqual({
      pendingPayments: true,
      pendingWithdrawals: true,
      unreadMessages: false,
    });
    expect(memory.state.settings.newWorkMail).toEqual({ ...allNewWorkMailOn(), unreadMessages: false });
    expect(memory.state.commits).toHaveLength(1);
    expect(memory.state.commits[0]?.audit.details).toEqual({
      setting: 'newWorkMail',
      from: allNewWorkMailOn(),
      to: { ...allNewWorkMailOn(), unreadMessages: false },
    });
    expect(memory.state.settings.basicPackageEnabled).toBe(true);
  });

  it('writes and audits nothing when the kinds named already have their values', async () => {
    const memory = settingsMemory({ newWorkMail: { ...allNewWorkMailOn(), pendingPayments: false } });
    await memory.save({ newWorkMail: { pendingPayments: false, pendingWithdrawals: true } }, { mailKinds: MAIL_KINDS });
    expect(memory.state.commits).toEqual([]);
  });
});
