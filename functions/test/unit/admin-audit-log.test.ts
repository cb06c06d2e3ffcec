import { BatchGetCommand, QueryCommand, type BatchGetCommandInput } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { auditLogResponseSchema } from '@goldbot/shared';
import { toAuditItem } from '../../src/data/audit-entity.js';
import { handler as auditLog } from '../../src/handlers/admin-audit-log.js';
import { encodeCursor } from '../../src/data/cursor.js';
import { SAMPLE_USER } from '../helpers/admin-user-samples.js';
import { invoke } from '../helpers/lambda.js';
import { dynamo, TABLE, ADMIN_SUB, asAdmin } from '../helpers/admin-user-routes.js';

/**
 * The audit log in process, over a mocked table (helpers/admin-user-routes.ts): the Query of the
 * audit month.
 */
describe('admin-audit-log', () => {
  const entry = (id: string, at: string, actor = ADMIN_SUB) =>
    toAuditItem({
      _id: id,
      actor,
      action: 'user.deactivate',
      target: { type: 'user', id: SAMPLE_USER._id },
      details: { from: 'active', to: 'inactive' },
      at,
    });

  it("reads the current month's partition newest first and fills the actors' e-mails", async () => {
    const newer = entry('01KJZ00000000000000000000B', '2026-03-02T00:00:00.000Z');
    const older = entry('01KJZ00000000000000000000A', '2026-03-01T00:00:00.000Z', 'system');
    const lastKey = { PK: older.PK, SK: older.SK };
    dynamo.on(QueryCommand).resolves({ Items: [newer, older], LastEvaluatedKey: lastKey });
    dynamo.on(BatchGetCommand).callsFake((input: BatchGetCommandInput) => ({
      Responses: {
        [TABLE]: (input.RequestItems?.[TABLE]?.Keys ?? []).map(() => ({
          PK: `USER#${ADMIN_SUB}`,
          SK: 'PROFILE',
          _id: ADMIN_SUB,
          username: 'admin',
          email: 'admin@example.com',
        })),
      },
    }));
    const res = await invoke(auditLog, asAdmin('admin-audit-log', { query: { limit: '2' } }));
    expect(res.statusCode).toBe(200);
    const answer = auditLogResponseSchema.parse(res.body);
    expect(answer.entries.map((e) => [e._id, e.actor, e.actorEmail])).toEqual([
      [newer._id, ADMIN_SUB, 'admin@example.com'],
      [older._id, 'system', undefined],
    ]);
    expect(answer.nextCursor).toBe(encodeCursor(lastKey));
    expect(res.rawBody).not.toMatch(/"PK"|"SK"|entity/);
    expect(dynamo.commandCalls(QueryCommand)[0]?.args[0].input).toEqual({
      TableName: TABLE,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': 'AUDIT#2026-03' },
      ScanIndexForward: false,
      Limit: 2,
      ExclusiveStartKey: undefined,
    });
    expect(dynamo.commandCalls(BatchGetCommand)[0]?.args[0].input.RequestItems?.[TABLE]).toEqual({
      Keys: [{ PK: `USER#${ADMIN_SUB}`, SK: 'PROFILE' }],
      ConsistentRead: false,
    });
  });

  it('reads the month asked for and continues from its own cursor; refuses a cursor of another month', async () => {
    const cursor = encodeCursor({ PK: 'AUDIT#2025-12', SK: '2025-12-31T00:00:00.000Z#X' }) ?? '';
    const res = await invoke(auditLog, asAdmin('admin-audit-log', { query: { month: '2025-12', cursor } }));
    expect(res.statusCode).toBe(200);
    expect(dynamo.commandCalls(QueryCommand)[0]?.args[0].input).toMatchObject({
      ExpressionAttributeValues: { ':pk': 'AUDIT#2025-12' },
      ExclusiveStartKey: { PK: 'AUDIT#2025-12', SK: '2025-12-31T00:00:00.000Z#X' },
    });
    dynamo.resetHistory();
    const other = await invoke(auditLog, asAdmin('admin-audit-log', { query: { month: '2026-01', cursor } }));
    expect(other.statusCode).toBe(400);
    const badMonth = await invoke(auditLog, asAdmin('admin-audit-log', { query: { month: '2026-13' } }));
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.body.errors).toEqual({ month: 'month must look like 2026-11' });
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
  });
});
