import { Flex } from '@aws-amplify/ui-react';
import { FilterChoiceField, MONTH_FILTER_CHOICES, yearFilterChoices } from '../../components/choice-field';
import { RefreshButton } from '../../components/refresh-button';
import { CHART_TYPE_LABELS, CHART_TYPES, TIME_RANGE_LABELS, type ChartType } from '../lib/dashboard-options';
import { TIME_RANGES, type TimeRange } from '../lib/revenue-filter';

const CHART_CHOICES = CHART_TYPES.map((type) => ({ value: type, label: CHART_TYPE_LABELS[type] }));
const RANGE_CHOICES = TIME_RANGES.map((range) => ({ value: range, label: TIME_RANGE_LABELS[range] }));

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
  const set =
    <K extends keyof DashboardSettings>(key: K) =>
    (value: DashboardSettings[K]) =>
      onChange({ ...settings, [key]: value });
  const { year, month, chartType, timeRange } = settings;

  return (
    <Flex role="group" aria-label="Dashboard controls" wrap="wrap" alignItems="flex-end" gap="medium">
      <FilterChoiceField label="Year" value={year} choices={yearFilterChoices(years)} onChoose={set('year')} />
      <FilterChoiceField label="Month" value={month} choices={MONTH_FILTER_CHOICES} onChoose={set('month')} />
      <FilterChoiceField label="Chart type" value={chartType} choices={CHART_CHOICES} onChoose={set('chartType')} />
      <FilterChoiceField label="Time range" value={timeRange} choices={RANGE_CHOICES} onChoose={set('timeRange')} />
      <RefreshButton size="small" onClick={onRefresh} refreshing={refreshing} />
    </Flex>
  );
}
