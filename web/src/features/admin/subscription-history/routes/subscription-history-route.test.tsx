import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { subscriptionSummaryOf, type AdminSubscription } from '@goldbot/shared';
import { mockApi } from '@/test/auth-helpers';
import { cellTexts, columnHeaders, deferred, jsonResponse } from '@/test/test-utils';
import {
  adminScreenOpener,
  customerRef,
  lastQueryTo,
  type MockedApi,
  nth,
  queriesTo,
  renderAdminScreen,
  statCard,
} from '../../testing/render-admin';
import { historyQuery } from '../api/get-subscription-history';
import { historyYears } from '../components/history-filters';
import { SubscriptionHistory } from '../components/subscription-history';
import { subscriptionOf } from '../testing/admin-subscription-fixtures';
import AdminSubscriptionHistoryRoute from './subscription-history-route';

const HISTORY = 'GET /api/payment/subscription-history';

const summary = subscriptionSummaryOf({
  total: 128,
  freeTrials: 40,
  basicPackages: 50,
  proPackages: 30,
  ultimatePackages: 8,
  active: 90,
  pending: 10,
  expired: 28,
});

const page = (subscriptions: AdminSubscription[], nextCursor: string | null = null, pageSummary = summary) =>
  jsonResponse({ success: true, subscriptions, nextCursor, summary: pageSummary });

const alice = subscriptionOf('alice', {
  packageName: 'Basic Package',
  status: 'active',
  startDate: '2026-03-01',
  endDate: '2026-03-31',
});
const bob = subscriptionOf('bob', {
  packageName: 'Ultimate Package',
  status: 'active',
  startDate: '2026-02-14',
  endDate: null,
  paymentId: 'pay-bob',
});
const carol = subscriptionOf('carol', {
  packageName: 'Free Trial',
  status: 'expired',
  startDate: '2026-01-01',
  endDate: '2026-01-31',
  paymentMethod: 'free',
  paymentId: null,
});
const dave = subscriptionOf('dave', {
  packageName: 'Pro Package',
  status: 'pending',
  startDate: null,
  endDate: null,
  paymentId: null,
});

const lastQuery = (api: MockedApi) => lastQueryTo(api, HISTORY);

const openScreen = adminScreenOpener(<AdminSubscriptionHistoryRoute />, {
  path: '/admin/subscription-history',
  heading: 'Subscription History',
  routes: { [HISTORY]: page([alice, bob, carol, dave]) },
});

const table = () => screen.findByRole('table', { name: 'Subscription history' });

/** Opens the screen on the four sample rows and waits for their table. */
async function openWithRows() {
  const opened = await openScreen();
  await table();
  return opened;
}
const rowTexts = async () =>
  within(await table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => cellTexts(row));

describe('admin subscription history', { timeout: 15_000 }, () => {
  it('shows Total, Free, Basic, Pro and Ultimate from the summary', async () => {
    await openWithRows();
    expect(statCard('Total').getByText('128')).toBeInTheDocument();
    expect(statCard('Free').getByText('40')).toBeInTheDocument();
    expect(statCard('Basic').getByText('50')).toBeInTheDocument();
    expect(statCard('Pro').getByText('30')).toBeInTheDocument();
    expect(statCard('Ultimate').getByText('8')).toBeInTheDocument();
  });

  it("shows Package, User, Email, Start, End ('Lifetime' for Ultimate), Status and Payment (USDT, Free or N/A)", async () => {
    await openScreen();
    const headers = columnHeaders(await table());
    expect(headers).toEqual(['Package', 'User', 'Email', 'Start', 'End', 'Status', 'Payment']);
    expect(await rowTexts()).toEqual([
      ['Basic Package', 'alice', 'alice@example.com', 'Mar 1, 2026', 'Mar 31, 2026', 'Active', 'USDT'],
      ['Ultimate Package', 'bob', 'bob@example.com', 'Feb 14, 2026', 'Lifetime', 'Active', 'USDT'],
      ['Free Trial', 'carol', 'carol@example.com', 'Jan 1, 2026', 'Jan 31, 2026', 'Expired', 'Free'],
      ['Pro Package', 'dave', 'dave@example.com', '-', '-', 'Pending', 'N/A'],
    ]);
  });

  it('asks for the current year by default, and for the chosen month and year', async () => {
    const { api, user } = await openWithRows();
    const [current = 0, previous = 0] = historyYears();
    expect(current).toBe(new Date().getUTCFullYear());
    expect(lastQuery(api).get('year')).toBe(String(current));
    expect(lastQuery(api).has('month')).toBe(false);
    expect(lastQuery(api).has('search')).toBe(false);
    expect(lastQuery(api).get('limit')).toBe('20');

    const yearOptions = within(screen.getByLabelText('Year'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(yearOptions).toEqual(historyYears().map(String));
    expect(yearOptions).toHaveLength(5);
    expect(screen.getByLabelText('Month')).toHaveValue('all');

    await user.selectOptions(screen.getByLabelText('Month'), 'Mar');
    await waitFor(() => expect(lastQuery(api).get('month')).toBe('2'));
    expect(lastQuery(api).get('year')).toBe(String(current));

    api.on(HISTORY, page([], null, subscriptionSummaryOf()));
    await user.selectOptions(screen.getByLabelText('Year'), String(previous));
    await waitFor(() => expect(lastQuery(api).get('year')).toBe(String(previous)));
    expect(lastQuery(api).get('month')).toBe('2');
    expect(await screen.findByText('No records found')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Total' })).getByText('0')).toBeInTheDocument();
  });

  it('shows the loading text on the first load', async () => {
    const answer = deferred<Response>();
    await openScreen({ [HISTORY]: () => answer.promise });
    expect(await screen.findByText('Loading subscription history...')).toBeInTheDocument();
    answer.resolve(page([alice]));
    expect(within(await table()).getByText('alice')).toBeInTheDocument();
    expect(screen.queryByText('Loading subscription history...')).not.toBeInTheDocument();
  });

  it('sends the search (username, e-mail, package or status) to the server once typing pauses', async () => {
    const { api, user } = await openWithRows();
    api.on(HISTORY, page([]));
    await user.type(screen.getByLabelText('Search subscriptions'), 'ultimate');
    expect(await screen.findByText('No records found')).toBeInTheDocument();
    const searched = queriesTo(api, HISTORY).filter((query) => query.has('search'));
    // Debounced: one request for the whole term, with the period.
    expect(searched.map((query) => [query.get('search'), query.get('year')])).toEqual([
      ['ultimate', String(nth(historyYears(), 0))],
    ]);
  });

  it('Clear empties the search and goes back to every month of the current year', async () => {
    const { api, user } = await openWithRows();
    const [current, previous] = historyYears().map(String);
    await user.selectOptions(screen.getByLabelText('Year'), previous ?? '');
    await user.selectOptions(screen.getByLabelText('Month'), 'Dec');
    await user.type(screen.getByLabelText('Search subscriptions'), 'bob');
    await waitFor(() => expect(lastQuery(api).get('search')).toBe('bob'));
    expect(lastQuery(api).get('month')).toBe('11');

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByLabelText('Search subscriptions')).toHaveValue('');
    expect(screen.getByLabelText('Month')).toHaveValue('all');
    expect(screen.getByLabelText('Year')).toHaveValue(current);
    await waitFor(() => expect(lastQuery(api).has('search')).toBe(false));
    expect(lastQuery(api).has('month')).toBe(false);
    expect(lastQuery(api).get('year')).toBe(current);
    expect(within(await table()).getByText('alice')).toBeInTheDocument();
  });

  it('Refresh reads the rows again and says so for 4 s', async () => {
    const { api, user } = await openWithRows();
    const before = api.requestsTo(HISTORY).length;
    api.on(HISTORY, page([alice, bob, carol, dave, { ...alice, _id: 'sub-erin', userId: customerRef('erin') }]));
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Subscription history refreshed')).toBeInTheDocument();
    expect(api.requestsTo(HISTORY).length).toBeGreaterThan(before);
    expect(within(await table()).getByText('erin')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Subscription history refreshed')).not.toBeInTheDocument(), {
      timeout: 6000,
    });
  }, 15_000);

  it('keeps the rows under the error when a refresh fails, without saying it worked', async () => {
    const { api, user } = await openWithRows();
    api.on(HISTORY, jsonResponse({ message: 'Database unavailable' }, 503));
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    expect(within(await table()).getByText('alice')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Refresh' })).toBeEnabled();
    expect(screen.queryByText('Subscription history refreshed')).not.toBeInTheDocument();
  });

  it("says 'Failed to load subscription data' when the first load fails, with the server message when there is one", async () => {
    const { api, user } = await openScreen({ [HISTORY]: new Response('oops', { status: 500 }) });
    expect(await screen.findByText('Failed to load subscription data')).toBeInTheDocument();
    api.on(HISTORY, jsonResponse({ message: 'year must be 2000 or later' }, 400));
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('year must be 2000 or later')).toBeInTheDocument();
    api.on(HISTORY, page([alice]));
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(within(await table()).getByText('alice')).toBeInTheDocument();
  });

  it('loads more rows with the server cursor, keeping the period', async () => {
    const { api, user } = await openScreen();
    api.on(HISTORY, () => (lastQuery(api).get('cursor') === 'cursor-2' ? page([dave]) : page([alice], 'cursor-2')));
    await user.selectOptions(screen.getByLabelText('Month'), 'Feb');
    await waitFor(() => expect(lastQuery(api).get('month')).toBe('1'));
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await within(await table()).findByText('dave')).toBeInTheDocument();
    expect(within(await table()).getByText('alice')).toBeInTheDocument();
    expect(lastQuery(api).get('cursor')).toBe('cursor-2');
    expect(lastQuery(api).get('month')).toBe('1');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('hands the filter of the rows shown to the toolbar actions (an export of them)', async () => {
    mockApi({ [HISTORY]: page([alice]) });
    const { user } = renderAdminScreen(
      <SubscriptionHistory toolbarActions={(filter) => <output>{JSON.stringify(historyQuery(filter))}</output>} />,
    );
    const toolbar = within(screen.getByRole('toolbar', { name: 'Subscription history actions' }));
    const current = nth(historyYears(), 0);
    expect(toolbar.getByRole('status')).toHaveTextContent(JSON.stringify({ year: current }));
    await user.selectOptions(screen.getByLabelText('Month'), 'Apr');
    await user.type(screen.getByLabelText('Search subscriptions'), ' alice ');
    await waitFor(() =>
      expect(toolbar.getByRole('status')).toHaveTextContent(
        JSON.stringify({ year: current, month: 3, search: 'alice' }),
      ),
    );
  });
});
