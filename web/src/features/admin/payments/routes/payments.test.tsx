import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Payment } from '@goldbot/shared';
import { mockApi } from '@/test/auth-helpers';
import { deferred, jsonResponse } from '@/test/test-utils';
import { captureDownloads, csvResponse } from '../../testing/capture-downloads';
import {
  adminScreenOpener,
  customerRef,
  lastQueryTo,
  makePayment,
  nth,
  queriesTo,
  renderAdminScreen,
  rowWith,
} from '../../testing/render-admin';
import AdminPaymentsRoute from './payments';

const PENDING = 'GET /api/payment/pending-usdt-payments';
const ALL = 'GET /api/payment/all-payments';
const approveKey = (id: string) => `POST /api/payment/approve-usdt-payment/${id}`;
const rejectKey = (id: string) => `POST /api/payment/reject-usdt-payment/${id}`;

const summary = { total: 57, pending: 4, completed: 41 };

const pendingPage = (pendingPayments: Payment[], nextCursor: string | null = null, sum = summary) =>
  jsonResponse({ pendingPayments, nextCursor, summary: sum });
const allPage = (payments: Payment[], nextCursor: string | null = null, sum = summary) =>
  jsonResponse({ payments, nextCursor, summary: sum });

const alice = makePayment({
  _id: 'pay-alice',
  userId: customerRef('alice'),
  packageName: 'Basic Package',
  amount: 10,
  originalAmount: 20,
  hasReferralDiscount: true,
  referralDiscount: 10,
  referralCode: 'BOB12345',
  referralUserId: customerRef('bob'),
});
const carol = makePayment({
  _id: 'pay-carol',
  userId: customerRef('carol'),
  packageName: 'Ultimate Package',
  amount: 1000,
  originalAmount: 1000,
  status: 'completed',
  updatedAt: '2026-03-03T12:00:00.000Z',
});

const openScreen = adminScreenOpener(<AdminPaymentsRoute />, {
  path: '/admin/payments',
  heading: 'Package Management',
  routes: { [PENDING]: pendingPage([alice]), [ALL]: allPage([alice, carol]) },
});

const pendingTable = () => screen.findByRole('table', { name: 'Pending USDT payments' });

async function openDetails(user: Awaited<ReturnType<typeof openScreen>>['user'], username = 'alice') {
  const row = rowWith(await pendingTable(), username);
  await user.click(within(row).getByRole('button', { name: 'View Details' }));
  return screen.getByRole('dialog', { name: 'Payment Details' });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('admin payments (Package Management)', () => {
  it('shows Total, Pending and Completed from the summary, not from the rows', async () => {
    await openScreen();
    await pendingTable();
    const stats = screen.getAllByRole('listitem');
    const value = (label: string) =>
      within(
        nth(
          stats.filter((item) => item.getAttribute('aria-label') === label),
          0,
        ),
      );
    expect(value('Total').getByText('57')).toBeInTheDocument();
    expect(value('Pending').getByText('4')).toBeInTheDocument();
    expect(value('Completed').getByText('41')).toBeInTheDocument();
  });

  it('has the Pending USDT tab (with the pending count) open and switches to All Payments', async () => {
    const { user } = await openScreen();
    const pendingTab = await screen.findByRole('tab', { name: /Pending USDT/ });
    await waitFor(() => expect(pendingTab).toHaveTextContent('Pending USDT4'));
    expect(pendingTab).toHaveAttribute('aria-selected', 'true');
    const pendingRows = within(await pendingTable()).getAllByRole('row');
    expect(pendingRows).toHaveLength(2); // header + alice

    await user.click(screen.getByRole('tab', { name: 'All Payments' }));
    expect(screen.getByRole('tab', { name: 'All Payments' })).toHaveAttribute('aria-selected', 'true');
    const allTable = await screen.findByRole('table', { name: 'All payments' });
    expect(within(allTable).getByText('carol')).toBeInTheDocument();
    expect(within(allTable).getByText('Completed')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Pending USDT payments' })).not.toBeInTheDocument();
  });

  it('shows the columns, and a discounted payment with its original amount struck, the final amount and $X off', async () => {
    await openScreen();
    const table = await pendingTable();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Package', 'User', 'Amount', 'Status', 'Chain', 'Date', 'Actions']);
    const row = nth(within(table).getAllByRole('row'), 1);
    expect(within(row).getByText('Basic Package')).toBeInTheDocument();
    expect(within(row).getByText('alice@example.com')).toBeInTheDocument();
    const original = within(row).getByText('$20');
    expect(original.tagName).toBe('S');
    expect(within(row).getByText('$10')).toBeInTheDocument();
    expect(within(row).getByText('$10 off')).toBeInTheDocument();
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    expect(within(row).getByText('Mar 2, 2026')).toBeInTheDocument();
  });

  it('sends the search to the server once typing pauses, for both lists', async () => {
    const { api, user } = await openScreen();
    await pendingTable();
    expect(nth(queriesTo(api, PENDING), 0).has('search')).toBe(false);
    expect(nth(queriesTo(api, PENDING), 0).get('limit')).toBe('20');

    api.on(PENDING, pendingPage([]));
    await user.type(screen.getByLabelText('Search payments'), 'Alice@Example');
    await screen.findByText('No pending USDT payments');
    const searched = queriesTo(api, PENDING).filter((query) => query.has('search'));
    // Debounced: one request for the whole term, none per keystroke.
    expect(searched.map((query) => query.get('search'))).toEqual(['Alice@Example']);
    await waitFor(() =>
      expect(
        queriesTo(api, ALL)
          .filter((query) => query.has('search'))
          .map((q) => q.get('search')),
      ).toEqual(['Alice@Example']),
    );
  });

  it('shows a payment in the detail modal, with Copy for the TXID and the referral', async () => {
    const { user } = await openScreen();
    const dialog = await openDetails(user);
    const details = within(dialog);
    expect(details.getByText('Basic Package')).toBeInTheDocument();
    expect(details.getByText('USD')).toBeInTheDocument();
    expect(details.getByText('alice')).toBeInTheDocument();
    expect(details.getByText('alice@example.com')).toBeInTheDocument();
    expect(details.getByText(alice.transactionId)).toBeInTheDocument();
    expect(details.getByText(alice.walletAddress)).toBeInTheDocument();
    expect(details.getByText('TRC20')).toBeInTheDocument();
    expect(details.getAllByText(/Mar 2, 2026/)).toHaveLength(2); // created and updated

    const referral = details.getByRole('region', { name: 'Referral' });
    expect(within(referral).getByText('BOB12345')).toBeInTheDocument();
    expect(within(referral).getByText('bob')).toBeInTheDocument();
    expect(within(referral).getByText('$10')).toBeInTheDocument();
    expect(within(referral).getByText('Pending Payment Approval')).toBeInTheDocument();

    await user.click(details.getByRole('button', { name: 'Copy transaction ID' }));
    expect(await details.findByText('Transaction ID copied to clipboard')).toBeInTheDocument();
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(alice.transactionId);

    expect(details.getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(details.getByRole('button', { name: 'Reject' })).toBeEnabled();
  });

  it('defaults the currency to USD and shows Referral Credited, without decisions, for a completed payment', async () => {
    const credited = makePayment({
      ...carol,
      currency: '',
      referralCode: 'BOB12345',
      referralUserId: customerRef('bob'),
      referralCredited: true,
    });
    const { user } = await openScreen({ [ALL]: allPage([credited]) });
    await user.click(await screen.findByRole('tab', { name: 'All Payments' }));
    const table = await screen.findByRole('table', { name: 'All payments' });
    await user.click(within(table).getByRole('button', { name: 'View Details' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Payment Details' }));
    expect(dialog.getByText('USD')).toBeInTheDocument();
    expect(dialog.getByText('Referral Credited')).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });

  it('approves after a confirmation, once, then says so for 5 s and reloads both lists', async () => {
    const answer = deferred<Response>();
    const { api, user } = await openScreen({ [approveKey(alice._id)]: () => answer.promise });
    const dialog = within(await openDetails(user));
    await user.click(dialog.getByRole('button', { name: 'Approve' }));
    expect(api.requestsTo(approveKey(alice._id))).toHaveLength(0); // asked first
    expect(dialog.getByText(/Approve this payment\?/)).toBeInTheDocument();

    const pendingBefore = api.requestsTo(PENDING).length;
    const allBefore = api.requestsTo(ALL).length;
    api.on(PENDING, pendingPage([], null, { total: 57, pending: 3, completed: 42 }));
    await user.click(dialog.getByRole('button', { name: 'Yes, approve' }));
    const busy = dialog.getByRole('button', { name: /Approving/ });
    expect(busy).toBeDisabled();
    expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.click(busy);
    expect(api.requestsTo(approveKey(alice._id))).toHaveLength(1);
    expect(nth(api.requestsTo(approveKey(alice._id)), 0).body).toBeUndefined();

    answer.resolve(jsonResponse({ message: 'Payment approved', payment: { ...alice, status: 'completed' } }));
    expect(await screen.findByText('Payment for alice has been successfully approved!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await screen.findByText('No pending USDT payments');
    expect(api.requestsTo(PENDING).length).toBeGreaterThan(pendingBefore);
    expect(api.requestsTo(ALL).length).toBeGreaterThan(allBefore);

    // The success notice clears itself after 5 s.
    await waitFor(() => expect(screen.queryByText(/successfully approved/)).not.toBeInTheDocument(), {
      timeout: 7000,
    });
  }, 15_000);

  it('rejects after a confirmation and says so', async () => {
    const { api, user } = await openScreen({
      [rejectKey(alice._id)]: jsonResponse({ message: 'Payment rejected', payment: { ...alice, status: 'rejected' } }),
    });
    const dialog = within(await openDetails(user));
    await user.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(dialog.getByText(/Reject this payment\?/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(api.requestsTo(rejectKey(alice._id))).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Reject' }));
    await user.click(dialog.getByRole('button', { name: 'Yes, reject' }));
    expect(await screen.findByText('Payment for alice has been rejected.')).toBeInTheDocument();
    expect(api.requestsTo(rejectKey(alice._id))).toHaveLength(1);
    expect(api.requestsTo(approveKey(alice._id))).toHaveLength(0);
  });

  it('on 409 (decided by someone else) shows the server message, closes the modal and reloads', async () => {
    const { api, user } = await openScreen({
      [approveKey(alice._id)]: jsonResponse({ message: 'This payment has already been rejected.' }, 409),
    });
    const dialog = within(await openDetails(user));
    const before = api.requestsTo(PENDING).length;
    api.on(PENDING, pendingPage([]));
    await user.click(dialog.getByRole('button', { name: 'Approve' }));
    await user.click(dialog.getByRole('button', { name: 'Yes, approve' }));
    const alert = await screen.findByText('Error approving payment: This payment has already been rejected.');
    expect(alert.closest('[role="alert"]')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await screen.findByText('No pending USDT payments');
    expect(api.requestsTo(PENDING).length).toBeGreaterThan(before);
  });

  it('keeps the modal open with the fallback message when a rejection fails otherwise', async () => {
    const { user } = await openScreen({ [rejectKey(alice._id)]: new Response('Bad gateway', { status: 502 }) });
    const dialog = within(await openDetails(user));
    await user.click(dialog.getByRole('button', { name: 'Reject' }));
    await user.click(dialog.getByRole('button', { name: 'Yes, reject' }));
    expect(await dialog.findByText('Error rejecting payment: Failed to reject payment')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Reject' })).toBeEnabled();
  });

  it('re-reads both lists every 30 s in the background, without the loader', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = await openScreen();
    await pendingTable();
    const pendingBefore = api.requestsTo(PENDING).length;
    const allBefore = api.requestsTo(ALL).length;
    const carolPending = makePayment({ ...carol, _id: 'pay-carol-2', status: 'pending' });
    api.on(PENDING, pendingPage([alice, carolPending], null, { ...summary, pending: 5 }));

    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(api.requestsTo(PENDING)).toHaveLength(pendingBefore);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(screen.queryByText('Loading payments...')).not.toBeInTheDocument();
    await waitFor(() => expect(api.requestsTo(PENDING).length).toBeGreaterThan(pendingBefore));
    expect(api.requestsTo(ALL).length).toBeGreaterThan(allBefore);
    expect(await within(await pendingTable()).findByText('carol')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Pending USDT/ })).toHaveTextContent('5');
    expect(screen.queryByText('Loading payments...')).not.toBeInTheDocument();
  });

  it('shows a loader only on the first load', async () => {
    const first = deferred<Response>();
    mockApi({ [PENDING]: () => first.promise, [ALL]: allPage([]) });
    renderAdminScreen(<AdminPaymentsRoute />);
    expect(await screen.findByText('Loading payments...')).toBeInTheDocument();
    first.resolve(pendingPage([alice]));
    await pendingTable();
    expect(screen.queryByText('Loading payments...')).not.toBeInTheDocument();
  });

  it('says when there is nothing to show', async () => {
    const { user } = await openScreen({ [PENDING]: pendingPage([]), [ALL]: allPage([]) });
    expect(await screen.findByText('No pending USDT payments')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'All Payments' }));
    expect(await screen.findByText('No payments found')).toBeInTheDocument();
  });

  it('says when a list cannot be fetched', async () => {
    const { user } = await openScreen({
      [PENDING]: new Response('oops', { status: 500 }),
      [ALL]: jsonResponse({ message: 'Database unavailable' }, 503),
    });
    expect(await screen.findByText('Failed to fetch pending payments')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'All Payments' }));
    expect(await screen.findByText('Failed to fetch all payments')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
  });

  it('loads more rows with the server cursor', async () => {
    const dave = makePayment({
      _id: 'pay-dave',
      userId: customerRef('dave'),
    });
    const { api, user } = await openScreen({ [PENDING]: pendingPage([alice], 'cursor-2') });
    await pendingTable();
    // Page 1 (refreshed with the others) and page 2, told apart by the cursor.
    api.on(PENDING, () =>
      lastQueryTo(api, PENDING).get('cursor') === 'cursor-2' ? pendingPage([dave]) : pendingPage([alice], 'cursor-2'),
    );
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(await pendingTable()).findByText('dave')).toBeInTheDocument();
    expect(within(await pendingTable()).getByText('alice')).toBeInTheDocument();
    expect(lastQueryTo(api, PENDING).get('cursor')).toBe('cursor-2');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('exports the chosen tab and the search as CSV', async () => {
    const downloads = captureDownloads();
    const EXPORT = 'GET /api/admin/export/payments';
    const { api, user } = await openScreen({ [EXPORT]: csvResponse('Package,User\r\n', 'payments.csv') });
    await pendingTable();
    await user.click(screen.getByRole('button', { name: 'Export payments as CSV' }));
    await waitFor(() => expect(downloads.saved).toHaveLength(1));
    expect(Object.fromEntries(nth(queriesTo(api, EXPORT), 0))).toEqual({ status: 'pending' });

    await user.click(screen.getByRole('tab', { name: 'All Payments' }));
    await user.type(screen.getByLabelText('Search payments'), 'carol');
    await waitFor(() => expect(lastQueryTo(api, ALL).get('search')).toBe('carol'));
    await user.click(screen.getByRole('button', { name: 'Export payments as CSV' }));
    await waitFor(() => expect(downloads.saved).toHaveLength(2));
    expect(Object.fromEntries(nth(queriesTo(api, EXPORT), 1))).toEqual({ status: 'all', search: 'carol' });
  });
});
