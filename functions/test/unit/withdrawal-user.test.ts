import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { userWithdrawalsResponseSchema } from '@goldbot/shared';
import { SAMPLE_REQUESTER, SAMPLE_WITHDRAWAL_ID } from '../helpers/withdrawal-samples.js';
import { dynamo, JANE, world, call, roundTrips } from '../helpers/withdrawal-routes.js';

/**
 * withdrawal-user in process, with DynamoDB and SES mocked (helpers/withdrawal-routes.ts): the
 * answer against the shared schema and the DynamoDB round trips, counted over every call (the
 * session guard's profile read included).
 */
describe('withdrawal-user', () => {
  it("answers the caller's withdrawals and balances in 3 round trips", async () => {
    world['withdrawal-user']?.();
    const res = await call('withdrawal-user', { claims: JANE });
    expect(res.statusCode).toBe(200);
    expect(userWithdrawalsResponseSchema.parse(res.body)).toEqual({
      withdrawals: [
        expect.objectContaining({ _id: SAMPLE_WITHDRAWAL_ID, status: 'pending', userId: expect.any(Object) }),
      ],
      referralEarnings: 4,
      referralHeld: 20,
      // Total Referrals, live from the profile (the tab no longer reads the stored session's).
      referralCount: 12,
    });
    expect(roundTrips()).toBe(3);
    expect(dynamo.commandCalls(QueryCommand)[0]?.args[0].input).toMatchObject({
      IndexName: 'GSI3',
      ExpressionAttributeValues: { ':pk': `USER#${SAMPLE_REQUESTER._id}`, ':prefix': 'WITHDRAWAL#' },
    });
  });
});
