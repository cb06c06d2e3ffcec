import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AwsClientStub } from 'aws-sdk-client-mock';
import type { RouteId } from '@goldbot/shared';
import { toSubscriptionItem } from '../../src/data/subscription-entity.js';
import { profileSearchText } from '../../src/data/user-profile-entity.js';
import type { UserProfile } from '../../src/domain/records/user-profile.js';
import { SAMPLE_JANE, janeProfileItem } from './sample-customers.js';
import { givenGetItem } from './dynamo-outcomes.js';

/**
 * The user of the admin user samples (events/admin-user-*.json): Jane Doe, verified, with one Pro
 * subscription. The sample administrator (another sub) acts on her.
 */
export const SAMPLE_USER = { ...SAMPLE_JANE, phone: '+1 (555) 010-2030' };

/** A verified customer's profile (Jane's, without a phone), for the rules and the stores. */
export const sampleProfile = (overrides: Partial<UserProfile> = {}): UserProfile => ({
  _id: 'jane-sub',
  username: SAMPLE_USER.username,
  email: SAMPLE_USER.email,
  phone: null,
  isActive: true,
  isAdmin: false,
  referralCode: 'K7M2QX9P',
  referralCount: 0,
  referralEarnings: 40,
  emailVerifiedAt: '2026-01-01T00:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

/** Jane's profile item as verification leaves it (GSI1 USERS, searchText). */
export const sampleUserItem = (overrides: Record<string, unknown> = {}) =>
  janeProfileItem({
    phone: SAMPLE_USER.phone,
    usernameLower: SAMPLE_USER.username,
    searchText: profileSearchText(SAMPLE_USER),
    GSI1PK: 'USERS',
    GSI1SK: `2026-01-01T10:00:00.000Z#${SAMPLE_USER._id}`,
    isAdmin: false,
    referralCode: 'K7M2QX9P',
    referralCount: 2,
    referralEarnings: 20,
    referralHeld: 0,
    emailVerifiedAt: '2026-01-01T10:00:00.000Z',
    verifiedEmail: SAMPLE_USER.email,
    ...overrides,
  });

export const sampleSubscriptionItem = () =>
  toSubscriptionItem({
    _id: '01KDX6C2M4P8R1T5V7X9Z3B6DF',
    userId: SAMPLE_USER._id,
    username: SAMPLE_USER.username,
    email: SAMPLE_USER.email,
    packageSlug: 'pro',
    packageName: 'Pro Package',
    status: 'active',
    startDate: '2026-01-02',
    endDate: '2026-07-01',
    paymentMethod: 'usdt',
    paymentId: '01KDX6C2M4P8R1T5V7X9Z3B6DE',
    isExtension: false,
    notificationSent: false,
    createdAt: '2026-01-02T09:00:00.000Z',
    updatedAt: '2026-01-02T09:30:00.000Z',
  });

type DocumentClientStub = AwsClientStub<DynamoDBDocumentClient>;

/** The world the admin user samples describe: Jane active (inactive for the activation sample). */
export function adminUserSampleWorld(dynamo: DocumentClientStub): Partial<Record<RouteId, () => void>> {
  const jane = (overrides: Record<string, unknown> = {}) => givenGetItem(dynamo, sampleUserItem(overrides));
  return {
    'admin-users': () => {
      dynamo.on(QueryCommand, { IndexName: 'GSI1' }).resolves({ Items: [sampleUserItem()], ScannedCount: 1 });
    },
    'admin-user-deactivate': () => jane(),
    'admin-user-activate': () => jane({ isActive: false, tokensValidAfter: 1767268000 }),
    'admin-user-subscriptions': () => {
      jane();
      dynamo
        .on(QueryCommand, { ExpressionAttributeValues: { ':pk': `USER#${SAMPLE_USER._id}`, ':prefix': 'SUB#' } })
        .resolves({ Items: [sampleSubscriptionItem()] });
    },
    // Support grants Jane the Pro Package: she has no subscription in this world (the Query finds none).
    'admin-user-subscription-change': () => jane(),
  };
}
