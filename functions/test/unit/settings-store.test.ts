import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { dynamoSettingsStore } from '../../src/data/settings-store.js';
import { cancelled } from '../helpers/dynamo-outcomes.js';
import { MAIL_ON, dynamo, AT, audit, transactItems, auditPut } from '../helpers/config-store-tables.js';

/**
 * The settings store against a mocked document client (helpers/config-store-tables.ts): keys,
 * conditions, one request each.
 */
/** Settings with the Basic switch and automatic approval as given, no link, every new-work mail on. */
const settingsOf = (basicPackageEnabled: boolean, autoApproveOnMatch: boolean) => ({
  basicPackageEnabled,
  autoApproveOnMatch,
  copyTradingLink: null,
  newWorkMail: MAIL_ON,
});

describe('the settings store', () => {
  it('reads the switch consistently; a missing item is Basic on sale', async () => {
    dynamo.on(GetCommand).resolves({});
    expect(await dynamoSettingsStore.readSubscriptionSettings()).toEqual(settingsOf(true, false));
    dynamo.on(GetCommand).resolves({ Item: { basicPackageEnabled: false, autoApproveOnMatch: true } });
    expect(await dynamoSettingsStore.readSubscriptionSettings()).toEqual(settingsOf(false, true));
    expect(dynamo.commandCalls(GetCommand)[0]?.args[0].input).toMatchObject({
      Key: { PK: 'SETTINGS', SK: 'SUBSCRIPTION' },
      ConsistentRead: true,
    });
  });

  it('moves the switch on condition it still reads the old value, with the audit entry', async () => {
    const change = {
      from: settingsOf(true, false),
      to: settingsOf(false, false),
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
        from: settingsOf(false, false),
        to: settingsOf(true, false),
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
      from: settingsOf(true, false),
      to: settingsOf(true, true),
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
      from: settingsOf(false, true),
      to: settingsOf(true, false),
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
  const none = settingsOf(true, false);

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
  const none = settingsOf(true, false);

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
