import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS, WITHDRAWAL_MESSAGES } from '@goldbot/shared';
import { CUSTOMER, errorResponse, renderSignedIn } from '@/test/commerce-fixtures';
import { requested, TRC20_ADDRESS, userWithdrawals, withdrawal } from '@/test/withdrawal-fixtures';
import { mockApi } from '@/test/auth-helpers';
import { cellTexts, deferred, jsonResponse } from '@/test/test-utils';
import { ReferralProgramTab } from './referral-program-tab';

/** The payout of an approved withdrawal: the TRON transaction id the admin named. */
const PAYOUT_TXID = '5e4c1a7f2b9d08c6e3f1a2b4c6d8e0f1a3b5c7d9e1f3a5b7c9d1e3f5a7b9c1d3';

const renderTab = (user = CUSTOMER) => renderSignedIn(<ReferralProgramTab />, { user });

const center = () => screen.getByRole('region', { name: 'Withdrawal Center' });
const earnings = () => screen.getByTestId('referral-earnings');
const withdrawButton = () => within(center()).getByRole('button', { name: 'Withdraw' });
const historyRows = () => within(within(center()).getByRole('table')).getAllByRole('row').slice(1);
const rowCells = (row: HTMLElement) => cellTexts(row);
const storedUser = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null') as { referralEarnings: number };

describe('Referral Program tab: code and counts', () => {
  // The indicator's reset after 2 s is CopyButton's own (components/ui/copy-button.test.tsx).
  it('shows the code with Copy, which copies it and says so', async () => {
    mockApi({ 'GET /api/withdrawal/user': userWithdrawals([], 6) });
    const { user } = renderTab();
    expect(screen.getByTestId('referral-code')).toHaveTextContent('TRADER42');
    expect(screen.getByTestId('referral-count')).toHaveTextContent('3');
    await user.click(screen.getByRole('button', { name: 'Copy referral code' }));
    expect(await screen.findByText('Referral code copied to clipboard!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('TRADER42');
    expect(screen.getByRole('button', { name: 'Referral code copied' })).toHaveTextContent('Copied!');
  });

  it('reads Total Referrals live, like the earnings, and keeps the stored session in step', async () => {
    mockApi({
      'GET /api/withdrawal/user': jsonResponse({
        withdrawals: [],
        referralEarnings: 6,
        referralHeld: 0,
        referralCount: 7,
      }),
    });
    renderTab();
    // The stored session says 3 until the server answers 7.
    await waitFor(() => expect(screen.getByTestId('referral-count')).toHaveTextContent('7'));
    await waitFor(() =>
      expect(
        (JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null') as { referralCount: number }).referralCount,
      ).toBe(7),
    );
  });

  it("offers 'Refresh Data' when the code is missing, re-reading GET /api/auth/me", async () => {
    const api = mockApi({
      'GET /api/withdrawal/user': userWithdrawals([], 0),
      'GET /api/auth/me': jsonResponse({
        userId: 'user-1',
        username: 'trader42',
        email: 'trader42@example.com',
        phone: null,
        isAdmin: false,
        referralCode: 'FRESH123',
        referralCount: 4,
        referralEarnings: 0,
      }),
    });
    const { user } = renderTab({ ...CUSTOMER, referralCode: undefined });
    expect(screen.getByText('Your referral code is not available yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refresh Data' }));
    expect(await screen.findByTestId('referral-code')).toHaveTextContent('FRESH123');
    expect(screen.getByTestId('referral-count')).toHaveTextContent('4');
    expect(api.requestsTo('GET /api/auth/me')).toHaveLength(1);
  });

  it('says so when the refresh fails', async () => {
    mockApi({ 'GET /api/withdrawal/user': userWithdrawals([], 0), 'GET /api/auth/me': errorResponse(500, 'boom') });
    const { user } = renderTab({ ...CUSTOMER, referralCode: undefined });
    await user.click(screen.getByRole('button', { name: 'Refresh Data' }));
    expect(await screen.findByText('Could not refresh your data. Please try again.')).toBeInTheDocument();
  });
});

describe('Referral Program tab: earnings', () => {
  it('shows the session earnings until the withdrawals answer, then the live available balance', async () => {
    const list = deferred<Response>();
    mockApi({ 'GET /api/withdrawal/user': () => list.promise });
    renderTab({ ...CUSTOMER, referralEarnings: 6 });
    expect(earnings()).toHaveTextContent('$6');
    await act(async () => list.resolve(userWithdrawals([], 8)));
    await waitFor(() => expect(earnings()).toHaveTextContent('$8'));
    // The session user (and the stored session) follow the server's balance.
    await waitFor(() => expect(storedUser().referralEarnings).toBe(8));
    expect(screen.queryByTestId('referral-held')).not.toBeInTheDocument();
  });

  it('shows the amount a pending request holds', async () => {
    mockApi({ 'GET /api/withdrawal/user': userWithdrawals([withdrawal({ amount: 20 })], 4, 20) });
    renderTab();
    expect(await screen.findByTestId('referral-held')).toHaveTextContent('$20 held for your pending withdrawal');
    expect(earnings()).toHaveTextContent('$4');
  });
});

describe('Referral Program tab: Withdrawal Center history', () => {
  it("says 'Loading withdrawals...' while the list loads", async () => {
    const list = deferred<Response>();
    mockApi({ 'GET /api/withdrawal/user': () => list.promise });
    renderTab();
    expect(within(center()).getByRole('status')).toHaveTextContent('Loading withdrawals...');
    await act(async () => list.resolve(userWithdrawals([], 6)));
    expect(
      await within(center()).findByText('No withdrawals yet. Your requests will appear here.'),
    ).toBeInTheDocument();
    expect(within(center()).queryByText('Loading withdrawals...')).not.toBeInTheDocument();
  });

  it('shows the 3 latest withdrawals, newest first, with amount, date, status and the payout linked to Tronscan', async () => {
    mockApi({
      'GET /api/withdrawal/user': userWithdrawals(
        [
          withdrawal({ _id: 'a', amount: 20, status: 'pending', requestDate: '2026-03-01T10:00:00.000Z' }),
          withdrawal({ _id: 'b', amount: 25, status: 'rejected', requestDate: '2026-02-14T10:00:00.000Z' }),
          withdrawal({
            _id: 'c',
            amount: 1200,
            status: 'approved',
            requestDate: '2026-01-31T23:30:00.000Z',
            payoutTxid: PAYOUT_TXID,
          }),
          withdrawal({ _id: 'd', amount: 40, status: 'approved', requestDate: '2025-12-02T08:00:00.000Z' }),
        ],
        0,
        20,
      ),
    });
    renderTab();
    await within(center()).findByRole('table');
    expect(historyRows().map(rowCells)).toEqual([
      ['$20', 'Mar 1, 2026', 'Pending', '-'],
      ['$25', 'Feb 14, 2026', 'Rejected', '-'],
      ['$1,200', 'Jan 31, 2026', 'Approved', '5e4c1a…b9c1d3'],
    ]);
    const payout = within(center()).getByRole('link', { name: `Payout transaction ${PAYOUT_TXID} on Tronscan` });
    expect(payout).toHaveAttribute('href', `https://tronscan.org/#/transaction/${PAYOUT_TXID}`);
    expect(payout).toHaveAttribute('target', '_blank');
    expect(payout).toHaveAttribute('rel', 'noopener noreferrer');
    const [pending, rejected, approved] = historyRows();
    expect(within(pending as HTMLElement).getByText('Pending')).toHaveClass('status-pill', 'status-pill--pending');
    expect(within(rejected as HTMLElement).getByText('Rejected')).toHaveClass('status-pill--rejected');
    expect(within(approved as HTMLElement).getByText('Approved')).toHaveClass('status-pill--approved');
  });

  it("says 'Failed to fetch withdrawals' with Try Again, and keeps the session balance meanwhile", async () => {
    const api = mockApi({
      'GET /api/withdrawal/user': [errorResponse(500, 'boom'), userWithdrawals([withdrawal()], 0, 20)],
    });
    const { user } = renderTab({ ...CUSTOMER, referralEarnings: 6 });
    expect(await within(center()).findByText('Failed to fetch withdrawals')).toHaveAttribute('role', 'alert');
    expect(earnings()).toHaveTextContent('$6');
    await user.click(within(center()).getByRole('button', { name: 'Try Again' }));
    await within(center()).findByRole('table');
    expect(historyRows().map(rowCells)).toEqual([['$20', 'Mar 1, 2026', 'Pending', '-']]);
    expect(api.requestsTo('GET /api/withdrawal/user').length).toBeGreaterThanOrEqual(2);
  });
});

describe('Referral Program tab: the Withdraw button', () => {
  it('does not open the modal under $20, and says why', async () => {
    mockApi({ 'GET /api/withdrawal/user': userWithdrawals([], 18) });
    const { user } = renderTab();
    await waitFor(() => expect(earnings()).toHaveTextContent('$18'));
    await user.click(withdrawButton());
    expect(within(center()).getByRole('alert')).toHaveTextContent(
      'Minimum withdrawal amount is $20. Your current earnings are insufficient.',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not open the modal while a request is pending, and says why', async () => {
    mockApi({ 'GET /api/withdrawal/user': userWithdrawals([withdrawal()], 30, 20) });
    const { user } = renderTab();
    await within(center()).findByRole('table');
    await user.click(withdrawButton());
    expect(within(center()).getByText(WITHDRAWAL_MESSAGES.pendingExists)).toBeInTheDocument();
    expect(within(center()).getByText(WITHDRAWAL_MESSAGES.pendingExists)).toHaveAttribute('role', 'alert');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('requests a withdrawal: the balances change at once, the session follows and the list is re-read', async () => {
    const created = withdrawal({ _id: 'wd-new', amount: 20, requestDate: '2026-03-01T12:00:00.000Z' });
    const api = mockApi({
      'GET /api/withdrawal/user': [userWithdrawals([], 20), userWithdrawals([created], 0, 20)],
      'POST /api/withdrawal/request': requested(created, 0, 20),
    });
    const { user } = renderTab({ ...CUSTOMER, referralEarnings: 20 });
    expect(
      await within(center()).findByText('No withdrawals yet. Your requests will appear here.'),
    ).toBeInTheDocument();
    await user.click(withdrawButton());
    const dialog = screen.getByRole('dialog', { name: 'Withdraw Earnings' });
    expect(within(dialog).getByTestId('withdrawal-available')).toHaveTextContent('$20');
    expect(within(dialog).getByLabelText('Amount (USD)')).toHaveAttribute('max', '20');
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '20');
    await user.type(within(dialog).getByLabelText('TRC20 Wallet Address'), TRC20_ADDRESS);
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));

    expect(
      await screen.findByText('Withdrawal request submitted successfully! We will review it within 24 hours.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(earnings()).toHaveTextContent('$0');
    expect(screen.getByTestId('referral-held')).toHaveTextContent('$20 held for your pending withdrawal');
    expect(storedUser().referralEarnings).toBe(0);
    await within(center()).findByRole('table');
    expect(historyRows().map(rowCells)).toEqual([['$20', 'Mar 1, 2026', 'Pending', '-']]);
    await waitFor(() => expect(api.requestsTo('GET /api/withdrawal/user')).toHaveLength(2));

    // A second request is now stopped at the button.
    await user.click(withdrawButton());
    expect(within(center()).getByRole('alert')).toHaveTextContent(WITHDRAWAL_MESSAGES.pendingExists);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('re-reads the list when the server says a request is already pending (409)', async () => {
    const api = mockApi({
      'GET /api/withdrawal/user': [userWithdrawals([], 40), userWithdrawals([withdrawal()], 20, 20)],
      'POST /api/withdrawal/request': errorResponse(409, WITHDRAWAL_MESSAGES.pendingExists),
    });
    const { user } = renderTab();
    await waitFor(() => expect(earnings()).toHaveTextContent('$40'));
    await user.click(withdrawButton());
    const dialog = screen.getByRole('dialog', { name: 'Withdraw Earnings' });
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '20');
    await user.type(within(dialog).getByLabelText('TRC20 Wallet Address'), TRC20_ADDRESS);
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(WITHDRAWAL_MESSAGES.pendingExists);
    await waitFor(() => expect(api.requestsTo('GET /api/withdrawal/user')).toHaveLength(2));
    await waitFor(() => expect(earnings()).toHaveTextContent('$20'));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('referral-held')).toHaveTextContent('$20 held for your pending withdrawal');
  });
});
