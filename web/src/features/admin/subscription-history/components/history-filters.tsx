import { Button, Flex, SelectField } from '@aws-amplify/ui-react';
import { MONTH_ABBREVIATIONS } from '@goldbot/shared';
import type { ReactNode } from 'react';
import { ServerSearchField } from '../../components/server-search-field';
import type { ServerSearch } from '../../hooks/use-server-search';
import type { HistoryPeriod } from '../api/get-subscription-history';

/** How many years the year filter offers, the current one first. */
const YEARS_OFFERED = 5;

/** The year filter's choices: the current UTC year and the four before it. */
export function historyYears(now: Date = new Date()): number[] {
  const current = now.getUTCFullYear();
  return Array.from({ length: YEARS_OFFERED }, (_, index) => current - index);
}

interface HistoryFiltersProps {
  search: ServerSearch;
  period: HistoryPeriod;
  onPeriodChange: (period: HistoryPeriod) => void;
  onClear: () => void;
  onRefresh: () => void;
  refreshing: boolean;
  /** More buttons of the toolbar, after Clear and Refresh (an export of the rows shown). */
  actions?: ReactNode;
}

/** Search (username, e-mail, package, status), month and year, and the toolbar. */
export function HistoryFilters({
  search,
  period,
  onPeriodChange,
  onClear,
  onRefresh,
  refreshing,
  actions,
}: HistoryFiltersProps) {
  return (
    <Flex direction="column" gap="medium">
      <ServerSearchField
        label="Search subscriptions"
        placeholder="Search by username, email, package or status"
        search={search}
      />
      <Flex wrap="wrap" alignItems="flex-end" gap="medium">
        <SelectField
          label="Month"
          size="small"
          value={String(period.month)}
          onChange={(event) =>
            onPeriodChange({ ...period, month: event.target.value === 'all' ? 'all' : Number(event.target.value) })
          }
        >
          <option value="all">All Months</option>
          {MONTH_ABBREVIATIONS.map((label, index) => (
            <option key={label} value={index}>
              {label}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Year"
          size="small"
          value={String(period.year)}
          onChange={(event) => onPeriodChange({ ...period, year: Number(event.target.value) })}
        >
          {historyYears().map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </SelectField>
        <Flex role="toolbar" aria-label="Subscription history actions" gap="small" alignItems="flex-end">
          <Button size="small" onClick={onClear}>
            Clear
          </Button>
          <Button size="small" onClick={onRefresh} isLoading={refreshing} loadingText="Refreshing...">
            Refresh
          </Button>
          {actions}
        </Flex>
      </Flex>
    </Flex>
  );
}
