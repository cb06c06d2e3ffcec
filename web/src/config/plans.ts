import {
  FREE_COPY_TRADE_PROFIT_SPLIT_PERCENT,
  MINIMUM_DEPOSIT_USD,
  PACKAGE_NAMES,
  PACKAGE_ROI_PERCENT,
  REFUND_GUARANTEE_DAYS,
  type PackageName,
  type PackageSlug,
} from '@goldbot/shared';

/** A plan card. Prices are not here: they come from the package catalog. */
export interface Plan {
  slug: PackageSlug;
  /** The package name the dashboard and the payment use ('Basic Package', ...). */
  packageName: PackageName;
  title: string;
  period: string;
  summary: string;
  features: readonly string[];
  badge?: string;
}

export const PLANS: readonly Plan[] = [
  {
    slug: 'freeTrial',
    packageName: PACKAGE_NAMES.freeTrial,
    title: 'Free Copy Trade',
    period: 'Lifetime',
    summary: 'Pay only if you profit.',
    features: [
      `${FREE_COPY_TRADE_PROFIT_SPLIT_PERCENT}% profit split in your favour`,
      'Copy trading through our broker',
      '24/7 service',
      'E-mail support',
      `Minimum deposit $${MINIMUM_DEPOSIT_USD.freeCopyTrade}`,
    ],
  },
  {
    slug: 'basic',
    packageName: PACKAGE_NAMES.basic,
    title: 'Basic',
    period: '1 month',
    summary: 'The full bot for a month, with your money back if it does not deliver.',
    badge: 'BEST VALUE',
    features: [
      `${PACKAGE_ROI_PERCENT.basic}% ROI target for the month`,
      `${REFUND_GUARANTEE_DAYS}-day money-back guarantee`,
      'Runs on your MetaTrader 5 account',
      '100% of the profit is yours',
      'E-mail support',
    ],
  },
  {
    slug: 'pro',
    packageName: PACKAGE_NAMES.pro,
    title: 'Pro',
    period: '6 months',
    summary: 'Six months of automated trading at the best monthly rate.',
    features: [
      `${PACKAGE_ROI_PERCENT.pro}% ROI target over 6 months`,
      `${REFUND_GUARANTEE_DAYS}-day money-back guarantee`,
      'Runs on your MetaTrader 5 account',
      '100% of the profit is yours',
      'E-mail support',
    ],
  },
  {
    slug: 'ultimate',
    packageName: PACKAGE_NAMES.ultimate,
    title: 'Ultimate',
    period: 'Lifetime access',
    summary: 'Own the bot for good, with a personal line to our traders.',
    features: [
      'Lifetime access, no renewals',
      'Your own copy of the trading bot',
      'Live consultation with our team',
      `${REFUND_GUARANTEE_DAYS}-day money-back guarantee`,
      'Monthly updates',
    ],
  },
];

export const BASIC_PLAN = PACKAGE_NAMES.basic;

export type CellValue = string | boolean;

/** The comparison table of the pricing page: its rows, and the columns Copy trade, Basic, Pro, Ultimate. */
export const COMPARISON_COLUMNS = ['Copy trade', 'Basic', 'Pro', 'Ultimate'] as const;

export const COMPARISON_ROWS: ReadonlyArray<{
  label: string;
  values: readonly [CellValue, CellValue, CellValue, CellValue];
}> = [
  { label: 'Profit split', values: [`${FREE_COPY_TRADE_PROFIT_SPLIT_PERCENT}%`, '100%', '100%', '100%'] },
  {
    label: 'Guaranteed ROI',
    values: [
      `${PACKAGE_ROI_PERCENT.basic}%`,
      `${PACKAGE_ROI_PERCENT.basic}%`,
      `${PACKAGE_ROI_PERCENT.pro}%`,
      'Unlimited',
    ],
  },
  { label: 'Period', values: ['Lifetime', '1 month', '6 months', 'Lifetime'] },
  {
    label: 'Minimum deposit',
    values: [
      `$${MINIMUM_DEPOSIT_USD.freeCopyTrade}`,
      `$${MINIMUM_DEPOSIT_USD.paid}`,
      `$${MINIMUM_DEPOSIT_USD.paid}`,
      `$${MINIMUM_DEPOSIT_USD.paid}`,
    ],
  },
  { label: 'Money-back guarantee', values: [false, true, true, true] },
  { label: 'Local copy of the bot', values: [false, false, false, true] },
  { label: 'E-mail support', values: [true, true, true, true] },
  { label: 'Live consultation', values: [false, false, false, true] },
  { label: 'Updates', values: ['Daily', 'Monthly', 'Monthly', 'Monthly'] },
];
