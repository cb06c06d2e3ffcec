import * as z from './zod.js';
import { schema } from './schemas/schema.js';

/**
 * Scheduled jobs, defined once like the routes: the CDK creates one EventBridge Scheduler
 * schedule per implemented job and the local scheduler runs the same handlers on the same cron.
 * Cron fields: minute hour day-of-month month day-of-week (UTC), the five-field subset both
 * EventBridge (as `cron(m h dom mon dow *)`) and the local scheduler understand.
 */
export interface ScheduleDefinition {
  readonly id: string;
  readonly cron: string;
  readonly implemented: boolean;
  readonly summary: string;
}

export const SCHEDULES = [
  {
    id: 'job-expire-subscriptions',
    cron: '5 0 * * *',
    implemented: true,
    summary: 'Mark subscriptions whose end date has passed as expired',
  },
  {
    id: 'job-send-activation-emails',
    cron: '0 6 * * *',
    implemented: true,
    summary: 'Mail Basic Package holders whose subscription starts today',
  },
  {
    id: 'job-expiry-reminders',
    cron: '0 8 * * *',
    implemented: true,
    summary: 'Remind customers whose paid package ends in 3 days',
  },
  {
    // The on-chain re-check. `0/5` (minutes 0, 5, ... 55) is the increment form EventBridge documents; the local scheduler reads it too.
    id: 'job-chain-recheck',
    cron: '0/5 * * * *',
    implemented: true,
    summary: 'Check again on TRON the pending payments of the last 24 hours the chain has not answered yet',
  },
  {
    // Every 5 minutes, two minutes after the chain re-check (minutes 2, 7, ... 57); each kind of
    // work is mailed at most once per NEW_WORK_MAIL.minIntervalMinutes (15).
    id: 'job-new-work-mail',
    cron: '2/5 * * * *',
    implemented: true,
    summary: 'Mail every administrator what work arrived since the last mail of its kind',
  },
  {
    // The wallet watcher: every minute, so a customer's window says "Payment found" about a minute after confirmation.
    id: 'job-watch-wallets',
    cron: '* * * * *',
    implemented: true,
    summary:
      'Record the confirmed USDT transfers to the payment wallets and bind each to the open order whose exact amount it carries',
  },
  {
    // Every 5 minutes (minutes 4, 9, ... 59): the mails an effect promised whose send failed, tried
    // again with exponential back-off (1, 2, 4 ... minutes), listed for the admins after 8 attempts.
    id: 'job-retry-mails',
    cron: '4/5 * * * *',
    implemented: true,
    summary: 'Send again the mails whose send failed after their effect, listing those that still fail for the admins',
  },
] as const satisfies readonly ScheduleDefinition[];

export type JobId = (typeof SCHEDULES)[number]['id'];

/** `source` of the events the deployed schedules send (the CDK sets it as the schedule's input). */
export const SCHEDULER_EVENT_SOURCE = 'goldbot.scheduler';

/**
 * The event a job receives. In AWS, EventBridge Scheduler fills the `<aws.scheduler.*>` context
 * attributes into the input the CDK gives each schedule; the local scheduler sends the same shape;
 * `events/<job id>.json` is a sample. Jobs do not depend on it (they sweep by the clock, and a
 * hand-run with `{}` works): it is read leniently and logged, so a run can be traced to its schedule.
 */
const upTo = (max: number) => z.optional(z.string().check(z.maxLength(max)));
export const scheduledJobEventSchema = /* @__PURE__ */ schema(() =>
  z.catch(
    z.object({
      source: upTo(100),
      jobId: upTo(100),
      scheduledTime: upTo(40),
      executionId: upTo(100),
      attemptNumber: z.optional(z.union([z.string().check(z.maxLength(10)), z.number()])),
      scheduleArn: upTo(300),
    }),
    {},
  ),
);
export type ScheduledJobEvent = z.infer<typeof scheduledJobEventSchema>;

/** The event a schedule sends for `jobId` at `at` (the local scheduler's; AWS fills the same fields). */
export const scheduledJobEvent = (jobId: string, at: Date, source = SCHEDULER_EVENT_SOURCE): ScheduledJobEvent => ({
  source,
  jobId,
  scheduledTime: at.toISOString().replace(/\.\d{3}Z$/, 'Z'),
  executionId: `local-${at.getTime().toString(36)}`,
  attemptNumber: '1',
});
