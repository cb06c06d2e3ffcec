import { Button, Flex } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { FilterChoiceField, MONTH_FILTER_CHOICES, plainChoices } from '../../components/choice-field';
import { RefreshButton } from '../../components/refresh-button';
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
  const set =
    <K extends keyof HistoryPeriod>(key: K) =>
    (value: HistoryPeriod[K]) =>
      onPeriodChange({ ...period, [key]: value });

  return (
    <Flex direction="column" gap="medium">
      <ServerSearchField
        label="Search subscriptions"
        placeholder="Search by username, email, package or status"
        search={search}
      />
      <Flex wrap="wrap" alignItems="flex-end" gap="medium">
        <FilterChoiceField label="Month" value={period.month} choices={MONTH_FILTER_CHOICES} onChoose={set('month')} />
        <FilterChoiceField
          label="Year"
          value={period.year}
          choices={plainChoices(historyYears())}
          onChoose={set('year')}
        />
        <Flex role="toolbar" aria-label="Subscription history actions" gap="small" alignItems="flex-end">
          <Button size="small" onClick={onClear}>
            Clear
          </Button>
          <RefreshButton size="small" onClick={onRefresh} refreshing={refreshing} />
          {actions}
        </Flex>
      </Flex>
    </Flex>
  );
}
