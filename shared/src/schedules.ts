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
    implemented: false,
    summary: 'Mark subscriptions whose end date has passed as expired',
  },
  {
    id: 'job-send-activation-emails',
    cron: '0 6 * * *',
    implemented: false,
    summary: 'Mail Basic Package holders whose subscription starts today',
  },
  {
    id: 'job-expiry-reminders',
    cron: '0 8 * * *',
    implemented: false,
    summary: 'Remind customers whose paid package ends in 3 days',
  },
] as const satisfies readonly ScheduleDefinition[];
