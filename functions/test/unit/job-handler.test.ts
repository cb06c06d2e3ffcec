import { describe, expect, it } from 'vitest';
import { scheduledJobEvent } from '@goldbot/shared';
import { JobFailedError, defineJob } from '../../src/kit/job-handler.js';
import { createLogger } from '../../src/kit/logger.js';

/**
 * The job kit (functions/src/kit/job-handler.ts): a job's one summary line and its outcome.
 */

const AT = '2026-03-10T00:05:00.000Z';

describe('defineJob', () => {
  const capture = () => {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger('info', {}, (line) => lines.push(JSON.parse(line) as Record<string, unknown>));
    return { lines, logger };
  };

  it('logs one summary line with the job, the counts and the schedule, and returns the summary', async () => {
    const { lines, logger } = capture();
    const handler = defineJob(
      'job-expire-subscriptions',
      async ({ now, event, log }) => {
        expect(now).toBeInstanceOf(Date);
        expect(event.jobId).toBe('job-expire-subscriptions');
        log.debug('not at info level');
        return { processed: 4, expired: 3, alreadyExpired: 1, failed: 0, complete: true };
      },
      { logger },
    );
    const result = await handler(scheduledJobEvent('job-expire-subscriptions', new Date(AT)), {
      awsRequestId: 'req-1',
    });
    expect(result).toEqual({ processed: 4, expired: 3, alreadyExpired: 1, failed: 0, complete: true });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'INFO',
      message: 'job completed',
      job: 'job-expire-subscriptions',
      requestId: 'req-1',
      scheduledTime: '2026-03-10T00:05:00Z',
      attemptNumber: '1',
      processed: 4,
      expired: 3,
      failed: 0,
      durationMs: expect.any(Number),
    });
  });

  it('throws after its one line when an item failed or the run stopped early, and takes any event', async () => {
    const { lines, logger } = capture();
    const failing = defineJob('job-expiry-reminders', async () => ({ processed: 3, mailed: 2, failed: 1 }), { logger });
    await expect(failing({})).rejects.toBeInstanceOf(JobFailedError);
    await expect(failing(undefined)).rejects.toThrow('job-expiry-reminders: 1 of 3 item(s) failed');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 'ERROR', message: 'job completed', processed: 3, mailed: 2, failed: 1 });

    const cut = defineJob(
      'job-expiry-reminders',
      async () => ({ processed: 3, mailed: 3, failed: 0, complete: false }),
      { logger },
    );
    await expect(cut({ unexpected: ['shape'] })).rejects.toThrow(/stopped before the end/);

    const broken = defineJob(
      'job-expire-subscriptions',
      async () => {
        throw new Error('index query failed');
      },
      { logger },
    );
    await expect(broken({})).rejects.toThrow('index query failed');
    expect(lines.at(-1)).toMatchObject({
      level: 'ERROR',
      message: 'job completed',
      complete: false,
      errorMessage: 'index query failed',
    });
    expect(lines).toHaveLength(4);
  });

  it('uses Lambda’s remaining time when there is a context', async () => {
    let seen = 0;
    const handler = defineJob('job-expire-subscriptions', async ({ remainingMs }) => {
      seen = remainingMs();
      return { processed: 0, failed: 0 };
    });
    await handler({}, { getRemainingTimeInMillis: () => 1234 });
    expect(seen).toBe(1234);
  });
});
