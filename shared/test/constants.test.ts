import { describe, expect, it } from 'vitest';
import {
  ADMIN_GROUP,
  formatUsd,
  withdrawalApprovedMessage,
  AUTH,
  CONTACT,
  DEFAULT_PACKAGE_PRICES_USD,
  DEFAULT_PAGE_SIZE,
  FREE_TRIAL_DAYS,
  HISTORY_DURATIONS,
  MAX_PAGE_SIZE,
  MINIMUM_DEPOSIT_USD,
  PACKAGE_NAMES,
  PACKAGE_ROI_PERCENT,
  PAYMENT,
  PRO_DURATION_MONTHS,
  PROMO_BANNER_TEXT,
  REFERRAL,
  REFUND_GUARANTEE_DAYS,
  SCHEDULES,
  STORAGE_KEYS,
  TABLE_DEFINITION,
  WITHDRAWAL,
} from '../src/index.js';

describe('business constants (docs/decisions.md)', () => {
  it('one-time codes: 4 digits, 10 minutes, 5 wrong tries', () => {
    expect(AUTH.otpLength).toBe(4);
    expect(AUTH.otpTtlMinutes).toBe(10);
    expect(AUTH.otpMaxWrongTries).toBe(5);
    expect(AUTH.otpResendCooldownSeconds).toBeGreaterThan(0);
    expect(AUTH.otpMaxPerEmailPerHour).toBeGreaterThan(0);
  });

  it('passwords: 8 characters for everyone, the admin minimum of 6 in the spec raised to the pool floor', () => {
    expect(AUTH.passwordMinLength).toBe(8);
    expect(AUTH.adminPasswordMinLength).toBe(8);
  });

  it('withdrawals: minimum $20, TRC20, one pending at a time, 3 in the history', () => {
    expect(WITHDRAWAL.minimumUsd).toBe(20);
    expect(WITHDRAWAL.network).toBe('TRC20');
    expect(WITHDRAWAL.maxPendingPerUser).toBe(1);
    expect(WITHDRAWAL.historyListSize).toBe(3);
    expect(WITHDRAWAL.reviewHours).toBe(24);
  });

  it('referrals: $10 discount, $2 reward, codes up to 20 characters, 500 ms debounce', () => {
    expect(REFERRAL.discountUsd).toBe(10);
    expect(REFERRAL.rewardUsd).toBe(2);
    expect(REFERRAL.codeMaxLength).toBe(20);
    expect(REFERRAL.verifyDebounceMs).toBe(500);
    expect(PROMO_BANNER_TEXT).toContain(`$${REFERRAL.discountUsd}`);
  });

  it('payments: TXID at least 10 characters, TRC20 wallet, 2-hour verification, 30 s admin polling', () => {
    expect(PAYMENT.txidMinLength).toBe(10);
    expect(PAYMENT.walletNetwork).toBe('TRC20');
    expect(PAYMENT.verificationHours).toBe(2);
    expect(PAYMENT.adminPollIntervalMs).toBe(30_000);
    expect([...PAYMENT.walletCurrencies]).toEqual(['USDT', 'BTC', 'ETH']);
    expect(PAYMENT.defaultCurrency).toBe('USD');
  });

  it('packages: customer-side seed prices and durations for every package', () => {
    expect(DEFAULT_PACKAGE_PRICES_USD).toEqual({
      'Free Trial': 0,
      'Basic Package': 60,
      'Pro Package': 250,
      'Ultimate Package': 1000,
    });
    const names = Object.values(PACKAGE_NAMES).sort();
    expect(Object.keys(DEFAULT_PACKAGE_PRICES_USD).sort()).toEqual(names);
    expect(Object.keys(HISTORY_DURATIONS).sort()).toEqual(names);
    expect(FREE_TRIAL_DAYS).toBe(30);
    expect(PRO_DURATION_MONTHS).toBe(6);
    expect(PACKAGE_ROI_PERCENT).toEqual({ basic: 20, pro: 200 });
    expect(MINIMUM_DEPOSIT_USD).toEqual({ freeCopyTrade: 10, paid: 500 });
    expect(REFUND_GUARANTEE_DAYS).toBe(7);
  });

  it('the referral discount never makes Basic free', () => {
    expect(DEFAULT_PACKAGE_PRICES_USD['Basic Package']).toBeGreaterThan(REFERRAL.discountUsd);
  });

  it('pages: the default fits under the cap', () => {
    expect(DEFAULT_PAGE_SIZE).toBeGreaterThanOrEqual(1);
    expect(DEFAULT_PAGE_SIZE).toBeLessThanOrEqual(MAX_PAGE_SIZE);
  });

  it("browser storage keys include the spec's", () => {
    expect(Object.values(STORAGE_KEYS)).toEqual(
      expect.arrayContaining(['token', 'user', 'pendingRegistration', 'resetEmail', 'resetOtp']),
    );
  });

  it('contact limits and the admin group', () => {
    expect(CONTACT).toMatchObject({ nameMaxLength: 100, emailMaxLength: 254, messageMaxLength: 5000 });
    expect(ADMIN_GROUP).toBe('admin');
  });
});

describe('table definition', () => {
  it('has unique index names and key attributes distinct from the base keys', () => {
    const names = TABLE_DEFINITION.globalIndexes.map((i) => i.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('GSI1');
    for (const index of TABLE_DEFINITION.globalIndexes) {
      expect(index.partitionKey).toBe(`${index.name}PK`);
      expect(index.sortKey).toBe(`${index.name}SK`);
    }
    expect([TABLE_DEFINITION.partitionKey, TABLE_DEFINITION.sortKey]).toEqual(['PK', 'SK']);
    expect(TABLE_DEFINITION.ttlAttribute).toBe('expiresAt');
  });
});

describe('schedules', () => {
  it('have unique kebab-case ids and five-field cron expressions', () => {
    const ids = SCHEDULES.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const s of SCHEDULES) {
      expect(s.id).toMatch(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/);
      expect(s.cron.split(' ')).toHaveLength(5);
    }
  });
});

describe('the withdrawal approval message', () => {
  it('is the spec’s sentence when nothing remains, else what was paid out and what remains', () => {
    expect(withdrawalApprovedMessage(22, 0)).toBe(
      'Withdrawal approved successfully! User earnings have been reset to $0.',
    );
    expect(withdrawalApprovedMessage(20, 2)).toBe(
      'Withdrawal approved successfully! $20 paid out; $2 of earnings remain.',
    );
    expect(withdrawalApprovedMessage(20.5, 2.25)).toBe(
      'Withdrawal approved successfully! $20.50 paid out; $2.25 of earnings remain.',
    );
    expect(withdrawalApprovedMessage(1000, 0.1)).toBe(
      'Withdrawal approved successfully! $1,000 paid out; $0.10 of earnings remain.',
    );
    expect(formatUsd(0.1)).toBe('$0.10');
  });
});
