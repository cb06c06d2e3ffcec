import { METRICS } from '@goldbot/shared';

/**
 * CloudWatch Embedded Metric Format: one JSON log line that CloudWatch turns into a metric, with
 * no SDK call and no extra latency. Alarms in infra/ watch these (METRICS in shared/).
 */

export function emitCount(
  metric: string,
  dimensions: Readonly<Record<string, string>>,
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): void {
  write(
    JSON.stringify({
      _aws: {
        Timestamp: Date.now(),
        CloudWatchMetrics: [
          {
            Namespace: METRICS.namespace,
            Dimensions: [Object.keys(dimensions)],
            Metrics: [{ Name: metric, Unit: 'Count' }],
          },
        ],
      },
      ...dimensions,
      [metric]: 1,
    }),
  );
}
