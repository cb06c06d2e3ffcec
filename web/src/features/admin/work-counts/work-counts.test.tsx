import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WORK_COUNTS_REFRESH_MS, type WorkCounts } from '@goldbot/shared';
import { mockApi } from '@/test/auth-helpers';
import { jsonResponse } from '@/test/test-utils';
import AdminLayout from '../components/admin-layout';
import { renderAdminScreen } from '../testing/render-admin';

const WORK_COUNTS = 'GET /api/admin/work-counts';

const answer = (counts: Partial<WorkCounts>) =>
  jsonResponse({
    success: true,
    counts: {
      pendingPayments: 0,
      pendingWithdrawals: 0,
      refundRequests: 0,
      unreadMessages: 0,
      unmatchedTransfers: 0,
      ...counts,
    },
  });

const nav = () => within(screen.getByRole('navigation', { name: 'Admin' }));

afterEach(() => {
  vi.useRealTimers();
});

describe('the counts of waiting work in the back-office navigation', () => {
  it('shows how many wait beside the section where the work is done; nothing where none waits or the server has no count', async () => {
    mockApi({ [WORK_COUNTS]: answer({ pendingPayments: 3, pendingWithdrawals: 0, unreadMessages: null }) });
    renderAdminScreen(<AdminLayout />, '/admin/dashboard');
    // The entry keeps its name; it is described by the count, and the figure people see is decoration.
    const payments = await nav().findByRole('link', { name: 'Package Management', description: '3 waiting' });
    expect(within(payments).getByText('3')).toHaveAttribute('aria-hidden', 'true');
    // Zero waits: no count. Messages: this server keeps no unread count (null), so none is shown.
    expect(nav().getByRole('link', { name: 'Withdrawals' })).toHaveTextContent(/^Withdrawals$/);
    expect(nav().getByRole('link', { name: 'Withdrawals' })).not.toHaveAttribute('aria-describedby');
    expect(nav().getByRole('link', { name: 'Messages' })).toHaveTextContent(/^Messages$/);
    expect(nav().queryByText('0')).not.toBeInTheDocument();
  });

  it('shows a message count once the server has one, and caps the figure at 99+', async () => {
    mockApi({ [WORK_COUNTS]: answer({ pendingWithdrawals: 140, unreadMessages: 2 }) });
    renderAdminScreen(<AdminLayout />, '/admin/dashboard');
    expect(await nav().findByRole('link', { name: 'Messages', description: '2 waiting' })).toBeInTheDocument();
    const withdrawals = nav().getByRole('link', { name: 'Withdrawals', description: '140 waiting' });
    expect(within(withdrawals).getByText('99+')).toBeInTheDocument();
  });

  it('shows the refund requests and unmatched transfers waiting beside their screens', async () => {
    mockApi({ [WORK_COUNTS]: answer({ refundRequests: 2, unmatchedTransfers: 1, unreadMessages: 5 }) });
    renderAdminScreen(<AdminLayout />, '/admin/dashboard');
    expect(await nav().findByRole('link', { name: 'Refunds', description: '2 waiting' })).toBeInTheDocument();
    expect(nav().getByRole('link', { name: 'Unmatched Transfers', description: '1 waiting' })).toBeInTheDocument();
    expect(nav().getByRole('link', { name: 'Messages', description: '5 waiting' })).toBeInTheDocument();
  });

  it('reads the counts again every 30 seconds, and keeps them when a read fails', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi({
      [WORK_COUNTS]: [
        answer({ pendingPayments: 1 }),
        answer({ pendingPayments: 4 }),
        jsonResponse({ message: 'Something went wrong on our side.' }, 500),
      ],
    });
    renderAdminScreen(<AdminLayout />, '/admin/dashboard');
    expect(
      await nav().findByRole('link', { name: 'Package Management', description: '1 waiting' }),
    ).toBeInTheDocument();
    expect(api.requestsTo(WORK_COUNTS)).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(WORK_COUNTS_REFRESH_MS - 1000));
    expect(api.requestsTo(WORK_COUNTS)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(
      await nav().findByRole('link', { name: 'Package Management', description: '4 waiting' }),
    ).toBeInTheDocument();
    expect(api.requestsTo(WORK_COUNTS)).toHaveLength(2);

    await act(() => vi.advanceTimersByTimeAsync(WORK_COUNTS_REFRESH_MS));
    expect(api.requestsTo(WORK_COUNTS).length).toBeGreaterThanOrEqual(3);
    expect(nav().getByRole('link', { name: 'Package Management', description: '4 waiting' })).toBeInTheDocument();
  });

  it('shows no count at all when the counts cannot be read', async () => {
    mockApi({ [WORK_COUNTS]: jsonResponse({ message: 'Administrator access is required.' }, 403) });
    renderAdminScreen(<AdminLayout />, '/admin/dashboard');
    expect(await nav().findByRole('link', { name: 'Package Management' })).toHaveTextContent(/^Package Management$/);
  });
});
