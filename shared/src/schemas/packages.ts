import { PACKAGE_NAMES } from '../constants.js';
import * as z from '../zod.js';
import { schema } from './schema.js';

/**
 * The public package catalog (`GET /api/packages`, route id 'packages-list'). Prices are data
 * (docs/decisions.md, "Data: one table"): the catalog is seeded from DEFAULT_PACKAGE_PRICES_USD and edited by admins
 * (`admin-packages-update`: price and on-sale flag).
 */
export const PACKAGE_SLUGS = ['freeTrial', 'basic', 'pro', 'ultimate'] as const satisfies ReadonlyArray<
  keyof typeof PACKAGE_NAMES
>;
export type PackageSlug = (typeof PACKAGE_SLUGS)[number];

export const packageSlugSchema = /* @__PURE__ */ schema(() => z.enum(PACKAGE_SLUGS));

export const catalogPackageSchema = /* @__PURE__ */ schema(() =>
  z.object({
    slug: packageSlugSchema,
    packageName: z.enum([PACKAGE_NAMES.freeTrial, PACKAGE_NAMES.basic, PACKAGE_NAMES.pro, PACKAGE_NAMES.ultimate]),
    priceUsd: z.number().check(z.nonnegative()),
    sortOrder: z.number().check(z.int()),
    /**
     * False when an admin took the package off sale: it cannot be bought (the server refuses it).
     * For Basic this IS the subscription-settings switch (basicPackageEnabled), not a second flag.
     * Defaults to true for answers of servers that predate the flag.
     */
    onSale: z._default(z.boolean(), true),
  }),
);
export type CatalogPackage = z.infer<typeof catalogPackageSchema>;

export const packagesResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({
    packages: z.array(catalogPackageSchema),
  }),
);
export type PackagesResponse = z.infer<typeof packagesResponseSchema>;
