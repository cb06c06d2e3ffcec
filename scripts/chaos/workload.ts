import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ADMIN_GROUP, PACKAGE_NAMES, SCHEDULES, scheduledJobEvent } from '@goldbot/shared';
import { ensureUser, localCognitoClient, localIdToken } from '../local/cognito-local.js';
import { handlerFile } from '../local/gateway.js';
import type { LocalStackInfo } from '../local/stack.js';
import { profileKey } from '../../functions/src/data/user-profile-entity.js';
import { sleep } from '../../functions/src/lib/retry.js';
import { answerProblem, isRetryable, retryDelayMs, type Answer } from './answers.js';

/**
 * The chaos run's workload: about 50 customers and 2 admins doing what they do on the site, in a
 * seeded random order, several at a time, over real HTTP against the run's own local stack. Each
 * operation is what a person does (open the payment window, pay on chain, paste the TXID, approve,
 * ask for a withdrawal, ...) including the clumsy ways: paying twice, double clicks, someone
 * else's TXID, two admins deciding the same thing at once. The jobs run at random moments,
 * sometimes two deliveries at once.
 */
export const OPERATION_KINDS = [
  'open-order',
  'pay',
  'pay-twice',
  'submit-txid',
  'submit-twice',
  'submit-others-txid',
  'claim-unpaid',
  'approve',
  'approve-unverified',
  'reject',
  'decide-together',
  'free-trial',
  'withdraw',
  'decide-withdrawal',
  'job',
  'job-twice',
] as const;
export type OperationKind = (typeof OPERATION_KINDS)[number];

/** How often each operation is drawn (relative weights). */
const WEIGHTS: Record<OperationKind, number> = {
  'open-order': 16,
  pay: 12,
  'pay-twice': 2,
  'submit-txid': 14,
  'submit-twice': 3,
  'submit-others-txid': 2,
  'claim-unpaid': 3,
  approve: 12,
  'approve-unverified': 2,
  reject: 3,
  'decide-together': 2,
  'free-trial': 5,
  withdraw: 5,
  'decide-withdrawal': 5,
  job: 8,
  'job-twice': 3,
};

const JOBS = SCHEDULES.filter((s) => s.implemented).map((s) => s.id);
const PAID = ['basic', 'basic', 'basic', 'basic', 'pro', 'ultimate'] as const;
/** A payout address (the withdrawals only record it; nothing is sent). */
const PAYOUT_ADDRESS = 'TDuvkvLEhHvy3VQDWowtt16n3W5khHgsaL';
/** Customers whose codes the others use: referral credits pile up so withdrawals happen. */
const REFERRERS = 2;

interface Actor {
  email: string;
  password: string;
  token: string;
  userId: string;
  referralCode: string;
}
interface OpenOrder {
  orderId: string;
  packageName: string;
  amount: number;
  referralCode: string | null;
  txids: string[];
  /** Whether the customer pasted a TXID of it yet. */
  submitted: boolean;
}
interface Customer extends Actor {
  orders: OpenOrder[];
}

export interface WorkloadOptions {
  stack: LocalStackInfo;
  root: string;
  /** Seeded numbers in [0, 1): the same seed draws the same operations. */
  random: () => number;
  ops: number;
  customers: number;
  concurrency: number;
  /** The longest a client waits before asking again (Retry-After, shortened). */
  retryCapMs: number;
  /**
   * Whether admins also approve payments the chain has not matched (`approve-unverified`). Off by
   * default: an admin approving a squatter's claim of another customer's TXID before the chain saw
   * the transfer lets that transfer complete two payments, a known open problem this flag shows.
   */
  blindApprovals: boolean;
  /** The run's own client for the few reads a person would make on a screen (a referrer's balance). */
  db: DynamoDBDocumentClient;
  log: (line: string) => void;
}

export interface WorkloadTally {
  operations: Map<string, number>;
  statuses: Map<string, number>;
  retries: number;
  jobRuns: number;
  /** Job runs that failed (the next run picks up what they left). */
  jobFailures: number;
  /** Answers outside {2xx, 4xx with a message, 503 with Retry-After}, or over the time budget. */
  badAnswers: string[];
  answers: number;
}

const bump = (map: Map<string, number>, key: string, by = 1) => map.set(key, (map.get(key) ?? 0) + by);

export function newTally(): WorkloadTally {
  return {
    operations: new Map(),
    statuses: new Map(),
    retries: 0,
    jobRuns: 0,
    jobFailures: 0,
    badAnswers: [],
    answers: 0,
  };
}

export function createWorkload(options: WorkloadOptions, tally: WorkloadTally) {
  const { stack, random } = options;
  const pick = <T>(values: readonly T[]): T | undefined => values[Math.floor(random() * values.length)];
  const chance = (p: number) => random() < p;

  /** One request as the SPA makes it, asked again while the answer says to (503, 429, 409 "try again"). */
  async function call(label: string, method: string, path: string, token?: string, body?: unknown): Promise<Answer> {
    for (let attempt = 0; ; attempt += 1) {
      const started = performance.now();
      let answer: Answer;
      try {
        const response = await fetch(`${stack.urls.api}${path}`, {
          method,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(30_000),
        });
        const text = await response.text();
        let parsed: Record<string, unknown> = {};
        try {
          parsed = text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
        } catch {
          parsed = { unparsable: text.slice(0, 200) };
        }
        const message = typeof parsed.message === 'string' ? parsed.message : '';
        answer = {
          label: `${label} ${method} ${path.replace(/\/[0-9A-Z]{20,}$/, '/{id}')}`,
          status: response.status,
          ms: Math.round(performance.now() - started),
          retryAfter: response.headers.get('retry-after'),
          message,
          body: parsed,
        };
      } catch (error) {
        // The gateway did not answer at all (it died, or the connection broke): the worst answer.
        answer = {
          label: `${label} ${method} ${path}`,
          status: 0,
          ms: Math.round(performance.now() - started),
          retryAfter: null,
          message: `no answer: ${error instanceof Error ? error.message : String(error)}`,
          body: {},
        };
      }
      tally.answers += 1;
      bump(tally.statuses, String(answer.status));
      const problem = answerProblem(answer);
      if (problem) tally.badAnswers.push(`${answer.label}: ${problem}`);
      if (!isRetryable(answer) || attempt >= 6) return answer;
      tally.retries += 1;
      await sleep(retryDelayMs(answer, options.retryCapMs));
    }
  }

  async function signIn(email: string, password: string, admin: boolean): Promise<Actor> {
    const cognito = localCognitoClient(stack.urls.cognito);
    await ensureUser(cognito, stack.pool, { email, password, ...(admin ? { groups: [ADMIN_GROUP] } : {}) });
    const token = await localIdToken(stack.urls.cognito, stack.pool, { email, password });
    // The first sign-in makes the profile (/api/auth/me), asked again while faults refuse it.
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const me = await call('sign-in', 'GET', '/api/auth/me', token);
      const user = me.body as { userId?: unknown; referralCode?: unknown };
      if (me.status === 200 && typeof user.userId === 'string' && typeof user.referralCode === 'string') {
        return { email, password, token, userId: user.userId, referralCode: user.referralCode };
      }
      await sleep(200);
    }
    throw new Error(`could not sign ${email} in: /api/auth/me kept failing`);
  }

  const customers: Customer[] = [];
  const admins: Actor[] = [];
  let wallet = '';

  async function setUp(): Promise<void> {
    const run = randomBytes(3).toString('hex');
    admins.push(await signIn(`chaos-admin-1-${run}@example.com`, 'Admin$chaos1', true));
    admins.push(await signIn(`chaos-admin-2-${run}@example.com`, 'Admin$chaos2', true));
    for (let i = 0; i < options.customers; i += 4) {
      const batch = Array.from({ length: Math.min(4, options.customers - i) }, (_, j) =>
        signIn(`chaos-${i + j}-${run}@example.com`, 'Buyer$chaos1', false),
      );
      customers.push(...(await Promise.all(batch)).map((actor) => ({ ...actor, orders: [] })));
    }
    for (let attempt = 0; attempt < 10 && !wallet; attempt += 1) {
      const details = await call('setup', 'GET', '/api/payment/wallet-details', customers[0]?.token);
      wallet = typeof details.body.walletAddress === 'string' ? details.body.walletAddress : '';
    }
    if (!wallet) throw new Error('no active USDT wallet to pay: /api/payment/wallet-details kept failing');
  }

  const buyer = () => pick(customers.slice(REFERRERS)) ?? customers[0];
  const admin = () => pick(admins) as Actor;

  async function openOrder(customer: Customer): Promise<void> {
    const slug = pick(PAID) ?? 'basic';
    const referrer = slug === 'basic' && chance(0.8) ? pick(customers.slice(0, REFERRERS)) : undefined;
    const referralCode = referrer && referrer !== customer ? referrer.referralCode : null;
    const packageName = PACKAGE_NAMES[slug];
    const answer = await call('open-order', 'POST', '/api/payment/order', customer.token, {
      packageName,
      referralCode,
    });
    const order = answer.body.order as { orderId?: string; amount?: number } | undefined;
    if (answer.status !== 200 || !order?.orderId || order.amount === undefined) return;
    customer.orders = customer.orders.filter((o) => o.packageName !== packageName);
    customer.orders.push({
      orderId: order.orderId,
      packageName,
      amount: order.amount,
      referralCode,
      txids: [],
      submitted: false,
    });
  }

  async function transfer(order: OpenOrder): Promise<void> {
    const response = await fetch(`${stack.urls.tron}/__double/transfer`, {
      method: 'POST',
      body: JSON.stringify({ to: wallet, amount: String(order.amount) }),
    });
    const { txid } = (await response.json()) as { txid?: string };
    if (txid) order.txids.push(txid);
  }

  const submit = (customer: Customer, order: OpenOrder, txid: string) =>
    call('submit-txid', 'POST', '/api/payment/submit-usdt-payment', customer.token, {
      packageName: order.packageName,
      txid,
      amount: order.amount,
      referralCode: order.referralCode,
      orderId: order.orderId,
    });

  async function pendingPayments(): Promise<{ _id: string; chainCheck?: { status?: string } | null }[]> {
    const answer = await call('list-pending', 'GET', '/api/payment/pending-usdt-payments', admin().token);
    return Array.isArray(answer.body.pendingPayments)
      ? (answer.body.pendingPayments as { _id: string; chainCheck?: { status?: string } | null }[])
      : [];
  }

  async function decidePayment(decision: 'approve' | 'reject', id: string, by: Actor = admin()) {
    await call(decision, 'POST', `/api/payment/${decision}-usdt-payment/${id}`, by.token, {});
  }

  async function runJob(jobId: string): Promise<void> {
    const { handler } = (await import(pathToFileURL(handlerFile(options.root, jobId)).href)) as {
      handler: (event: unknown) => Promise<unknown>;
    };
    tally.jobRuns += 1;
    try {
      await handler(scheduledJobEvent(jobId as (typeof JOBS)[number], new Date(), 'chaos'));
    } catch {
      // Like EventBridge Scheduler: a failed run is not retried; the job's next run picks up what it left.
      tally.jobFailures += 1;
    }
  }

  async function available(customer: Customer): Promise<number> {
    const { Item } = await options.db.send(
      new GetCommand({ TableName: stack.tableName, Key: profileKey(customer.userId), ConsistentRead: true }),
    );
    return Math.floor(Number(Item?.referralEarnings ?? 0));
  }

  /** A customer with an order in the given state, most of the time; else anyone (who then has none). */
  function customerWith(test: (order: OpenOrder) => boolean): Customer {
    const ready = customers.slice(REFERRERS).filter((c) => c.orders.some(test));
    return (ready.length > 0 && chance(0.9) ? pick(ready) : buyer()) as Customer;
  }

  async function operation(kind: OperationKind): Promise<void> {
    const customer =
      kind === 'pay' || kind === 'pay-twice' || kind === 'claim-unpaid' || kind === 'submit-others-txid'
        ? customerWith((o) => o.txids.length === 0)
        : kind === 'submit-txid' || kind === 'submit-twice'
          ? customerWith((o) => o.txids.length > 0 && !o.submitted)
          : (buyer() as Customer);
    const ordered = () => pick(customer.orders.filter((o) => o.txids.length === 0)) ?? pick(customer.orders);
    const paid = () =>
      pick(customer.orders.filter((o) => o.txids.length > 0 && !o.submitted)) ??
      pick(customer.orders.filter((o) => o.txids.length > 0));
    switch (kind) {
      case 'open-order':
        return openOrder(customer);
      case 'pay':
      case 'pay-twice': {
        const order = ordered();
        if (!order) return openOrder(customer);
        await transfer(order);
        if (kind === 'pay-twice') await transfer(order);
        return;
      }
      case 'submit-txid':
      case 'submit-twice': {
        const order = paid();
        const txid = order && pick(order.txids);
        if (!order || !txid) return;
        order.submitted = true;
        await (kind === 'submit-twice'
          ? Promise.all([submit(customer, order, txid), submit(customer, order, txid)])
          : submit(customer, order, txid));
        return;
      }
      case 'submit-others-txid': {
        const other = pick(customers.filter((c) => c !== customer && c.orders.some((o) => o.txids.length > 0)));
        const txid = other && pick(other.orders.flatMap((o) => o.txids));
        const order = ordered();
        if (!txid || !order) return;
        await submit(customer, order, txid);
        return;
      }
      case 'claim-unpaid': {
        const order = ordered();
        if (!order) return;
        await submit(customer, order, randomBytes(32).toString('hex'));
        return;
      }
      case 'approve': {
        // As the back-office shows it: the chain's verdict says the transfer arrived for this order.
        const payment = pick((await pendingPayments()).filter((p) => p.chainCheck?.status === 'match'));
        if (payment) await decidePayment('approve', payment._id);
        return;
      }
      case 'approve-unverified': {
        if (!options.blindApprovals) return;
        const payment = pick(await pendingPayments());
        if (payment) await decidePayment('approve', payment._id);
        return;
      }
      case 'reject': {
        const payment = pick(await pendingPayments());
        if (payment) await decidePayment('reject', payment._id);
        return;
      }
      case 'decide-together': {
        const payment = pick(await pendingPayments());
        const [first, second] = admins as [Actor, Actor];
        if (payment)
          await Promise.all([
            decidePayment('approve', payment._id, first),
            decidePayment('reject', payment._id, second),
          ]);
        return;
      }
      case 'free-trial': {
        const twice = chance(0.3);
        const ask = () => call('free-trial', 'POST', '/api/payment/create-free-trial', customer.token, {});
        await (twice ? Promise.all([ask(), ask()]) : ask());
        return;
      }
      case 'withdraw': {
        const referrer = pick(customers.slice(0, REFERRERS)) as Customer;
        const amount = await available(referrer);
        if (amount < 20) return;
        const ask = () =>
          call('withdraw', 'POST', '/api/withdrawal/request', referrer.token, { trc20Address: PAYOUT_ADDRESS, amount });
        await (chance(0.3) ? Promise.all([ask(), ask()]) : ask());
        return;
      }
      case 'decide-withdrawal': {
        const listed = await call('list-withdrawals', 'GET', '/api/withdrawal/all?status=pending', admin().token);
        const pending = Array.isArray(listed.body.withdrawals) ? (listed.body.withdrawals as { _id: string }[]) : [];
        const withdrawal = pick(pending);
        if (!withdrawal) return;
        const decide = (decision: 'approve' | 'reject', by: Actor) =>
          call(`withdrawal-${decision}`, 'PUT', `/api/withdrawal/${decision}/${withdrawal._id}`, by.token, {
            adminNote: 'chaos run',
          });
        const [first, second] = admins as [Actor, Actor];
        await (chance(0.25)
          ? Promise.all([decide('approve', first), decide('reject', second)])
          : decide(chance(0.7) ? 'approve' : 'reject', admin()));
        return;
      }
      case 'job':
      case 'job-twice': {
        const jobId = pick(JOBS) as string;
        await (kind === 'job-twice' ? Promise.all([runJob(jobId), runJob(jobId)]) : runJob(jobId));
        return;
      }
    }
  }

  function draw(): OperationKind {
    const total = OPERATION_KINDS.reduce((sum, kind) => sum + WEIGHTS[kind], 0);
    let left = random() * total;
    for (const kind of OPERATION_KINDS) {
      left -= WEIGHTS[kind];
      if (left < 0) return kind;
    }
    return 'open-order';
  }

  /** `ops` operations drawn up front from the seed, run by `concurrency` workers. */
  async function run(): Promise<void> {
    const plan = Array.from({ length: options.ops }, draw);
    let next = 0;
    const worker = async () => {
      while (next < plan.length) {
        const index = next;
        next += 1;
        const kind = plan[index] as OperationKind;
        bump(tally.operations, kind);
        if ((index + 1) % 250 === 0) options.log(`chaos: ${index + 1} of ${plan.length} operations`);
        await operation(kind);
      }
    };
    await Promise.all(Array.from({ length: options.concurrency }, worker));
  }

  /** Every job once, one after another: what the next scheduled runs do once the faults are gone. */
  async function drain(): Promise<void> {
    for (const jobId of JOBS) await runJob(jobId);
  }

  return { setUp, run, drain, runJob };
}
