import { tableName } from '../adapters/dynamodb.js';
import { canonicalEmail } from '../domain/commerce/canonical-email.js';
import type { FreeTrialCommit, FreeTrialStore } from '../domain/commerce/customer-stores.js';
import {
  batchGet,
  catalogOnSale,
  keyId,
  newSubscription,
  subscriptionCounter,
  toCustomerProfile,
  toSettings,
  toTemplate,
  transact,
  type Tagged,
} from './commerce-items.js';
import { emailTemplateKey } from './email-template-entity.js';
import { freeTrialMarkerKey } from './free-trial-marker-entity.js';
import { packageKey } from './package-catalog-entity.js';
import { subscriptionSettingsKey } from './settings-entity.js';
import { profileKey } from './user-profile-entity.js';

/**
 * A free trial in the table: what its activation reads in one batch, and the one transaction that
 * starts it once per person (the profile and a marker of the canonical mailbox), still on sale and
 * with the copy-trading link its mail carries.
 */
export const dynamoFreeTrialStore: FreeTrialStore = {
  async readFreeTrial(userId, templateType) {
    const keys = {
      profile: profileKey(userId),
      template: emailTemplateKey(templateType),
      catalog: packageKey('freeTrial'),
      settings: subscriptionSettingsKey(),
    };
    const found = await batchGet([keys.profile, keys.template, keys.catalog, keys.settings], true);
    return {
      profile: toCustomerProfile(found.get(keyId(keys.profile))),
      template: toTemplate(found.get(keyId(keys.template)), templateType),
      onSale: catalogOnSale(found.get(keyId(keys.catalog))),
      copyTradingLink: toSettings(found.get(keyId(keys.settings))).copyTradingLink,
    };
  },

  async commitFreeTrial(subscription, copyTradingLink): Promise<FreeTrialCommit> {
    const items: Tagged<'profile' | 'mailbox' | 'catalog' | 'link'>[] = [
      {
        tag: 'profile',
        item: {
          Update: {
            TableName: tableName,
            Key: profileKey(subscription.userId),
            UpdateExpression: 'SET freeTrialStartedAt = :now, updatedAt = :now',
            ConditionExpression:
              'attribute_exists(PK) AND attribute_not_exists(freeTrialStartedAt) AND (attribute_not_exists(isActive) OR isActive = :true)',
            ExpressionAttributeValues: { ':now': subscription.createdAt, ':true': true },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        },
      },
      newSubscription(subscription),
      subscriptionCounter(subscription),
      {
        // The trial is still offered (an admin may take it off sale; a missing item or flag is on sale).
        tag: 'catalog',
        item: {
          ConditionCheck: {
            TableName: tableName,
            Key: packageKey('freeTrial'),
            ConditionExpression: 'attribute_not_exists(onSale) OR onSale = :true',
            ExpressionAttributeValues: { ':true': true },
          },
        },
      },
      {
        // The settings still hold the link the mail carries: an admin may remove or replace it.
        tag: 'link',
        item: {
          ConditionCheck: {
            TableName: tableName,
            Key: subscriptionSettingsKey(),
            ConditionExpression: 'copyTradingLink = :link',
            ExpressionAttributeValues: { ':link': copyTradingLink },
          },
        },
      },
      {
        // Once per person: no other account of this mailbox (`me+1@gmail.com`, `m.e@gmail.com`) took one.
        tag: 'mailbox',
        item: {
          Put: {
            TableName: tableName,
            Item: {
              ...freeTrialMarkerKey(canonicalEmail(subscription.email)),
              entity: 'FreeTrialMarker',
              userId: subscription.userId,
              createdAt: subscription.createdAt,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      },
    ];
    const outcome = await transact(items);
    if (outcome === null) return { kind: 'committed' };
    if (outcome === 'busy') return { kind: 'refused', reason: 'busy' };
    const profile = outcome.failed.find((f) => f.tag === 'profile')?.old;
    // The profile says this very trial started (its creation time to the millisecond): the
    // transaction was applied and its answer lost (a timeout, then the SDK's retry). Committed.
    if (profile?.freeTrialStartedAt === subscription.createdAt) return { kind: 'committed' };
    if (outcome.failed.some((f) => f.tag === 'catalog')) return { kind: 'refused', reason: 'not-on-sale' };
    if (outcome.failed.some((f) => f.tag === 'link')) return { kind: 'refused', reason: 'no-link' };
    if (outcome.failed.some((f) => f.tag === 'mailbox')) return { kind: 'refused', reason: 'used' };
    if (profile && typeof profile.freeTrialStartedAt === 'string') return { kind: 'refused', reason: 'used' };
    return { kind: 'refused', reason: 'profile' };
  },
};
