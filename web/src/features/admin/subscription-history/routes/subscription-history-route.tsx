import { paths } from '@/config/paths';
import { PageFrame } from '@/components/layout/page-frame';
import { ExportCsvButton } from '../../components/export-csv-button';
import { historyQuery, type HistoryFilter } from '../api/get-subscription-history';
import { SubscriptionHistory } from '../components/subscription-history';
import '../../components/admin-screens.css';

/** The CSV export of what the screen shows: the same year, month and search. */
function exportQuery(filter: HistoryFilter): Record<string, string | undefined> {
  const { year, month, search } = historyQuery(filter);
  return { year: String(year), month: month === undefined ? undefined : String(month), search };
}

export default function AdminSubscriptionHistoryRoute() {
  return (
    <PageFrame
      title={paths.admin.subscriptionHistory.title}
      documentTitle={`Admin: ${paths.admin.subscriptionHistory.title}`}
      lead="Every subscription of a month or year, with the payment behind it. Search by user, package or status."
    >
      <SubscriptionHistory
        toolbarActions={(filter) => <ExportCsvButton dataset="subscriptions" query={exportQuery(filter)} />}
      />
    </PageFrame>
  );
}
