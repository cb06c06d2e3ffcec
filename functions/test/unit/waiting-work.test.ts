import { describe, expect, it } from 'vitest';
import { workCountsResponseSchema } from '@goldbot/shared';
import { mailKindsOf, readWorkCounts, type WorkSources } from '../../src/domain/admin/waiting-work.js';

/** The navigation's counts of waiting work as plain rules, without AWS. */

describe('readWorkCounts', () => {
  const arrivals = async () => ({ items: [], total: 0 });
  const sources: WorkSources = {
    pendingPayments: { waiting: async () => 3, mail: { arrivals, screen: '/admin/payments' } },
    pendingWithdrawals: { waiting: async () => 0, mail: { arrivals, screen: '/admin/withdrawals' } },
    refundRequests: { waiting: async () => null, mail: null },
    unreadMessages: { waiting: async () => null, mail: { arrivals, screen: '/admin/contact-detail' } },
    unmatchedTransfers: { waiting: async () => null, mail: null },
  };

  it('answers every kind: its counter, and null where this server keeps none (not a made-up 0)', async () => {
    const answer = await readWorkCounts(sources);
    expect(workCountsResponseSchema.parse(answer)).toEqual({
      success: true,
      counts: {
        pendingPayments: 3,
        pendingWithdrawals: 0,
        refundRequests: null,
        unreadMessages: null,
        unmatchedTransfers: null,
      },
    });
  });

  it('reads the kinds side by side', async () => {
    let inFlight = 0;
    let most = 0;
    const slow = () => async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
      return 1;
    };
    await readWorkCounts({
      ...sources,
      pendingPayments: { ...sources.pendingPayments, waiting: slow() },
      pendingWithdrawals: { ...sources.pendingWithdrawals, waiting: slow() },
    });
    expect(most).toBe(2);
  });

  it('names the kinds the mail reports: those with a list of arrivals', () => {
    expect(mailKindsOf(sources)).toEqual(['pendingPayments', 'pendingWithdrawals', 'unreadMessages']);
  });
});
