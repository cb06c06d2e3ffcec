import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REFUND_MESSAGES, type Refund } from '@goldbot/shared';
import { mockApi } from '@/test/auth-helpers';
import { cellTexts, columnHeaders, jsonResponse } from '@/test/test-utils';
import {
  type ApiRoutes,
  customerRef,
  lastQueryTo,
  type MockedApi,
  nth,
  renderAdminScreen,
} from '../../testing/render-admin';
import AdminRefundsRoute from './refunds';

const LIST = 'GET /api/admin/refunds';
const CREATE = 'POST /api/admin/refunds';
const approveKey = (id: string) => `POST /api/admin/refunds/${id}/approve`;
const refuseKey = (id: string) => `POST /api/admin/refunds/${id}/refuse`;
const PAYOUT = '5c8e2f0a9b7d6c4e3f1a2b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e';
const ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

const counts = { total: 5, pending: 2, approved: 2, refused: 1 };

function makeRefund(overrides: Partial<Refund> = {}): Refund {
  return {
    _id: 'rf-alice',
    paymentId: 'pay-alice',
    subscriptionId: 'sub-alice',
    userId: customerRef('alice'),
    packageName: 'Pro Package',
    amount: 250,
    amountPaid: 250.37,
    transactionId: 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90',
    paymentApprovedAt: '2026-03-01T09:00:00.000Z',
    trc20Address: ADDRESS,
    reason: 'Not for my broker.',
    origin: 'customer',
    status: 'pending',
    requestedAt: '2026-03-04T09:30:00.000Z',
    decidedAt: null,
    payoutTxid: null,
    note: null,
    refusalReason: null,
    referralClawback: null,
    ...overrides,
  };
}

const alice = makeRefund();
const bob = makeRefund({
  _id: 'rf-bob',
  userId: customerRef('bob'),
  status: 'approved',
  decidedAt: '2026-03-05T10:00:00.000Z',
  payoutTxid: PAYOUT,
  referralClawback: { amount: 2, fromAvailable: 0, owed: 2 },
});
const ROWS: Record<string, Refund[]> = { pending: [alice], approved: [bob], refused: [] };

const lastQuery = (api: MockedApi) => lastQueryTo(api, LIST);
const byStatus = (api: MockedApi, rows = ROWS, pageCounts = counts) =>
  api.on(LIST, () =>
    jsonResponse({ refunds: rows[lastQuery(api).get('status') ?? ''] ?? [], nextCursor: null, counts: pageCounts }),
  );

async function openScreen(routes: ApiRoutes = {}, path = '/admin/refunds') {
  const api = mockApi(routes);
  byStatus(api);
  const view = renderAdminScreen(<AdminRefundsRoute />, path);
  await screen.findByRole('heading', { level: 1, name: 'Refunds' });
  return { api, ...view };
}

/** Types by pasting: long ids in one go (typing them key by key is slow under load). */
async function fill(user: Awaited<ReturnType<typeof openScreen>>['user'], field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

const table = (tab = 'Pending') => screen.findByRole('table', { name: `${tab} refund requests` });

async function openDetails(user: Awaited<ReturnType<typeof openScreen>>['user'], tab = 'Pending') {
  const [row] = within(await table(tab))
    .getAllByRole('row')
    .slice(1);
  if (!row) throw new Error('no row');
  await user.click(within(row).getByRole('button', { name: 'View Details' }));
  return within(screen.getByRole('dialog', { name: 'Refund Details' }));
}

describe('admin refunds', () => {
  it('lists the pending requests first, with tab counts from the aggregates, and asks for each status', async () => {
    const { api, user } = await openScreen();
    const pending = await table();
    expect(lastQuery(api).get('status')).toBe('pending');
    expect(columnHeaders(pending)).toEqual(['User', 'Package', 'Amount', 'Status', 'Requested', 'Actions']);
    expect(cellTexts(nth(within(pending).getAllByRole('row'), 1))).toEqual([
      'alicealice@example.com',
      'Pro Package',
      '250.37 USDT',
      'Pending',
      'Mar 4, 2026',
      'View Details',
    ]);
    await waitFor(() =>
      expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Pending2', 'Approved2', 'Refused1']),
    );
    expect(within(screen.getByRole('listitem', { name: 'Pending' })).getByText('2')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: /^Approved/ }));
    expect(within(await table('Approved')).getByText('bob')).toBeInTheDocument();
    expect(lastQuery(api).get('status')).toBe('approved');
    await user.click(screen.getByRole('tab', { name: /^Refused/ }));
    expect(await screen.findByText('No refused refund requests')).toBeInTheDocument();
  });

  it('approves with the payout TXID (checked first) and a note, after a confirmation', async () => {
    const { api, user } = await openScreen({
      [approveKey(alice._id)]: jsonResponse({
        message: REFUND_MESSAGES.approved,
        refund: { ...alice, status: 'approved', payoutTxid: PAYOUT },
      }),
    });
    const dialog = await openDetails(user);
    expect(dialog.getByText(ADDRESS)).toBeInTheDocument();
    expect(dialog.getByRole('link', { name: alice.transactionId })).toHaveAttribute(
      'href',
      `https://tronscan.org/#/transaction/${alice.transactionId}`,
    );
    await user.click(dialog.getByRole('button', { name: 'Approve refund' }));
    expect(await dialog.findByText(REFUND_MESSAGES.payoutTxidRequired)).toBeInTheDocument();
    await fill(user, dialog.getByRole('textbox', { name: /Payout TXID/ }), 'not-a-txid');
    await user.click(dialog.getByRole('button', { name: 'Approve refund' }));
    expect(await dialog.findByText(REFUND_MESSAGES.payoutTxidInvalid)).toBeInTheDocument();
    expect(api.requestsTo(approveKey(alice._id))).toHaveLength(0);

    await fill(user, dialog.getByRole('textbox', { name: /Payout TXID/ }), PAYOUT);
    await fill(user, dialog.getByRole('textbox', { name: 'Note to the customer (optional)' }), ' Sent today ');
    await user.click(dialog.getByRole('button', { name: 'Approve refund' }));
    expect(dialog.getByText(/Approve alice's refund of 250.37 USDT\?/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Yes, approve' }));
    expect(await screen.findByText(REFUND_MESSAGES.approved)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(nth(api.requestsTo(approveKey(alice._id)), 0).body).toEqual({ payoutTxid: PAYOUT, note: 'Sent today' });
  }, 20_000);

  it('refuses only with a reason, and shows what the server says when it was decided meanwhile', async () => {
    const { api, user } = await openScreen({
      [refuseKey(alice._id)]: jsonResponse({ message: REFUND_MESSAGES.alreadyDecided('approved') }, 409),
    });
    const dialog = await openDetails(user);
    await user.click(dialog.getByRole('button', { name: 'Refuse refund' }));
    expect(await dialog.findByText(REFUND_MESSAGES.refusalRequired)).toBeInTheDocument();
    await fill(user, dialog.getByRole('textbox', { name: 'Reason for refusing (needed to refuse)' }), 'A profit month');
    await user.click(dialog.getByRole('button', { name: 'Refuse refund' }));
    await user.click(dialog.getByRole('button', { name: 'Yes, refuse' }));
    expect(await screen.findByText(REFUND_MESSAGES.alreadyDecided('approved'))).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(nth(api.requestsTo(refuseKey(alice._id)), 0).body).toEqual({ reason: 'A profit month' });
  }, 20_000);

  it("shows an approved refund's payout TXID and the referral reward taken back, without decisions", async () => {
    const { user } = await openScreen();
    await table();
    await user.click(screen.getByRole('tab', { name: /^Approved/ }));
    const dialog = await openDetails(user, 'Approved');
    expect(dialog.getByRole('link', { name: PAYOUT })).toHaveAttribute(
      'href',
      `https://tronscan.org/#/transaction/${PAYOUT}`,
    );
    expect(dialog.getByText(/\$2: \$0 from available earnings, \$2 owed against the next ones/)).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Approve refund' })).not.toBeInTheDocument();
  });

  it('opens a refund of any payment, from a Package Management link', async () => {
    const { api, user } = await openScreen(
      {
        [CREATE]: jsonResponse(
          { message: REFUND_MESSAGES.created, refund: makeRefund({ _id: 'rf-new', origin: 'admin' }) },
          201,
        ),
      },
      '/admin/refunds?payment=PAY42',
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Refund a Payment' }));
    expect(dialog.getByRole('textbox', { name: /Payment ID/ })).toHaveValue('PAY42');
    await user.type(
      dialog.getByRole('textbox', { name: "Customer's TRC20 address" }),
      'TJRabPrwbZy45sbavfcjinPJC18kjpRTv9',
    );
    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), 'No profit in March');
    await user.click(dialog.getByRole('button', { name: 'Open refund' }));
    // The checksum is checked before anything is sent.
    expect(await dialog.findByText(REFUND_MESSAGES.addressInvalid)).toBeInTheDocument();
    expect(api.requestsTo(CREATE)).toHaveLength(0);
    await fill(user, dialog.getByRole('textbox', { name: "Customer's TRC20 address" }), ADDRESS);
    await user.click(dialog.getByRole('button', { name: 'Open refund' }));
    expect(await screen.findByText(REFUND_MESSAGES.created)).toBeInTheDocument();
    expect(nth(api.requestsTo(CREATE), 0).body).toEqual({
      paymentId: 'PAY42',
      trc20Address: ADDRESS,
      reason: 'No profit in March',
    });
  }, 20_000);
});
