import { jsonResponse } from '@/test/test-utils';
import type { Withdrawal } from '../features/withdrawals/api/get-user-withdrawals';

/**
 * Test helpers for the referral tab and the withdrawal modal (tests only; never imported by the
 * app): withdrawal rows and the answers of the withdrawal routes.
 */

/** T followed by 33 base58 characters: a well-formed TRC20 address. */
export const TRC20_ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

export function withdrawal(overrides: Partial<Withdrawal> = {}): Withdrawal {
  return {
    _id: 'wd-1',
    userId: { _id: 'user-1', username: 'trader42', email: 'trader42@example.com', referralEarnings: 0 },
    amount: 20,
    trc20Address: TRC20_ADDRESS,
    status: 'pending',
    requestDate: '2026-03-01T10:00:00.000Z',
    approvedDate: null,
    rejectedDate: null,
    adminNote: null,
    ...overrides,
  };
}

/** GET /api/withdrawal/user. */
export const userWithdrawals = (withdrawals: Withdrawal[] = [], referralEarnings = 0, referralHeld = 0) =>
  jsonResponse({ withdrawals, referralEarnings, referralHeld });

/** POST /api/withdrawal/request's 201. */
export const requested = (created: Withdrawal, referralEarnings: number, referralHeld: number) =>
  jsonResponse(
    {
      message: 'Withdrawal request submitted successfully! We will review it within 24 hours.',
      withdrawal: created,
      referralEarnings,
      referralHeld,
    },
    201,
  );
