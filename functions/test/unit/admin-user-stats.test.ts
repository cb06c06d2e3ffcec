import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { userStatsResponseSchema } from '@goldbot/shared';
import { handler as userStats } from '../../src/handlers/admin-user-stats.js';
import { invoke, storeCalls } from '../helpers/lambda.js';
import { dynamo, TABLE, asAdmin } from '../helpers/admin-user-routes.js';

/**
 * The admin's user counts in process, over a mocked table (helpers/admin-user-routes.ts).
 */
describe('admin-user-stats', () => {
  it('reads TOTAL and the current UTC month in one consistent BatchGetItem', async () => {
    dynamo.on(BatchGetCommand).resolves({
      Responses: {
        [TABLE]: [
          { PK: 'STATS#USERS', SK: 'TOTAL', total: 12, active: 10, inactive: 2 },
          { PK: 'STATS#USERS', SK: 'MONTH#2026-03', newUsers: 3 },
        ],
      },
    });
    const res = await invoke(userStats, asAdmin('admin-user-stats'));
    expect(res.statusCode).toBe(200);
    expect(userStatsResponseSchema.parse(res.body)).toEqual({
      userStats: { total: 12, active: 10, inactive: 2, newThisMonth: 3 },
    });
    expect(storeCalls(dynamo).map((c) => c.name)).toEqual(['BatchGetCommand']);
    expect(dynamo.commandCalls(BatchGetCommand)[0]?.args[0].input).toEqual({
      RequestItems: {
        [TABLE]: {
          Keys: [
            { PK: 'STATS#USERS', SK: 'TOTAL' },
            { PK: 'STATS#USERS', SK: 'MONTH#2026-03' },
          ],
          ConsistentRead: true,
        },
      },
    });
  });

  it('answers zeros before the first verification', async () => {
    dynamo.on(BatchGetCommand).resolves({ Responses: { [TABLE]: [] } });
    const res = await invoke(userStats, asAdmin('admin-user-stats'));
    expect(res.body).toEqual({ userStats: { total: 0, active: 0, inactive: 0, newThisMonth: 0 } });
  });
});
