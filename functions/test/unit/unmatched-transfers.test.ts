import { describe, expect, it, vi } from 'vitest';
import {
  assignTransfer,
  type AssignContext,
  type AssignPlan,
  type DecisionCommit,
  type UnmatchedDeps,
  type UnmatchedTransferStore,
} from '../../src/domain/commerce/unmatched-transfers.js';
import { DEFAULT_EMAIL_TEMPLATES } from '../../src/domain/email/templates.js';
import type { TransferRecord } from '../../src/domain/records/transfer-record.js';
import { BUYER_PROFILE } from '../helpers/customer-commerce-samples.js';

/** An admin giving an unmatched transfer to a customer, against an in-memory store. */
const NOW = new Date('2026-12-07T10:00:00.000Z');
const TXID = 'ab'.repeat(32);
const ADMIN = { userId: 'admin-1', email: 'admin@example.com' };

const unmatched = (): TransferRecord => ({
  txid: TXID,
  wallet: 'TWalletAddress',
  from: 'TPayerAddress',
  events: [{ index: 0, from: 'TPayerAddress', units: '60000000' }],
  units: '60000000',
  blockTime: NOW.getTime() - 60 * 60_000,
  blockNumber: null,
  recordedAt: NOW.toISOString(),
  source: 'watcher',
  state: 'unmatched',
  binding: null,
  unmatched: { reason: 'no-order', closeOrders: [], adminMailedAt: null, decision: null },
});

function world() {
  let transfer = unmatched();
  const commits: AssignPlan[] = [];
  /** The next commit is applied, then answered as if another decision had won (its answer lost). */
  let appliedBehindTimeout = false;
  const store: UnmatchedTransferStore = {
    listUnmatched: async () => ({ items: [], nextCursor: null }),
    getTransfer: async () => structuredClone(transfer),
    emailsOf: async () => new Map(),
    readAssignContext: async (): Promise<AssignContext> => ({
      transfer: structuredClone(transfer),
      profile: BUYER_PROFILE,
      catalogPriceUsd: 60,
      marker: null,
      template: DEFAULT_EMAIL_TEMPLATES.basicPackagePaymentPending,
    }),
    commitAssignment: async (plan): Promise<DecisionCommit> => {
      if (transfer.unmatched?.decision) return { kind: 'decided' };
      commits.push(plan);
      transfer = {
        ...transfer,
        unmatched: { reason: 'no-order', closeOrders: [], adminMailedAt: null, decision: plan.decision },
      };
      if (appliedBehindTimeout) return { kind: 'decided' };
      return { kind: 'committed' };
    },
    commitResolution: async () => ({ kind: 'committed' }),
  };
  const mailer = { send: vi.fn(async () => undefined) };
  let id = 0;
  const deps: UnmatchedDeps = {
    store,
    now: () => NOW,
    newId: () => `ID${(id += 1)}`,
    mailer,
    dashboardLink: 'https://goldbot.example/dashboard',
    onMailFailure: vi.fn(),
  };
  return {
    deps,
    mailer,
    commits,
    applyBehindTimeout: () => (appliedBehindTimeout = true),
  };
}

const input = { userId: BUYER_PROFILE._id, packageName: 'Basic Package' as const };

describe('assignTransfer', () => {
  it('gives the transfer to the customer as a pending payment and mails the pending template', async () => {
    const { deps, mailer, commits } = world();
    const answer = await assignTransfer(deps, ADMIN, TXID, input);
    expect(answer.payment).toMatchObject({ status: 'pending', transactionId: TXID });
    expect(commits).toHaveLength(1);
    expect(mailer.send).toHaveBeenCalledTimes(1);
  });

  it('takes its own assignment applied behind a timeout as committed: the answer and the mail as if first', async () => {
    const { deps, mailer, commits, applyBehindTimeout } = world();
    applyBehindTimeout();
    const answer = await assignTransfer(deps, ADMIN, TXID, input);
    expect(answer.payment).toMatchObject({ status: 'pending' });
    expect(commits).toHaveLength(1);
    expect(mailer.send).toHaveBeenCalledTimes(1);
  });

  it('answers 409 when another decision won, and mails nothing', async () => {
    const { deps, mailer } = world();
    await assignTransfer(deps, ADMIN, TXID, input);
    mailer.send.mockClear();
    await expect(assignTransfer(deps, { userId: 'admin-2' }, TXID, input)).rejects.toMatchObject({ statusCode: 409 });
    expect(mailer.send).not.toHaveBeenCalled();
  });
});
