/**
 * CloudWatch Embedded Metric Format: one JSON log line that CloudWatch turns into a metric, with
 * no SDK call and no extra latency. Alarms in infra/ watch these (namespace `Goldbot`).
 */
export const METRICS_NAMESPACE = 'Goldbot';

export function emitCount(
  metric: string,
  dimensions: Record<string, string>,
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): void {
  write(
    JSON.stringify({
      _aws: {
        Timestamp: Date.now(),
        CloudWatchMetrics: [
          {
            Namespace: METRICS_NAMESPACE,
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
