import useSWR from 'swr';
import {
  DEFAULT_PACKAGE_PRICES_USD,
  PACKAGE_NAMES,
  packagesResponseSchema,
  type PackageSlug,
  type PackagesResponse,
} from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';
import { formatUsd } from '@/lib/format';

export const PACKAGES_KEY = 'packages-list';

/** GET /api/packages: the public catalog. */
export function getPackages(): Promise<PackagesResponse> {
  return apiRequest(PACKAGES_KEY, { schema: packagesResponseSchema });
}

export type PackagePrices = Record<PackageSlug, number>;

/**
 * The seeded catalog's prices: what a new table's catalog holds (the seed writes
 * DEFAULT_PACKAGE_PRICES_USD, functions/src/data/package-catalog-entity.ts) and what the
 * prerendered pages show until the catalog answers.
 */
const DEFAULT_PRICES: PackagePrices = {
  freeTrial: DEFAULT_PACKAGE_PRICES_USD[PACKAGE_NAMES.freeTrial],
  basic: DEFAULT_PACKAGE_PRICES_USD[PACKAGE_NAMES.basic],
  pro: DEFAULT_PACKAGE_PRICES_USD[PACKAGE_NAMES.pro],
  ultimate: DEFAULT_PACKAGE_PRICES_USD[PACKAGE_NAMES.ultimate],
};

/**
 * Current prices from the catalog. While the catalog loads `loading` is true and `prices` are the
 * seeded catalog's; if it cannot be read, or lacks a package, those stand in too.
 */
export function usePackagePrices(): {
  prices: PackagePrices;
  /** Whether each package can be bought now (an admin may take one off sale); true until known. */
  onSale: Record<PackageSlug, boolean>;
  loading: boolean;
} {
  const { data, isLoading } = useSWR(PACKAGES_KEY, getPackages, {
    // Prices change rarely (an admin edit); no need to refetch on every tab switch.
    revalidateOnFocus: false,
    dedupingInterval: 5 * 60_000,
    errorRetryCount: 2,
  });
  const prices = { ...DEFAULT_PRICES };
  const onSale: Record<PackageSlug, boolean> = { freeTrial: true, basic: true, pro: true, ultimate: true };
  for (const entry of data?.packages ?? []) {
    prices[entry.slug] = entry.priceUsd;
    onSale[entry.slug] = entry.onSale;
  }
  return { prices, onSale, loading: isLoading };
}

/** A package's price on its card: 'Free', '$60', '$59.50'. */
export const formatPrice = (priceUsd: number) => (priceUsd === 0 ? 'Free' : formatUsd(priceUsd));
