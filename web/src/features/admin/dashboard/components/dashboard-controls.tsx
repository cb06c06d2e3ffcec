import { Button, Flex, SelectField } from '@aws-amplify/ui-react';
import {
  CHART_TYPE_LABELS,
  CHART_TYPES,
  MONTH_OPTIONS,
  parseAllOrNumber,
  TIME_RANGE_LABELS,
  type ChartType,
} from '../lib/dashboard-options';
import { TIME_RANGES, type TimeRange } from '../lib/revenue-filter';

export interface DashboardSettings {
  /** The payment statistics' year, or 'all' (sent to the server). */
  year: number | 'all';
  /** The payment statistics' month index 0-11, or 'all' (sent to the server). */
  month: number | 'all';
  chartType: ChartType;
  timeRange: TimeRange;
}

interface DashboardControlsProps {
  settings: DashboardSettings;
  years: readonly number[];
  onChange: (settings: DashboardSettings) => void;
  onRefresh: () => void;
  /** A reload is under way (the Refresh button says so and waits). */
  refreshing: boolean;
}

/**
 * The dashboard's controls: year and month of the payment statistics, the chart type,
 * the time range and Refresh. Native selects: they close on a choice or a click outside.
 */
export function DashboardControls({ settings, years, onChange, onRefresh, refreshing }: DashboardControlsProps) {
  return (
    <Flex role="group" aria-label="Dashboard controls" wrap="wrap" alignItems="flex-end" gap="medium">
      <SelectField
        label="Year"
        size="small"
        value={String(settings.year)}
        onChange={(event) => onChange({ ...settings, year: parseAllOrNumber(event.target.value) })}
      >
        <option value="all">All Years</option>
        {years.map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Month"
        size="small"
        value={String(settings.month)}
        onChange={(event) => onChange({ ...settings, month: parseAllOrNumber(event.target.value) })}
      >
        <option value="all">All Months</option>
        {MONTH_OPTIONS.map(({ label, index }) => (
          <option key={label} value={index}>
            {label}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Chart type"
        size="small"
        value={settings.chartType}
        onChange={(event) => onChange({ ...settings, chartType: event.target.value as ChartType })}
      >
        {CHART_TYPES.map((type) => (
          <option key={type} value={type}>
            {CHART_TYPE_LABELS[type]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Time range"
        size="small"
        value={settings.timeRange}
        onChange={(event) => onChange({ ...settings, timeRange: event.target.value as TimeRange })}
      >
        {TIME_RANGES.map((range) => (
          <option key={range} value={range}>
            {TIME_RANGE_LABELS[range]}
          </option>
        ))}
      </SelectField>
      <Button size="small" onClick={onRefresh} isLoading={refreshing} loadingText="Refreshing...">
        Refresh
      </Button>
    </Flex>
  );
}
