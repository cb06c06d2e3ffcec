import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, expect } from 'vitest';
import { allNewWorkMailOn } from '../../src/domain/records/settings-record.js';
import type { AuditEntry } from '../../src/domain/records/audit-entry.js';
import { transactItemsOf, useMockedDynamo } from './dynamo-outcomes.js';

/**
 * What the tests of the settings, template and catalog stores share: importing this module gives
 * the importing test file a mocked document client whose transactions succeed (its hooks), and the
 * audit entries and transaction items the stores write.
 */

/** The new-work mail on for every kind: what settings read as until an administrator turns one off. */
export const MAIL_ON = allNewWorkMailOn();

export const dynamo = useMockedDynamo();
export const TABLE = 'test-table';
export const AT = '2026-11-23T10:15:00.000Z';
beforeEach(() => {
  dynamo.on(TransactWriteCommand).resolves({});
});

export const audit = (action: AuditEntry['action']): AuditEntry => ({
  _id: 'AUDIT1',
  actor: 'admin-1',
  action,
  target: { type: 'settings', id: 'x' },
  details: {},
  at: AT,
});
export const transactItems = (call = 0) => transactItemsOf(dynamo, call);
export const auditPut = {
  Put: {
    TableName: TABLE,
    Item: expect.objectContaining({ PK: 'AUDIT#2026-11', SK: `${AT}#AUDIT1`, entity: 'AuditEntry' }),
    ConditionExpression: 'attribute_not_exists(PK)',
  },
};
