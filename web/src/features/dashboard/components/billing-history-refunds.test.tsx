import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PACKAGE_NAMES, REFUND_MESSAGES, type Subscription } from '@goldbot/shared';
import { errorResponse, mockCommerceApi, renderSignedIn, subscription } from '@/test/commerce-fixtures';
import { cellTexts, jsonResponse } from '@/test/test-utils';
import { BillingHistoryTab } from './billing-history-tab';

/**
 * Refunds in Billing History: 'Request refund' on a paid purchase while the 7-day guarantee runs,
 * the refund window (a TRC20 address whose checksum matches, and a reason), and each request's state
 * on its row: requested; refunded with the payout TXID on the block explorer; refused with the reason.
 */
const ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const PAYOUT = '5c8e2f0a9b7d6c4e3f1a2b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e';
const REQUEST = 'POST /api/payment/refund-request';
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

const paid = subscription({
  _id: 'sub-paid',
  packageName: PACKAGE_NAMES.pro,
  paymentId: 'PAY1',
  startDate: '2026-04-01',
  endDate: '2026-09-30',
  refundableUntil: inDays(5),
});

/** A purchase's refund request: asked today and waiting, unless `overrides` say otherwise. */
const refundState = (
  overrides: Partial<NonNullable<Subscription['refund']>> = {},
): NonNullable<Subscription['refund']> => ({
  _id: 'R1',
  status: 'pending',
  requestedAt: inDays(0),
  decidedAt: null,
  payoutTxid: null,
  refusalReason: null,
  ...overrides,
});

async function historyRows() {
  const history = screen.getByRole('region', { name: 'Purchase History' });
  const table = await within(history).findByRole('table');
  return within(table).getAllByRole('row').slice(1);
}

describe('refunds in Billing History', () => {
  it('offers "Request refund" while the guarantee runs, and not once it is over or for the free trial', async () => {
    mockCommerceApi({
      'GET /api/payment/subscriptions': jsonResponse({
        subscriptions: [
          paid,
          subscription({ _id: 'sub-late', paymentId: 'PAY2', refundableUntil: inDays(-1) }),
          subscription({ _id: 'sub-old', paymentId: 'PAY3' }),
          subscription({ _id: 'sub-free', packageName: PACKAGE_NAMES.freeTrial, paymentMethod: 'free' }),
        ],
      }),
    });
    renderSignedIn(<BillingHistoryTab />);
    const rows = await historyRows();
    expect(
      within(rows[0] as HTMLElement).getByRole('button', { name: 'Request refund for Pro Package, Apr 1, 2026' }),
    ).toBeInTheDocument();
    for (const row of rows.slice(1)) expect(within(row).queryByRole('button', { name: /Request refund/ })).toBeNull();
    expect(screen.getByText(/can be refunded within 7 days of its payment's approval/)).toBeInTheDocument();
  });

  it('sends the address and the reason, checked first (the checksum too), then shows the request', async () => {
    const api = mockCommerceApi({
      'GET /api/payment/subscriptions': jsonResponse({ subscriptions: [paid] }),
      [REQUEST]: jsonResponse(
        {
          message: REFUND_MESSAGES.requested,
          refund: refundState(),
        },
        201,
      ),
    });
    const { user } = renderSignedIn(<BillingHistoryTab />);
    const [row] = await historyRows();
    await user.click(within(row as HTMLElement).getByRole('button', { name: /Request refund/ }));
    const dialog = within(screen.getByRole('dialog', { name: 'Request a Refund' }));

    await user.click(dialog.getByRole('button', { name: 'Request refund' }));
    expect(dialog.getByText(REFUND_MESSAGES.addressRequired)).toBeInTheDocument();
    await user.type(dialog.getByLabelText('TRC20 Wallet Address'), 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv9');
    await user.click(dialog.getByRole('button', { name: 'Request refund' }));
    // The shape is right but the checksum is not: the spec's sentence.
    expect(dialog.getByText(REFUND_MESSAGES.addressInvalid)).toBeInTheDocument();
    expect(dialog.getByText(REFUND_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(api.requestsTo(REQUEST)).toHaveLength(0);

    await user.clear(dialog.getByLabelText('TRC20 Wallet Address'));
    await user.type(dialog.getByLabelText('TRC20 Wallet Address'), ADDRESS);
    await user.type(dialog.getByLabelText('Why are you asking for a refund?'), 'Not for me');
    api.on(
      'GET /api/payment/subscriptions',
      jsonResponse({
        subscriptions: [
          {
            ...paid,
            refundableUntil: null,
            refund: refundState(),
          },
        ],
      }),
    );
    await user.click(dialog.getByRole('button', { name: 'Request refund' }));
    expect(await screen.findByText(REFUND_MESSAGES.requested)).toBeInTheDocument();
    expect(api.requestsTo(REQUEST)[0]?.body).toEqual({
      paymentId: 'PAY1',
      trc20Address: ADDRESS,
      reason: 'Not for me',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [after] = await historyRows();
    await waitFor(() => expect(within(after as HTMLElement).getByText('Refund requested')).toBeInTheDocument());
  }, 20_000);

  it("shows the server's sentence when the guarantee ended meanwhile", async () => {
    mockCommerceApi({
      'GET /api/payment/subscriptions': jsonResponse({ subscriptions: [paid] }),
      [REQUEST]: errorResponse(409, REFUND_MESSAGES.guaranteeOver),
    });
    const { user } = renderSignedIn(<BillingHistoryTab />);
    const [row] = await historyRows();
    await user.click(within(row as HTMLElement).getByRole('button', { name: /Request refund/ }));
    const dialog = within(screen.getByRole('dialog', { name: 'Request a Refund' }));
    await user.type(dialog.getByLabelText('TRC20 Wallet Address'), ADDRESS);
    await user.type(dialog.getByLabelText('Why are you asking for a refund?'), 'Late');
    await user.click(dialog.getByRole('button', { name: 'Request refund' }));
    expect(await dialog.findByText(REFUND_MESSAGES.guaranteeOver)).toBeInTheDocument();
  }, 20_000);

  it('shows a refunded purchase with its payout TXID on the block explorer, and a refused one with the reason', async () => {
    mockCommerceApi({
      'GET /api/payment/subscriptions': jsonResponse({
        subscriptions: [
          {
            ...paid,
            status: 'refunded',
            refundableUntil: null,
            refund: refundState({
              status: 'approved',
              requestedAt: inDays(-2),
              decidedAt: inDays(-1),
              payoutTxid: PAYOUT,
            }),
          },
          subscription({
            _id: 'sub-2',
            paymentId: 'PAY2',
            refund: refundState({
              _id: 'R2',
              status: 'refused',
              requestedAt: inDays(-2),
              decidedAt: inDays(-1),
              refusalReason: 'The month made a profit.',
            }),
          }),
        ],
      }),
    });
    renderSignedIn(<BillingHistoryTab />);
    const [refunded, refused] = await historyRows();
    expect(cellTexts(refunded as HTMLElement).slice(5)).toEqual(['Refunded', '', 'RefundedPayout: 5c8e2f0a…2c1d0e']);
    expect(
      within(refunded as HTMLElement).getByRole('link', { name: `Payout transaction ${PAYOUT} on the block explorer` }),
    ).toHaveAttribute('href', `https://tronscan.org/#/transaction/${PAYOUT}`);
    expect(within(refused as HTMLElement).getByText('Refund refused')).toBeInTheDocument();
    expect(within(refused as HTMLElement).getByText('The month made a profit.')).toBeInTheDocument();
  });
});
