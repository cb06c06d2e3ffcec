import { describe, expect, it } from 'vitest';
import { DEFAULT_PACKAGE_PRICES_USD, PACKAGE_NAMES, PACKAGE_SLUGS, packagesResponseSchema } from '../src/index.js';

const seeded = {
  packages: PACKAGE_SLUGS.map((slug, index) => ({
    slug,
    packageName: PACKAGE_NAMES[slug],
    priceUsd: DEFAULT_PACKAGE_PRICES_USD[PACKAGE_NAMES[slug]],
    sortOrder: index,
  })),
};

describe('packagesResponseSchema', () => {
  it('accepts the catalog seeded from the shared defaults; a missing on-sale flag reads as on sale', () => {
    expect(packagesResponseSchema.parse(seeded)).toEqual({
      packages: seeded.packages.map((entry) => ({ ...entry, onSale: true })),
    });
  });

  it('keeps an off-sale flag and refuses one that is not a boolean', () => {
    const basic = { slug: 'basic', packageName: 'Basic Package', priceUsd: 60, sortOrder: 1 };
    expect(packagesResponseSchema.parse({ packages: [{ ...basic, onSale: false }] }).packages[0]?.onSale).toBe(false);
    expect(packagesResponseSchema.safeParse({ packages: [{ ...basic, onSale: 'no' }] }).success).toBe(false);
  });

  it('has one slug per package name', () => {
    expect(PACKAGE_SLUGS.map((slug) => PACKAGE_NAMES[slug])).toEqual(Object.values(PACKAGE_NAMES));
  });

  it.each([
    ['an unknown slug', { slug: 'gold', packageName: 'Basic Package', priceUsd: 60, sortOrder: 1 }],
    ['an unknown package name', { slug: 'basic', packageName: 'Basic', priceUsd: 60, sortOrder: 1 }],
    ['a negative price', { slug: 'basic', packageName: 'Basic Package', priceUsd: -1, sortOrder: 1 }],
    ['a price as text', { slug: 'basic', packageName: 'Basic Package', priceUsd: '60', sortOrder: 1 }],
    ['a fractional sort order', { slug: 'basic', packageName: 'Basic Package', priceUsd: 60, sortOrder: 1.5 }],
  ])('rejects %s', (_label, entry) => {
    expect(packagesResponseSchema.safeParse({ packages: [entry] }).success).toBe(false);
  });
});
