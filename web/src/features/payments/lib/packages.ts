import { PAID_PACKAGE_NAMES } from '@goldbot/shared';

/** The packages a USDT payment buys: 'Basic Package', 'Pro Package', 'Ultimate Package'. */
export type PaidPackageName = (typeof PAID_PACKAGE_NAMES)[number];

export const isPaidPackageName = (name: unknown): name is PaidPackageName =>
  typeof name === 'string' && (PAID_PACKAGE_NAMES as readonly string[]).includes(name);
