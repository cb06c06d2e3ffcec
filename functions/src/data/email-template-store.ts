import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../adapters/dynamodb.js';
import type { TemplateEditorStore } from '../domain/email/template-editor.js';
import { TEMPLATE_PLACEHOLDERS } from '../domain/email/template-rules.js';
import { DEFAULT_EMAIL_TEMPLATES, type EmailTemplate, type EmailTemplateType } from '../domain/email/templates.js';
import { toAuditItem } from './audit-entity.js';
import {
  TEMPLATES_PARTITION,
  TEMPLATE_SK_PREFIX,
  emailTemplateKey,
  fromTemplateItem,
  templateFromItem,
  toTemplateItem,
} from './email-template-entity.js';
import type { StoredTemplate } from '../domain/email/stored-template.js';
import { cancellationCodes, getItem, queryAllWithPrefix } from './table-reads.js';
import { retry } from '../lib/retry.js';
import { putNew, transactUnlessChanged, type TransactItem } from './transaction-items.js';

export { emailTemplateKey };

/**
 * One GetItem per send: an admin's edit wins over the built-in default. Nothing is cached
 * across sends, so a saved template is what the very next mail of its type uses.
 */
export async function loadEmailTemplate(type: EmailTemplateType): Promise<EmailTemplate> {
  return templateFromItem(type, await getItem(emailTemplateKey(type)));
}

/**
 * The editor's store (list, save, restore defaults). Every admin type plus the audit entry (17 items) fits one
 * TransactWriteItems (limit 100), so a save or a reset is never split.
 */
export const dynamoTemplateEditorStore: TemplateEditorStore = {
  async listStored() {
    const stored = new Map<string, StoredTemplate>();
    // A handful of small items: one page in practice; the paging only guards against a 1 MB page.
    for (const item of await queryAllWithPrefix(TEMPLATES_PARTITION, TEMPLATE_SK_PREFIX, { consistent: true })) {
      const template = fromTemplateItem(item);
      if (template) stored.set(template.type, template);
    }
    return stored;
  },

  async commitSave(plan) {
    const items: TransactItem[] = plan.writes.map((write) => ({
      Put: {
        TableName: tableName,
        Item: toTemplateItem(write.type, write.template, {
          isDefault: write.isDefault,
          version: write.version,
          updatedAt: plan.at,
          updatedBy: plan.adminId,
        }),
        ...(write.expectedVersion === null
          ? { ConditionExpression: 'attribute_not_exists(PK)' }
          : write.expectedVersion === 0
            ? {
                ConditionExpression: 'attribute_not_exists(#version) OR #version = :seen',
                ExpressionAttributeNames: { '#version': 'version' },
                ExpressionAttributeValues: { ':seen': 0 },
              }
            : {
                ConditionExpression: '#version = :seen',
                ExpressionAttributeNames: { '#version': 'version' },
                ExpressionAttributeValues: { ':seen': write.expectedVersion },
              }),
      },
    }));
    items.push(putNew(toAuditItem(plan.audit)));
    // A failed version check or a transaction racing on the same items: another save came in between.
    return transactUnlessChanged(items);
  },

  async commitReset(plan) {
    const items: TransactItem[] = plan.types.map((type) => {
      const template = DEFAULT_EMAIL_TEMPLATES[type];
      return {
        Update: {
          TableName: tableName,
          Key: emailTemplateKey(type),
          UpdateExpression:
            'SET entity = :entity, #type = :type, subject = :subject, html = :html, placeholders = :placeholders, ' +
            'isDefault = :true, updatedAt = :at, updatedBy = :by, #version = if_not_exists(#version, :zero) + :one',
          ExpressionAttributeNames: { '#type': 'type', '#version': 'version' },
          ExpressionAttributeValues: {
            ':entity': 'EmailTemplate',
            ':type': type,
            ':subject': template.subject,
            ':html': template.html,
            ':placeholders': [...TEMPLATE_PLACEHOLDERS[type]],
            ':true': true,
            ':at': plan.at,
            ':by': plan.adminId,
            ':zero': 0,
            ':one': 1,
          },
        },
      };
    });
    items.push(putNew(toAuditItem(plan.audit)));
    // Nothing here is conditional: only a transaction racing on the same items can cancel it.
    await retry(() => documentClient.send(new TransactWriteCommand({ TransactItems: items })), {
      tries: 3,
      retryOn: (error) => cancellationCodes(error).includes('TransactionConflict'),
      delayMs: (attempt) => 25 * attempt,
    });
  },
};
