import type { JobId } from '@goldbot/shared';
import { stack } from './http-client.js';

/** What a scheduled job's handler answers: its counts and flags for the run. */
export type JobResult = Record<string, number | boolean>;
export type JobHandler<R = JobResult> = (event: unknown) => Promise<R>;

/**
 * A job's handler loaded into this test process, as the local scheduler runs it. Handlers read
 * their configuration when first imported, so the stack's handler environment is set first.
 */
export async function loadJobHandler<R = JobResult>(id: JobId): Promise<JobHandler<R>> {
  Object.assign(process.env, stack().handlerEnv);
  return ((await import(`../../src/handlers/${id}.ts`)) as { handler: JobHandler<R> }).handler;
}
