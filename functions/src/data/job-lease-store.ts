import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../adapters/dynamodb.js';
import type { JobLease } from '../domain/jobs/job-lease.js';

/** The lease item of a job (docs/data-model.md, "Job lease"): one per job id. */
export const jobLeaseKey = (jobId: string) => ({ PK: `LEASE#${jobId}`, SK: 'LEASE' });

/** TTL removes a lease left behind by a run that died this long after its deadline (it is void then anyway). */
const LEFTOVER_TTL_SECONDS = 3600;

const isConditionFailure = (error: unknown) =>
  error instanceof ConditionalCheckFailedException ||
  (error as { name?: string } | null)?.name === 'ConditionalCheckFailedException';

/** The job's lease in the table: a conditional Put takes it, a conditional Delete gives it back. */
export function dynamoJobLease(jobId: string): JobLease {
  const Key = jobLeaseKey(jobId);
  return {
    async acquire(holder, nowMs, untilMs) {
      try {
        await documentClient.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...Key,
              entity: 'JobLease',
              holder,
              leaseUntil: untilMs,
              expiresAt: Math.ceil(untilMs / 1000) + LEFTOVER_TTL_SECONDS,
            },
            // Free, or held by a run whose deadline has passed.
            ConditionExpression: 'attribute_not_exists(PK) OR leaseUntil <= :now',
            ExpressionAttributeValues: { ':now': nowMs },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },
    async release(holder) {
      try {
        await documentClient.send(
          new DeleteCommand({
            TableName: tableName,
            Key,
            ConditionExpression: 'holder = :holder',
            ExpressionAttributeValues: { ':holder': holder },
          }),
        );
      } catch (error) {
        // Another run took it after this one's deadline: it is theirs now.
        if (!isConditionFailure(error)) throw error;
      }
    },
  };
}
