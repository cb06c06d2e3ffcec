import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TRANSFER_MESSAGES, type AdminUser, type CloseOrder, type UnmatchedTransfer } from '@goldbot/shared';
import { mockApi } from '@/test/auth-helpers';
import { cellTexts, columnHeaders, jsonResponse } from '@/test/test-utils';
import { formatDateTime } from '@/lib/format';
import {
  adminScreenOpener,
  customerRef,
  lastQueryTo,
  makePayment,
  nth,
  queriesTo,
  renderAdminScreen,
  rowWhere,
} from '../../testing/render-admin';
import AdminUnmatchedTransfersRoute from './unmatched-transfers';

/**
 * The back-office's unmatched transfers: the list (amount, payer, time, TXID linked to Tronscan,
 * why, the orders that came close, status), and the modal where an open transfer is given to a
 * customer's package or closed as refunded or ignored, each confirmed first and decided once.
 */
const LIST = 'GET /api/admin/unmatched-transfers';
const USERS = 'GET /api/admin/users';
const assignKey = (txid: string) => `POST /api/admin/unmatched-transfers/${txid}/assign`;
const resolveKey = (txid: string) => `POST /api/admin/unmatched-transfers/${txid}/resolve`;

const LATE_TXID = 'a'.repeat(56) + '0000late';
const ROUNDED_TXID = 'b'.repeat(56) + '00round';
const DONE_TXID = 'c'.repeat(56) + '000done';
const PAYER = 'TDuvkvLEhHvy3VQDWowtt16n3W5khHgsaL';
const WALLET = 'TWsghcMkFXe1hnwZAWVQ9fUrZBtYv2aGJ8';

const carol = customerRef('carol');
const dave = customerRef('dave');

const closeOrder = (overrides: Partial<CloseOrder> = {}): CloseOrder => ({
  orderId: 'order-carol',
  reason: 'same-amount',
  user: carol,
  packageName: 'Basic Package',
  amount: 60.37,
  createdAt: '2026-03-02T08:00:00.000Z',
  expiresAt: '2026-03-02T10:00:00.000Z',
  ...overrides,
});

const transfer = (overrides: Partial<UnmatchedTransfer> = {}): UnmatchedTransfer => ({
  txid: LATE_TXID,
  amount: 60.37,
  from: PAYER,
  to: WALLET,
  confirmedAt: '2026-03-02T10:25:00.000Z',
  blockNumber: 86738346,
  recordedAt: '2026-03-02T10:26:00.000Z',
  reason: 'late',
  status: 'open',
  closeOrders: [closeOrder()],
  decision: null,
  ...overrides,
});

const late = transfer();
const rounded = transfer({ txid: ROUNDED_TXID, amount: 61, reason: 'no-order', closeOrders: [] });
const done = transfer({
  txid: DONE_TXID,
  amount: 250.12,
  reason: 'order-paid',
  status: 'refunded',
  closeOrders: [],
  decision: {
    by: 'admin-2',
    byEmail: 'ops@example.com',
    at: '2026-03-01T12:00:00.000Z',
    note: 'Sent back in tx 9f2c.',
    userId: null,
    packageName: null,
    paymentId: null,
  },
});

const page = (transfers: UnmatchedTransfer[], nextCursor: string | null = null) =>
  jsonResponse({ transfers, nextCursor });

const adminUser = (user: typeof dave, isAdmin = false): AdminUser => ({
  ...user,
  phone: null,
  isActive: true,
  isAdmin,
  referralCode: user.username.toUpperCase(),
  referralEarnings: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const openScreen = adminScreenOpener(<AdminUnmatchedTransfersRoute />, {
  path: '/admin/unmatched-transfers',
  heading: 'Unmatched Transfers',
  routes: { [LIST]: page([late, rounded, done]) },
});

const table = () => screen.findByRole('table', { name: 'Unmatched transfers' });

async function openTransfer(user: Awaited<ReturnType<typeof openScreen>>['user'], txid: string) {
  const link = `Transaction ${txid} on Tronscan`;
  const row = rowWhere(await table(), (candidate) => candidate.queryByRole('link', { name: link }), txid);
  await user.click(within(row).getByRole('button', { name: /Decide|View Details/ }));
  return screen.getByRole('dialog', { name: 'Unmatched Transfer' });
}

describe('admin unmatched transfers: the list', () => {
  it('shows the amount, payer, time, TXID on Tronscan, why, the close orders and the status', async () => {
    const { api } = await openScreen();
    const rows = within(await table()).getAllByRole('row');
    expect(columnHeaders(nth(rows, 0))).toEqual([
      'Amount',
      'Payer',
      'Time',
      'TXID',
      'Why',
      'Close orders',
      'Status',
      'Actions',
    ]);
    expect(cellTexts(nth(rows, 1))).toEqual([
      '60.37 USDT',
      PAYER,
      formatDateTime('2026-03-02T10:25:00.000Z'),
      'aaaaaaaa…00late',
      'It arrived after the order of this amount had closed',
      'carol (60.37 USDT)',
      'Open',
      'Decide',
    ]);
    expect(cellTexts(nth(rows, 2))).toEqual([
      '61.00 USDT',
      PAYER,
      formatDateTime('2026-03-02T10:25:00.000Z'),
      'bbbbbbbb…0round',
      'No order asked for this amount at that time (a wrong or rounded amount)',
      'None',
      'Open',
      'Decide',
    ]);
    expect(nth(cellTexts(nth(rows, 3)), 6)).toBe('Refunded');
    const link = within(nth(rows, 1)).getByRole('link', { name: `Transaction ${LATE_TXID} on Tronscan` });
    expect(link).toHaveAttribute('href', `https://tronscan.org/#/transaction/${LATE_TXID}`);
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(nth(queriesTo(api, LIST), 0).get('limit')).toBe('20');
  });

  it('follows the cursor with Load more', async () => {
    const api = mockApi();
    // Each page by its cursor (every loaded page is read again together).
    api.on(LIST, () => (lastQueryTo(api, LIST).get('cursor') === 'next-1' ? page([rounded]) : page([late], 'next-1')));
    const { user } = renderAdminScreen(<AdminUnmatchedTransfersRoute />, '/admin/unmatched-transfers');
    expect(within(await table()).getAllByRole('row')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3));
    expect(queriesTo(api, LIST).map((query) => query.get('cursor'))).toContain('next-1');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when there is nothing unmatched', async () => {
    await openScreen({ [LIST]: page([]) });
    expect(
      await screen.findByText('No unmatched transfers: every transfer to the payment wallets found its order.'),
    ).toBeInTheDocument();
  });

  it('says when the list cannot be read, with the server’s reason and Try Again', async () => {
    await openScreen({ [LIST]: jsonResponse({ message: 'Database unavailable' }, 400) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch unmatched transfers');
    expect(alert).toHaveTextContent('Database unavailable');
    expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});

describe('admin unmatched transfers: deciding one', () => {
  it("assigns a transfer to a close order's customer and package after a confirmation", async () => {
    const payment = makePayment({ _id: 'pay-new', userId: carol, packageName: 'Basic Package', amount: 60 });
    const { api, user } = await openScreen({
      [assignKey(LATE_TXID)]: jsonResponse({
        message: TRANSFER_MESSAGES.assigned('carol', 'Basic Package'),
        transfer: transfer({ status: 'assigned' }),
        payment,
      }),
    });
    const dialog = within(await openTransfer(user, LATE_TXID));
    expect(dialog.getByText('It arrived after the order of this amount had closed')).toBeInTheDocument();
    expect(dialog.getByText(LATE_TXID)).toBeInTheDocument();
    expect(dialog.getByRole('link', { name: 'View on Tronscan' })).toHaveAttribute(
      'href',
      `https://tronscan.org/#/transaction/${LATE_TXID}`,
    );
    const close = within(dialog.getByRole('table', { name: 'Orders that came close' }));
    expect(close.getByText('Same amount')).toBeInTheDocument();
    // Nothing can be assigned before a customer is chosen.
    expect(dialog.getByRole('button', { name: 'Assign transfer' })).toBeDisabled();

    await user.click(close.getByRole('button', { name: "Assign to carol's Basic Package" }));
    expect(dialog.getByRole('region', { name: "Assign to a customer's package" })).toHaveTextContent('carol');
    expect(dialog.getByLabelText('Package')).toHaveValue('Basic Package');
    await user.click(dialog.getByRole('button', { name: 'Assign transfer' }));
    expect(
      dialog.getByText(
        "Give this 60.37 USDT transfer to carol's Basic Package? A pending payment is created for it (approve it in Package Management), and this cannot be undone here.",
      ),
    ).toBeInTheDocument();
    expect(api.requestsTo(assignKey(LATE_TXID))).toHaveLength(0);
    const listReads = api.requestsTo(LIST).length;
    await user.click(dialog.getByRole('button', { name: 'Yes, assign' }));

    expect(await screen.findByText(TRANSFER_MESSAGES.assigned('carol', 'Basic Package'))).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requestsTo(assignKey(LATE_TXID)).map((request) => request.body)).toEqual([
      { userId: 'u-carol', packageName: 'Basic Package' },
    ]);
    await waitFor(() => expect(api.requestsTo(LIST).length).toBeGreaterThan(listReads));
  });

  it('finds another customer by username or e-mail and assigns the chosen package', async () => {
    const { api, user } = await openScreen({
      [USERS]: jsonResponse({
        users: [adminUser(dave), adminUser({ ...dave, _id: 'u-ops', username: 'davops' }, true)],
        nextCursor: null,
      }),
      [assignKey(ROUNDED_TXID)]: jsonResponse({
        message: TRANSFER_MESSAGES.assigned('dave', 'Pro Package'),
        transfer: rounded,
        payment: makePayment({ _id: 'pay-dave' }),
      }),
    });
    const dialog = within(await openTransfer(user, ROUNDED_TXID));
    expect(dialog.getByText('No order of this amount or of this payer.')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Find a customer'), 'dave');
    const found = await dialog.findByRole('list', { name: 'Customers found' });
    // Administrators are not customers.
    expect(within(found).getAllByRole('listitem')).toHaveLength(1);
    expect(lastQueryTo(api, USERS).get('search')).toBe('dave');
    await user.click(within(found).getByRole('button', { name: 'Choose dave' }));
    await user.selectOptions(dialog.getByLabelText('Package'), 'Pro Package');
    await user.click(dialog.getByRole('button', { name: 'Assign transfer' }));
    await user.click(dialog.getByRole('button', { name: 'Yes, assign' }));
    expect(await screen.findByText(TRANSFER_MESSAGES.assigned('dave', 'Pro Package'))).toBeInTheDocument();
    expect(api.requestsTo(assignKey(ROUNDED_TXID)).map((request) => request.body)).toEqual([
      { userId: 'u-dave', packageName: 'Pro Package' },
    ]);
  });

  it('closes a transfer as ignored with a note, after a confirmation; Cancel sends nothing', async () => {
    const { api, user } = await openScreen({
      [resolveKey(ROUNDED_TXID)]: jsonResponse({
        message: TRANSFER_MESSAGES.resolved('ignored'),
        transfer: transfer({ ...rounded, status: 'ignored' }),
      }),
    });
    const dialog = within(await openTransfer(user, ROUNDED_TXID));
    await user.selectOptions(dialog.getByLabelText('Resolution'), 'ignored');
    await user.type(dialog.getByLabelText('Note'), '  Our own test transfer.  ');
    await user.click(dialog.getByRole('button', { name: 'Close transfer' }));
    const question =
      'Mark this 61.00 USDT transfer as ignored? It is closed without a payment and cannot be assigned afterwards.';
    expect(dialog.getByText(question)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(dialog.queryByText(question)).not.toBeInTheDocument();
    expect(api.requestsTo(resolveKey(ROUNDED_TXID))).toHaveLength(0);

    await user.click(dialog.getByRole('button', { name: 'Close transfer' }));
    await user.click(dialog.getByRole('button', { name: 'Yes, close it' }));
    expect(await screen.findByText('The transfer was marked ignored.')).toBeInTheDocument();
    expect(api.requestsTo(resolveKey(ROUNDED_TXID)).map((request) => request.body)).toEqual([
      { resolution: 'ignored', note: 'Our own test transfer.' },
    ]);
  });

  it('shows a refusal in the modal and lets the admin try again', async () => {
    const { api, user } = await openScreen({
      [assignKey(LATE_TXID)]: jsonResponse({ message: TRANSFER_MESSAGES.userNotFound }, 404),
    });
    const dialog = within(await openTransfer(user, LATE_TXID));
    await user.click(dialog.getByRole('button', { name: "Assign to carol's Basic Package" }));
    await user.click(dialog.getByRole('button', { name: 'Assign transfer' }));
    await user.click(dialog.getByRole('button', { name: 'Yes, assign' }));
    expect(await dialog.findByText('Failed to assign the transfer: User not found')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Unmatched Transfer' })).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Assign transfer' })).toBeEnabled();
    expect(api.requestsTo(assignKey(LATE_TXID))).toHaveLength(1);
  });

  it('says so when another admin decided it meanwhile, and shows the list as it is now', async () => {
    const message = TRANSFER_MESSAGES.alreadyDecided('refunded');
    const { api, user } = await openScreen({
      [resolveKey(LATE_TXID)]: jsonResponse({ message }, 409),
    });
    const dialog = within(await openTransfer(user, LATE_TXID));
    const listReads = api.requestsTo(LIST).length;
    await user.click(dialog.getByRole('button', { name: 'Close transfer' }));
    await user.click(dialog.getByRole('button', { name: 'Yes, close it' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(api.requestsTo(LIST).length).toBeGreaterThan(listReads));
  });

  it('shows a decided transfer with its decision and nothing to decide', async () => {
    const { user } = await openScreen();
    const dialog = within(await openTransfer(user, DONE_TXID));
    const decision = within(dialog.getByRole('region', { name: 'Decision' }));
    expect(decision.getByText('Refunded')).toBeInTheDocument();
    expect(decision.getByText('ops@example.com')).toBeInTheDocument();
    expect(decision.getByText('Sent back in tx 9f2c.')).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Assign transfer' })).not.toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Close transfer' })).not.toBeInTheDocument();
  });
});
