import { Button, Flex } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { allChoice, ChoiceField, MONTH_INDEX_CHOICES, plainChoices } from '../../components/choice-field';
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
        <ChoiceField
          label="Month"
          size="small"
          value={period.month}
          choices={[allChoice('All Months'), ...MONTH_INDEX_CHOICES]}
          onChoose={(month) => onPeriodChange({ ...period, month })}
        />
        <ChoiceField
          label="Year"
          size="small"
          value={period.year}
          choices={plainChoices(historyYears())}
          onChoose={(year) => onPeriodChange({ ...period, year })}
        />
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
