import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PACKAGE_NAMES, PAYMENT_MESSAGES, SETTINGS_MESSAGES } from '@goldbot/shared';
import {
  catalog,
  CUSTOMER,
  errorResponse,
  mockCommerceApi,
  packageStatus,
  probedSearch,
  renderSignedIn,
  subscription,
} from '@/test/commerce-fixtures';
import { userWithdrawals, withdrawal } from '@/test/withdrawal-fixtures';
import { cellTexts, columnHeaders, deferred, jsonResponse } from '@/test/test-utils';
import DashboardRoute from './customer-dashboard-route';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

const renderDashboard = (path: Parameters<typeof renderSignedIn>[1] extends infer O ? O : never = {}) =>
  renderSignedIn(<DashboardRoute />, path);

/** GET /api/payment/active-subscription's answer: the caller's current package. */
const activeSubscription = (overrides: Parameters<typeof subscription>[0] = {}) =>
  jsonResponse({ subscription: subscription(overrides) });
/** A purchase waiting for its payment's verification: not started yet. */
const PENDING = { status: 'pending', startDate: null, endDate: null } as const;
/** Renders the dashboard for a caller whose current package is the fixture's with `overrides`. */
const renderWithSubscription = (
  overrides: Parameters<typeof subscription>[0],
  options: Parameters<typeof renderDashboard>[0] = {},
) => {
  mockCommerceApi({ 'GET /api/payment/active-subscription': activeSubscription(overrides) });
  return renderDashboard(options);
};
const card = (title: string) => screen.getByRole('listitem', { name: title });
const tab = (name: string) => screen.getByRole('tab', { name });
const search = () => probedSearch(screen.getByTestId('dashboard-location'));
const navigationState = () => JSON.parse(screen.getByTestId('dashboard-location').textContent || 'null') as unknown;

describe('dashboard layout', () => {
  it('has the page heading, a sidebar with four tabs and the particle background', async () => {
    mockCommerceApi();
    renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist', { name: 'Dashboard sections' })).getAllByRole('tab');
    expect(tabs.map((item) => item.textContent)).toEqual([
      'Packages',
      'Referral Program',
      'Billing History',
      'Account',
    ]);
    expect(tab('Packages')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('particle-background')).toHaveAttribute('aria-hidden', 'true');
    await waitFor(() => expect(document.title).toBe('Dashboard | GoldBot'));
    expect(await within(card('Basic')).findByText('$60')).toBeInTheDocument();
  });

  it('switches tabs, keeping the open tab in ?tab=', async () => {
    mockCommerceApi();
    const { user } = renderDashboard();
    await user.click(tab('Billing History'));
    expect(tab('Billing History')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Billing History' })).toBeInTheDocument();
    expect(search()).toBe('?tab=billing');
    await user.click(tab('Referral Program'));
    expect(search()).toBe('?tab=referral');
    await user.click(tab('Account'));
    expect(search()).toBe('?tab=account');
    expect(screen.getByRole('tabpanel', { name: 'Account' })).toBeInTheDocument();
    await user.click(tab('Packages'));
    expect(search()).toBe('');
  });

  it('opens the tab named in ?tab=', async () => {
    mockCommerceApi();
    renderDashboard({ path: '/dashboard?tab=referral' });
    expect(tab('Referral Program')).toHaveAttribute('aria-selected', 'true');
    // The tab's code loads when it is first opened.
    expect(await screen.findByRole('heading', { name: 'Your Referral Code' })).toBeInTheDocument();
  });

  it('moves between the tabs with the arrow keys, Up and Down included', async () => {
    mockCommerceApi();
    const { user } = renderDashboard();
    tab('Packages').focus();
    await user.keyboard('{ArrowDown}');
    expect(tab('Referral Program')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Referral Program')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab('Billing History')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(tab('Referral Program')).toHaveAttribute('aria-selected', 'true');
  });
});

describe('dashboard notices from the query string', () => {
  it.each([
    ['?success=true', 'Payment successful! Your subscription has been activated.'],
    ['?success=false', 'Payment was not completed.'],
    ['?subscription=active', 'Welcome to your Basic Package! Your subscription is now active.'],
  ])('%s shows “%s”, then removes the parameter', async (query, message) => {
    mockCommerceApi();
    renderDashboard({ path: `/dashboard${query}` });
    expect(screen.getByText(message)).toBeInTheDocument();
    await waitFor(() => expect(search()).toBe(''));
  });

  it('keeps the other parameters', async () => {
    mockCommerceApi();
    renderDashboard({ path: '/dashboard?tab=billing&success=true' });
    await waitFor(() => expect(search()).toBe('?tab=billing'));
    expect(tab('Billing History')).toHaveAttribute('aria-selected', 'true');
  });

  it('hides the notice after 3 seconds', async () => {
    vi.useFakeTimers();
    try {
      mockCommerceApi();
      renderDashboard({ path: '/dashboard?success=true' });
      expect(screen.getByText('Payment successful! Your subscription has been activated.')).toBeInTheDocument();
      await act(async () => vi.advanceTimersByTime(2900));
      expect(screen.getByText('Payment successful! Your subscription has been activated.')).toBeInTheDocument();
      await act(async () => vi.advanceTimersByTime(200));
      expect(screen.queryByText('Payment successful! Your subscription has been activated.')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('closes the notice by hand', async () => {
    mockCommerceApi();
    const { user } = renderDashboard({ path: '/dashboard?success=false' });
    await user.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText('Payment was not completed.')).not.toBeInTheDocument();
  });

  it('shows nothing without those parameters', () => {
    mockCommerceApi();
    renderDashboard();
    expect(screen.queryByRole('button', { name: 'Close notification' })).not.toBeInTheDocument();
  });
});

describe('a plan chosen on /pricing (navigation state selectedPlan)', () => {
  it('opens the payment modal of a paid plan, and forgets the plan once the modal is closed', async () => {
    mockCommerceApi();
    const { user } = renderDashboard({
      path: { pathname: '/dashboard', state: { selectedPlan: PACKAGE_NAMES.pro } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Pay with USDT' });
    expect(await within(dialog).findByText('Pro Package')).toBeInTheDocument();
    // Kept while paying: a reload meanwhile opens the payment again.
    expect(navigationState()).toEqual({ selectedPlan: PACKAGE_NAMES.pro });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(navigationState()).toBeNull());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens on the Packages tab even when ?tab= names another', async () => {
    mockCommerceApi();
    renderDashboard({
      path: { pathname: '/dashboard', search: '?tab=billing', state: { selectedPlan: 'Basic Package' } },
    });
    expect(tab('Packages')).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(search()).toBe(''));
    expect(tab('Packages')).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('dialog', { name: 'Pay with USDT' })).toBeInTheDocument();
  });

  it('highlights the free plan without starting the trial', async () => {
    const api = mockCommerceApi();
    renderDashboard({ path: { pathname: '/dashboard', state: { selectedPlan: PACKAGE_NAMES.freeTrial } } });
    expect(card('Free Copy Trading')).toHaveClass('package-card--highlighted');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requestsTo('POST /api/payment/create-free-trial')).toHaveLength(0);
  });

  it('ignores an unknown plan', () => {
    mockCommerceApi();
    renderDashboard({ path: { pathname: '/dashboard', state: { selectedPlan: 'Diamond Package' } } });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('Packages tab', () => {
  it('shows four cards with prices from GET /api/packages', async () => {
    mockCommerceApi({ 'GET /api/packages': catalog({ basic: 55, pro: 240, ultimate: 990 }) });
    renderDashboard();
    expect(await within(card('Basic')).findByText('$55')).toBeInTheDocument();
    expect(within(card('Free Copy Trading')).getByText('Free')).toBeInTheDocument();
    expect(within(card('Pro')).getByText('$240')).toBeInTheDocument();
    expect(within(card('Ultimate')).getByText('$990')).toBeInTheDocument();
    expect(within(card('Free Copy Trading')).getByRole('button', { name: 'Start Now' })).toBeEnabled();
    expect(within(card('Pro')).getByRole('button', { name: 'Buy Now' })).toBeEnabled();
    expect(within(card('Ultimate')).getByRole('button', { name: 'Buy Now' })).toBeEnabled();
  });

  it("says 'Loading...' on Basic while the package status loads, then 'Buy Now'", async () => {
    const status = deferred<Response>();
    mockCommerceApi({ 'GET /api/payment/package-status': () => status.promise });
    renderDashboard();
    const basic = within(card('Basic')).getByRole('button', { name: 'Loading...' });
    expect(basic).toBeDisabled();
    await act(async () => status.resolve(packageStatus()));
    expect(await within(card('Basic')).findByRole('button', { name: 'Buy Now' })).toBeEnabled();
  });

  it('shows the unavailable message on Basic when it is off sale', async () => {
    mockCommerceApi({ 'GET /api/payment/package-status': packageStatus(false, false) });
    renderDashboard();
    expect(await within(card('Basic')).findByRole('button', { name: 'Subscription Unavailable' })).toBeDisabled();
    expect(within(card('Basic')).getByText(PAYMENT_MESSAGES.basicUnavailable)).toBeInTheDocument();
  });

  it('disables a package an admin took off sale, with the reason, and leaves the others on sale', async () => {
    mockCommerceApi({ 'GET /api/packages': catalog({}, ['pro', 'freeTrial']) });
    renderDashboard();
    expect(await within(card('Pro')).findByRole('button', { name: 'Not Available' })).toBeDisabled();
    expect(within(card('Pro')).getByText(SETTINGS_MESSAGES.packageUnavailable('Pro Package'))).toBeInTheDocument();
    expect(within(card('Free Copy Trading')).getByRole('button', { name: 'Not Available' })).toBeDisabled();
    expect(within(card('Ultimate')).getByRole('button', { name: 'Buy Now' })).toBeEnabled();
  });

  it("opens the 'Pay with USDT' modal from Basic's Buy Now, and closes it", async () => {
    mockCommerceApi();
    const { user } = renderDashboard();
    await user.click(await within(card('Basic')).findByRole('button', { name: 'Buy Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay with USDT' });
    expect(await within(dialog).findByText('Basic Package')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("offers 'Upgrade Basic Package' with an active Basic package, opening the extension", async () => {
    mockCommerceApi({
      'GET /api/payment/package-status': packageStatus(true, true),
      'GET /api/payment/active-subscription': activeSubscription(),
    });
    const { user } = renderDashboard();
    await user.click(await within(card('Basic')).findByRole('button', { name: 'Upgrade Basic Package' }));
    expect(await screen.findByRole('dialog', { name: 'Upgrade Basic Package' })).toBeInTheDocument();
  });

  it("opens Pro's and Ultimate's modals", async () => {
    mockCommerceApi();
    const { user } = renderDashboard();
    await user.click(within(card('Ultimate')).getByRole('button', { name: 'Buy Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay with USDT' });
    expect(await within(dialog).findByText('Ultimate Package')).toBeInTheDocument();
    expect(within(dialog).getByTestId('payment-price')).toHaveTextContent('$1,000');
  });

  it('shows the start and end dates on the active package card', async () => {
    mockCommerceApi({
      'GET /api/payment/package-status': packageStatus(true, true),
      'GET /api/payment/active-subscription': activeSubscription({ startDate: '2026-03-01', endDate: '2026-03-31' }),
    });
    renderDashboard();
    const basic = card('Basic');
    expect(await within(basic).findByText('Start: Mar 1, 2026')).toBeInTheDocument();
    expect(within(basic).getByText('End: Mar 31, 2026')).toBeInTheDocument();
    expect(within(basic).getByText('Active')).toBeInTheDocument();
    expect(within(card('Pro')).queryByText(/Start:/)).not.toBeInTheDocument();
  });

  it("shows 'End: Lifetime' on an active Ultimate card, with nothing more to buy", async () => {
    renderWithSubscription({
      packageName: PACKAGE_NAMES.ultimate,
      startDate: '2026-03-05',
      endDate: null,
    });
    const ultimate = card('Ultimate');
    expect(await within(ultimate).findByText('End: Lifetime')).toBeInTheDocument();
    expect(within(ultimate).getByText('Start: Mar 5, 2026')).toBeInTheDocument();
    expect(within(ultimate).getByRole('button', { name: 'Active' })).toBeDisabled();
  });

  it("shows 'N/A' for a missing date", async () => {
    renderWithSubscription({
      packageName: PACKAGE_NAMES.pro,
      startDate: '2026-04-01',
      endDate: null,
    });
    expect(await within(card('Pro')).findByText('End: N/A')).toBeInTheDocument();
  });

  it('marks a package waiting for verification', async () => {
    renderWithSubscription({
      packageName: PACKAGE_NAMES.pro,
      ...PENDING,
    });
    expect(await within(card('Pro')).findByText('Pending verification')).toBeInTheDocument();
    expect(within(card('Pro')).queryByText(/Start:/)).not.toBeInTheDocument();
  });

  it("states the pending purchase's exact order amount on its card", async () => {
    renderWithSubscription({
      packageName: PACKAGE_NAMES.pro,
      ...PENDING,
      amount: 100.37,
    });
    expect(await within(card('Pro')).findByText('Pending verification · 100.37 USDT')).toBeInTheDocument();
  });
});

describe('free trial', () => {
  const trial = subscription({
    _id: 'sub-trial',
    packageName: PACKAGE_NAMES.freeTrial,
    startDate: '2026-03-10',
    endDate: '2026-04-09',
    paymentMethod: 'free',
  });

  it("starts with 'Activating Free Trial...', then both success notifications, and refreshes the cards", async () => {
    const answer = deferred<Response>();
    const api = mockCommerceApi({
      'POST /api/payment/create-free-trial': () => answer.promise,
      'GET /api/payment/active-subscription': [
        jsonResponse({ subscription: null }),
        jsonResponse({ subscription: trial }),
      ],
    });
    const { user } = renderDashboard();
    await user.click(within(card('Free Copy Trading')).getByRole('button', { name: 'Start Now' }));
    expect(within(card('Free Copy Trading')).getByRole('button', { name: 'Activating Free Trial...' })).toBeDisabled();
    expect(api.requestsTo('POST /api/payment/create-free-trial').map((request) => request.body)).toEqual([{}]);

    await act(async () => answer.resolve(jsonResponse({ message: 'Free trial activated', subscription: trial }, 201)));
    expect(await screen.findByText('Free trial activated! You now have 30 days of access.')).toBeInTheDocument();
    expect(
      screen.getByText('Copy Trading Link has been sent to your E-mail successfully! Please Check Your E-mail.'),
    ).toBeInTheDocument();
    const free = card('Free Copy Trading');
    expect(await within(free).findByText('Start: Mar 10, 2026')).toBeInTheDocument();
    expect(within(free).getByText('End: Apr 9, 2026')).toBeInTheDocument();
    expect(within(free).getByRole('button', { name: 'Active' })).toBeDisabled();
  });

  it("shows the server's message on a 409 (trial already used)", async () => {
    mockCommerceApi({
      'POST /api/payment/create-free-trial': errorResponse(409, PAYMENT_MESSAGES.freeTrialUsed),
    });
    const { user } = renderDashboard();
    await user.click(within(card('Free Copy Trading')).getByRole('button', { name: 'Start Now' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.freeTrialUsed)).toBeInTheDocument();
    // The toast can show a moment before the button leaves its loading label: wait for it.
    expect(await within(card('Free Copy Trading')).findByRole('button', { name: 'Start Now' })).toBeEnabled();
  });

  it("offers 'Open Copy Trading' with the link while the caller's trial runs", async () => {
    mockCommerceApi({
      'GET /api/payment/active-subscription': jsonResponse({ subscription: trial }),
      'GET /api/payment/package-status': packageStatus(false, true, {
        copyTradingLink: 'https://broker.example/copy/goldbot',
      }),
    });
    renderDashboard();
    const link = await within(card('Free Copy Trading')).findByRole('link', { name: 'Open Copy Trading' });
    expect(link).toHaveAttribute('href', 'https://broker.example/copy/goldbot');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(card('Free Copy Trading')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the Free card as unavailable, with the reason, while no copy-trading link is set', async () => {
    mockCommerceApi({
      'GET /api/payment/package-status': packageStatus(false, true, { isFreeTrialAvailable: false }),
    });
    renderDashboard();
    const free = card('Free Copy Trading');
    expect(await within(free).findByRole('button', { name: 'Not Available' })).toBeDisabled();
    expect(within(free).getByText(PAYMENT_MESSAGES.freeTrialUnavailable)).toBeInTheDocument();
  });

  it("says 'Failed to activate free trial' when the server gives no reason", async () => {
    mockCommerceApi({ 'POST /api/payment/create-free-trial': new Response('', { status: 502 }) });
    const { user } = renderDashboard();
    await user.click(within(card('Free Copy Trading')).getByRole('button', { name: 'Start Now' }));
    expect(await screen.findByText('Failed to activate free trial')).toBeInTheDocument();
  });
});

describe('Billing History tab', () => {
  const billing = { path: '/dashboard?tab=billing' };

  it('shows the current subscription: account name, package, dates and status', async () => {
    renderWithSubscription({}, billing);
    const current = screen.getByRole('region', { name: 'Current Subscription' });
    expect(await within(current).findByText('Basic Package')).toBeInTheDocument();
    const details = Object.fromEntries(
      within(current)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(details).toEqual({
      'Account Name': CUSTOMER.username,
      Package: 'Basic Package',
      'Start Date': 'Mar 1, 2026',
      'End Date': 'Mar 31, 2026',
      Status: 'Active',
    });
    expect(within(current).queryByText(/verification in progress/)).not.toBeInTheDocument();
  });

  it("shows the pending notice and 'N/A' dates for a payment being verified", async () => {
    renderWithSubscription(PENDING, billing);
    const current = screen.getByRole('region', { name: 'Current Subscription' });
    expect(
      await within(current).findByText('Payment verification in progress. Activation within 2 hours.'),
    ).toBeInTheDocument();
    expect(within(current).getAllByText('N/A')).toHaveLength(2);
    expect(within(current).getByText('Pending')).toHaveClass('status-pill--pending');
  });

  it('states the exact amount sent in the pending notice', async () => {
    renderWithSubscription(
      {
        ...PENDING,
        amount: 60.05,
      },
      billing,
    );
    const current = screen.getByRole('region', { name: 'Current Subscription' });
    expect(
      await within(current).findByText(
        'Payment verification in progress. Activation within 2 hours. Amount sent: 60.05 USDT.',
      ),
    ).toBeInTheDocument();
  });

  it('lists every purchase with its duration, dates and status, and counts them', async () => {
    mockCommerceApi({
      'GET /api/payment/subscriptions': jsonResponse({
        subscriptions: [
          subscription({
            _id: 's4',
            packageName: PACKAGE_NAMES.ultimate,
            startDate: '2026-05-02',
            endDate: null,
            paymentId: 'pay-4',
            amount: 500.12,
          }),
          subscription({
            _id: 's3',
            packageName: PACKAGE_NAMES.pro,
            ...PENDING,
            amount: 100.4,
          }),
          subscription({
            _id: 's2',
            status: 'expired',
            startDate: '2026-02-01',
            endDate: '2026-02-28',
            paymentId: 'pay-2',
          }),
          subscription({
            _id: 's1',
            paymentMethod: 'free',
            paymentId: null,
            packageName: PACKAGE_NAMES.freeTrial,
            status: 'expired',
            startDate: '2026-01-01',
            endDate: '2026-01-30',
          }),
        ],
      }),
    });
    renderDashboard(billing);
    const history = screen.getByRole('region', { name: 'Purchase History' });
    const table = await within(history).findByRole('table');
    expect(columnHeaders(table)).toEqual([
      'Package',
      'Duration',
      'Start Date',
      'End Date',
      'Amount',
      'Status',
      'Receipt',
      'Refund',
    ]);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => cellTexts(row));
    expect(rows).toEqual([
      ['Ultimate Package', 'Lifetime', 'May 2, 2026', 'Lifetime', '500.12 USDT', 'Active', 'Receipt', ''],
      // A pending purchase states the exact amount its order asked for, every cent shown.
      ['Pro Package', '6 Months', 'N/A', 'N/A', '100.40 USDT', 'Pending', '', ''],
      // Purchases from before payment orders, and the free trial, have no order amount.
      ['Basic Package', '1 Month', 'Feb 1, 2026', 'Feb 28, 2026', 'N/A', 'Expired', 'Receipt', ''],
      ['Free Trial', '30 Days', 'Jan 1, 2026', 'Jan 30, 2026', 'N/A', 'Expired', '', ''],
    ]);
    expect(within(history).getByText('4 purchases')).toBeInTheDocument();
    // Completed payments link their receipt page.
    expect(within(table).getByRole('link', { name: 'Receipt for Basic Package, Feb 1, 2026' })).toHaveAttribute(
      'href',
      '/dashboard/receipts/pay-2',
    );
  });

  it("shows what support gave as 'By support' with no amount and no receipt, and what support ended", async () => {
    mockCommerceApi({
      'GET /api/payment/subscriptions': jsonResponse({
        subscriptions: [
          subscription({
            _id: 's3',
            packageName: PACKAGE_NAMES.pro,
            paymentMethod: 'support',
            paymentId: null,
            isExtension: true,
            startDate: '2026-09-01',
            endDate: '2026-09-10',
          }),
          subscription({
            _id: 's2',
            packageName: PACKAGE_NAMES.ultimate,
            paymentMethod: 'support',
            paymentId: null,
            startDate: '2026-03-15',
            endDate: null,
          }),
          subscription({
            _id: 's1',
            status: 'expired',
            startDate: '2026-03-01',
            endDate: '2026-03-15',
            paymentId: 'pay-1',
            amount: 60.12,
            endedAt: '2026-03-15T10:00:00.000Z',
          }),
        ],
      }),
    });
    renderDashboard(billing);
    const history = screen.getByRole('region', { name: 'Purchase History' });
    const table = await within(history).findByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => cellTexts(row));
    expect(rows).toEqual([
      // What support gave has no payment, so nothing to refund either (the last column).
      ['Pro Package', '10 Days', 'Sep 1, 2026', 'Sep 10, 2026', 'By support', 'Active', '', ''],
      ['Ultimate Package', 'Lifetime', 'Mar 15, 2026', 'Lifetime', 'By support', 'Active', '', ''],
      [
        'Basic Package',
        '1 Month',
        'Mar 1, 2026',
        'Mar 15, 2026',
        '60.12 USDT',
        'ExpiredEnded by support on Mar 15, 2026',
        'Receipt',
        '',
      ],
    ]);
  });

  it('shows loading states, then the empty states', async () => {
    const active = deferred<Response>();
    const list = deferred<Response>();
    mockCommerceApi({
      'GET /api/payment/active-subscription': () => active.promise,
      'GET /api/payment/subscriptions': () => list.promise,
    });
    renderDashboard(billing);
    expect(screen.getByText('Loading your subscription...')).toBeInTheDocument();
    expect(screen.getByText('Loading your purchase history...')).toBeInTheDocument();
    await act(async () => {
      active.resolve(jsonResponse({ subscription: null }));
      list.resolve(jsonResponse({ subscriptions: [] }));
    });
    expect(await screen.findByText('No purchases yet.')).toBeInTheDocument();
    expect(screen.getByText(/You have no active subscription yet/)).toBeInTheDocument();
    expect(screen.getByText('0 purchases')).toBeInTheDocument();
  });

  it('says which part failed to load', async () => {
    mockCommerceApi({
      'GET /api/payment/active-subscription': errorResponse(500, 'boom'),
      'GET /api/payment/subscriptions': errorResponse(403, 'nope'),
    });
    renderDashboard(billing);
    expect(await screen.findByText('Failed to fetch active subscription')).toBeInTheDocument();
    expect(await screen.findByText('Failed to fetch subscription history')).toBeInTheDocument();
  });

  it('refreshes after a payment is submitted', async () => {
    const pending = subscription({ _id: 'sub-new', status: 'pending', startDate: null, endDate: null });
    const api = mockCommerceApi({
      'POST /api/payment/submit-usdt-payment': jsonResponse({ message: 'ok', pendingSubscription: pending }, 201),
      'GET /api/payment/subscriptions': [
        jsonResponse({ subscriptions: [] }),
        jsonResponse({ subscriptions: [pending] }),
      ],
    });
    const { user } = renderDashboard(billing);
    expect(await screen.findByText('0 purchases')).toBeInTheDocument();
    await user.click(tab('Packages'));
    await user.click(within(card('Pro')).getByRole('button', { name: 'Buy Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay with USDT' });
    await user.type(await within(dialog).findByLabelText('Transaction ID (TXID)'), 'abcdef0123456789');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Payment' }));
    await within(dialog).findByRole('button', { name: 'Payment Submitted ✓' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(tab('Billing History'));
    expect(await screen.findByText('1 purchase')).toBeInTheDocument();
    expect(api.requestsTo('GET /api/payment/package-status').length).toBeGreaterThanOrEqual(2);
  });
});

describe('Referral Program tab in the dashboard', () => {
  it('shows the code, the counts, the live earnings and the Withdrawal Center', async () => {
    mockCommerceApi({ 'GET /api/withdrawal/user': userWithdrawals([withdrawal()], 6, 20) });
    const { user } = renderDashboard({ path: '/dashboard?tab=referral' });
    expect(screen.getByTestId('referral-code')).toHaveTextContent('TRADER42');
    expect(screen.getByTestId('referral-count')).toHaveTextContent('3');
    expect(await screen.findByTestId('referral-held')).toHaveTextContent('$20 held for your pending withdrawal');
    expect(screen.getByTestId('referral-earnings')).toHaveTextContent('$6');
    const center = screen.getByRole('region', { name: 'Withdrawal Center' });
    expect(within(center).getByRole('cell', { name: 'Mar 1, 2026' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy referral code' }));
    expect(await screen.findByText('Referral code copied to clipboard!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('TRADER42');
  });
});
