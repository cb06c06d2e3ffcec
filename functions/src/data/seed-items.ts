import { PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ADMIN_TEMPLATE_TYPES, TEMPLATE_PLACEHOLDERS } from '../domain/email/template-rules.js';
import { DEFAULT_EMAIL_TEMPLATES } from '../domain/email/templates.js';
import { SYSTEM_ACTOR } from '../domain/records/audit-entry.js';
import { emailTemplateKey, toTemplateItem } from './email-template-entity.js';
import { defaultCatalog, toCatalogPackageItem } from './package-catalog-entity.js';
import { RETIRED_DEFAULTS, type RetiredDefault } from './retired-template-defaults.js';
import { toSubscriptionSettingsItem } from './settings-entity.js';
import { DEFAULT_SUBSCRIPTION_SETTINGS } from '../domain/records/settings-record.js';

/**
 * The items every table starts with (docs/data-model.md, "Seeding"), in one place for both seeders:
 * the local bootstrap (`npm start`, scripts/local/stack.ts) and the deploy-time seeding in AWS.
 *
 * - the package catalog at the customer-side prices, every package on sale;
 * - the subscription settings, Basic on sale, no copy-trading link (an admin sets it; until
 *   then the free trial cannot be activated);
 * - every admin-editable e-mail template as its default (`isDefault: true`, version 0).
 *
 * Each item is written only if absent (`SEED_CONDITION`), so seeding never overwrites an admin's
 * edit and running it again (every deploy, every restart) changes nothing. A seeded template is a
 * marker of "still the default": mails use the default in code (email-template-entity.ts), so a
 * deploy that improves a default reaches every type nobody edited without rewriting the item.
 * A stored template that still holds a retired default word for word (retired-template-defaults.ts)
 * is moved to today's default: nobody edited it, so it follows the product like an unedited type.
 */
export const SEED_CONDITION = 'attribute_not_exists(PK)';

export type SeedItem = Record<string, unknown> & { PK: string; SK: string };

export function defaultSeedItems(now: Date = new Date()): SeedItem[] {
  const at = now.toISOString();
  return [
    ...defaultCatalog().map((pkg) => toCatalogPackageItem(pkg, at)),
    toSubscriptionSettingsItem(DEFAULT_SUBSCRIPTION_SETTINGS, at),
    ...ADMIN_TEMPLATE_TYPES.map((type) =>
      toTemplateItem(type, DEFAULT_EMAIL_TEMPLATES[type], {
        isDefault: true,
        version: 0,
        updatedAt: at,
        updatedBy: SYSTEM_ACTOR,
      }),
    ),
  ];
}

export interface SeedResult {
  /** Items that were absent and are now written. */
  written: string[];
  /** Items already there (seeded before, or edited by an admin): left as they are. */
  kept: string[];
  /** Template items that held a retired default and now hold today's default. */
  migrated: string[];
}

const isConditionFailure = (error: unknown) =>
  (error as { name?: string } | null)?.name === 'ConditionalCheckFailedException';

/**
 * Writes every seed item that is absent: one conditional Put each (independent items, so a batch
 * write, which has no conditions, cannot be used). Safe to run concurrently and repeatedly.
 *
 * The Puts go one at a time on purpose. Fired all at once as the first requests a freshly started
 * DynamoDB Local (a restarted `npm start`) sees, one of them failed a CI run with
 * "ValidationException: Invalid ConditionExpression: Index 0 out of bounds for length 0", an
 * error of the emulator's start-up, not of the request. About twenty small writes in a row cost
 * a few tens of milliseconds, once per deploy or start.
 */
export async function seedDefaults(
  client: Pick<DynamoDBDocumentClient, 'send'>,
  tableName: string,
  now: Date = new Date(),
): Promise<SeedResult> {
  const result: SeedResult = { written: [], kept: [], migrated: [] };
  for (const item of defaultSeedItems(now)) {
    const name = `${item.PK}/${item.SK}`;
    try {
      await client.send(new PutCommand({ TableName: tableName, Item: item, ConditionExpression: SEED_CONDITION }));
      result.written.push(name);
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      result.kept.push(name);
    }
  }
  for (const retired of RETIRED_DEFAULTS) {
    if (await migrateRetiredDefault(client, tableName, retired, now)) {
      result.migrated.push(`${emailTemplateKey(retired.type).PK}/${emailTemplateKey(retired.type).SK}`);
    }
  }
  result.written.sort();
  result.kept.sort();
  return result;
}

/**
 * Moves a template item that still holds `retired` word for word to today's default, marked as
 * the default (a marker, like a seeded item), its version counted. The condition is the whole
 * check: an admin's edit differs in subject or HTML and is never touched; running it again finds
 * nothing to move. True when the item was moved.
 */
export async function migrateRetiredDefault(
  client: Pick<DynamoDBDocumentClient, 'send'>,
  tableName: string,
  retired: RetiredDefault,
  now: Date = new Date(),
): Promise<boolean> {
  const current = DEFAULT_EMAIL_TEMPLATES[retired.type];
  try {
    await client.send(
      new UpdateCommand({
        TableName: tableName,
        Key: emailTemplateKey(retired.type),
        UpdateExpression:
          'SET #subject = :subject, #html = :html, #placeholders = :placeholders, #isDefault = :true, ' +
          '#version = if_not_exists(#version, :zero) + :one, #updatedAt = :at, #updatedBy = :by',
        ConditionExpression: '#subject = :oldSubject AND #html = :oldHtml',
        ExpressionAttributeNames: {
          '#subject': 'subject',
          '#html': 'html',
          '#placeholders': 'placeholders',
          '#isDefault': 'isDefault',
          '#version': 'version',
          '#updatedAt': 'updatedAt',
          '#updatedBy': 'updatedBy',
        },
        ExpressionAttributeValues: {
          ':subject': current.subject,
          ':html': current.html,
          ':placeholders': [...TEMPLATE_PLACEHOLDERS[retired.type]],
          ':true': true,
          ':zero': 0,
          ':one': 1,
          ':at': now.toISOString(),
          ':by': SYSTEM_ACTOR,
          ':oldSubject': retired.template.subject,
          ':oldHtml': retired.template.html,
        },
      }),
    );
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return false;
  }
}
