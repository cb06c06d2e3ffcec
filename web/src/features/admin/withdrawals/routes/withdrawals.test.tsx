import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChainCheck, Withdrawal } from '@goldbot/shared';
import { mockApi } from '@/test/auth-helpers';
import { cellTexts, columnHeaders, deferred, jsonResponse } from '@/test/test-utils';
import { captureDownloads, csvResponse } from '../../testing/capture-downloads';
import {
  type ApiRoutes,
  customerRef,
  detailValue,
  lastQueryTo,
  makeWithdrawal,
  type MockedApi,
  nth,
  queriesTo,
  renderAdminScreen,
  rowWith,
  statCard,
} from '../../testing/render-admin';
import AdminWithdrawalsRoute from './withdrawals';

const LIST = 'GET /api/withdrawal/all';
const approveKey = (id: string) => `PUT /api/withdrawal/approve/${id}`;
const rejectKey = (id: string) => `PUT /api/withdrawal/reject/${id}`;
const checkKey = (id: string) => `POST /api/withdrawal/payout-check/${id}`;

/** The TRON transaction ids of the payouts in these tests. */
const BOB_PAYOUT = '9f2c'.repeat(16);
const ALICE_PAYOUT = 'a1b2c3d4'.repeat(8);

/** A verdict on a payout, checked at one fixed time. */
const verdict = (status: ChainCheck['status'], reasons: string[] = []): ChainCheck => ({
  status,
  checkedAt: '2026-03-05T10:01:00.000Z',
  confirmedAt: status === 'match' || status === 'mismatch' ? '2026-03-05T09:59:00.000Z' : null,
  from: null,
  to: status === 'match' || status === 'mismatch' ? 'TAbCdEfGhJkLmNpQrStUvWxYz123456789' : null,
  amount: status === 'match' ? '20' : status === 'mismatch' ? '35' : null,
  blockNumber: null,
  reasons,
});
const SHORT = "35 USDT sent to the withdrawal's address, not the approved 36 USDT";

const counts = { total: 31, pending: 3, approved: 20, rejected: 8 };

const page = (withdrawals: Withdrawal[], nextCursor: string | null = null, pageCounts = counts) =>
  jsonResponse({ withdrawals, nextCursor, counts: pageCounts });

const alice = makeWithdrawal({
  _id: 'wd-alice',
  userId: { ...customerRef('alice'), referralEarnings: 4 },
  amount: 20,
  trc20Address: 'TAbCdEfGhJkLmNpQrStUvWxYz123456789',
  requestDate: '2026-03-04T09:30:00.000Z',
});
const bob = makeWithdrawal({
  _id: 'wd-bob',
  userId: { ...customerRef('bob'), referralEarnings: 0 },
  amount: 36,
  status: 'approved',
  requestDate: '2026-02-20T08:00:00.000Z',
  approvedDate: '2026-02-21T10:00:00.000Z',
  adminNote: 'Sent in tx 9f2c.',
  payoutTxid: BOB_PAYOUT,
  payoutCheck: verdict('mismatch', [SHORT]),
});
const carol = makeWithdrawal({
  _id: 'wd-carol',
  userId: { ...customerRef('carol'), referralEarnings: 22 },
  amount: 22,
  status: 'rejected',
  requestDate: '2026-02-10T08:00:00.000Z',
  rejectedDate: '2026-02-11T12:00:00.000Z',
  adminNote: 'Address belongs to an exchange that does not accept TRC20.',
});

const ROWS: Record<string, Withdrawal[]> = {
  all: [alice, bob, carol],
  pending: [alice],
  approved: [bob],
  rejected: [carol],
};

const lastQuery = (api: MockedApi) => lastQueryTo(api, LIST);

/** Answers the list by the requested status, from `rows`. */
const byStatus = (api: MockedApi, rows: Record<string, Withdrawal[]> = ROWS, pageCounts = counts) =>
  api.on(LIST, () => page(rows[lastQuery(api).get('status') ?? ''] ?? [], null, pageCounts));

async function openScreen(routes: ApiRoutes = {}) {
  const api = mockApi(routes);
  if (!routes[LIST]) byStatus(api);
  const view = renderAdminScreen(<AdminWithdrawalsRoute />, '/admin/withdrawals');
  await screen.findByRole('heading', { level: 1, name: 'Withdrawals' });
  return { api, ...view };
}

const table = (tab = 'All') => screen.findByRole('table', { name: `${tab} withdrawal requests` });

async function openDetails(user: Awaited<ReturnType<typeof openScreen>>['user'], username = 'alice') {
  const row = rowWith(await table(), username);
  await user.click(within(row).getByRole('button', { name: 'View Details' }));
  return screen.getByRole('dialog', { name: 'Withdrawal Details' });
}

describe('admin withdrawals', () => {
  it('shows Total, Pending, Approved and Rejected from the counts, not from the rows', async () => {
    await openScreen();
    await table();
    expect(statCard('Total').getByText('31')).toBeInTheDocument();
    expect(statCard('Pending').getByText('3')).toBeInTheDocument();
    expect(statCard('Approved').getByText('20')).toBeInTheDocument();
    expect(statCard('Rejected').getByText('8')).toBeInTheDocument();
  });

  it('has the tabs all, pending, approved and rejected with their counts, and asks for the chosen status', async () => {
    const { api, user } = await openScreen();
    const allTable = await table();
    const tabs = screen.getAllByRole('tab');
    await waitFor(() =>
      expect(tabs.map((tab) => tab.textContent)).toEqual(['All31', 'Pending3', 'Approved20', 'Rejected8']),
    );
    expect(nth(tabs, 0)).toHaveAttribute('aria-selected', 'true');
    expect(lastQuery(api).get('status')).toBe('all');
    expect(lastQuery(api).get('limit')).toBe('20');
    expect(lastQuery(api).has('search')).toBe(false);
    expect(within(allTable).getAllByRole('row')).toHaveLength(4);

    await user.click(screen.getByRole('tab', { name: /^Pending/ }));
    const pendingTable = await table('Pending');
    expect(lastQuery(api).get('status')).toBe('pending');
    expect(within(pendingTable).getAllByRole('row')).toHaveLength(2);
    expect(within(pendingTable).getByText('alice')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: /^Approved/ }));
    expect(within(await table('Approved')).getByText('bob')).toBeInTheDocument();
    expect(lastQuery(api).get('status')).toBe('approved');

    await user.click(screen.getByRole('tab', { name: /^Rejected/ }));
    expect(within(await table('Rejected')).getByText('carol')).toBeInTheDocument();
    expect(lastQuery(api).get('status')).toBe('rejected');
  });

  it('never shows the previous tab rows while another tab loads', async () => {
    const { api, user } = await openScreen();
    await table();
    const pending = deferred<Response>();
    api.on(LIST, () => pending.promise);
    await user.click(screen.getByRole('tab', { name: /^Pending/ }));
    expect(await screen.findByText('Loading withdrawals...')).toBeInTheDocument();
    expect(screen.queryByText('bob')).not.toBeInTheDocument();
    // The counts stay while the tab loads.
    expect(within(screen.getByRole('listitem', { name: 'Total' })).getByText('31')).toBeInTheDocument();
    pending.resolve(page([alice]));
    expect(within(await table('Pending')).getByText('alice')).toBeInTheDocument();
    expect(screen.queryByText('bob')).not.toBeInTheDocument();
  });

  it('shows User, Amount, Balance, Status, Date and Actions', async () => {
    await openScreen();
    const allTable = await table();
    const headers = columnHeaders(allTable);
    expect(headers).toEqual(['User', 'Amount', 'Balance', 'Status', 'Date', 'Actions']);
    const cells = cellTexts(nth(within(allTable).getAllByRole('row'), 2));
    // An approved request carries its payout's verdict: a mismatch is flagged in the list.
    expect(cells).toEqual([
      'bobbob@example.com',
      '$36',
      '$0',
      'ApprovedPayout mismatch',
      'Feb 20, 2026',
      'View Details',
    ]);
    expect(within(allTable).getByText('Payout mismatch')).toHaveAttribute('title', SHORT);
    const aliceCells = within(nth(within(allTable).getAllByRole('row'), 1)).getAllByRole('cell');
    expect(nth(aliceCells, 2)).toHaveTextContent('$4');
    expect(nth(aliceCells, 3)).toHaveTextContent('Pending');
  });

  it('sends the search (username, e-mail or wallet) to the server once typing pauses, in the chosen tab', async () => {
    const { api, user } = await openScreen();
    await table();
    await user.click(screen.getByRole('tab', { name: /^Pending/ }));
    await table('Pending');
    api.on(LIST, page([]));
    await user.type(screen.getByLabelText('Search withdrawals'), 'TAbCdEf');
    expect(await screen.findByText('No pending withdrawal requests found')).toBeInTheDocument();
    const searched = queriesTo(api, LIST).filter((query) => query.has('search'));
    // Debounced: one request for the whole term, none per keystroke.
    expect(searched.map((query) => [query.get('status'), query.get('search')])).toEqual([['pending', 'TAbCdEf']]);

    byStatus(api);
    await user.click(screen.getByRole('button', { name: /clear/i }));
    // Straight back to every row (the unsearched page, from the cache and re-read).
    expect(screen.getByLabelText('Search withdrawals')).toHaveValue('');
    expect(within(await table('Pending')).getByText('alice')).toBeInTheDocument();
    await waitFor(() => expect(lastQuery(api).has('search')).toBe(false));
  });

  it('says there is nothing, in the words of each tab', async () => {
    const { user } = await openScreen({ [LIST]: page([], null, { total: 0, pending: 0, approved: 0, rejected: 0 }) });
    expect(await screen.findByText('No withdrawal requests found')).toBeInTheDocument();
    for (const status of ['pending', 'approved', 'rejected']) {
      await user.click(screen.getByRole('tab', { name: new RegExp(`^${status}`, 'i') }));
      expect(await screen.findByText(`No ${status} withdrawal requests found`)).toBeInTheDocument();
    }
    await user.click(screen.getByRole('tab', { name: /^All/ }));
    expect(await screen.findByText('No withdrawal requests found')).toBeInTheDocument();
  });

  it('shows a pending request in the detail modal, with Copy for the wallet, the note field and the decisions', async () => {
    const { user } = await openScreen();
    const dialog = await openDetails(user);
    expect(detailValue(dialog, 'User')).toHaveTextContent('alicealice@example.com');
    expect(detailValue(dialog, 'Current Balance')).toHaveTextContent('$4');
    expect(detailValue(dialog, 'Amount')).toHaveTextContent('$20');
    expect(detailValue(dialog, 'Status')).toHaveTextContent('Pending');
    expect(detailValue(dialog, 'Request Date')).toHaveTextContent(/Mar 4, 2026/);
    expect(detailValue(dialog, 'TRC20 Wallet')).toHaveTextContent(alice.trc20Address);
    expect(within(dialog).queryByText('Processed Date')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Rejected Date')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Copy TRC20 address' }));
    expect(await within(dialog).findByText('TRC20 address copied to clipboard!')).toBeInTheDocument();
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(alice.trc20Address);

    const note = within(dialog).getByRole('textbox', { name: 'Admin Note (optional)' });
    expect(note).toHaveAccessibleDescription('This note will be included in the email to the user');
    expect(note).toHaveAttribute('maxlength', '500');
    await user.type(note, 'Thanks!');
    expect(within(dialog).getByText('7/500')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Approve & Reset Balance' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Reject Request' })).toBeEnabled();
  });

  it('shows the processed date and the note of an approved request, the rejected date of a rejected one, without decisions', async () => {
    const { user } = await openScreen();
    const approved = await openDetails(user, 'bob');
    expect(detailValue(approved, 'Status')).toHaveTextContent('Approved');
    expect(detailValue(approved, 'Processed Date')).toHaveTextContent(/Feb 21, 2026/);
    expect(detailValue(approved, 'Admin Note')).toHaveTextContent('Sent in tx 9f2c.');
    expect(within(approved).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(approved).queryByRole('button', { name: 'Approve & Reset Balance' })).not.toBeInTheDocument();
    expect(within(approved).queryByRole('button', { name: 'Reject Request' })).not.toBeInTheDocument();
    await user.click(within(approved).getByRole('button', { name: 'Close' }));

    const rejected = await openDetails(user, 'carol');
    expect(detailValue(rejected, 'Status')).toHaveTextContent('Rejected');
    expect(detailValue(rejected, 'Rejected Date')).toHaveTextContent(/Feb 11, 2026/);
    expect(within(rejected).queryByText('Processed Date')).not.toBeInTheDocument();
    expect(detailValue(rejected, 'Admin Note')).toHaveTextContent(carol.adminNote ?? '');
    expect(within(rejected).queryByRole('button', { name: 'Reject Request' })).not.toBeInTheDocument();
  });

  it('approves with the note after a confirmation, once, then says so for 5 s and reloads', async () => {
    const answer = deferred<Response>();
    const { api, user } = await openScreen({ [approveKey(alice._id)]: () => answer.promise });
    const dialog = within(await openDetails(user));
    await user.type(dialog.getByRole('textbox', { name: /Payout TXID/ }), ` 0x${ALICE_PAYOUT.toUpperCase()} `);
    await user.type(dialog.getByRole('textbox', { name: 'Admin Note (optional)' }), '  Paid within 24-48 hours.  ');
    await user.click(dialog.getByRole('button', { name: 'Approve & Reset Balance' }));
    expect(api.requestsTo(approveKey(alice._id))).toHaveLength(0); // asked first
    expect(dialog.getByText(/Approve alice's withdrawal of \$20\?/)).toHaveTextContent(
      /e-mailed with your note with the payout TXID/,
    );

    const listBefore = api.requestsTo(LIST).length;
    byStatus(api, { ...ROWS, all: [{ ...alice, status: 'approved' }, bob, carol] }, { ...counts, pending: 2 });
    await user.click(dialog.getByRole('button', { name: 'Yes, approve' }));
    const busy = dialog.getByRole('button', { name: /Approving/ });
    expect(busy).toBeDisabled();
    expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(dialog.getByRole('textbox', { name: 'Admin Note (optional)' })).toBeDisabled();
    await user.click(busy);
    expect(api.requestsTo(approveKey(alice._id))).toHaveLength(1);
    // The TXID as the server keeps it: no 0x, lower case.
    expect(nth(api.requestsTo(approveKey(alice._id)), 0).body).toEqual({
      adminNote: 'Paid within 24-48 hours.',
      payoutTxid: ALICE_PAYOUT,
    });
    expect(api.requestsTo(rejectKey(alice._id))).toHaveLength(0);

    answer.resolve(
      jsonResponse({
        message: 'Withdrawal approved successfully! $20 paid out; $2 of earnings remain.',
        withdrawal: {
          ...alice,
          status: 'approved',
          approvedDate: '2026-03-05T10:00:00.000Z',
          payoutTxid: ALICE_PAYOUT,
          payoutCheck: verdict('match'),
        },
      }),
    );
    expect(
      // The server's message: the amount paid out and what remains, and what the chain says.
      await screen.findByText(
        'Withdrawal approved successfully! $20 paid out; $2 of earnings remain. Payout on chain: Match.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(api.requestsTo(LIST).length).toBeGreaterThan(listBefore));
    await waitFor(() => expect(screen.getByRole('tab', { name: /^Pending/ })).toHaveTextContent('Pending2'));

    // The success notice clears itself after 5 s.
    await waitFor(() => expect(screen.queryByText(/Withdrawal approved successfully/)).not.toBeInTheDocument(), {
      timeout: 7000,
    });
  }, 15_000);

  it('rejects after a confirmation, without a note when none is given, and says so', async () => {
    const { api, user } = await openScreen({
      [rejectKey(alice._id)]: jsonResponse({
        message: 'Withdrawal rejected successfully!',
        withdrawal: { ...alice, status: 'rejected' },
      }),
    });
    const dialog = within(await openDetails(user));
    await user.click(dialog.getByRole('button', { name: 'Reject Request' }));
    expect(dialog.getByText(/Reject alice's withdrawal of \$20\?/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(api.requestsTo(rejectKey(alice._id))).toHaveLength(0);
    await user.type(dialog.getByRole('textbox', { name: 'Admin Note (optional)' }), '   ');
    await user.click(dialog.getByRole('button', { name: 'Reject Request' }));
    await user.click(dialog.getByRole('button', { name: 'Yes, reject' }));
    expect(await screen.findByText('Withdrawal rejected successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requestsTo(rejectKey(alice._id))).toHaveLength(1);
    expect(nth(api.requestsTo(rejectKey(alice._id)), 0).body).toEqual({});
    expect(api.requestsTo(approveKey(alice._id))).toHaveLength(0);
  });

  it('on 409 (decided the other way meanwhile) closes the modal, shows the server message and reloads', async () => {
    const { api, user } = await openScreen({
      [approveKey(alice._id)]: jsonResponse({ message: 'This withdrawal was already rejected.' }, 409),
    });
    const dialog = within(await openDetails(user));
    const before = api.requestsTo(LIST).length;
    byStatus(api, { ...ROWS, all: [{ ...alice, status: 'rejected' }, bob, carol] });
    await user.type(dialog.getByRole('textbox', { name: /Payout TXID/ }), ALICE_PAYOUT);
    await user.click(dialog.getByRole('button', { name: 'Approve & Reset Balance' }));
    await user.click(dialog.getByRole('button', { name: 'Yes, approve' }));
    const alert = await screen.findByText('This withdrawal was already rejected.');
    expect(alert.closest('[role="alert"]')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(api.requestsTo(LIST).length).toBeGreaterThan(before));
    const aliceRow = within(await table())
      .getAllByRole('row')
      .find((row) => within(row).queryByText('alice'));
    await waitFor(() => expect(aliceRow).toHaveTextContent('Rejected'));
  });

  it('keeps the modal open with the server message, or the fallback, when a decision fails otherwise', async () => {
    const { api, user } = await openScreen({
      [approveKey(alice._id)]: jsonResponse({ message: 'Database unavailable' }, 503),
      [rejectKey(alice._id)]: new Response('Bad gateway', { status: 502 }),
    });
    const dialog = within(await openDetails(user));
    await user.type(dialog.getByRole('textbox', { name: /Payout TXID/ }), ALICE_PAYOUT);
    await user.click(dialog.getByRole('button', { name: 'Approve & Reset Balance' }));
    await user.click(dialog.getByRole('button', { name: 'Yes, approve' }));
    expect(await dialog.findByText('Failed to approve withdrawal: Database unavailable')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Approve & Reset Balance' })).toBeEnabled();

    await user.click(dialog.getByRole('button', { name: 'Reject Request' }));
    await user.click(dialog.getByRole('button', { name: 'Yes, reject' }));
    expect(await dialog.findByText('Failed to reject withdrawal')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Reject Request' })).toBeEnabled();
    expect(api.requestsTo(approveKey(alice._id))).toHaveLength(1);
    expect(api.requestsTo(rejectKey(alice._id))).toHaveLength(1);
  });

  it('says when the withdrawals cannot be fetched, with the server message when there is one', async () => {
    const { api, user } = await openScreen({ [LIST]: new Response('oops', { status: 500 }) });
    expect(await screen.findByText('Failed to fetch withdrawals')).toBeInTheDocument();
    api.on(LIST, jsonResponse({ message: 'Database unavailable' }, 503));
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByText('Failed to fetch withdrawals')).toBeInTheDocument();
    byStatus(api);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(within(await table()).getByText('alice')).toBeInTheDocument();
  });

  it('loads more rows with the server cursor', async () => {
    const dave = makeWithdrawal({
      _id: 'wd-dave',
      userId: { ...customerRef('dave'), referralEarnings: 2 },
    });
    const { api, user } = await openScreen();
    api.on(LIST, () => (lastQuery(api).get('cursor') === 'cursor-2' ? page([dave]) : page([alice], 'cursor-2')));
    await user.click(screen.getByRole('tab', { name: /^Pending/ }));
    await table('Pending');
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await within(await table('Pending')).findByText('dave')).toBeInTheDocument();
    expect(within(await table('Pending')).getByText('alice')).toBeInTheDocument();
    expect(lastQuery(api).get('cursor')).toBe('cursor-2');
    expect(lastQuery(api).get('status')).toBe('pending');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('exports the chosen tab and the search as CSV', async () => {
    const downloads = captureDownloads();
    const EXPORT = 'GET /api/admin/export/withdrawals';
    const { api, user } = await openScreen({ [EXPORT]: csvResponse('User,Amount\r\n', 'withdrawals.csv') });
    await table();
    await user.click(screen.getByRole('tab', { name: /^Approved/ }));
    await table('Approved');
    await user.type(screen.getByLabelText('Search withdrawals'), 'bob');
    await waitFor(() => expect(lastQuery(api).get('search')).toBe('bob'));
    await user.click(screen.getByRole('button', { name: 'Export withdrawals as CSV' }));
    await waitFor(() => expect(downloads.saved).toHaveLength(1));
    expect(nth(downloads.saved, 0).fileName).toBe('withdrawals.csv');
    const query = nth(queriesTo(api, EXPORT), 0);
    expect(Object.fromEntries(query)).toEqual({ status: 'approved', search: 'bob' });
  });

  it('asks for the payout TXID before an approval: missing or malformed, the field says why and nothing is sent', async () => {
    const { api, user } = await openScreen();
    const dialog = within(await openDetails(user));
    const field = dialog.getByRole('textbox', { name: /Payout TXID/ });
    expect(field).toBeRequired();
    expect(field).toHaveAccessibleDescription(/paste the transaction id \(TXID\) of your transfer/);
    await user.click(dialog.getByRole('button', { name: 'Approve & Reset Balance' }));
    expect(
      await dialog.findByText('Please enter the TXID of the USDT transfer you sent for this withdrawal'),
    ).toBeVisible();
    expect(dialog.queryByRole('button', { name: 'Yes, approve' })).not.toBeInTheDocument();

    await user.type(field, 'not-a-txid');
    expect(dialog.queryByText(/Please enter the TXID/)).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Approve & Reset Balance' }));
    expect(
      await dialog.findByText(/The payout TXID is the TRON transaction id of your transfer: 64 characters/),
    ).toBeVisible();
    expect(dialog.queryByRole('button', { name: 'Yes, approve' })).not.toBeInTheDocument();
    expect(api.requestsTo(approveKey(alice._id))).toHaveLength(0);

    // Rejecting needs none.
    await user.click(dialog.getByRole('button', { name: 'Reject Request' }));
    expect(dialog.getByRole('button', { name: 'Yes, reject' })).toBeInTheDocument();
  });

  it('keeps a mismatch of the approved payout on screen: the approval stands and the chain’s reasons are said', async () => {
    const { user } = await openScreen({
      [approveKey(alice._id)]: jsonResponse({
        message: 'Withdrawal approved successfully! User earnings have been reset to $0.',
        withdrawal: {
          ...alice,
          status: 'approved',
          payoutTxid: ALICE_PAYOUT,
          payoutCheck: verdict('mismatch', ["USDT sent to TXyz, not to the withdrawal's address TAbC"]),
        },
      }),
    });
    const dialog = within(await openDetails(user));
    await user.type(dialog.getByRole('textbox', { name: /Payout TXID/ }), ALICE_PAYOUT);
    await user.click(dialog.getByRole('button', { name: 'Approve & Reset Balance' }));
    await user.click(dialog.getByRole('button', { name: 'Yes, approve' }));
    const alert = await screen.findByText(
      "Withdrawal approved successfully! User earnings have been reset to $0. Payout on chain: Mismatch (USDT sent to TXyz, not to the withdrawal's address TAbC).",
    );
    expect(alert.closest('[role="alert"]')).toBeInTheDocument();
  });

  it("shows an approved request's payout linked to Tronscan with its verdict, and checks it on chain again", async () => {
    const { api, user } = await openScreen({
      [checkKey(bob._id)]: jsonResponse({
        withdrawal: { ...bob, payoutCheck: verdict('match') },
      }),
    });
    const dialog = await openDetails(user, 'bob');
    const payout = within(within(dialog).getByRole('region', { name: 'Payout' }));
    const link = payout.getByRole('link', { name: BOB_PAYOUT });
    expect(link).toHaveAttribute('href', `https://tronscan.org/#/transaction/${BOB_PAYOUT}`);
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(detailValue(dialog, 'On-chain check')).toHaveTextContent('Payout mismatch');
    expect(payout.getByRole('list', { name: 'Reasons' })).toHaveTextContent(SHORT);
    expect(detailValue(dialog, 'Amount on chain')).toHaveTextContent('35 USDT');

    const listBefore = api.requestsTo(LIST).length;
    await user.click(payout.getByRole('button', { name: 'Check on chain' }));
    await waitFor(() => expect(detailValue(dialog, 'On-chain check')).toHaveTextContent('Payout match'));
    expect(api.requestsTo(checkKey(bob._id))).toHaveLength(1);
    expect(payout.queryByRole('list', { name: 'Reasons' })).not.toBeInTheDocument();
    await waitFor(() => expect(api.requestsTo(LIST).length).toBeGreaterThan(listBefore));
  });

  it('says when the check on chain fails, with the server message', async () => {
    const { user } = await openScreen({
      [checkKey(bob._id)]: jsonResponse(
        {
          message:
            'The on-chain check is not configured on this server (TRON_API_URL). Check the TXID on a block explorer.',
        },
        503,
      ),
    });
    const dialog = within(await openDetails(user, 'bob'));
    await user.click(dialog.getByRole('button', { name: 'Check on chain' }));
    expect(await dialog.findByText(/The on-chain check is not configured on this server/)).toBeInTheDocument();
    expect(detailValue(await screen.findByRole('dialog'), 'On-chain check')).toHaveTextContent('Payout mismatch');
  });
});
