import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChainCheck, Payment } from '@goldbot/shared';
import { mockApi } from '@/test/auth-helpers';
import { deferred, jsonResponse } from '@/test/test-utils';
import { type ApiRoutes, makePayment, nth, renderAdminScreen, rowWith } from '../../testing/render-admin';
import AdminPaymentsRoute from './payments';

/**
 * The on-chain pre-check on /admin/payments: the Chain column with each verdict and its
 * reasons on hover, and in the detail modal the reasons, what the chain showed, the Tronscan link and
 * 'Check on chain', which asks the server, shows the new verdict and reloads the lists.
 */
const PENDING = 'GET /api/payment/pending-usdt-payments';
const ALL = 'GET /api/payment/all-payments';
const checkKey = (id: string) => `POST /api/payment/chain-check/${id}`;
const summary = { total: 9, pending: 7, completed: 2 };

const TXID = 'e0acf1a1305799799f336afe9e73e44406a6f9f635ededd7e5baea4962be8ab6';
const WALLET = 'TWsghcMkFXe1hnwZAWVQ9fUrZBtYv2aGJ8';

const verdict = (status: ChainCheck['status'], overrides: Partial<ChainCheck> = {}): ChainCheck => ({
  status,
  checkedAt: '2026-03-02T10:16:00.000Z',
  confirmedAt: null,
  from: null,
  to: null,
  amount: null,
  blockNumber: null,
  reasons: [],
  ...overrides,
});
const MATCH = verdict('match', {
  confirmedAt: '2026-03-02T10:14:00.000Z',
  from: 'TDuvkvLEhHvy3VQDWowtt16n3W5khHgsaL',
  to: WALLET,
  amount: '79',
  blockNumber: 86738346,
});

const row = (name: string, chainCheck: ChainCheck | null, overrides: Partial<Payment> = {}) =>
  makePayment({
    _id: `pay-${name}`,
    userId: { _id: `u-${name}`, username: name, email: `${name}@example.com` },
    transactionId: TXID,
    walletAddress: WALLET,
    chainCheck,
    ...overrides,
  });

const rows = [
  row('matched', MATCH),
  row(
    'mismatched',
    verdict('mismatch', {
      reasons: ['USDT sent to TUikLT3nTTjTkXPAuC4xUGj84vfSERCWRn, not to the payment wallet ' + WALLET],
    }),
  ),
  row('waiting', verdict('pending', { reasons: ['not confirmed yet'] })),
  row('missing', verdict('not-found', { reasons: ['not found on the TRON network 30 minutes after submission'] })),
  row('typo', verdict('invalid', { reasons: ['not a TRON transaction id'] }), { transactionId: 'ABC123NOTATRONID' }),
  row('failing', verdict('error', { reasons: ['The TRON API did not answer within 5 s (3 attempts).'] })),
  row('fresh', null),
];

async function openScreen(routes: ApiRoutes = {}) {
  const api = mockApi({
    [PENDING]: jsonResponse({ pendingPayments: rows, nextCursor: null, summary }),
    [ALL]: jsonResponse({ payments: rows, nextCursor: null, summary }),
    ...routes,
  });
  const view = renderAdminScreen(<AdminPaymentsRoute />, '/admin/payments');
  const table = await screen.findByRole('table', { name: 'Pending USDT payments' });
  return { api, table, ...view };
}

const chainCell = (table: HTMLElement, username: string) => {
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
  return nth(within(rowWith(table, username)).getAllByRole('cell'), headers.indexOf('Chain'));
};

describe('the Chain column', () => {
  it('shows each verdict, its reasons on hover, and Not checked yet before the first check', async () => {
    const { table } = await openScreen();
    const expected: [string, string, string][] = [
      ['matched', 'Match', `Match: 79 USDT to ${WALLET}`],
      [
        'mismatched',
        'Mismatch',
        `Mismatch: USDT sent to TUikLT3nTTjTkXPAuC4xUGj84vfSERCWRn, not to the payment wallet ${WALLET}`,
      ],
      ['waiting', 'Pending', 'Pending: not confirmed yet'],
      ['missing', 'Not found', 'Not found: not found on the TRON network 30 minutes after submission'],
      ['typo', 'Invalid', 'Invalid: not a TRON transaction id'],
      ['failing', 'Error', 'Error: The TRON API did not answer within 5 s (3 attempts).'],
      ['fresh', 'Not checked yet', 'The on-chain check has not run yet.'],
    ];
    for (const [username, label, title] of expected) {
      const cell = chainCell(table, username);
      const badge = within(cell).getByText(label);
      expect(badge.closest('[title]')).toHaveAttribute('title', title);
    }
  });
});

describe('the on-chain check in the detail modal', () => {
  const open = async (user: Awaited<ReturnType<typeof openScreen>>['user'], table: HTMLElement, username: string) => {
    await user.click(within(rowWith(table, username)).getByRole('button', { name: 'View Details' }));
    return within(screen.getByRole('dialog', { name: 'Payment Details' }));
  };

  it('shows what the chain showed and links the transaction on Tronscan in a new tab', async () => {
    const { user, table } = await openScreen();
    const dialog = await open(user, table, 'matched');
    const section = within(dialog.getByRole('region', { name: 'On-chain check' }));
    expect(section.getByText('Match')).toBeInTheDocument();
    expect(section.getByText(/A confirmed USDT transfer to the payment wallet/)).toBeInTheDocument();
    expect(section.getByText('79 USDT')).toBeInTheDocument();
    expect(section.getByText('86,738,346')).toBeInTheDocument();
    expect(section.getByText('TDuvkvLEhHvy3VQDWowtt16n3W5khHgsaL')).toBeInTheDocument();
    const link = section.getByRole('link', { name: /View on Tronscan/ });
    expect(link).toHaveAttribute('href', `https://tronscan.org/#/transaction/${TXID}`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(section.queryByText(/Checked again every 5 minutes/)).not.toBeInTheDocument();
    // The decision stays the admin's.
    expect(dialog.getByRole('button', { name: 'Approve' })).toBeInTheDocument();
  });

  it("shows the order's expected amount, the amount on chain, the payer's address and whether it paid others", async () => {
    const paidOthers = row(
      'suspect',
      verdict('mismatch', {
        from: 'TDuvkvLEhHvy3VQDWowtt16n3W5khHgsaL',
        to: WALLET,
        amount: '60.52',
        reasons: ['60.52 USDT is the exact amount of another customer’s open order: this transfer pays another order'],
        payerPaidOthers: true,
      }),
      { orderAmount: 60.37 },
    );
    const { user, table } = await openScreen({
      [PENDING]: jsonResponse({ pendingPayments: [paidOthers], nextCursor: null, summary }),
    });
    const dialog = await open(user, table, 'suspect');
    const section = within(dialog.getByRole('region', { name: 'On-chain check' }));
    expect(section.getByText('60.37 USDT')).toBeInTheDocument();
    expect(section.getByText('60.52 USDT')).toBeInTheDocument();
    expect(section.getByText("Payer's address")).toBeInTheDocument();
    expect(section.getByText('TDuvkvLEhHvy3VQDWowtt16n3W5khHgsaL')).toBeInTheDocument();
    expect(section.getByText("Paid other customers' orders before")).toBeInTheDocument();
    expect(section.getByText('Yes: this address paid payments of other customers')).toBeInTheDocument();
    expect(section.getByText(/pays another order/)).toBeInTheDocument();
  });

  it('lists the reasons, says it asks again, and links no explorer for an id that is not TRON’s', async () => {
    const { user, table } = await openScreen();
    let dialog = await open(user, table, 'failing');
    let reasons = within(dialog.getByRole('list', { name: 'Reasons' }));
    expect(reasons.getByText('The TRON API did not answer within 5 s (3 attempts).')).toBeInTheDocument();
    expect(dialog.getByText(/Checked again every 5 minutes for 24 hours after submission/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Close' }));

    dialog = await open(user, table, 'typo');
    reasons = within(dialog.getByRole('list', { name: 'Reasons' }));
    expect(reasons.getByText('not a TRON transaction id')).toBeInTheDocument();
    expect(dialog.queryByRole('link', { name: /Tronscan/ })).not.toBeInTheDocument();
    expect(dialog.queryByText(/Checked again every/)).not.toBeInTheDocument();
  });

  it('Check on chain: asks the server once, shows the new verdict and reloads both lists', async () => {
    const answer = deferred<Response>();
    const { api, user, table } = await openScreen({ [checkKey('pay-fresh')]: () => answer.promise });
    const dialog = await open(user, table, 'fresh');
    expect(
      within(dialog.getByRole('region', { name: 'On-chain check' })).getAllByText('Not checked yet'),
    ).not.toHaveLength(0);
    const listsBefore = api.requestsTo(PENDING).length + api.requestsTo(ALL).length;

    await user.click(dialog.getByRole('button', { name: 'Check on chain' }));
    const busy = dialog.getByRole('button', { name: /Checking/ });
    expect(busy).toBeDisabled();
    await user.click(busy);
    expect(api.requestsTo(checkKey('pay-fresh'))).toHaveLength(1);
    expect(nth(api.requestsTo(checkKey('pay-fresh')), 0).body).toBeUndefined();

    answer.resolve(jsonResponse({ payment: { ...nth(rows, 6), chainCheck: MATCH } }));
    const section = within(await dialog.findByRole('region', { name: 'On-chain check' }));
    expect(await section.findByText('Match')).toBeInTheDocument();
    expect(section.getByText('79 USDT')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.requestsTo(PENDING).length + api.requestsTo(ALL).length).toBeGreaterThan(listsBefore),
    );
    expect(dialog.getByRole('button', { name: 'Check on chain' })).toBeEnabled();
  });

  it('an approval the check made (automatic approval on) ends the decision controls', async () => {
    const { user, table } = await openScreen({
      [checkKey('pay-fresh')]: jsonResponse({ payment: { ...nth(rows, 6), status: 'completed', chainCheck: MATCH } }),
    });
    const dialog = await open(user, table, 'fresh');
    expect(dialog.getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Check on chain' }));
    await waitFor(() => expect(dialog.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument());
    expect(dialog.getByText('Completed')).toBeInTheDocument();
  });

  it('says when the check failed, and keeps the verdict it had', async () => {
    const { user, table } = await openScreen({
      [checkKey('pay-waiting')]: jsonResponse({ message: 'Payment not found. It may have been removed.' }, 404),
    });
    const dialog = await open(user, table, 'waiting');
    await user.click(dialog.getByRole('button', { name: 'Check on chain' }));
    expect(
      await dialog.findByText('Error checking the transaction on chain: Payment not found. It may have been removed.'),
    ).toBeInTheDocument();
    expect(within(dialog.getByRole('region', { name: 'On-chain check' })).getByText('Pending')).toBeInTheDocument();
  });
});
