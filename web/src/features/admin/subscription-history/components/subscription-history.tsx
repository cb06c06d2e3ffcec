import { useState, type ReactNode } from 'react';
import { ADMIN_MESSAGES, TOAST_MS } from '@goldbot/shared';
import { NoticedColumn } from '../../components/notice-alert';
import { StatCards } from '../../components/stat-cards';
import { useNotice } from '../../hooks/use-notice';
import { useServerSearch } from '../../hooks/use-server-search';
import { useSubscriptionHistory, type HistoryFilter, type HistoryPeriod } from '../api/get-subscription-history';
import { HistoryFilters } from './history-filters';
import { HistoryTable } from './history-table';

const currentPeriod = (): HistoryPeriod => ({ year: new Date().getUTCFullYear(), month: 'all' });

export const HISTORY_REFRESHED = 'Subscription history refreshed';

/**
 * Admin subscription history: a server search on username, e-mail, package or
 * status, the month and year (the current year by default), Clear and Refresh, the summary cards
 * of the period and its subscriptions page by page. `toolbarActions` adds buttons after Refresh,
 * given the filter of the rows shown (an export of them).
 */
export function SubscriptionHistory({ toolbarActions }: { toolbarActions?: (filter: HistoryFilter) => ReactNode }) {
  const search = useServerSearch();
  const [period, setPeriod] = useState(currentPeriod);
  const filter: HistoryFilter = { ...period, search: search.search };
  const list = useSubscriptionHistory(filter);
  const [refreshing, setRefreshing] = useState(false);
  const notice = useNotice();
  const summary = list.summary;

  const clear = () => {
    search.clear();
    setPeriod(currentPeriod());
  };

  const refresh = async () => {
    setRefreshing(true);
    notice.clear();
    try {
      // A failed read shows under the table, with the rows kept (PagedListView).
      if (await list.reload()) notice.show('success', HISTORY_REFRESHED, TOAST_MS.adminHistory);
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <NoticedColumn notice={notice}>
      <HistoryFilters
        search={search}
        period={period}
        onPeriodChange={setPeriod}
        onClear={clear}
        onRefresh={() => void refresh()}
        refreshing={refreshing}
        actions={toolbarActions?.(filter)}
      />
      <StatCards
        cards={[
          { label: 'Total', value: summary?.total },
          { label: 'Free', value: summary?.freeTrials },
          { label: 'Basic', value: summary?.basicPackages },
          { label: 'Pro', value: summary?.proPackages },
          { label: 'Ultimate', value: summary?.ultimatePackages },
        ]}
      />
      <HistoryTable
        list={list}
        errorText={ADMIN_MESSAGES.fetchHistoryFailed}
        loadFailedText={ADMIN_MESSAGES.loadHistoryFailed}
      />
    </NoticedColumn>
  );
}
