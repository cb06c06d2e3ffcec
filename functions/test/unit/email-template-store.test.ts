import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { dynamoTemplateEditorStore, loadEmailTemplate } from '../../src/data/email-template-store.js';
import { ADMIN_TEMPLATE_TYPES, TEMPLATE_PLACEHOLDERS } from '../../src/domain/email/template-rules.js';
import { DEFAULT_EMAIL_TEMPLATES } from '../../src/domain/email/templates.js';
import { cancelled } from '../helpers/dynamo-outcomes.js';
import { dynamo, TABLE, AT, audit, transactItems, auditPut } from '../helpers/config-store-tables.js';

/**
 * The e-mail template stores (templates at send time and the template editor's) against a mocked
 * document client (helpers/config-store-tables.ts): keys, conditions, one request each.
 */
describe('templates at send time', () => {
  it('uses an admin edit, and the code default for a missing item or a default marker', async () => {
    dynamo
      .on(GetCommand, { Key: { PK: 'TEMPLATES', SK: 'TEMPLATE#paymentPending' } })
      .resolves({ Item: { subject: 'S {{username}}', html: '<p>edited</p>', isDefault: false } });
    dynamo
      .on(GetCommand, { Key: { PK: 'TEMPLATES', SK: 'TEMPLATE#freeTrial' } })
      .resolves({ Item: { subject: 'old seed', html: '<p>old seed</p>', isDefault: true } });
    dynamo.on(GetCommand, { Key: { PK: 'TEMPLATES', SK: 'TEMPLATE#withdrawalApproved' } }).resolves({});
    expect(await loadEmailTemplate('paymentPending')).toEqual({ subject: 'S {{username}}', html: '<p>edited</p>' });
    expect(await loadEmailTemplate('freeTrial')).toEqual(DEFAULT_EMAIL_TEMPLATES.freeTrial);
    expect(await loadEmailTemplate('withdrawalApproved')).toEqual(DEFAULT_EMAIL_TEMPLATES.withdrawalApproved);
    // One GetItem per send, nothing cached: the next send reads again.
    await loadEmailTemplate('paymentPending');
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(4);
  });
});

describe('the template editor store', () => {
  it('lists every stored template with one consistent Query per page', async () => {
    dynamo
      .on(QueryCommand)
      .resolvesOnce({
        Items: [{ PK: 'TEMPLATES', SK: 'TEMPLATE#paymentPending', subject: 's', html: 'h', version: 2 }],
        LastEvaluatedKey: { PK: 'TEMPLATES', SK: 'TEMPLATE#paymentPending' },
      })
      .resolvesOnce({
        Items: [
          { PK: 'TEMPLATES', SK: 'TEMPLATE#freeTrial', type: 'freeTrial', subject: 's', html: 'h', isDefault: true },
        ],
      });
    const stored = await dynamoTemplateEditorStore.listStored();
    expect([...stored.keys()]).toEqual(['paymentPending', 'freeTrial']);
    expect(stored.get('paymentPending')).toEqual({
      type: 'paymentPending',
      subject: 's',
      html: 'h',
      isDefault: false,
      version: 2,
      updatedAt: null,
    });
    const calls = dynamo.commandCalls(QueryCommand);
    expect(calls[0]?.args[0].input).toMatchObject({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': 'TEMPLATES', ':prefix': 'TEMPLATE#' },
      ConsistentRead: true,
    });
    expect(calls[1]?.args[0].input.ExclusiveStartKey).toEqual({ PK: 'TEMPLATES', SK: 'TEMPLATE#paymentPending' });
  });

  it('saves each template on the version read, with the audit entry, in one transaction', async () => {
    const template = { subject: 'Hi {{username}}', html: '<p>{{username}}</p>' };
    const outcome = await dynamoTemplateEditorStore.commitSave({
      writes: [
        { type: 'paymentPending', template, isDefault: false, expectedVersion: null, version: 1 },
        { type: 'freeTrial', template, isDefault: false, expectedVersion: 0, version: 1 },
        { type: 'paymentVerified', template, isDefault: true, expectedVersion: 4, version: 5 },
      ],
      at: AT,
      adminId: 'admin-1',
      audit: audit('templates.update'),
    });
    expect(outcome).toBe('committed');
    const items = transactItems();
    expect(items).toHaveLength(4);
    expect(items[0]?.Put).toEqual({
      TableName: TABLE,
      Item: {
        PK: 'TEMPLATES',
        SK: 'TEMPLATE#paymentPending',
        entity: 'EmailTemplate',
        type: 'paymentPending',
        ...template,
        placeholders: [...TEMPLATE_PLACEHOLDERS.paymentPending],
        isDefault: false,
        version: 1,
        updatedAt: AT,
        updatedBy: 'admin-1',
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    });
    expect(items[1]?.Put).toMatchObject({
      ConditionExpression: 'attribute_not_exists(#version) OR #version = :seen',
      ExpressionAttributeValues: { ':seen': 0 },
    });
    expect(items[2]?.Put).toMatchObject({
      Item: { isDefault: true, version: 5 },
      ConditionExpression: '#version = :seen',
      ExpressionAttributeNames: { '#version': 'version' },
      ExpressionAttributeValues: { ':seen': 4 },
    });
    expect(items[3]).toEqual(auditPut);
  });

  it('reports a failed version check or a racing transaction as changed, and lets other errors through', async () => {
    const plan = {
      writes: [
        {
          type: 'paymentPending' as const,
          template: { subject: 's', html: 'h' },
          isDefault: false,
          expectedVersion: 1,
          version: 2,
        },
      ],
      at: AT,
      adminId: 'admin-1',
      audit: audit('templates.update'),
    };
    dynamo.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));
    expect(await dynamoTemplateEditorStore.commitSave(plan)).toBe('changed');
    dynamo.on(TransactWriteCommand).rejects(cancelled('None', 'TransactionConflict'));
    expect(await dynamoTemplateEditorStore.commitSave(plan)).toBe('changed');
    dynamo.on(TransactWriteCommand).rejects(new Error('throttled'));
    await expect(dynamoTemplateEditorStore.commitSave(plan)).rejects.toThrow('throttled');
  });

  it('restores every default with version + 1 and the audit entry in one transaction, retrying conflicts', async () => {
    dynamo.on(TransactWriteCommand).rejectsOnce(cancelled('TransactionConflict')).resolves({});
    await dynamoTemplateEditorStore.commitReset({
      types: ADMIN_TEMPLATE_TYPES,
      at: AT,
      adminId: 'admin-1',
      audit: audit('templates.reset'),
    });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(2);
    const items = transactItems(1);
    // Every admin type plus the audit entry: far below DynamoDB's 100 items per transaction.
    expect(items).toHaveLength(ADMIN_TEMPLATE_TYPES.length + 1);
    expect(items.length).toBeLessThanOrEqual(100);
    expect(items[0]?.Update).toMatchObject({
      Key: { PK: 'TEMPLATES', SK: 'TEMPLATE#paymentVerified' },
      UpdateExpression: expect.stringContaining('#version = if_not_exists(#version, :zero) + :one'),
      ExpressionAttributeValues: expect.objectContaining({
        ':subject': DEFAULT_EMAIL_TEMPLATES.paymentVerified.subject,
        ':html': DEFAULT_EMAIL_TEMPLATES.paymentVerified.html,
        ':true': true,
      }),
    });
    expect(items.at(-1)).toEqual(auditPut);
  });
});
