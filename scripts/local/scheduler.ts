import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { SCHEDULES, scheduledJobEvent, type ScheduleDefinition } from '@goldbot/shared';
import { cronMatches, parseCron } from './cron.js';

/**
 * The local stand-in for EventBridge Scheduler: once a minute, runs every implemented job of the
 * schedule table whose cron matches, through the same handler file the CDK deploys (or, under
 * `npm start -- --bundled`, its synthesized bundle: `runJob`).
 */
export interface LocalScheduler {
  jobs: readonly ScheduleDefinition[];
  stop(): void;
}

export function startScheduler(options: {
  root: string;
  log: (line: string) => void;
  schedules?: readonly ScheduleDefinition[];
  now?: () => Date;
  /** Runs one job with its event; by default its TypeScript handler in this process. */
  runJob?: (jobId: string, event: unknown) => Promise<unknown>;
  /**
   * Whether this delivery of a job comes twice, at once (EventBridge Scheduler delivers at least
   * once): the local stack says yes now and then when faults are injected (faults.ts).
   */
  deliverTwice?: (jobId: string) => boolean;
}): LocalScheduler {
  const runJob =
    options.runJob ??
    (async (jobId: string, event: unknown) => {
      const file = pathToFileURL(join(options.root, 'functions', 'src', 'handlers', `${jobId}.ts`)).href;
      const { handler } = (await import(file)) as { handler: (event: unknown) => Promise<unknown> };
      return handler(event);
    });
  const jobs = (options.schedules ?? SCHEDULES).filter((s) => s.implemented);
  jobs.forEach((job) => parseCron(job.cron));
  const now = options.now ?? (() => new Date());
  let lastMinute = -1;

  const tick = async () => {
    const at = now();
    const minute = Math.floor(at.getTime() / 60_000);
    if (minute === lastMinute) return;
    lastMinute = minute;
    for (const job of jobs.filter((j) => cronMatches(j.cron, at))) {
      try {
        // The same event shape EventBridge Scheduler sends in AWS (the CDK sets it as the schedule's input).
        const event = scheduledJobEvent(job.id, at, 'local.scheduler');
        const twice = options.deliverTwice?.(job.id) ?? false;
        await (twice ? Promise.all([runJob(job.id, event), runJob(job.id, event)]) : runJob(job.id, event));
        options.log(`scheduler: ${job.id} ran${twice ? ' (delivered twice)' : ''}`);
      } catch (error) {
        options.log(`scheduler: ${job.id} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  const timer = setInterval(() => void tick(), 15_000);
  timer.unref();
  return { jobs, stop: () => clearInterval(timer) };
}
