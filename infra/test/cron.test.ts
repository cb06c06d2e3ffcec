import { SCHEDULES } from '@goldbot/shared';
import { describe, expect, it } from 'vitest';
import { toEventBridgeCron } from '../lib/cron.js';

describe('toEventBridgeCron', () => {
  it.each([
    ['5 0 * * *', 'cron(5 0 * * ? *)'],
    ['0 6 1 * *', 'cron(0 6 1 * ? *)'],
    ['0 6 * * 1-5', 'cron(0 6 ? * 2-6 *)'],
    ['0 6 * * 0', 'cron(0 6 ? * 1 *)'],
    ['0 6 * * 7', 'cron(0 6 ? * 1 *)'],
    ['0 6 * * 1,3', 'cron(0 6 ? * 2,4 *)'],
    ['0 6 * * MON-FRI', 'cron(0 6 ? * MON-FRI *)'],
  ])('%s -> %s', (unix, eventBridge) => {
    expect(toEventBridgeCron(unix)).toBe(eventBridge);
  });

  it.each(['0 6 * *', '0 6 1 * 1', '0 6 * * */2', '0 6 * * 5-7'])('rejects %s', (unix) => {
    expect(() => toEventBridgeCron(unix)).toThrow();
  });

  it('translates every entry of SCHEDULES', () => {
    for (const job of SCHEDULES) expect(toEventBridgeCron(job.cron)).toMatch(/^cron\(\S+ \S+ \S+ \S+ \S+ \*\)$/);
  });
});
