import { describe, expect, it, vi } from 'vitest';
import { METRICS } from '@goldbot/shared';
import { emitCount } from '../../src/kit/metrics.js';

/**
 * CloudWatch embedded metric format by Powertools Metrics (docs/security.md, "Sessions and
 * revocation"): the alarms in infra/ watch the count this line becomes, so its shape must be
 * exactly what CloudWatch reads and what the alarm names (METRICS in shared/).
 */
function linesOf(run: () => void): string[] {
  const lines: string[] = [];
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    run();
  } finally {
    write.mockRestore();
  }
  return lines;
}

describe('emitCount', () => {
  it('writes one EMF line at once: namespace Goldbot, the metric as a Count, its service dimension', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T12:00:00.000Z'));
    let lines: string[];
    try {
      lines = linesOf(() => emitCount(METRICS.globalSignOutFailures.name, METRICS.globalSignOutFailures.dimensions));
    } finally {
      vi.useRealTimers();
    }
    expect(lines).toHaveLength(1);
    const [line = ''] = lines;
    expect(line.endsWith('\n')).toBe(true);
    expect(line.trimEnd()).not.toContain('\n');
    expect(JSON.parse(line)).toEqual({
      _aws: {
        Timestamp: Date.parse('2026-11-23T12:00:00.000Z'),
        CloudWatchMetrics: [
          {
            Namespace: 'Goldbot',
            Dimensions: [['service']],
            Metrics: [{ Name: 'GlobalSignOutFailures', Unit: 'Count' }],
          },
        ],
      },
      service: 'auth',
      GlobalSignOutFailures: 1,
    });
  });

  it('counts each occurrence on its own line, per service', () => {
    const lines = linesOf(() => {
      emitCount('SomethingCounted', { service: 'test' });
      emitCount('SomethingCounted', { service: 'test' });
      emitCount(METRICS.originCheckRefusals.name, METRICS.originCheckRefusals.dimensions);
    });
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ service: 'test', SomethingCounted: 1 }),
      expect.objectContaining({ service: 'test', SomethingCounted: 1 }),
      expect.objectContaining({ service: 'api', OriginCheckRefusals: 1 }),
    ]);
  });
});
