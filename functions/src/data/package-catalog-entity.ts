import { DEFAULT_PACKAGE_PRICES_USD, PACKAGE_NAMES, type CatalogPackage, type PackageSlug } from '@goldbot/shared';

/**
 * Package catalog (docs/data-model.md, "Package catalog"): prices are data, seeded from the
 * customer-side prices and editable by admins.
 *   PK = CATALOG, SK = PACKAGE#<slug>    one Query lists the whole catalog in display order
 */
export const PACKAGE_DISPLAY_ORDER: readonly PackageSlug[] = ['freeTrial', 'basic', 'pro', 'ultimate'];

export const packageKey = (slug: PackageSlug) => ({ PK: 'CATALOG', SK: `PACKAGE#${slug}` });

export const defaultCatalog = (): CatalogPackage[] =>
  PACKAGE_DISPLAY_ORDER.map((slug, index) => ({
    slug,
    packageName: PACKAGE_NAMES[slug],
    priceUsd: DEFAULT_PACKAGE_PRICES_USD[PACKAGE_NAMES[slug]],
    sortOrder: index,
  }));

export const toCatalogPackageItem = (pkg: CatalogPackage, updatedAt: string) => ({
  ...packageKey(pkg.slug),
  entity: 'CatalogPackage',
  ...pkg,
  updatedAt,
});
