import { PACKAGE_NAMES, type PackageName, type PackageSlug } from '@goldbot/shared';
import { PLANS } from '@/config/plans';

/** A card of the dashboard's Packages tab; prices come from the catalog, not from here. */
export interface PackageCardInfo {
  slug: PackageSlug;
  packageName: PackageName;
  title: string;
  period: string;
  features: readonly string[];
}

/** The dashboard's own card titles; the rest is the pricing page's. */
const TITLES: Record<PackageSlug, string> = {
  freeTrial: 'Free Copy Trading',
  basic: 'Basic',
  pro: 'Pro',
  ultimate: 'Ultimate',
};

export const PACKAGE_CARDS: readonly PackageCardInfo[] = PLANS.map((plan) => ({
  slug: plan.slug,
  packageName: plan.packageName,
  title: TITLES[plan.slug],
  period: plan.period,
  features: plan.features,
}));

export const FREE_TRIAL = PACKAGE_NAMES.freeTrial;
