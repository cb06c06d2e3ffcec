import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Payment, PaymentBinding } from '@goldbot/shared';
import { mockApi } from '@/test/auth-helpers';
import { jsonResponse } from '@/test/test-utils';
import { formatDateTime } from '@/lib/format';
import { makePayment, renderAdminScreen, rowWith } from '../../testing/render-admin';
import AdminPaymentsRoute from './payments';

/**
 * How a payment got its transfer, on /admin/payments: the detail modal says how it was bound to
 * its order and the order's lifetime, and, when the server flags the binding as ambiguous, why;
 * the Chain column marks such a payment 'Ambiguous' with the reason on hover.
 */
const PENDING = 'GET /api/payment/pending-usdt-payments';
const ALL = 'GET /api/payment/all-payments';
const summary = { total: 2, pending: 2, completed: 0 };

const AMBIGUOUS =
  'The amount 60.37 USDT was handed out again 3 hours after an earlier order of it (carol, Basic Package) ended unpaid: the transfer may be that customer’s late payment.';

const binding = (overrides: Partial<PaymentBinding> = {}): PaymentBinding => ({
  source: 'watcher',
  txid: 'b1c2d3e4f5a60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f91',
  boundAt: '2026-03-02T10:16:00.000Z',
  ambiguous: null,
  predatesOrder: false,
  autoApprovalWithheld: [],
  ...overrides,
});

const payment = (name: string, overrides: Partial<Payment>) =>
  makePayment({
    _id: `pay-${name}`,
    userId: { _id: `u-${name}`, username: name, email: `${name}@example.com` },
    transactionId: binding().txid,
    orderCreatedAt: '2026-03-02T09:00:00.000Z',
    orderExpiresAt: '2026-03-02T11:00:00.000Z',
    ...overrides,
  });

const doubtful = payment('doubtful', {
  binding: binding({
    ambiguous: AMBIGUOUS,
    predatesOrder: true,
    autoApprovalWithheld: ['The binding is ambiguous.', 'The transfer predates the order.'],
  }),
});
const plain = payment('plain', { binding: binding() });

async function openDetails(username: string) {
  mockApi({
    [PENDING]: jsonResponse({ pendingPayments: [doubtful, plain], nextCursor: null, summary }),
    [ALL]: jsonResponse({ payments: [doubtful, plain], nextCursor: null, summary }),
  });
  const view = renderAdminScreen(<AdminPaymentsRoute />);
  const table = await screen.findByRole('table', { name: 'Pending USDT payments' });
  const row = rowWith(table, username);
  await view.user.click(within(row).getByRole('button', { name: 'View Details' }));
  return { row, dialog: screen.getByRole('dialog', { name: 'Payment Details' }) };
}

describe('admin payments: the transfer’s binding to its order', () => {
  it('says why a binding is ambiguous, that the transfer predates the order, and why it was not approved automatically', async () => {
    const { row, dialog } = await openDetails('doubtful');
    expect(within(row).getByText('Ambiguous')).toHaveAttribute('title', AMBIGUOUS);
    const section = within(dialog).getByRole('region', { name: 'Transfer and order' });
    const alert = within(section).getByRole('alert');
    expect(alert).toHaveTextContent('Ambiguous: check who paid before approving');
    expect(alert).toHaveTextContent(AMBIGUOUS);
    expect(section).toHaveTextContent('Found by the wallet watcher from its exact amount');
    expect(section).toHaveTextContent(
      `${formatDateTime('2026-03-02T09:00:00.000Z')} to ${formatDateTime('2026-03-02T11:00:00.000Z')}`,
    );
    expect(section).toHaveTextContent('The transfer is dated before the order was created');
    const withheld = within(section).getByRole('list', { name: 'Why not approved automatically' });
    expect(
      within(withheld)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['The binding is ambiguous.', 'The transfer predates the order.']);
    // The decision stays the admin's.
    expect(within(dialog).getByRole('button', { name: 'Approve' })).toBeEnabled();
  });

  it('shows a plain binding without any warning', async () => {
    const { row, dialog } = await openDetails('plain');
    expect(within(row).queryByText('Ambiguous')).not.toBeInTheDocument();
    const section = within(dialog).getByRole('region', { name: 'Transfer and order' });
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
    expect(section).not.toHaveTextContent('Not approved automatically');
    expect(section).not.toHaveTextContent('dated before the order');
  });
});
