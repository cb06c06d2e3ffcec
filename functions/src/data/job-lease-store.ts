import { deleteIf, putIf } from './table-reads.js';
import type { JobLease } from '../domain/jobs/job-lease.js';

/** The lease item of a job (docs/data-model.md, "Job lease"): one per job id. */
export const jobLeaseKey = (jobId: string) => ({ PK: `LEASE#${jobId}`, SK: 'LEASE' });

/** TTL removes a lease left behind by a run that died this long after its deadline (it is void then anyway). */
const LEFTOVER_TTL_SECONDS = 3600;

/** The job's lease in the table: a conditional Put takes it, a conditional Delete gives it back. */
export function dynamoJobLease(jobId: string): JobLease {
  const Key = jobLeaseKey(jobId);
  return {
    acquire(holder, nowMs, untilMs) {
      return putIf({
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
      });
    },
    async release(holder) {
      // Refused when another run took it after this one's deadline: it is theirs now.
      await deleteIf({
        Key,
        ConditionExpression: 'holder = :holder',
        ExpressionAttributeValues: { ':holder': holder },
      });
    },
  };
}
