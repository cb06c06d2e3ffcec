import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { METRICS } from '@goldbot/shared';

/**
 * Counts for CloudWatch by Powertools Metrics: one embedded-metric-format line on standard output
 * that CloudWatch turns into a metric, with no SDK call and no extra latency. Alarms in infra/
 * watch these (METRICS in shared/: the name and the `service` dimension, Powertools' own).
 */

/** One Powertools Metrics per service dimension (the metrics' `service`), each created on first use. */
const byService = new Map<string, Metrics>();

function metricsOf(service: string): Metrics {
  let metrics = byService.get(service);
  if (!metrics) {
    metrics = new Metrics({ namespace: METRICS.namespace, serviceName: service, singleMetric: true });
    byService.set(service, metrics);
  }
  return metrics;
}

/** Counts one occurrence of `metric` now (a single-metric line, flushed at once). */
export function emitCount(metric: string, dimensions: Readonly<{ service: string }>): void {
  metricsOf(dimensions.service).addMetric(metric, MetricUnit.Count, 1);
}
