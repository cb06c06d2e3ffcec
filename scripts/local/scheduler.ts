import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { SCHEDULES, scheduledJobEvent, type ScheduleDefinition } from '@goldbot/shared';
import { cronMatches, parseCron } from './cron.js';

/**
 * The local stand-in for EventBridge Scheduler: once a minute, runs every implemented job of the
 * schedule table whose cron matches, through the same handler file the CDK deploys.
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
}): LocalScheduler {
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
        const file = pathToFileURL(join(options.root, 'functions', 'src', 'handlers', `${job.id}.ts`)).href;
        const { handler } = (await import(file)) as { handler: (event: unknown) => Promise<unknown> };
        // The same event shape EventBridge Scheduler sends in AWS (the CDK sets it as the schedule's input).
        await handler(scheduledJobEvent(job.id, at, 'local.scheduler'));
        options.log(`scheduler: ${job.id} ran`);
      } catch (error) {
        options.log(`scheduler: ${job.id} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  const timer = setInterval(() => void tick(), 15_000);
  timer.unref();
  return { jobs, stop: () => clearInterval(timer) };
}
