import { PACKAGE_NAMES, type PackageSlug } from '@goldbot/shared';
import type { SubscriptionRecord } from '../../src/domain/records/subscription-record.js';

let seq = 0;

/**
 * A fresh active subscription row of February 2026 (Basic unless `overrides` say otherwise), with
 * its own id, user and payment each call: the rows the subscription jobs' tests sweep.
 */
export function sampleSubscription(
  overrides: Partial<SubscriptionRecord> & { packageSlug?: PackageSlug } = {},
): SubscriptionRecord {
  seq += 1;
  const packageSlug = overrides.packageSlug ?? 'basic';
  return {
    _id: `sub-${String(seq).padStart(3, '0')}`,
    userId: overrides.userId ?? `user-${seq}`,
    username: 'jane_doe',
    email: 'jane@example.com',
    packageSlug,
    packageName: PACKAGE_NAMES[packageSlug],
    status: 'active',
    startDate: '2026-02-01',
    endDate: '2026-02-28',
    paymentMethod: 'usdt',
    paymentId: `pay-${seq}`,
    isExtension: false,
    notificationSent: true,
    createdAt: '2026-01-15T10:00:00.000Z',
    updatedAt: '2026-01-15T10:00:00.000Z',
    ...overrides,
  };
}

/**
 * A Basic subscription row of March 2026 of one user (jane_doe), active unless `overrides` say
 * otherwise: the package runs the trading and support tests read, each file naming its own ids.
 */
export function marchSubscription(
  userId: string,
  _id: string,
  overrides: Partial<SubscriptionRecord> = {},
): SubscriptionRecord {
  return {
    _id,
    userId,
    username: 'jane_doe',
    email: 'jane.doe@example.com',
    packageSlug: 'basic',
    packageName: PACKAGE_NAMES.basic,
    status: 'active',
    startDate: '2026-03-01',
    endDate: '2026-03-31',
    paymentMethod: 'usdt',
    paymentId: 'PAY1',
    isExtension: false,
    notificationSent: true,
    createdAt: '2026-02-20T09:00:00.000Z',
    updatedAt: '2026-02-20T09:30:00.000Z',
    ...overrides,
  };
}
