import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PaymentStatsResponse } from '@goldbot/shared';
import { deferred, jsonResponse } from '@/test/test-utils';
import { adminScreenOpener, lastQueryTo, type MockedApi, nth, statCard } from '../../testing/render-admin';
import { DEFAULT_PACKAGE_COLOR } from '../components/package-revenue-list';
import { dashboardYears } from '../lib/dashboard-options';
import AdminDashboardRoute from './admin-dashboard-route';
import { EIGHT_MONTHS } from '../testing/revenue-fixtures';

const USER_STATS = 'GET /api/admin/user-stats';
const PAYMENT_STATS = 'GET /api/admin/payment-stats';

const userStats = { total: 1234, active: 1200, inactive: 34, newThisMonth: 7 };

const STATS: PaymentStatsResponse = {
  paymentStats: {
    total: { amount: 12500, completedCount: 40, pendingCount: 3 },
    today: { amount: 250, count: 1 },
    thisMonth: { amount: 1350.5, count: 6 },
    thisYear: { amount: 5600, count: 20 },
  },
  revenueData: EIGHT_MONTHS,
  packageData: [
    { name: 'Pro Package', revenue: 5000, color: '#d4af37' },
    { name: 'Basic Package', revenue: 1200, color: '' },
  ],
};

const openScreen = adminScreenOpener(<AdminDashboardRoute />, {
  path: '/admin/dashboard',
  heading: 'Dashboard',
  routes: {
    [USER_STATS]: jsonResponse({ userStats }),
    [PAYMENT_STATS]: jsonResponse(STATS),
    // A set-up back-office: the first-run checklist is done and not shown (setup-checklist.test.tsx).
    'GET /api/admin/setup-checklist': jsonResponse({ success: true, steps: [], complete: true }),
    // No mail failed (failed-mails.test.tsx shows the list).
    'GET /api/admin/failed-mails': jsonResponse({ mails: [], total: 0, nextCursor: null }),
  },
});

const loaded = () => screen.findByRole('heading', { level: 2, name: 'User Analytics' });
const section = (name: string) => within(screen.getByRole('region', { name }));
const revenuePanel = () => section('Monthly Revenue');
const summaryValue = (label: string) => revenuePanel().getByRole('listitem', { name: label }).textContent;
const monthCards = () =>
  within(revenuePanel().getByRole('list', { name: 'Revenue by month' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
const lastPaymentQuery = (api: MockedApi) => lastQueryTo(api, PAYMENT_STATS);

// Every test draws the recharts chart in jsdom: slow on a busy 2-core machine.
describe('admin dashboard', { timeout: 15_000 }, () => {
  it('says it is loading, then shows User Analytics and Revenue Analytics with their counts', async () => {
    const answer = deferred<Response>();
    await openScreen({ [PAYMENT_STATS]: () => answer.promise });
    expect(screen.getByText('Loading dashboard data...')).toBeInTheDocument();
    answer.resolve(jsonResponse(STATS));
    await loaded();
    expect(screen.queryByText('Loading dashboard data...')).not.toBeInTheDocument();

    expect(statCard('Total Users').getByText('1,234')).toBeInTheDocument();
    expect(statCard('Active Users').getByText('1,200')).toBeInTheDocument();
    expect(statCard('Inactive Users').getByText('34')).toBeInTheDocument();
    expect(statCard('New This Month').getByText('7')).toBeInTheDocument();

    expect(screen.getByRole('heading', { level: 2, name: 'Revenue Analytics' })).toBeInTheDocument();
    expect(statCard('Total Revenue').getByText('$12,500')).toBeInTheDocument();
    expect(statCard('Total Revenue').getByText('40 completed · 3 pending')).toBeInTheDocument();
    expect(statCard("Today's Revenue").getByText('$250')).toBeInTheDocument();
    expect(statCard("Today's Revenue").getByText('1 payment')).toBeInTheDocument();
    expect(statCard('This Month').getByText('$1,350.50')).toBeInTheDocument();
    expect(statCard('This Month').getByText('6 payments')).toBeInTheDocument();
    expect(statCard('This Year').getByText('$5,600')).toBeInTheDocument();
    expect(statCard('This Year').getByText('20 payments')).toBeInTheDocument();

    expect(screen.getByText(/^Last updated: \d{1,2}:\d{2}:\d{2} [AP]M$/)).toBeInTheDocument();
  });

  it('offers the years, months, chart types and time ranges with their defaults', async () => {
    await openScreen();
    await loaded();
    const options = (label: string) =>
      within(screen.getByLabelText(label))
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(screen.getByLabelText('Year')).toHaveValue('all');
    expect(options('Year')).toEqual(['All Years', ...dashboardYears().map(String)]);
    expect(screen.getByLabelText('Month')).toHaveValue('all');
    expect(options('Month')).toEqual([
      'All Months',
      ...['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
    ]);
    expect(screen.getByLabelText('Chart type')).toHaveValue('line');
    expect(options('Chart type')).toEqual(['Line', 'Bar', 'Area']);
    expect(screen.getByLabelText('Time range')).toHaveValue('12months');
    expect(options('Time range')).toEqual(['Last 12 months', 'Last 6 months', 'Last 3 months']);
  });

  it('reloads only the payment statistics on a change of year or month, sending them only when not all', async () => {
    const { api, user } = await openScreen();
    await loaded();
    expect(api.requestsTo(USER_STATS)).toHaveLength(1);
    expect([...lastPaymentQuery(api).keys()]).toEqual([]);

    const [year] = dashboardYears();
    api.on(
      PAYMENT_STATS,
      jsonResponse({ ...STATS, paymentStats: { ...STATS.paymentStats, thisYear: { amount: 99, count: 1 } } }),
    );
    await user.selectOptions(screen.getByLabelText('Year'), String(year));
    await waitFor(() => expect(lastPaymentQuery(api).get('year')).toBe(String(year)));
    expect(lastPaymentQuery(api).has('month')).toBe(false);
    expect(await statCard('This Year').findByText('$99')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Month'), 'Jan');
    await waitFor(() => expect(lastPaymentQuery(api).get('month')).toBe('0'));
    expect(lastPaymentQuery(api).get('year')).toBe(String(year));
    await user.selectOptions(screen.getByLabelText('Month'), 'Dec');
    await waitFor(() => expect(lastPaymentQuery(api).get('month')).toBe('11'));

    await user.selectOptions(screen.getByLabelText('Year'), 'all');
    await waitFor(() => expect(lastPaymentQuery(api).has('year')).toBe(false));
    expect(lastPaymentQuery(api).get('month')).toBe('11');

    // The user counts were read once, on the first load.
    expect(api.requestsTo(USER_STATS)).toHaveLength(1);
    expect(statCard('Total Users').getByText('1,234')).toBeInTheDocument();
  });

  it('keeps the figures on screen while they reload, and Refresh reads both again', async () => {
    const { api, user } = await openScreen();
    await loaded();
    const answer = deferred<Response>();
    api.on(PAYMENT_STATS, () => answer.promise);
    api.on(USER_STATS, jsonResponse({ userStats: { ...userStats, total: 1235 } }));
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    // The refreshing flag, not the first load's: the figures stay.
    expect(await screen.findByRole('button', { name: /Refreshing/ })).toBeDisabled();
    expect(screen.queryByText('Loading dashboard data...')).not.toBeInTheDocument();
    expect(statCard('Total Revenue').getByText('$12,500')).toBeInTheDocument();
    answer.resolve(
      jsonResponse({
        ...STATS,
        paymentStats: { ...STATS.paymentStats, total: { amount: 12750, completedCount: 41, pendingCount: 2 } },
      }),
    );
    expect(await statCard('Total Revenue').findByText('$12,750')).toBeInTheDocument();
    expect(statCard('Total Revenue').getByText('41 completed · 2 pending')).toBeInTheDocument();
    expect(statCard('Total Users').getByText('1,235')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Refresh' })).toBeEnabled();
    expect(api.requestsTo(USER_STATS)).toHaveLength(2);
    expect(api.requestsTo(PAYMENT_STATS)).toHaveLength(2);
  });

  it('filters the Monthly Revenue panel in the browser and sums what it keeps', async () => {
    const { api, user } = await openScreen();
    await loaded();
    const before = api.requestsTo(PAYMENT_STATS).length;

    // 12 months: every entry; the grid shows the first six.
    expect(summaryValue('Total')).toBe('Total$1,990');
    expect(summaryValue('Average')).toBe('Average$248.75');
    expect(summaryValue('Records')).toBe('Records8');
    expect(revenuePanel().getByText('Highest $1,000 · Lowest $0')).toBeInTheDocument();
    expect(monthCards()).toEqual([
      'Aug 2025$100',
      'Sep 2025$0',
      'Oct 2025$250',
      'Nov 2025$60',
      'Dec 2025$1,000',
      'Jan 2026$310',
    ]);

    await user.selectOptions(screen.getByLabelText('Time range'), '3months');
    expect(summaryValue('Records')).toBe('Records3');
    expect(summaryValue('Total')).toBe('Total$580');
    expect(monthCards()).toEqual(['Jan 2026$310', 'Feb 2026$20', 'Mar 2026$250']);

    // A year of the panel's own: the time range no longer applies.
    const panelYear = revenuePanel().getByLabelText('Revenue year');
    expect(
      within(panelYear)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All Years', '2026', '2025']);
    await user.selectOptions(panelYear, '2025');
    expect(summaryValue('Records')).toBe('Records5');
    expect(summaryValue('Total')).toBe('Total$1,410');
    expect(summaryValue('Average')).toBe('Average$282');

    await user.selectOptions(revenuePanel().getByLabelText('Revenue month'), 'Oct');
    expect(monthCards()).toEqual(['Oct 2025$250']);
    expect(summaryValue('Records')).toBe('Records1');

    await user.selectOptions(panelYear, '2026');
    expect(revenuePanel().getByText('No revenue data available')).toBeInTheDocument();
    expect(summaryValue('Total')).toBe('Total$0');
    expect(summaryValue('Average')).toBe('Average$0');
    expect(summaryValue('Records')).toBe('Records0');
    expect(revenuePanel().queryByRole('list', { name: 'Revenue by month' })).not.toBeInTheDocument();

    // None of that asked the server.
    expect(api.requestsTo(PAYMENT_STATS)).toHaveLength(before);
  });

  it('draws the chart lazily, with an accessible name, in the chosen type', async () => {
    const { container, user } = await openScreen();
    await loaded();
    const chart = await waitFor(() => {
      const surface = container.querySelector('svg.recharts-surface');
      if (!surface) throw new Error('no chart yet');
      return surface;
    });
    expect(within(chart as HTMLElement).getByText('Monthly revenue chart', { selector: 'title' })).toBeInTheDocument();
    expect(chart.querySelector('desc')?.textContent).toContain('Mar 2026 $250');
    expect(container.querySelector('.recharts-line')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Chart type'), 'bar');
    await waitFor(() => expect(container.querySelector('.recharts-bar')).toBeInTheDocument());
    expect(container.querySelector('.recharts-line')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Chart type'), 'area');
    await waitFor(() => expect(container.querySelector('.recharts-area')).toBeInTheDocument());
  });

  it('lists the package revenue with coloured dots, teal when the server gives no colour', async () => {
    await openScreen();
    await loaded();
    const items = within(section('Package Revenue').getByRole('list', { name: 'Revenue by package' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent)).toEqual(['Pro Package$5,000', 'Basic Package$1,200']);
    const dots = section('Package Revenue').getAllByTestId('package-dot');
    expect(nth(dots, 0)).toHaveStyle({ backgroundColor: '#d4af37' });
    expect(nth(dots, 1)).toHaveStyle({ backgroundColor: DEFAULT_PACKAGE_COLOR });
  });

  it('says when there is no revenue and no package data', async () => {
    const empty = { ...STATS, revenueData: [], packageData: [] };
    const { container } = await openScreen({ [PAYMENT_STATS]: jsonResponse(empty) });
    await loaded();
    expect(revenuePanel().getByText('No revenue data available')).toBeInTheDocument();
    expect(section('Package Revenue').getByText('No package data available')).toBeInTheDocument();
    expect(summaryValue('Total')).toBe('Total$0');
    expect(container.querySelector('svg.recharts-surface')).not.toBeInTheDocument();
  });

  it('replaces the page with the error when the first load fails, and loads on Try Again', async () => {
    const { api, user } = await openScreen({ [PAYMENT_STATS]: new Response('Bad gateway', { status: 502 }) });
    expect(await screen.findByText('Error loading dashboard: Failed to fetch payment statistics')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'User Analytics' })).not.toBeInTheDocument();
    expect(screen.queryByText('Loading dashboard data...')).not.toBeInTheDocument();

    api.on(PAYMENT_STATS, jsonResponse(STATS));
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await loaded();
    expect(screen.queryByText(/Error loading dashboard/)).not.toBeInTheDocument();
  });

  it("shows the server's message, or the user statistics fallback, on a failed first load", async () => {
    await openScreen({ [USER_STATS]: jsonResponse({ message: 'Database unavailable' }, 503) });
    expect(await screen.findByText('Error loading dashboard: Database unavailable')).toBeInTheDocument();
  });

  it('says which statistics failed when the server gives no message', async () => {
    await openScreen({ [USER_STATS]: new Response('', { status: 500 }) });
    expect(await screen.findByText('Error loading dashboard: Failed to fetch user statistics')).toBeInTheDocument();
  });

  it('keeps the figures under a dismissible alert when a later load fails', async () => {
    const { api, user } = await openScreen();
    await loaded();
    api.on(PAYMENT_STATS, jsonResponse({ message: 'Statistics are being rebuilt' }, 503));
    await user.selectOptions(screen.getByLabelText('Year'), String(nth(dashboardYears(), 1)));
    const alert = await screen.findByText('Error loading dashboard: Statistics are being rebuilt');
    expect(alert.closest('[role="alert"]')).toBeInTheDocument();
    // The figures already shown stay.
    expect(statCard('Total Revenue').getByText('$12,500')).toBeInTheDocument();
    expect(statCard('Total Users').getByText('1,234')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /dismiss/i }));
    expect(screen.queryByText(/Error loading dashboard/)).not.toBeInTheDocument();
    expect(statCard('Total Revenue').getByText('$12,500')).toBeInTheDocument();
  });
});
