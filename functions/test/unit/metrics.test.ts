import { describe, expect, it, vi } from 'vitest';
import { METRICS } from '@goldbot/shared';
import { emitCount } from '../../src/kit/metrics.js';

/**
 * CloudWatch embedded metric format (docs/security.md, "Sessions and revocation"): the global sign-out alarm in infra/
 * watches the count this line becomes, so its shape must be exactly what CloudWatch reads.
 */
describe('emitCount', () => {
  it('writes one EMF line: namespace Goldbot, the metric as a Count, its dimension', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T12:00:00.000Z'));
    const lines: string[] = [];
    try {
      emitCount(METRICS.globalSignOutFailures.name, METRICS.globalSignOutFailures.dimensions, (line) =>
        lines.push(line),
      );
    } finally {
      vi.useRealTimers();
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('\n');
    expect(JSON.parse(lines[0] ?? '')).toEqual({
      _aws: {
        Timestamp: Date.parse('2026-11-23T12:00:00.000Z'),
        CloudWatchMetrics: [
          {
            Namespace: 'Goldbot',
            Dimensions: [['Service']],
            Metrics: [{ Name: 'GlobalSignOutFailures', Unit: 'Count' }],
          },
        ],
      },
      Service: 'auth',
      GlobalSignOutFailures: 1,
    });
  });

  it('writes to standard output by default, where Lambda sends it to CloudWatch Logs', () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      emitCount('SomethingCounted', { Service: 'test' });
      expect(write).toHaveBeenCalledTimes(1);
      const line = String(write.mock.calls[0]?.[0]);
      expect(line.endsWith('\n')).toBe(true);
      expect(JSON.parse(line)).toMatchObject({ Service: 'test', SomethingCounted: 1 });
    } finally {
      write.mockRestore();
    }
  });
});
