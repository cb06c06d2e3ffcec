import { describe, expect, it, vi } from 'vitest';
import { ADMIN_WORK_MESSAGES, setupChecklistResponseSchema } from '@goldbot/shared';
import { readSetupChecklist, sendTestMail, setupChecklist } from '../../src/domain/admin/setup-checklist.js';
import { refusal } from '../helpers/refusal.js';

/** The first-run checklist and the test mail as plain rules, without AWS. */
const TRON_WALLET = {
  walletId: 'w1',
  address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
  network: 'TRC20',
  currency: 'USDT',
};

describe('setupChecklist', () => {
  const fresh = {
    admin: {},
    mfaAvailable: true,
    copyTradingLink: null,
    activeUsdtWallet: undefined,
  };

  it('lists the four steps in order, none done on a fresh install', () => {
    const answer = setupChecklistResponseSchema.parse(setupChecklist(fresh));
    expect(answer.steps).toEqual([
      { id: 'totp', done: false, available: true },
      { id: 'copyTradingLink', done: false, available: true },
      { id: 'trc20Wallet', done: false, available: true },
      { id: 'testMail', done: false, available: true },
    ]);
    expect(answer.complete).toBe(false);
  });

  it('is complete once every step is done, from what the server holds', () => {
    const answer = setupChecklist({
      admin: { mfaEnabledAt: '2026-11-01T00:00:00.000Z', testMailSentAt: '2026-11-02T00:00:00.000Z' },
      mfaAvailable: true,
      copyTradingLink: 'https://broker.example/copy/1',
      activeUsdtWallet: TRON_WALLET,
    });
    expect(answer.steps.every((step) => step.done)).toBe(true);
    expect(answer.complete).toBe(true);
  });

  it('does not wait for TOTP where the server offers none (the local stack), and says so', () => {
    const answer = setupChecklist({
      admin: { testMailSentAt: '2026-11-02T00:00:00.000Z' },
      mfaAvailable: false,
      copyTradingLink: 'https://broker.example/copy/1',
      activeUsdtWallet: TRON_WALLET,
    });
    expect(answer.steps[0]).toEqual({ id: 'totp', done: false, available: false });
    expect(answer.complete).toBe(true);
  });

  it('counts only an active USDT wallet with a real TRON address', () => {
    const wallet = (address: string) =>
      setupChecklist({ ...fresh, activeUsdtWallet: { ...TRON_WALLET, address } }).steps[2];
    expect(wallet(TRON_WALLET.address)?.done).toBe(true);
    // One character changed: the checksum fails.
    expect(wallet('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSF')?.done).toBe(false);
  });

  it('reads the settings and the wallet side by side', async () => {
    const store = {
      readCopyTradingLink: vi.fn(async () => 'https://broker.example/copy/1'),
      readActiveUsdtWallet: vi.fn(async () => TRON_WALLET),
    };
    const answer = await readSetupChecklist(store, {}, false);
    expect(answer.steps.map((step) => step.done)).toEqual([false, true, true, false]);
    expect(answer.complete).toBe(false);
  });
});

describe('sendTestMail', () => {
  const NOW = new Date('2026-11-23T12:05:09.000Z');
  const admin = { userId: 'admin-1', email: 'admin@example.com' };

  it('mails the administrator, then records the step, and says where it went', async () => {
    const calls: string[] = [];
    const result = await sendTestMail(
      {
        send: async (to, sentAt) => void calls.push(`send ${to} ${sentAt}`),
        recordSent: async (id, sentAt) => void calls.push(`record ${id} ${sentAt}`),
        now: () => NOW,
        onSendFailure: () => calls.push('failure'),
      },
      admin,
    );
    expect(calls).toEqual([`send admin@example.com ${NOW.toISOString()}`, `record admin-1 ${NOW.toISOString()}`]);
    expect(result).toEqual({
      success: true,
      message: ADMIN_WORK_MESSAGES.testMailSent('admin@example.com'),
      sentTo: 'admin@example.com',
      sentAt: NOW.toISOString(),
    });
    expect(result.message).toBe(
      'Test mail sent to admin@example.com. If it is not in your inbox in a few minutes, check spam.',
    );
  });

  it('answers 503 with what to check when the mail service refuses it, and records nothing', async () => {
    const recordSent = vi.fn();
    const onSendFailure = vi.fn();
    const refused = new Error('MessageRejected: Email address is not verified.');
    const error = await refusal(
      sendTestMail(
        {
          send: async () => {
            throw refused;
          },
          recordSent,
          now: () => NOW,
          onSendFailure,
        },
        admin,
      ),
    );
    expect(error.statusCode).toBe(503);
    expect(error.message).toBe(ADMIN_WORK_MESSAGES.testMailFailed);
    // No internals in the answer; the cause goes to the log.
    expect(error.message).not.toContain('MessageRejected');
    expect(onSendFailure).toHaveBeenCalledWith(refused);
    expect(recordSent).not.toHaveBeenCalled();
  });
});
