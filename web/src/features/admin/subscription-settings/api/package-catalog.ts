import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import {
  packagesResponseSchema,
  packageUpdateResponseSchema,
  type CatalogPackage,
  type PackageSlug,
  type PackagesResponse,
  type PackageUpdateInput,
  type PackageUpdateResponse,
} from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';
import { useSingleFlightPerKey } from '@/hooks/use-single-flight';
import { PACKAGES_KEY } from '@/lib/package-prices';

export type { CatalogPackage, PackageUpdateInput, PackageUpdateResponse };

/**
 * GET /api/packages, the public catalog the pricing page, the dashboard cards and the payment
 * modal read, fetched past the browser cache (the answer is publicly cacheable for a minute), so
 * the editor shows what the server has. Kept under the customers' SWR key: a save here updates
 * the prices this tab shows anywhere.
 */
export function getCatalog(): Promise<PackagesResponse> {
  return apiRequest(PACKAGES_KEY, { schema: packagesResponseSchema, cache: 'no-store' });
}

export function useCatalog() {
  return useSWR(PACKAGES_KEY, getCatalog);
}

/** PUT /api/admin/packages/{slug} `{priceUsd?, onSale?}`: answers the edited entry. */
export function updatePackage(slug: PackageSlug, input: PackageUpdateInput): Promise<PackageUpdateResponse> {
  return apiRequest('admin-packages-update', {
    params: { packageId: slug },
    body: input,
    schema: packageUpdateResponseSchema,
  });
}

/** Replaces one entry of the cached catalog (after a save) without reading it again. */
export function useCatalogEntryUpdate() {
  const { mutate } = useSWRConfig();
  return useCallback(
    (slug: PackageSlug, change: Partial<CatalogPackage>) =>
      mutate<PackagesResponse>(
        PACKAGES_KEY,
        (current) =>
          current && {
            packages: current.packages.map((entry) => (entry.slug === slug ? { ...entry, ...change } : entry)),
          },
        { revalidate: false },
      ),
    [mutate],
  );
}

/** `updatePackage` one request per package at a time: a second save of the same package while one is on its way is ignored (null). */
export function useUpdatePackage() {
  const { run, running } = useSingleFlightPerKey(updatePackage);
  return { update: run, saving: running };
}
