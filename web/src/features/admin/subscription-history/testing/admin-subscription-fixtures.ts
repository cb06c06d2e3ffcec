import type { AdminSubscription } from '@goldbot/shared';
import { customerRef } from '../../testing/render-admin';

/** A subscription row as the admin subscription routes answer it. */
export function makeAdminSubscription(overrides: Partial<AdminSubscription> = {}): AdminSubscription {
  return {
    _id: 'sub-1',
    userId: { _id: 'user-1', username: 'trader42', email: 'trader42@example.com' },
    packageName: 'Basic Package',
    status: 'active',
    startDate: '2026-03-01',
    endDate: '2026-03-31',
    paymentMethod: 'usdt',
    paymentId: 'pay-1',
    isExtension: false,
    notificationSent: false,
    createdAt: '2026-02-20T10:00:00.000Z',
    updatedAt: '2026-02-21T10:00:00.000Z',
    ...overrides,
  };
}

/** A subscription of the customer `username` (ids 'sub-<name>' and 'u-<name>', '<name>@example.com'). */
export const subscriptionOf = (username: string, overrides: Partial<AdminSubscription> = {}): AdminSubscription =>
  makeAdminSubscription({
    _id: `sub-${username}`,
    userId: customerRef(username),
    ...overrides,
  });
