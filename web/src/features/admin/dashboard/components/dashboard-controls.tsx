import { Button, Flex } from '@aws-amplify/ui-react';
import { allChoice, ChoiceField, MONTH_INDEX_CHOICES, plainChoices } from '../../components/choice-field';
import { CHART_TYPE_LABELS, CHART_TYPES, TIME_RANGE_LABELS, type ChartType } from '../lib/dashboard-options';
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
      <ChoiceField
        label="Year"
        size="small"
        value={settings.year}
        choices={[allChoice('All Years'), ...plainChoices(years)]}
        onChoose={(year) => onChange({ ...settings, year })}
      />
      <ChoiceField
        label="Month"
        size="small"
        value={settings.month}
        choices={[allChoice('All Months'), ...MONTH_INDEX_CHOICES]}
        onChoose={(month) => onChange({ ...settings, month })}
      />
      <ChoiceField
        label="Chart type"
        size="small"
        value={settings.chartType}
        choices={CHART_TYPES.map((type) => ({ value: type, label: CHART_TYPE_LABELS[type] }))}
        onChoose={(chartType) => onChange({ ...settings, chartType })}
      />
      <ChoiceField
        label="Time range"
        size="small"
        value={settings.timeRange}
        choices={TIME_RANGES.map((range) => ({ value: range, label: TIME_RANGE_LABELS[range] }))}
        onChoose={(timeRange) => onChange({ ...settings, timeRange })}
      />
      <Button size="small" onClick={onRefresh} isLoading={refreshing} loadingText="Refreshing...">
        Refresh
      </Button>
    </Flex>
  );
}
