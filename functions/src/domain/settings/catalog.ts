import {
  PACKAGE_SLUGS,
  REFERRAL,
  SETTINGS_MESSAGES,
  type CatalogPackage,
  type PackageSlug,
  type PackageUpdateInput,
} from '@goldbot/shared';
import type { AuditEntry } from '../records/audit-entry.js';
import { adminAuditEntry, type AdminActor } from '../admin/admin-actor.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';

/**
 * The package catalog editor (docs/data-model.md, "Package catalog"): an admin sets a
 * package's price (whole dollars, 0-100,000, checked by the shared schema) and whether it is on
 * sale. The Free Trial stays free. Basic's on-sale flag is the subscription-settings switch:
 * the store writes that attribute, in the same transaction as the catalog item and the audit entry.
 * Storage is injected.
 */
export interface CatalogSnapshot {
  /** The package as the product reads it now (a missing item reads as its seed default). */
  current: CatalogPackage;
  /** Whether the catalog item exists (the write creates it otherwise). */
  itemExists: boolean;
}

export interface PackageUpdatePlan {
  slug: PackageSlug;
  from: CatalogSnapshot;
  to: CatalogPackage;
  at: string;
  adminId: string;
  audit: AuditEntry;
}

export interface CatalogStore {
  /** The whole catalog in display order, Basic's flag from the settings. */
  listCatalog(): Promise<CatalogPackage[]>;
  /** One package and the settings switch, read consistently (one BatchGetItem). */
  readPackage(slug: PackageSlug): Promise<CatalogSnapshot>;
  /** One TransactWriteItems on condition nothing moved since the read; 'changed' otherwise. */
  commitPackageUpdate(plan: PackageUpdatePlan): Promise<'committed' | 'changed'>;
}

export interface CatalogDeps {
  store: CatalogStore;
  now: () => Date;
  newId: (nowMs: number) => string;
}

const UPDATE_ATTEMPTS = 3;

const isSlug = (value: string): value is PackageSlug => (PACKAGE_SLUGS as readonly string[]).includes(value);

/** `packages-list`: public, identical for everyone. */
export async function listPackages(store: CatalogStore) {
  return { packages: await store.listCatalog() };
}

/**
 * `admin-packages-update`: 404 for an unknown package, 400 for a Free Trial price other than 0;
 * an edit that changes nothing writes nothing. A concurrent edit makes it read again and retry,
 * so the audit's `from` is always what was replaced.
 */
export async function updatePackage(
  deps: CatalogDeps,
  packageId: string,
  input: PackageUpdateInput,
  admin: AdminActor,
) {
  if (!isSlug(packageId)) throw new NotFoundError(SETTINGS_MESSAGES.packageNotFound);
  const slug = packageId;
  if (slug === 'freeTrial' && input.priceUsd !== undefined && input.priceUsd !== 0) {
    throw new ValidationError(SETTINGS_MESSAGES.freeTrialPrice, { priceUsd: SETTINGS_MESSAGES.freeTrialPrice });
  }
  // A referral code takes $10 off Basic and pays $2: below $12 the discounted price would not cover it.
  if (slug === 'basic' && input.priceUsd !== undefined && input.priceUsd < REFERRAL.discountUsd + REFERRAL.rewardUsd) {
    throw new ValidationError(SETTINGS_MESSAGES.basicMinimumPrice, { priceUsd: SETTINGS_MESSAGES.basicMinimumPrice });
  }
  for (let attempt = 1; ; attempt += 1) {
    const snapshot = await deps.store.readPackage(slug);
    const { current } = snapshot;
    const next: CatalogPackage = {
      ...current,
      priceUsd: input.priceUsd ?? current.priceUsd,
      onSale: input.onSale ?? current.onSale,
    };
    if (next.priceUsd === current.priceUsd && next.onSale === current.onSale) {
      return { success: true as const, message: SETTINGS_MESSAGES.packageUpdated, package: current };
    }
    const now = deps.now();
    const at = now.toISOString();
    const outcome = await deps.store.commitPackageUpdate({
      slug,
      from: snapshot,
      to: next,
      at,
      adminId: admin.userId,
      audit: adminAuditEntry(admin, now, deps.newId, {
        action: 'catalog.update',
        target: { type: 'package', id: slug },
        details: {
          packageName: current.packageName,
          from: { priceUsd: current.priceUsd, onSale: current.onSale },
          to: { priceUsd: next.priceUsd, onSale: next.onSale },
        },
      }),
    });
    if (outcome === 'committed') {
      return { success: true as const, message: SETTINGS_MESSAGES.packageUpdated, package: next };
    }
    if (attempt >= UPDATE_ATTEMPTS) {
      throw new ConflictError(SETTINGS_MESSAGES.packageChanged);
    }
  }
}
