import {
  BatchGetCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { documentClient } from '../../src/adapters/dynamodb.js';
import { defaultPackage } from '../../src/data/package-catalog-entity.js';
import { dynamoCatalogStore, listCatalog } from '../../src/data/package-catalog-store.js';
import { dynamoTemplateEditorStore, loadEmailTemplate } from '../../src/data/email-template-store.js';
import { SEED_CONDITION, defaultSeedItems, seedDefaults } from '../../src/data/seed-items.js';
import { RETIRED_DEFAULTS } from '../../src/data/retired-template-defaults.js';
import { dynamoSettingsStore } from '../../src/data/settings-store.js';
import { allNewWorkMailOn } from '../../src/domain/records/settings-record.js';
import type { AuditEntry } from '../../src/domain/records/audit-entry.js';
import { ADMIN_TEMPLATE_TYPES, TEMPLATE_PLACEHOLDERS } from '../../src/domain/email/template-rules.js';
import { DEFAULT_EMAIL_TEMPLATES } from '../../src/domain/email/templates.js';
import { cancelled, transactItemsOf, useMockedDynamo } from '../helpers/dynamo-outcomes.js';

/** The new-work mail on for every kind: what settings read as until an administrator turns one off. */
const MAIL_ON = allNewWorkMailOn();
import { sleep } from '../../src/lib/retry.js';

/** The settings, template and catalog stores against a mocked document client: keys, conditions, one request each. */
const dynamo = useMockedDynamo();
const TABLE = 'test-table';
const AT = '2026-11-23T10:15:00.000Z';
beforeEach(() => {
  dynamo.on(TransactWriteCommand).resolves({});
});

const audit = (action: AuditEntry['action']): AuditEntry => ({
  _id: 'AUDIT1',
  actor: 'admin-1',
  action,
  target: { type: 'settings', id: 'x' },
  details: {},
  at: AT,
});
const transactItems = (call = 0) => transactItemsOf(dynamo, call);
const auditPut = {
  Put: {
    TableName: TABLE,
    Item: expect.objectContaining({ PK: 'AUDIT#2026-11', SK: `${AT}#AUDIT1`, entity: 'AuditEntry' }),
    ConditionExpression: 'attribute_not_exists(PK)',
  },
};

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

describe('the settings store', () => {
  it('reads the switch consistently; a missing item is Basic on sale', async () => {
    dynamo.on(GetCommand).resolves({});
    expect(await dynamoSettingsStore.readSubscriptionSettings()).toEqual({
      basicPackageEnabled: true,
      autoApproveOnMatch: false,
      copyTradingLink: null,
      newWorkMail: MAIL_ON,
    });
    dynamo.on(GetCommand).resolves({ Item: { basicPackageEnabled: false, autoApproveOnMatch: true } });
    expect(await dynamoSettingsStore.readSubscriptionSettings()).toEqual({
      basicPackageEnabled: false,
      autoApproveOnMatch: true,
      copyTradingLink: null,
      newWorkMail: MAIL_ON,
    });
    expect(dynamo.commandCalls(GetCommand)[0]?.args[0].input).toMatchObject({
      Key: { PK: 'SETTINGS', SK: 'SUBSCRIPTION' },
      ConsistentRead: true,
    });
  });

  it('moves the switch on condition it still reads the old value, with the audit entry', async () => {
    const change = {
      from: { basicPackageEnabled: true, autoApproveOnMatch: false, copyTradingLink: null, newWorkMail: MAIL_ON },
      to: { basicPackageEnabled: false, autoApproveOnMatch: false, copyTradingLink: null, newWorkMail: MAIL_ON },
      at: AT,
      adminId: 'admin-1',
      audit: audit('settings.update'),
    };
    expect(await dynamoSettingsStore.commitSubscriptionSettings(change)).toBe('committed');
    expect(transactItems()[0]?.Update).toMatchObject({
      Key: { PK: 'SETTINGS', SK: 'SUBSCRIPTION' },
      UpdateExpression: 'SET entity = :entity, #enabled = :to, updatedAt = :at, updatedBy = :by',
      ConditionExpression: 'attribute_not_exists(#enabled) OR #enabled = :from',
      ExpressionAttributeNames: { '#enabled': 'basicPackageEnabled' },
      ExpressionAttributeValues: { ':to': false, ':from': true, ':at': AT, ':by': 'admin-1' },
    });
    expect(transactItems()[1]).toEqual(auditPut);
    dynamo.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));
    expect(
      await dynamoSettingsStore.commitSubscriptionSettings({
        ...change,
        from: { basicPackageEnabled: false, autoApproveOnMatch: false, copyTradingLink: null, newWorkMail: MAIL_ON },
        to: { basicPackageEnabled: true, autoApproveOnMatch: false, copyTradingLink: null, newWorkMail: MAIL_ON },
      }),
    ).toBe('changed');
    expect(transactItems(1)[0]?.Update?.ConditionExpression).toBe('#enabled = :from');
  });
});

describe('the autoApproveOnMatch switch in the settings item', () => {
  const base = { at: AT, adminId: 'admin-1', audit: audit('settings.update') };

  it('moves it alone on condition it still reads the old value (absent reads as off)', async () => {
    await dynamoSettingsStore.commitSubscriptionSettings({
      ...base,
      from: { basicPackageEnabled: true, autoApproveOnMatch: false, copyTradingLink: null, newWorkMail: MAIL_ON },
      to: { basicPackageEnabled: true, autoApproveOnMatch: true, copyTradingLink: null, newWorkMail: MAIL_ON },
    });
    expect(transactItems()[0]?.Update).toMatchObject({
      Key: { PK: 'SETTINGS', SK: 'SUBSCRIPTION' },
      UpdateExpression: 'SET entity = :entity, #auto = :autoTo, updatedAt = :at, updatedBy = :by',
      ConditionExpression: '(attribute_not_exists(#auto) OR #auto = :autoFrom)',
      ExpressionAttributeNames: { '#auto': 'autoApproveOnMatch' },
      ExpressionAttributeValues: { ':autoTo': true, ':autoFrom': false, ':at': AT, ':by': 'admin-1' },
    });
    expect(transactItems()[1]).toEqual(auditPut);
  });

  it('moves both in one update with both conditions', async () => {
    await dynamoSettingsStore.commitSubscriptionSettings({
      ...base,
      from: { basicPackageEnabled: false, autoApproveOnMatch: true, copyTradingLink: null, newWorkMail: MAIL_ON },
      to: { basicPackageEnabled: true, autoApproveOnMatch: false, copyTradingLink: null, newWorkMail: MAIL_ON },
    });
    expect(transactItems()[0]?.Update).toMatchObject({
      UpdateExpression: 'SET entity = :entity, #enabled = :to, #auto = :autoTo, updatedAt = :at, updatedBy = :by',
      ConditionExpression: '#enabled = :from AND #auto = :autoFrom',
      ExpressionAttributeNames: { '#auto': 'autoApproveOnMatch', '#enabled': 'basicPackageEnabled' },
      ExpressionAttributeValues: { ':autoTo': false, ':autoFrom': true, ':to': true, ':from': false },
    });
  });
});

describe('the copy-trading link in the settings item', () => {
  const base = { at: AT, adminId: 'admin-1', audit: audit('settings.update') };
  const LINK = 'https://broker.example/copy/1';
  const none = { basicPackageEnabled: true, autoApproveOnMatch: false, copyTradingLink: null, newWorkMail: MAIL_ON };

  it('reads a stored link, and no link as null', async () => {
    dynamo.on(GetCommand).resolves({ Item: { copyTradingLink: LINK } });
    expect((await dynamoSettingsStore.readSubscriptionSettings()).copyTradingLink).toBe(LINK);
    dynamo.on(GetCommand).resolves({ Item: { copyTradingLink: '' } });
    expect((await dynamoSettingsStore.readSubscriptionSettings()).copyTradingLink).toBeNull();
  });

  it('sets a first link on condition none is set (absent, null or empty)', async () => {
    await dynamoSettingsStore.commitSubscriptionSettings({
      ...base,
      from: none,
      to: { ...none, copyTradingLink: LINK },
    });
    expect(transactItems()[0]?.Update).toMatchObject({
      UpdateExpression: 'SET entity = :entity, #link = :linkTo, updatedAt = :at, updatedBy = :by',
      ConditionExpression: '(NOT attribute_type(#link, :stringType) OR #link = :empty)',
      ExpressionAttributeNames: { '#link': 'copyTradingLink' },
      ExpressionAttributeValues: { ':linkTo': LINK, ':stringType': 'S', ':empty': '' },
    });
    expect(transactItems()[1]).toEqual(auditPut);
  });

  it('removes the link on condition it still is the one read', async () => {
    await dynamoSettingsStore.commitSubscriptionSettings({
      ...base,
      from: { ...none, copyTradingLink: LINK },
      to: none,
    });
    expect(transactItems()[0]?.Update).toMatchObject({
      UpdateExpression: 'SET entity = :entity, updatedAt = :at, updatedBy = :by REMOVE #link',
      ConditionExpression: '#link = :linkFrom',
      ExpressionAttributeValues: { ':linkFrom': LINK },
    });
  });
});

describe('the new-work mail switches in the settings item', () => {
  const base = { at: AT, adminId: 'admin-1', audit: audit('settings.update') };
  const none = { basicPackageEnabled: true, autoApproveOnMatch: false, copyTradingLink: null, newWorkMail: MAIL_ON };

  it('reads every kind as on unless it is stored as false, with or without the map', async () => {
    dynamo.on(GetCommand).resolves({ Item: { newWorkMail: { pendingPayments: false, unreadMessages: true } } });
    expect((await dynamoSettingsStore.readSubscriptionSettings()).newWorkMail).toEqual({
      ...MAIL_ON,
      pendingPayments: false,
    });
    dynamo.on(GetCommand).resolves({ Item: { newWorkMail: 'not a map' } });
    expect((await dynamoSettingsStore.readSubscriptionSettings()).newWorkMail).toEqual(MAIL_ON);
  });

  it('writes the whole map on condition every kind still reads as it did (absent reads as on)', async () => {
    await dynamoSettingsStore.commitSubscriptionSettings({
      ...base,
      from: { ...none, newWorkMail: { ...MAIL_ON, unreadMessages: false } },
      to: { ...none, newWorkMail: { ...MAIL_ON, pendingPayments: false, unreadMessages: false } },
    });
    expect(transactItems()[0]?.Update).toMatchObject({
      UpdateExpression: 'SET entity = :entity, #mail = :mailTo, updatedAt = :at, updatedBy = :by',
      ConditionExpression:
        '(NOT #mail.#mailKind0 = :mailOff) AND (NOT #mail.#mailKind1 = :mailOff) AND (NOT #mail.#mailKind2 = :mailOff)' +
        ' AND #mail.#mailKind3 = :mailOff AND (NOT #mail.#mailKind4 = :mailOff)',
      ExpressionAttributeNames: {
        '#mail': 'newWorkMail',
        '#mailKind0': 'pendingPayments',
        '#mailKind1': 'pendingWithdrawals',
        '#mailKind2': 'refundRequests',
        '#mailKind3': 'unreadMessages',
        '#mailKind4': 'unmatchedTransfers',
      },
      ExpressionAttributeValues: {
        ':mailOff': false,
        ':mailTo': { ...MAIL_ON, pendingPayments: false, unreadMessages: false },
      },
    });
    expect(transactItems()[1]).toEqual(auditPut);
  });
});

describe('the catalog store', () => {
  it('lists every package in order over the defaults, with Basic’s flag from the settings', async () => {
    dynamo.on(QueryCommand).resolves({
      Items: [
        { PK: 'CATALOG', SK: 'PACKAGE#pro', slug: 'pro', priceUsd: 100, sortOrder: 2, onSale: false },
        { PK: 'CATALOG', SK: 'PACKAGE#basic', slug: 'basic', priceUsd: 20, sortOrder: 1, onSale: true },
        { PK: 'CATALOG', SK: 'PACKAGE#gold', slug: 'gold', priceUsd: 1 },
      ],
    });
    dynamo.on(GetCommand).resolves({ Item: { PK: 'SETTINGS', SK: 'SUBSCRIPTION', basicPackageEnabled: false } });
    expect(await listCatalog()).toEqual([
      { slug: 'freeTrial', packageName: 'Free Trial', priceUsd: 0, sortOrder: 0, onSale: true },
      { slug: 'basic', packageName: 'Basic Package', priceUsd: 20, sortOrder: 1, onSale: false },
      { slug: 'pro', packageName: 'Pro Package', priceUsd: 100, sortOrder: 2, onSale: false },
      { slug: 'ultimate', packageName: 'Ultimate Package', priceUsd: 1000, sortOrder: 3, onSale: true },
    ]);
    expect(dynamo.commandCalls(QueryCommand)[0]?.args[0].input).toMatchObject({
      ExpressionAttributeValues: { ':pk': 'CATALOG', ':prefix': 'PACKAGE#' },
    });
    expect(dynamo.commandCalls(GetCommand)[0]?.args[0].input.Key).toEqual({ PK: 'SETTINGS', SK: 'SUBSCRIPTION' });
  });

  it('reads one package and the switch in one consistent BatchGetItem', async () => {
    dynamo.on(BatchGetCommand).resolves({
      Responses: {
        [TABLE]: [
          { PK: 'CATALOG', SK: 'PACKAGE#basic', priceUsd: 55 },
          { PK: 'SETTINGS', SK: 'SUBSCRIPTION', basicPackageEnabled: false },
        ],
      },
    });
    expect(await dynamoCatalogStore.readPackage('basic')).toEqual({
      current: { ...defaultPackage('basic'), priceUsd: 55, onSale: false },
      itemExists: true,
    });
    expect(dynamo.commandCalls(BatchGetCommand)[0]?.args[0].input.RequestItems?.[TABLE]).toEqual({
      ConsistentRead: true,
      Keys: [
        { PK: 'CATALOG', SK: 'PACKAGE#basic' },
        { PK: 'SETTINGS', SK: 'SUBSCRIPTION' },
      ],
    });
  });

  const plan = (
    slug: 'pro' | 'basic',
    from: { priceUsd: number; onSale: boolean; itemExists: boolean },
    to: { priceUsd: number; onSale: boolean },
  ) => ({
    slug,
    from: {
      current: { ...defaultPackage(slug), priceUsd: from.priceUsd, onSale: from.onSale },
      itemExists: from.itemExists,
    },
    to: { ...defaultPackage(slug), ...to },
    at: AT,
    adminId: 'admin-1',
    audit: audit('catalog.update'),
  });

  it('writes a Pro item on condition it still has the price and flag read, with the audit entry', async () => {
    expect(
      await dynamoCatalogStore.commitPackageUpdate(
        plan('pro', { priceUsd: 250, onSale: true, itemExists: true }, { priceUsd: 100, onSale: false }),
      ),
    ).toBe('committed');
    const items = transactItems();
    expect(items).toHaveLength(2);
    expect(items[0]?.Put).toEqual({
      TableName: TABLE,
      Item: {
        PK: 'CATALOG',
        SK: 'PACKAGE#pro',
        entity: 'CatalogPackage',
        slug: 'pro',
        packageName: 'Pro Package',
        priceUsd: 100,
        sortOrder: 2,
        onSale: false,
        updatedAt: AT,
        updatedBy: 'admin-1',
      },
      ConditionExpression: '#price = :price AND (attribute_not_exists(#onSale) OR #onSale = :onSale)',
      ExpressionAttributeNames: { '#price': 'priceUsd', '#onSale': 'onSale' },
      ExpressionAttributeValues: { ':price': 250, ':onSale': true },
    });
    expect(items[1]).toEqual(auditPut);
  });

  it('creates a missing item only if it is still missing', async () => {
    await dynamoCatalogStore.commitPackageUpdate(
      plan('pro', { priceUsd: 250, onSale: true, itemExists: false }, { priceUsd: 200, onSale: true }),
    );
    expect(transactItems()[0]?.Put?.ConditionExpression).toBe('attribute_not_exists(PK)');
  });

  it('moves Basic’s flag in the settings (no onSale on its item), the price on its item, in one transaction', async () => {
    await dynamoCatalogStore.commitPackageUpdate(
      plan('basic', { priceUsd: 60, onSale: true, itemExists: true }, { priceUsd: 60, onSale: false }),
    );
    let items = transactItems(0);
    expect(items).toHaveLength(2);
    expect(items[0]?.Update).toMatchObject({
      Key: { PK: 'SETTINGS', SK: 'SUBSCRIPTION' },
      ExpressionAttributeValues: expect.objectContaining({ ':to': false, ':from': true }),
    });
    await dynamoCatalogStore.commitPackageUpdate(
      plan('basic', { priceUsd: 60, onSale: false, itemExists: true }, { priceUsd: 20, onSale: true }),
    );
    items = transactItems(1);
    expect(items).toHaveLength(3);
    expect(items[0]?.Put?.Item).not.toHaveProperty('onSale');
    expect(items[0]?.Put).toMatchObject({
      Item: { SK: 'PACKAGE#basic', priceUsd: 20 },
      ConditionExpression: '#price = :price',
      ExpressionAttributeValues: { ':price': 60 },
    });
    expect(items[1]?.Update).toMatchObject({ ConditionExpression: '#enabled = :from' });
  });

  it('reports a moved item or switch as changed', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));
    expect(
      await dynamoCatalogStore.commitPackageUpdate(
        plan('pro', { priceUsd: 250, onSale: true, itemExists: true }, { priceUsd: 1, onSale: true }),
      ),
    ).toBe('changed');
  });
});

describe('seed items', () => {
  it('are the catalog, the settings and every admin template as its default', () => {
    const items = defaultSeedItems(new Date(AT));
    expect(items.map((i) => `${i.PK}/${i.SK}`)).toEqual([
      'CATALOG/PACKAGE#freeTrial',
      'CATALOG/PACKAGE#basic',
      'CATALOG/PACKAGE#pro',
      'CATALOG/PACKAGE#ultimate',
      'SETTINGS/SUBSCRIPTION',
      ...ADMIN_TEMPLATE_TYPES.map((t) => `TEMPLATES/TEMPLATE#${t}`),
    ]);
    expect(items[0]).toMatchObject({ priceUsd: 0, onSale: true, updatedAt: AT });
    expect(items[1]).toMatchObject({ priceUsd: 60 });
    expect(items[1]).not.toHaveProperty('onSale');
    expect(items[4]).toMatchObject({ basicPackageEnabled: true });
    // Deploy-time seeding leaves the copy-trading link empty: an admin sets the broker's real one.
    expect(items[4]).not.toHaveProperty('copyTradingLink');
    expect(items.find((i) => i.SK === 'TEMPLATE#subscriptionExpiryReminder')).toMatchObject({
      ...DEFAULT_EMAIL_TEMPLATES.subscriptionExpiryReminder,
      isDefault: true,
      version: 0,
      updatedBy: 'system',
      placeholders: [...TEMPLATE_PLACEHOLDERS.subscriptionExpiryReminder],
    });
  });

  it('writes each only if absent and tells written from kept', async () => {
    dynamo.on(PutCommand).resolves({});
    dynamo
      .on(PutCommand, { Item: { PK: 'SETTINGS', SK: 'SUBSCRIPTION' } })
      .rejects(new ConditionalCheckFailedException({ message: 'exists', $metadata: {} }));
    const result = await seedDefaults(documentClient, TABLE, new Date(AT));
    expect(result.kept).toEqual(['SETTINGS/SUBSCRIPTION']);
    expect(result.written).toHaveLength(4 + ADMIN_TEMPLATE_TYPES.length);
    for (const call of dynamo.commandCalls(PutCommand)) {
      expect(call.args[0].input).toMatchObject({ TableName: TABLE, ConditionExpression: SEED_CONDITION });
    }
    dynamo.on(PutCommand).rejects(new Error('AccessDenied'));
    await expect(seedDefaults(documentClient, TABLE)).rejects.toThrow('AccessDenied');
  });

  it('sends one Put at a time (a fresh DynamoDB Local once failed a burst of them)', async () => {
    let inFlight = 0;
    let most = 0;
    dynamo.on(PutCommand).callsFake(async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await sleep(1);
      inFlight -= 1;
      return {};
    });
    const result = await seedDefaults(documentClient, TABLE, new Date(AT));
    expect(result.written).toHaveLength(defaultSeedItems(new Date(AT)).length);
    expect(most).toBe(1);
  });
});

describe('retired template defaults', () => {
  it('moves a template that still holds a retired default word for word to today’s default, and nothing else', async () => {
    dynamo.on(PutCommand).rejects(new ConditionalCheckFailedException({ message: 'exists', $metadata: {} }));
    dynamo.on(UpdateCommand).resolves({});
    const result = await seedDefaults(documentClient, TABLE, new Date(AT));
    expect(result.migrated).toEqual(['TEMPLATES/TEMPLATE#freeTrialActivated']);
    const update = dynamo.commandCalls(UpdateCommand)[0]?.args[0].input;
    expect(update).toMatchObject({
      TableName: TABLE,
      Key: { PK: 'TEMPLATES', SK: 'TEMPLATE#freeTrialActivated' },
      ConditionExpression: '#subject = :oldSubject AND #html = :oldHtml',
    });
    expect(update?.ExpressionAttributeValues).toMatchObject({
      ':subject': DEFAULT_EMAIL_TEMPLATES.freeTrialActivated.subject,
      ':html': DEFAULT_EMAIL_TEMPLATES.freeTrialActivated.html,
      ':placeholders': [...TEMPLATE_PLACEHOLDERS.freeTrialActivated],
      ':true': true,
      ':by': 'system',
      ':oldSubject': RETIRED_DEFAULTS[0]?.template.subject,
      ':oldHtml': RETIRED_DEFAULTS[0]?.template.html,
    });
  });

  it('leaves an edited (or missing) template alone: the condition fails, nothing is reported', async () => {
    dynamo.on(PutCommand).resolves({});
    dynamo.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'edited', $metadata: {} }));
    expect((await seedDefaults(documentClient, TABLE, new Date(AT))).migrated).toEqual([]);
    dynamo.on(UpdateCommand).rejects(new Error('AccessDenied'));
    await expect(seedDefaults(documentClient, TABLE, new Date(AT))).rejects.toThrow('AccessDenied');
  });

  it('are no longer today’s defaults, and the retired free-trial mail lacks the link today’s carries', () => {
    for (const retired of RETIRED_DEFAULTS) {
      expect(retired.template).not.toEqual(DEFAULT_EMAIL_TEMPLATES[retired.type]);
    }
    const retiredTrial = RETIRED_DEFAULTS.find((r) => r.type === 'freeTrialActivated');
    expect(retiredTrial?.template.html).not.toContain('{{copyTradingLink}}');
    expect(DEFAULT_EMAIL_TEMPLATES.freeTrialActivated.html).toContain('href="{{copyTradingLink}}"');
  });
});
