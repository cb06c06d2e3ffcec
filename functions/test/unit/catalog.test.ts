import { describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES, packageUpdateResponseSchema, type CatalogPackage, type PackageSlug } from '@goldbot/shared';
import { defaultPackage } from '../../src/data/package-catalog-entity.js';
import { updatePackage, type CatalogStore, type PackageUpdatePlan } from '../../src/domain/settings/catalog.js';
import { refusal } from '../helpers/refusal.js';

/**
 * The catalog editor (updatePackage) over an in-memory store, its conditions as the table checks
 * them.
 */

const NOW = new Date('2026-11-23T10:15:00.000Z');
const ADMIN = { userId: 'admin-1', email: 'admin@example.com' };
const ids = () => {
  let n = 0;
  return () => `AUDIT${++n}`;
};

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
