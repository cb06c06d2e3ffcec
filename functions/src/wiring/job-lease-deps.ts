/** The lease that keeps two runs of a job from overlapping. */
export { dynamoJobLease } from '../data/job-lease-store.js';
