import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduledJobEvent, sendActivationMailsResponseSchema, type Wallet } from '@goldbot/shared';
import { WALLET_MESSAGES } from '../../../src/domain/commerce/wallets.js';
import { subscriptionKey } from '../../../src/data/subscription-entity.js';
import { api } from '../http-client.js';
import {
  activationMailRunsAudited,
  activationMails,
  activations,
  admin,
  auditEntriesFor,
  basicStartingToday,
  getItem,
  seededProfile,
} from '../fixtures.js';
import { loadJobHandler, type JobHandler } from '../job-handlers.js';
import { RACERS, expectOutcome, printFigures, race, record } from './race.js';
import { sleep } from '../../../src/lib/retry.js';

/**
 * Back-office operations under 50 parallel requests over real HTTP (docs/data-model.md, wallet
 * activation and activation mails): activating 50 different wallets of one currency at once leaves exactly one active
 * wallet and the ACTIVEWALLET pointer naming it; 50 clicks of 'Send Activation Emails' racing the
 * 06:00 job mail every subscriber exactly once.
 */
afterAll(() => printFigures('back-office'));

describe('wallet activation, 50 different wallets of one currency at once', () => {
  const CURRENCY = 'ETH';
  const saveWallet = async (body: Record<string, unknown>) =>
    api<{ message: string; wallet: Wallet }>('/api/payment/wallet', { method: 'POST', token: await admin(), body });
  const listWallets = async () =>
    (await api<{ wallets: Wallet[] }>('/api/payment/wallets', { token: await admin() })).body.wallets;
  const pointer = () => getItem(`ACTIVEWALLET#${CURRENCY}`, 'ACTIVEWALLET');

  let initial: Record<string, unknown> | undefined;
  let ours: Wallet[] = [];

  beforeAll(async () => {
    initial = await pointer();
    const tag = randomUUID().slice(0, 8);
    const added = await Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        saveWallet({ address: `0xRACE-${tag}-${i}`, network: 'ERC20', currency: CURRENCY, isActive: false }),
      ),
    );
    for (const res of added) expect(res.status, res.text).toBe(201);
    ours = added.map((res) => res.body.wallet);
  }, 60_000);

  afterAll(async () => {
    // Leave the currency as the other suites found it.
    const active = (await listWallets()).find((w) => w.currency === CURRENCY && w.isActive);
    if (typeof initial?.walletId === 'string') {
      const before = (await listWallets()).find((w) => w._id === initial?.walletId);
      if (before) await saveWallet({ ...pick(before), isActive: true });
    } else if (active) {
      await saveWallet({ ...pick(active), isActive: false });
    }
  });

  const pick = (w: Wallet) => ({ _id: w._id, address: w.address, network: w.network, currency: w.currency });

  it('leaves exactly one active wallet, the pointer naming it, and every success chained after the one before', async () => {
    const { answers, tally } = await race(RACERS, (i) => saveWallet({ ...pick(ours[i] as Wallet), isActive: true }));
    record('wallet activation, 50 wallets', tally);
    // Each success switched off the wallet active when it read the pointer, so several may succeed
    // one after another; a request that read a pointer another one moved meanwhile is refused.
    const successes = answers.filter((a) => a.status === 200 && a.body.message === WALLET_MESSAGES.updated);
    expect(successes.length).toBeGreaterThanOrEqual(1);
    expectOutcome(
      answers,
      (a) => a.status === 200,
      [{ status: 409, message: WALLET_MESSAGES.changedMeanwhile }],
      successes.length,
    );

    const wallets = (await listWallets()).filter((w) => w.currency === CURRENCY);
    const active = wallets.filter((w) => w.isActive);
    expect(active).toHaveLength(1);
    const current = await pointer();
    expect(current).toMatchObject({
      walletId: active[0]?._id,
      address: active[0]?.address,
      network: active[0]?.network,
      currency: CURRENCY,
    });
    const winnerIds = new Set(successes.map((a) => a.body.wallet._id));
    expect(winnerIds.has(String(current?.walletId))).toBe(true);

    // The audit trail: one wallet.update per success, each switching off the wallet active before it.
    const entries = (await Promise.all(ours.map((w) => auditEntriesFor(w._id)))).flat();
    const updates = entries.filter((e) => e.action === 'wallet.update');
    expect(updates).toHaveLength(successes.length);
    let previous = typeof initial?.walletId === 'string' ? initial.walletId : undefined;
    const chain: string[] = [];
    for (let step = 0; step < updates.length; step += 1) {
      const next = updates.filter(
        (e) => (e.details as { deactivatedWalletId?: string }).deactivatedWalletId === previous,
      );
      expect(next, `the success after ${previous ?? 'no active wallet'}`).toHaveLength(1);
      previous = (next[0]?.target as { id: string }).id;
      chain.push(previous);
    }
    expect(new Set(chain)).toEqual(winnerIds);
    expect(previous).toBe(current?.walletId);
  });
});

describe('activation mails, 50 clicks racing the job', () => {
  let job: JobHandler;

  beforeAll(async () => {
    job = await loadJobHandler('job-send-activation-emails');
  });

  it('mails every subscriber starting today exactly once, with one claim each and the runs audited', async () => {
    const customers = await Promise.all(Array.from({ length: 16 }, () => seededProfile('race_act')));
    const rows = await Promise.all(customers.map(basicStartingToday));
    const waiting = (await activations()).length;
    expect(waiting).toBeGreaterThanOrEqual(rows.length);

    const send = async () =>
      api<{ message: string; sent: number }>('/api/payment/send-basic-package-notifications', {
        method: 'POST',
        token: await admin(),
      });
    // The job runs in this process and would start before any request crossed the gateway: it
    // starts a moment later, while the clicks are being handled.
    const [{ answers, tally }, scheduled] = await Promise.all([
      race(RACERS, () => send()),
      sleep(150).then(() => job(scheduledJobEvent('job-send-activation-emails', new Date()))),
    ]);
    record('activation mails x50 + job', tally);
    console.info(
      `activation mails: the job mailed ${String(scheduled.mailed)}, the clicks ${JSON.stringify(answers.map((a) => a.body.sent).filter((n) => n > 0))}`,
    );
    const sent = answers.map((a) => sendActivationMailsResponseSchema.parse(a.body).sent);
    expectOutcome(answers, (a) => a.status === 200, [], RACERS);
    for (const [i, answer] of answers.entries()) {
      const n = sent[i] ?? 0;
      expect(answer.body.message).toBe(
        n === 0 ? 'No activation emails to send' : `Activation emails sent to ${n} subscriber${n === 1 ? '' : 's'}`,
      );
    }
    expect(scheduled.failed).toBe(0);
    expect(sent.reduce((a, b) => a + b, 0) + Number(scheduled.mailed)).toBe(waiting);

    for (const [i, customer] of customers.entries()) {
      expect(await activationMails(customer), customer.email).toHaveLength(1);
      const row = await getItem(
        subscriptionKey(customer.userId, rows[i]?._id ?? '').PK,
        subscriptionKey(customer.userId, rows[i]?._id ?? '').SK,
      );
      expect(row).toMatchObject({ notificationSent: true, notifiedAt: expect.any(String) });
      expect(row).not.toHaveProperty('GSI2PK');
    }
    expect(await activations()).toEqual([]);

    // One notifications.send entry per run that mailed; together they name each subscriber once.
    const entries = await activationMailRunsAudited();
    const ids = entries.flatMap((e) => (e.details as { subscriptionIds: string[] }).subscriptionIds);
    for (const row of rows) expect(ids.filter((id) => id === row._id)).toHaveLength(1);
    const runsThatMailed = sent.filter((n) => n > 0).length + (Number(scheduled.mailed) > 0 ? 1 : 0);
    const ours = entries.filter((e) =>
      (e.details as { subscriptionIds: string[] }).subscriptionIds.some((id) => rows.some((r) => r._id === id)),
    );
    expect(ours.length).toBeLessThanOrEqual(runsThatMailed);
    expect(ours.length).toBeGreaterThanOrEqual(1);
  }, 60_000);
});
