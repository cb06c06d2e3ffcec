import { describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES, packageUpdateResponseSchema, type CatalogPackage, type PackageSlug } from '@goldbot/shared';
import { defaultPackage } from '../../src/data/package-catalog-entity.js';
import { allNewWorkMailOn, type SubscriptionSettings } from '../../src/domain/records/settings-record.js';
import { updatePackage, type CatalogStore, type PackageUpdatePlan } from '../../src/domain/settings/catalog.js';
import {
  SETTINGS_SAVE_ATTEMPTS,
  getSubscriptionSettings,
  saveSubscriptionSettings,
  type SettingsStore,
} from '../../src/domain/settings/subscription-settings.js';
import { refusal } from '../helpers/refusal.js';

/** The Basic switch and the catalog editor over in-memory stores (conditions as the table checks them). */
const NOW = new Date('2026-11-23T10:15:00.000Z');
const ADMIN = { userId: 'admin-1', email: 'admin@example.com' };
const ids = () => {
  let n = 0;
  return () => `AUDIT${++n}`;
};

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
    const result = await saveSubscriptionSettings(
      { store: memory.store, now: () => NOW, newId: ids() },
      { settings: { basicPackageEnabled: false } },
      ADMIN,
    );
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
    const result = await saveSubscriptionSettings(
      { store: memory.store, now: () => NOW, newId: ids() },
      { settings: { basicPackageEnabled: false } },
      ADMIN,
    );
    expect(result.message).toBe(SETTINGS_MESSAGES.settingsUpdated);
    expect(memory.state.commits).toEqual([]);
  });

  it('leaves the switch alone when a save does not name it (another setting of the same item)', async () => {
    const memory = settingsMemory({ basicPackageEnabled: false });
    const result = await saveSubscriptionSettings(
      { store: memory.store, now: () => NOW, newId: ids() },
      { settings: {} },
      ADMIN,
    );
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
    const result = await saveSubscriptionSettings(
      { store: memory.store, now: () => NOW, newId: ids() },
      { settings: { autoApproveOnMatch: true } },
      ADMIN,
    );
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
    const result = await saveSubscriptionSettings(
      { store: memory.store, now: () => NOW, newId: ids() },
      { settings: { basicPackageEnabled: false } },
      ADMIN,
    );
    expect(result.settings).toMatchObject({ basicPackageEnabled: false, autoApproveOnMatch: true });
    expect(memory.state.commits[0]?.audit.details).toEqual({ setting: 'basicPackageEnabled', from: true, to: false });
  });

  it('both switches in one save: one transaction, one audit entry naming both', async () => {
    const memory = settingsMemory();
    await saveSubscriptionSettings(
      { store: memory.store, now: () => NOW, newId: ids() },
      { settings: { basicPackageEnabled: false, autoApproveOnMatch: true } },
      ADMIN,
    );
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
    const result = await saveSubscriptionSettings(
      { store: memory.store, mailKinds: MAIL_KINDS, now: () => NOW, newId: ids() },
      { settings: { newWorkMail: { unreadMessages: false } } },
      ADMIN,
    );
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
    await saveSubscriptionSettings(
      { store: memory.store, mailKinds: MAIL_KINDS, now: () => NOW, newId: ids() },
      { settings: { newWorkMail: { pendingPayments: false, pendingWithdrawals: true } } },
      ADMIN,
    );
    expect(memory.state.commits).toEqual([]);
  });
});

function catalogMemory(items: Partial<Record<PackageSlug, CatalogPackage>> = {}, basicPackageEnabled = true) {
  const state = { items: { ...items }, basicPackageEnabled, commits: [] as PackageUpdatePlan[] };
  const current = (slug: PackageSlug): CatalogPackage => {
    const pkg = state.items[slug] ?? defaultPackage(slug);
    return slug === 'basic' ? { ...pkg, onSale: state.basicPackageEnabled } : { ...pkg };
  };
  const store: CatalogStore = {
    listCatalog: async () => (['freeTrial', 'basic', 'pro', 'ultimate'] as const).map(current),
    readPackage: async (slug) => ({ current: current(slug), itemExists: state.items[slug] !== undefined }),
    async commitPackageUpdate(plan) {
      const now = current(plan.slug);
      if (now.priceUsd !== plan.from.current.priceUsd || now.onSale !== plan.from.current.onSale) return 'changed';
      state.commits.push(plan);
      state.items[plan.slug] = { ...plan.to };
      if (plan.slug === 'basic') state.basicPackageEnabled = plan.to.onSale;
      return 'committed';
    },
  };
  return { store, state };
}

describe('updatePackage', () => {
  const deps = (store: CatalogStore) => ({ store, now: () => NOW, newId: ids() });

  it('sets a price, audits from/to and answers the package as the catalog lists it', async () => {
    const memory = catalogMemory();
    const result = await updatePackage(deps(memory.store), 'pro', { priceUsd: 100 }, ADMIN);
    expect(packageUpdateResponseSchema.parse(result)).toEqual({
      success: true,
      message: 'Package updated successfully',
      package: { slug: 'pro', packageName: 'Pro Package', priceUsd: 100, sortOrder: 2, onSale: true },
    });
    expect(memory.state.commits[0]?.audit).toMatchObject({
      action: 'catalog.update',
      target: { type: 'package', id: 'pro' },
      details: {
        packageName: 'Pro Package',
        from: { priceUsd: 250, onSale: true },
        to: { priceUsd: 100, onSale: true },
      },
    });
    expect(memory.state.commits[0]?.from.itemExists).toBe(false);
  });

  it('takes Basic off sale through the settings switch (one truth)', async () => {
    const memory = catalogMemory({ basic: defaultPackage('basic') });
    const result = await updatePackage(deps(memory.store), 'basic', { onSale: false }, ADMIN);
    expect(result.package).toMatchObject({ slug: 'basic', priceUsd: 60, onSale: false });
    expect(memory.state.basicPackageEnabled).toBe(false);
    expect(memory.state.commits[0]?.audit.details).toMatchObject({ from: { onSale: true }, to: { onSale: false } });
  });

  it('keeps the Free Trial free, but lets it go off sale', async () => {
    const memory = catalogMemory();
    const error = await refusal(updatePackage(deps(memory.store), 'freeTrial', { priceUsd: 5 }, ADMIN));
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe(SETTINGS_MESSAGES.freeTrialPrice);
    expect(error).toMatchObject({ fieldErrors: { priceUsd: SETTINGS_MESSAGES.freeTrialPrice } });
    const off = await updatePackage(deps(memory.store), 'freeTrial', { priceUsd: 0, onSale: false }, ADMIN);
    expect(off.package).toMatchObject({ priceUsd: 0, onSale: false });
  });

  it('keeps Basic at $12 or more: a referral code takes $10 off and pays its owner $2', async () => {
    const memory = catalogMemory();
    const error = await refusal(updatePackage(deps(memory.store), 'basic', { priceUsd: 11.99 }, ADMIN));
    expect([error.statusCode, error.message]).toEqual([400, SETTINGS_MESSAGES.basicMinimumPrice]);
    expect(SETTINGS_MESSAGES.basicMinimumPrice).toContain('$12');
    const twelve = await updatePackage(deps(memory.store), 'basic', { priceUsd: 12 }, ADMIN);
    expect(twelve.package.priceUsd).toBe(12);
  });

  it('answers 404 for anything that is not a package', async () => {
    const memory = catalogMemory();
    for (const id of ['gold', 'Basic', 'PACKAGE#pro', '__proto__']) {
      const error = await refusal(updatePackage(deps(memory.store), id, { priceUsd: 1 }, ADMIN));
      expect(error.statusCode, id).toBe(404);
      expect(error.message).toBe(SETTINGS_MESSAGES.packageNotFound);
    }
  });

  it('writes nothing when nothing changes', async () => {
    const memory = catalogMemory();
    const result = await updatePackage(deps(memory.store), 'ultimate', { priceUsd: 1000, onSale: true }, ADMIN);
    expect(result.package.priceUsd).toBe(1000);
    expect(memory.state.commits).toEqual([]);
  });

  it('retries on a concurrent edit so the audit’s `from` is what was replaced, then gives up with 409', async () => {
    const memory = catalogMemory();
    const original = memory.store.commitPackageUpdate;
    let calls = 0;
    memory.store.commitPackageUpdate = async (plan) => {
      calls += 1;
      if (calls === 1) memory.state.items.pro = { ...defaultPackage('pro'), priceUsd: 199 };
      return original(plan);
    };
    await updatePackage(deps(memory.store), 'pro', { priceUsd: 120 }, ADMIN);
    expect(memory.state.commits).toHaveLength(1);
    expect(memory.state.commits[0]?.audit.details).toMatchObject({ from: { priceUsd: 199 }, to: { priceUsd: 120 } });
    memory.store.commitPackageUpdate = async () => 'changed';
    const error = await refusal(updatePackage(deps(memory.store), 'pro', { priceUsd: 130 }, ADMIN));
    expect(error.statusCode).toBe(409);
    expect(error.message).toBe(SETTINGS_MESSAGES.packageChanged);
  });
});
