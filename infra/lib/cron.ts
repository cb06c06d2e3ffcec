/**
 * SCHEDULES use the five-field Unix cron (minute hour day-of-month month day-of-week, UTC) that the
 * local scheduler also understands. EventBridge Scheduler wants six fields, exactly one of
 * day-of-month / day-of-week as `?`, and numbers days of the week 1-7 from Sunday (Unix: 0-7).
 */
export function toEventBridgeCron(unixCron: string): string {
  const fields = unixCron.trim().split(/\s+/);
  if (fields.length !== 5) throw new Error(`Expected a five-field cron expression, got "${unixCron}"`);
  const [minute, hour, dayOfMonth, month, dayOfWeek] = fields as [string, string, string, string, string];

  if (dayOfWeek === '*' || dayOfWeek === '?') {
    return `cron(${minute} ${hour} ${dayOfMonth} ${month} ? *)`;
  }
  if (dayOfMonth !== '*' && dayOfMonth !== '?') {
    throw new Error(`EventBridge cannot restrict both day-of-month and day-of-week: "${unixCron}"`);
  }
  if (dayOfWeek.includes('/')) {
    throw new Error(`Step values in day-of-week are not translated: "${unixCron}"`);
  }
  // Unix 0 and 7 are Sunday; EventBridge Sunday is 1. Names (MON, TUE...) mean the same in both.
  const shifted = dayOfWeek.replace(/\d+/g, (n) => String((Number(n) % 7) + 1));
  for (const [, from, to] of shifted.matchAll(/(\d+)-(\d+)/g)) {
    // `5-7` (Fri-Sun) would become `6-1`, which wraps; say so instead of deploying a wrong schedule.
    if (Number(from) > Number(to)) throw new Error(`Day-of-week range wraps after translation: "${unixCron}"`);
  }
  return `cron(${minute} ${hour} ? ${month} ${shifted} *)`;
}
