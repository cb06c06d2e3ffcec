import { useState, type ReactNode } from 'react';
import { Alert, Button, Flex, Grid, Heading, Text } from '@aws-amplify/ui-react';
import { ADMIN_MESSAGES } from '@goldbot/shared';
import { ListLoading } from '../../components/list-states';
import { StatCards } from '../../components/stat-cards';
import { errorMessage } from '../../lib/error-message';
import { formatUsd } from '@/lib/format';
import { usePaymentStats } from '../api/get-payment-stats';
import { useUserStats } from '../api/get-user-stats';
import { dashboardYears } from '../lib/dashboard-options';
import { DashboardControls, type DashboardSettings } from './dashboard-controls';
import { MonthlyRevenuePanel } from './monthly-revenue-panel';
import { PackageRevenueList } from './package-revenue-list';

/** A titled group of stat cards ('User Analytics', 'Revenue Analytics'), named by its heading. */
function AnalyticsSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Flex as="section" direction="column" gap="small" aria-labelledby={`${id}-heading`}>
      <Heading level={2} fontSize="xl" id={`${id}-heading`}>
        {title}
      </Heading>
      {children}
    </Flex>
  );
}

/** What the dashboard shows when it opens: every year, every month; a line chart over 12 months. */
const INITIAL_SETTINGS: DashboardSettings = { year: 'all', month: 'all', chartType: 'line', timeRange: '12months' };

const payments = (count: number) => `${count.toLocaleString('en-US')} payment${count === 1 ? '' : 's'}`;

/** A period card's line: its payments, and what was refunded in it when anything was. */
const periodDetail = (figures: { count: number; refundedAmount?: number }) =>
  figures.refundedAmount
    ? `${payments(figures.count)} · ${formatUsd(figures.refundedAmount)} refunded`
    : payments(figures.count);

const refunds = (count: number) => `${count.toLocaleString('en-US')} refund${count === 1 ? '' : 's'}`;

const loadFailed = (message: string) => `Error loading dashboard: ${message}`;

/**
 * The admin dashboard: the user counts (read on the first load and on Refresh
 * only), the revenue figures of the chosen year and month (read again when either changes), the
 * Monthly Revenue panel and Package Revenue. A failed first load replaces the page with its error;
 * a failure after that is a dismissible alert over the figures already shown.
 */
export function AdminDashboard() {
  const [settings, setSettings] = useState(INITIAL_SETTINGS);
  const [lastUpdated, setLastUpdated] = useState<Date | null>(null);
  const [dismissedError, setDismissedError] = useState<unknown>(null);
  const markUpdated = () => setLastUpdated(new Date());
  const users = useUserStats({ onSuccess: markUpdated });
  const revenue = usePaymentStats(settings, { onSuccess: markUpdated });

  const userStats = users.data?.userStats;
  const stats = revenue.data;
  const loaded = userStats !== undefined && stats !== undefined;
  // The revenue's failure first: it is the one a year or month change reloads.
  const error: unknown = revenue.error ?? users.error;
  const message =
    error === undefined
      ? ''
      : errorMessage(error, revenue.error ? ADMIN_MESSAGES.paymentStatsFailed : ADMIN_MESSAGES.userStatsFailed);

  const reload = () => Promise.all([users.mutate(), revenue.mutate()]);

  if (!loaded && error !== undefined) {
    return (
      <Alert variation="error">
        <Flex direction="column" gap="small" alignItems="flex-start">
          <Text as="span">{loadFailed(message)}</Text>
          <Button size="small" onClick={() => void reload()}>
            Try Again
          </Button>
        </Flex>
      </Alert>
    );
  }
  if (!loaded) return <ListLoading text="Loading dashboard data..." />;

  const refreshing = users.isValidating || revenue.isValidating;
  const { total, today, thisMonth, thisYear } = stats.paymentStats;

  return (
    <Flex direction="column" gap="large">
      <DashboardControls
        settings={settings}
        years={dashboardYears()}
        onChange={setSettings}
        onRefresh={() => void reload()}
        refreshing={refreshing}
      />
      {error !== undefined && error !== dismissedError && (
        <Alert key={message} variation="error" isDismissible onDismiss={() => setDismissedError(error)}>
          {loadFailed(message)}
        </Alert>
      )}
      <AnalyticsSection id="user-analytics" title="User Analytics">
        <StatCards
          cards={[
            { label: 'Total Users', value: userStats.total },
            { label: 'Active Users', value: userStats.active },
            { label: 'Inactive Users', value: userStats.inactive },
            { label: 'New This Month', value: userStats.newThisMonth, highlight: true },
          ]}
        />
      </AnalyticsSection>
      <AnalyticsSection id="revenue-analytics" title="Revenue Analytics">
        <StatCards
          cards={[
            {
              label: 'Total Revenue',
              value: total.amount,
              format: formatUsd,
              highlight: true,
              detail: `${total.completedCount.toLocaleString('en-US')} completed · ${total.pendingCount.toLocaleString('en-US')} pending`,
            },
            { label: "Today's Revenue", value: today.amount, format: formatUsd, detail: periodDetail(today) },
            { label: 'This Month', value: thisMonth.amount, format: formatUsd, detail: periodDetail(thisMonth) },
            { label: 'This Year', value: thisYear.amount, format: formatUsd, detail: periodDetail(thisYear) },
          ]}
        />
        {/* Refunds are counted apart: the revenue each period recorded stays as it was. */}
        <StatCards
          cards={[
            { label: 'Gross Revenue', value: total.amount, format: formatUsd, detail: 'Every completed payment' },
            {
              label: 'Refunded',
              value: total.refundedAmount ?? 0,
              format: formatUsd,
              detail: refunds(total.refundedCount ?? 0),
            },
            {
              label: 'Net Revenue',
              value: total.netAmount ?? total.amount,
              format: formatUsd,
              highlight: true,
              detail: 'Gross less refunds',
            },
          ]}
        />
      </AnalyticsSection>
      <Grid templateColumns={{ base: '1fr', large: '2fr 1fr' }} gap="large" alignItems="start">
        <MonthlyRevenuePanel
          entries={stats.revenueData}
          chartType={settings.chartType}
          timeRange={settings.timeRange}
        />
        <PackageRevenueList packages={stats.packageData} />
      </Grid>
      {lastUpdated && (
        <Text as="p" color="font.secondary" fontSize="small">
          Last updated: {lastUpdated.toLocaleTimeString('en-US')}
        </Text>
      )}
    </Flex>
  );
}
