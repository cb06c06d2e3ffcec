import {
  DEFAULT_PACKAGE_PRICES_USD,
  PACKAGE_NAMES,
  PACKAGE_SLUGS,
  type CatalogPackage,
  type PackageSlug,
} from '@goldbot/shared';
import type { Item } from './table-reads.js';

/**
 * Package catalog (docs/data-model.md, "Package catalog"): prices are data, seeded from the customer-side prices
 * and edited by admins (`admin-packages-update`).
 *   PK = CATALOG, SK = PACKAGE#<slug>    slug, packageName, priceUsd, sortOrder, onSale, updatedAt, updatedBy
 * One Query lists the whole catalog in display order.
 *
 * The on-sale flag: Free Trial, Pro and Ultimate keep `onSale` on their item. Basic does not: its
 * flag IS the subscription-settings switch (`SETTINGS / SUBSCRIPTION.basicPackageEnabled`), so
 * there is one truth that the admin's Basic toggle, the catalog editor, `packages-list`,
 * `payment-package-status`, the public settings and the purchase check all read.
 */
export const PACKAGE_DISPLAY_ORDER: readonly PackageSlug[] = PACKAGE_SLUGS;

export const CATALOG_PARTITION = 'CATALOG';
export const PACKAGE_SK_PREFIX = 'PACKAGE#';
export const packageKey = (slug: PackageSlug) => ({ PK: 'CATALOG', SK: `${PACKAGE_SK_PREFIX}${slug}` });

export const isPackageSlug = (value: string): value is PackageSlug =>
  (PACKAGE_SLUGS as readonly string[]).includes(value);

/** True for the package whose on-sale flag lives in the subscription settings, not on its item. */
export const onSaleLivesInSettings = (slug: PackageSlug) => slug === 'basic';

export const defaultPackage = (slug: PackageSlug): CatalogPackage => ({
  slug,
  packageName: PACKAGE_NAMES[slug],
  priceUsd: DEFAULT_PACKAGE_PRICES_USD[PACKAGE_NAMES[slug]],
  sortOrder: PACKAGE_DISPLAY_ORDER.indexOf(slug),
  onSale: true,
});

export const defaultCatalog = (): CatalogPackage[] => PACKAGE_DISPLAY_ORDER.map(defaultPackage);

export const toCatalogPackageItem = (pkg: CatalogPackage, updatedAt: string, updatedBy?: string) => {
  const { onSale, ...rest } = pkg;
  return {
    ...packageKey(pkg.slug),
    entity: 'CatalogPackage',
    ...rest,
    ...(onSaleLivesInSettings(pkg.slug) ? {} : { onSale }),
    updatedAt,
    ...(updatedBy ? { updatedBy } : {}),
  };
};

/**
 * A catalog item as the product reads it; a missing item reads as the seed default. For Basic the
 * caller passes the settings switch (`basicPackageEnabled`); for the others a missing flag is on sale.
 */
export function fromCatalogItem(
  slug: PackageSlug,
  item: Item | undefined,
  basicPackageEnabled: boolean,
): CatalogPackage {
  const fallback = defaultPackage(slug);
  const price = item?.priceUsd;
  return {
    slug,
    packageName: fallback.packageName,
    priceUsd: typeof price === 'number' || typeof price === 'string' ? Number(price) : fallback.priceUsd,
    sortOrder: item?.sortOrder === undefined ? fallback.sortOrder : Number(item.sortOrder),
    onSale: onSaleLivesInSettings(slug) ? basicPackageEnabled : item?.onSale !== false,
  };
}

/** The slug of a catalog item's sort key (`PACKAGE#pro` → 'pro'), or null for anything else. */
export function slugOfItem(item: Item): PackageSlug | null {
  const sk = typeof item.SK === 'string' ? item.SK : '';
  const slug = sk.startsWith(PACKAGE_SK_PREFIX) ? sk.slice(PACKAGE_SK_PREFIX.length) : '';
  return isPackageSlug(slug) ? slug : null;
}
