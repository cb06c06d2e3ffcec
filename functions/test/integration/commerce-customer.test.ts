import { randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_TRIAL_DAYS, PAYMENT_MESSAGES, subscriptionSchema, type Subscription } from '@goldbot/shared';
import { LOCAL_COPY_TRADING_LINK } from '../../../scripts/local/stack.js';
import { api, idTokenFor, newCustomer, type TestCustomer, withOrder } from './http-client.js';
import { addDays, db, newTxid, table, todayUtc } from './fixtures.js';
import { mailsTo } from './mailbox.js';
import { sleep } from '../../src/lib/retry.js';

/**
 * The customer's side of commerce over real HTTP (docs/data-model.md, "Submit a USDT payment",
 * "Free trial"): package status, the wallet, referral codes, USDT submissions with their TXID rules and
 * races, the free trial, and which subscription the dashboard shows. Wallets are written straight
 * into DynamoDB Local (the admin's wallet route belongs to the admin suite) and the seeded state
 * is restored afterwards.
 */
const WALLET = {
  walletId: '01KDXCUST0MERW4LLET00000001',
  address: 'TCustomerSuiteWa11etAddre55xxxxxxxx',
  network: 'TRC20',
};

type Customer = TestCustomer;

/** A TRON-like transaction hash: 64 hex characters, new every call. */
const submit = async (customer: Customer, body: { packageName: string } & Record<string, unknown>) =>
  api<{ message: string; pendingSubscription: Subscription; errors?: Record<string, string> }>(
    '/api/payment/submit-usdt-payment',
    {
      method: 'POST',
      token: customer.token,
      // The amount may be deliberately malformed here: withOrder only swaps an amount equal to the price.
      body: await withOrder(customer.token, { referralCode: null, ...body } as {
        packageName: string;
        amount?: number;
      }),
    },
  );

/** A purchase with the referral code `code` and a new TXID: Basic at $50 unless told otherwise. */
const submitWithCode = (customer: Customer, code: string, packageName = 'Basic Package', amount = 50) =>
  submit(customer, { packageName, txid: newTxid(), amount, referralCode: code });

async function getItem(PK: string, SK: string) {
  return (await db().send(new GetCommand({ TableName: table(), Key: { PK, SK }, ConsistentRead: true }))).Item;
}
async function setProfile(userId: string, values: Record<string, unknown>) {
  const names = Object.keys(values);
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: { PK: `USER#${userId}`, SK: 'PROFILE' },
      UpdateExpression: `SET ${names.map((_, i) => `#n${i} = :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#n${i}`, n])),
      ExpressionAttributeValues: Object.fromEntries(names.map((n, i) => [`:v${i}`, values[n]])),
    }),
  );
}
async function setBasicOnSale(enabled: boolean) {
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: { PK: 'SETTINGS', SK: 'SUBSCRIPTION' },
      UpdateExpression: 'SET basicPackageEnabled = :enabled, updatedAt = :now',
      ExpressionAttributeValues: { ':enabled': enabled, ':now': new Date().toISOString() },
    }),
  );
}
const putWallet = () =>
  db().send(
    new PutCommand({
      TableName: table(),
      Item: { PK: 'ACTIVEWALLET#USDT', SK: 'ACTIVEWALLET', entity: 'ActiveWallet', ...WALLET, currency: 'USDT' },
    }),
  );
const removeWallet = () =>
  db().send(new DeleteCommand({ TableName: table(), Key: { PK: 'ACTIVEWALLET#USDT', SK: 'ACTIVEWALLET' } }));

async function waitForMail(address: string, subject: RegExp) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const mail = (await mailsTo(address)).find((m) => subject.test(m.subject));
    if (mail) return mail;
    await sleep(100);
  }
  throw new Error(`no mail to ${address} matching ${subject}`);
}

let seededWallet: Record<string, unknown> | undefined;
let seededSettings: Record<string, unknown> | undefined;
let alice: Customer;
let bob: Customer;

beforeAll(async () => {
  seededWallet = await getItem('ACTIVEWALLET#USDT', 'ACTIVEWALLET');
  seededSettings = await getItem('SETTINGS', 'SUBSCRIPTION');
  await putWallet();
  [alice, bob] = await Promise.all([newCustomer('alice'), newCustomer('bob')]);
});

afterAll(async () => {
  // Leave the stack as the bootstrap made it for the suites that run after this one.
  if (seededWallet) await db().send(new PutCommand({ TableName: table(), Item: seededWallet }));
  else await removeWallet();
  if (seededSettings) await db().send(new PutCommand({ TableName: table(), Item: seededSettings }));
});

describe('package status and public settings', () => {
  it('answers no active Basic and Basic on sale for a new customer', async () => {
    const status = await api('/api/payment/package-status', { token: alice.token });
    expect(status.status).toBe(200);
    expect(status.body).toEqual({
      success: true,
      hasActiveBasicPackage: false,
      isBasicPackageEnabled: true,
      isFreeTrialAvailable: true,
      copyTradingLink: null,
    });
    const settings = await api('/api/settings/public/subscription-settings', { token: alice.token });
    expect(settings.body).toEqual({ success: true, settings: { basicPackageEnabled: true } });
  });

  it('sees a Basic paid through today as active, and the admin switching Basic off', async () => {
    const carol = await newCustomer('carol');
    await setProfile(carol.userId, { basicPaidThrough: todayUtc() });
    await setBasicOnSale(false);
    try {
      const status = await api('/api/payment/package-status', { token: carol.token });
      expect(status.body).toMatchObject({ success: true, hasActiveBasicPackage: true, isBasicPackageEnabled: false });
      const settings = await api('/api/settings/public/subscription-settings', { token: carol.token });
      expect(settings.body).toEqual({ success: true, settings: { basicPackageEnabled: false } });
    } finally {
      await setBasicOnSale(true);
    }
    await setProfile(carol.userId, { basicPaidThrough: addDays(todayUtc(), -1) });
    const lapsed = await api('/api/payment/package-status', { token: carol.token });
    expect(lapsed.body).toMatchObject({ hasActiveBasicPackage: false });
  });

  it('refuses anonymous callers', async () => {
    expect((await api('/api/payment/package-status')).status).toBe(401);
    expect((await api('/api/payment/wallet-details')).status).toBe(401);
  });
});

describe('wallet details', () => {
  it('answers 503 with a clear message while no USDT wallet is active, never a built-in address', async () => {
    await removeWallet();
    try {
      const none = await api('/api/payment/wallet-details', { token: alice.token });
      expect(none.status).toBe(503);
      expect(none.body).toEqual({
        message: PAYMENT_MESSAGES.walletUnavailable,
        msg: PAYMENT_MESSAGES.walletUnavailable,
      });
      // Nothing can be bought without a wallet to pay to.
      const refused = await submit(alice, { packageName: 'Pro Package', txid: newTxid(), amount: 250 });
      expect(refused.status).toBe(503);
    } finally {
      await putWallet();
    }
    const wallet = await api('/api/payment/wallet-details', { token: alice.token });
    expect(wallet.status).toBe(200);
    expect(wallet.body).toEqual({ walletAddress: WALLET.address, network: 'TRC20' });
  });
});

describe('referral codes', () => {
  it("accepts another customer's code, upper-casing what was typed", async () => {
    const response = await api('/api/payment/verify-referral', {
      method: 'POST',
      token: alice.token,
      body: { referralCode: bob.referralCode.toLowerCase() },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      discount: 10,
      referralUser: { username: bob.username },
      message: `Valid referral code from ${bob.username}! You save $10.`,
    });
  });

  it('refuses the code of another account of the buyer’s mailbox (a +tag alias), in the check and the purchase', async () => {
    const box = `ref${randomBytes(4).toString('hex')}`;
    const owner = await newCustomer('ref', `${box}@example.com`);
    const alias = await newCustomer('ref', `${box.toUpperCase()}+second@example.com`);
    expect((await getItem(`REFCODE#${owner.referralCode}`, 'REFCODE'))?.emailKey).toBe(`${box}@example.com`);
    const check = await api('/api/payment/verify-referral', {
      method: 'POST',
      token: alias.token,
      body: { referralCode: owner.referralCode },
    });
    expect(check.body).toMatchObject({ success: false, message: PAYMENT_MESSAGES.referralOwn });
    const bought = await submitWithCode(alias, owner.referralCode);
    expect(bought.status).toBe(400);
    expect(bought.body.errors).toEqual({ referralCode: PAYMENT_MESSAGES.referralOwn });
  });

  it('refuses the buyer’s own code and unknown codes with success: false', async () => {
    const own = await api('/api/payment/verify-referral', {
      method: 'POST',
      token: alice.token,
      body: { referralCode: alice.referralCode },
    });
    expect(own.status).toBe(200);
    expect(own.body).toEqual({
      success: false,
      discount: 0,
      referralUser: null,
      message: PAYMENT_MESSAGES.referralOwn,
    });
    const unknown = await api('/api/payment/verify-referral', {
      method: 'POST',
      token: alice.token,
      body: { referralCode: 'NOSUCHCODE42' },
    });
    expect(unknown.body).toEqual({
      success: false,
      discount: 0,
      referralUser: null,
      message: PAYMENT_MESSAGES.referralInvalid,
    });
  });

  it('answers 400 for an over-long or empty code', async () => {
    const long = await api('/api/payment/verify-referral', {
      method: 'POST',
      token: alice.token,
      body: { referralCode: 'X'.repeat(21) },
    });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ errors: { referralCode: PAYMENT_MESSAGES.referralTooLong } });
  });
});

describe('submitting a USDT payment', () => {
  it('refuses an amount that is not the price due, and says which field', async () => {
    const wrong = await submit(alice, { packageName: 'Basic Package', txid: newTxid(), amount: 55 });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ amount: PAYMENT_MESSAGES.orderAmountMismatch });
    // The bare price is not the order's exact amount either.
    const order = await withOrder(alice.token, { packageName: 'Basic Package', amount: 60 });
    const bare = await submit(alice, { ...order, txid: newTxid(), amount: 60 });
    expect(bare.status).toBe(400);
    expect(bare.body.errors).toEqual({ amount: PAYMENT_MESSAGES.orderAmountMismatch });
    // No order: said, on its own field.
    const none = await submit(alice, {
      packageName: 'Basic Package',
      orderId: 'NOSUCHORDER',
      txid: newTxid(),
      amount: 60,
    });
    expect(none.body.errors).toEqual({ orderId: PAYMENT_MESSAGES.orderRequired });
    // The discount needs a valid code: $50 without one is a mismatch too.
    const noCode = await submit(alice, { packageName: 'Basic Package', txid: newTxid(), amount: 50 });
    expect(noCode.status).toBe(400);
  });

  it('refuses a TXID that is too short or has other characters than letters and digits', async () => {
    const short = await submit(alice, { packageName: 'Pro Package', txid: '  abc123  ', amount: 250 });
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual({ txid: PAYMENT_MESSAGES.txidTooShort });
    const odd = await submit(alice, { packageName: 'Pro Package', txid: 'abc-123-def-456', amount: 250 });
    expect(odd.status).toBe(400);
    expect(odd.body.errors).toEqual({ txid: PAYMENT_MESSAGES.txidCharacters });
    const none = await submit(alice, { packageName: 'Pro Package', txid: '   ', amount: 250 });
    expect(none.body.errors).toEqual({ txid: PAYMENT_MESSAGES.txidRequired });
  });

  it('refuses a referral code on anything but Basic, and an invalid or own code on Basic', async () => {
    const pro = await submitWithCode(alice, bob.referralCode, 'Pro Package', 240);
    expect(pro.status).toBe(400);
    expect(pro.body.errors).toEqual({ referralCode: PAYMENT_MESSAGES.referralBasicOnly });
    const own = await submitWithCode(alice, alice.referralCode);
    expect(own.body.errors).toEqual({ referralCode: PAYMENT_MESSAGES.referralOwn });
    const unknown = await submitWithCode(alice, 'NOSUCHCODE42');
    expect(unknown.body.errors).toEqual({ referralCode: PAYMENT_MESSAGES.referralInvalid });
  });

  it('refuses Basic with the spec sentence while monthly subscriptions are off', async () => {
    await setBasicOnSale(false);
    try {
      const refused = await submit(alice, { packageName: 'Basic Package', txid: newTxid(), amount: 60 });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ message: PAYMENT_MESSAGES.basicUnavailable });
      // Other packages are still on sale.
      const pro = await submit(alice, { packageName: 'Pro Package', txid: newTxid(), amount: 250 });
      expect(pro.status).toBe(201);
    } finally {
      await setBasicOnSale(true);
    }
  });

  it('creates the pending payment and subscription with the discount and the wallet shown, counts it and mails the pending template', async () => {
    const buyer = await newCustomer('dave');
    const txid = newTxid();
    const totalBefore = await getItem('STATS#PAYMENTS', 'TOTAL');
    const response = await submit(buyer, {
      packageName: 'Basic Package',
      txid: `  ${txid}  `,
      amount: 50,
      referralCode: bob.referralCode,
    });
    expect(response.status).toBe(201);
    expect(response.body.message).toBe(
      'Payment submitted successfully! Your Basic Package will be activated within 2 hours.',
    );
    const pending = subscriptionSchema.parse(response.body.pendingSubscription);
    expect(pending).toMatchObject({
      packageName: 'Basic Package',
      status: 'pending',
      startDate: null,
      endDate: null,
      paymentMethod: 'usdt',
      isExtension: false,
    });

    const sub = await getItem(`USER#${buyer.userId}`, `SUB#${pending._id}`);
    expect(sub).toMatchObject({
      status: 'pending',
      packageSlug: 'basic',
      GSI1PK: `SUBS#${pending.createdAt.slice(0, 4)}`,
    });
    const marker = await getItem(`TXID#${txid}`, 'TXID');
    expect(marker).toMatchObject({ userId: buyer.userId, subscriptionId: pending._id });
    const payment = await getItem(`PAYMENT#${String(marker?.paymentId)}`, `PAYMENT#${String(marker?.paymentId)}`);
    expect(payment).toMatchObject({
      status: 'pending',
      userId: buyer.userId,
      username: buyer.username,
      packageName: 'Basic Package',
      amount: 50,
      originalAmount: 60,
      hasReferralDiscount: true,
      referralDiscount: 10,
      referralCode: bob.referralCode,
      referralUserId: bob.userId,
      referrerUsername: bob.username,
      referralReward: 2,
      transactionId: txid,
      txidNormalized: txid,
      currency: 'USD',
      paymentMethod: 'usdt',
      wallet: { address: WALLET.address, network: 'TRC20', currency: 'USDT' },
      subscriptionId: pending._id,
      GSI1PK: 'PAYMENTS',
      GSI2PK: 'PAYMENTS#pending',
      GSI3PK: `USER#${buyer.userId}`,
    });
    expect(String(payment?.searchText)).toContain(buyer.email);
    // The customer is shown the exact amount of the order the payment paid (price plus cents tag).
    const orderAmount = Number(payment?.orderAmount);
    expect(orderAmount).toBeGreaterThan(50);
    expect(orderAmount).toBeLessThan(51);
    expect(pending.amount).toBe(orderAmount);
    expect(sub?.amount).toBe(orderAmount);

    const totalAfter = await getItem('STATS#PAYMENTS', 'TOTAL');
    expect(Number(totalAfter?.pendingCount ?? 0) - Number(totalBefore?.pendingCount ?? 0)).toBe(1);
    expect(Number(totalAfter?.pendingAmount ?? 0) - Number(totalBefore?.pendingAmount ?? 0)).toBe(50);
    const month = await getItem('STATS#SUBSCRIPTIONS', `MONTH#${pending.createdAt.slice(0, 7)}`);
    expect(Number(month?.basicPackages)).toBeGreaterThanOrEqual(1);
    expect(Number(month?.pending)).toBeGreaterThanOrEqual(1);

    const mail = await waitForMail(buyer.email, /Basic Package/);
    expect(mail.subject).toBe('GoldBot: payment received for your Basic Package');
    expect(mail.body.text).toContain(buyer.username);
    expect(mail.body.text).toContain('2 hours');
    expect(mail.body.text).toContain(`your payment of ${orderAmount.toFixed(2)} USDT for the Basic Package`);
    expect(mail.body.html).toContain('/dashboard');
  });

  it('answers a double click with the same pending subscription, and any other reuse of the TXID with 409, whatever its case', async () => {
    const erin = await newCustomer('erin');
    const txid = newTxid();
    const first = await submit(erin, { packageName: 'Ultimate Package', txid, amount: 1000 });
    expect(first.status).toBe(201);
    const again = await submit(erin, { packageName: 'Ultimate Package', txid, amount: 1000 });
    expect(again.status).toBe(200);
    expect(again.body.pendingSubscription._id).toBe(first.body.pendingSubscription._id);

    const otherPackage = await submit(erin, { packageName: 'Pro Package', txid: txid.toUpperCase(), amount: 250 });
    expect(otherPackage.status).toBe(409);
    expect(otherPackage.body).toMatchObject({ message: PAYMENT_MESSAGES.txidUsed });
    const otherBuyer = await submit(alice, { packageName: 'Ultimate Package', txid: txid.toUpperCase(), amount: 1000 });
    expect(otherBuyer.status).toBe(409);
    expect(otherBuyer.body).toMatchObject({ message: PAYMENT_MESSAGES.txidClaimedElsewhere });

    const history = await api<{ subscriptions: Subscription[] }>('/api/payment/subscriptions', { token: erin.token });
    expect(history.body.subscriptions).toHaveLength(1);
  });

  it('lets exactly one of ten concurrent submissions of one TXID through', async () => {
    const [frank, grace] = await Promise.all([newCustomer('frank'), newCustomer('grace')]);
    const txid = newTxid();
    // Each has the payment window open: its order is made before the clicks.
    const orders = await Promise.all(
      [frank, grace].map((c) => withOrder(c.token, { packageName: 'Pro Package', amount: 250 })),
    );
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        submit(i % 2 === 0 ? frank : grace, {
          ...orders[i % 2],
          packageName: 'Pro Package',
          txid: i % 3 === 0 ? txid.toUpperCase() : txid,
        }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    // The others are the winner's own double clicks (200, the same subscription) or refusals (409).
    expect(
      statuses.every((s) => [200, 201, 409].includes(s)),
      JSON.stringify(responses.map((r) => [r.status, r.body.message])),
    ).toBe(true);
    const winner = responses.findIndex((r) => r.status === 201) % 2 === 0 ? frank : grace;
    const loser = winner === frank ? grace : frank;
    const winnerSub = responses.find((r) => r.status === 201)?.body.pendingSubscription._id;
    for (const replay of responses.filter((r) => r.status === 200))
      expect(replay.body.pendingSubscription._id).toBe(winnerSub);

    const [winnerHistory, loserHistory] = await Promise.all(
      [winner, loser].map((c) =>
        api<{ subscriptions: Subscription[] }>('/api/payment/subscriptions', { token: c.token }),
      ),
    );
    expect(winnerHistory?.body.subscriptions.map((s) => s._id)).toEqual([winnerSub]);
    expect(loserHistory?.body.subscriptions).toEqual([]);
    const marker = await getItem(`TXID#${txid}`, 'TXID');
    expect(marker?.userId).toBe(winner.userId);
  });

  it('marks a Basic bought while a Basic is active as an extension, and allows several pending payments', async () => {
    const heidi = await newCustomer('heidi');
    await setProfile(heidi.userId, { basicPaidThrough: addDays(todayUtc(), 3) });
    const first = await submit(heidi, { packageName: 'Basic Package', txid: newTxid(), amount: 60 });
    const second = await submit(heidi, { packageName: 'Basic Package', txid: newTxid(), amount: 60 });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(first.body.pendingSubscription.isExtension).toBe(true);
    const history = await api<{ subscriptions: Subscription[] }>('/api/payment/subscriptions', { token: heidi.token });
    expect(history.body.subscriptions.map((s) => s.status)).toEqual(['pending', 'pending']);
  });
});

describe('the free trial', () => {
  it('starts today for 30 days once, mails it, and answers 409 the second time', async () => {
    const ivan = await newCustomer('ivan');
    const response = await api<{ message: string; subscription: Subscription }>('/api/payment/create-free-trial', {
      method: 'POST',
      token: ivan.token,
      body: {},
    });
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('Free trial activated! You now have 30 days of access.');
    const today = todayUtc();
    expect(subscriptionSchema.parse(response.body.subscription)).toMatchObject({
      packageName: 'Free Trial',
      status: 'active',
      startDate: today,
      endDate: addDays(today, FREE_TRIAL_DAYS),
      paymentMethod: 'free',
    });
    const profile = await getItem(`USER#${ivan.userId}`, 'PROFILE');
    expect(typeof profile?.freeTrialStartedAt).toBe('string');
    const sub = await getItem(`USER#${ivan.userId}`, `SUB#${response.body.subscription._id}`);
    expect(sub).toMatchObject({
      GSI3PK: 'EXPIRES',
      GSI3SK: `${addDays(today, FREE_TRIAL_DAYS)}#${response.body.subscription._id}`,
    });

    const again = await api('/api/payment/create-free-trial', { method: 'POST', token: ivan.token, body: {} });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: PAYMENT_MESSAGES.freeTrialUsed });

    const mail = await waitForMail(ivan.email, /free trial/i);
    expect(mail.body.text).toContain(ivan.username);
    // The mail delivers the copy-trading link the local stack sets (its main button).
    expect(mail.body.html).toContain(`href="${LOCAL_COPY_TRADING_LINK}"`);
    expect(mail.body.text).toContain(LOCAL_COPY_TRADING_LINK);
    // The dashboard's status gives the link to the customer whose trial runs.
    const status = await api('/api/payment/package-status', { token: ivan.token });
    expect(status.body).toMatchObject({ isFreeTrialAvailable: true, copyTradingLink: LOCAL_COPY_TRADING_LINK });
  });

  it('is once per mailbox: a +tag or Gmail-dots alias of an account that took one gets 409', async () => {
    const box = `trial${randomBytes(4).toString('hex')}`;
    const first = await newCustomer('trial', `${box}@gmail.com`);
    const alias = await newCustomer('trial', `${box.slice(0, 3)}.${box.slice(3)}+again@GoogleMail.com`);
    const start = (customer: TestCustomer) =>
      api('/api/payment/create-free-trial', { method: 'POST', token: customer.token, body: {} });
    expect((await start(first)).status).toBe(201);
    const refused = await start(alias);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: PAYMENT_MESSAGES.freeTrialUsed });
    expect(await getItem(`FREETRIAL#${box}@gmail.com`, 'FREETRIAL')).toMatchObject({ userId: first.userId });
    // Nothing of the refused trial was written.
    expect((await getItem(`USER#${alias.userId}`, 'PROFILE'))?.freeTrialStartedAt).toBeUndefined();
  });

  it('cannot be started while no copy-trading link is set: 409 with the sentence', async () => {
    const admin = await idTokenFor('admin');
    const setLink = (copyTradingLink: string | null) =>
      api('/api/settings/subscription-settings', {
        method: 'PUT',
        token: admin,
        body: { settings: { copyTradingLink } },
      });
    const kim = await newCustomer('kim');
    expect((await setLink(null)).status).toBe(200);
    try {
      const status = await api('/api/payment/package-status', { token: kim.token });
      expect(status.body).toMatchObject({ isFreeTrialAvailable: false, copyTradingLink: null });
      const refused = await api('/api/payment/create-free-trial', { method: 'POST', token: kim.token, body: {} });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        message: 'The free trial is not available right now. Please try again later.',
      });
      const profile = await getItem(`USER#${kim.userId}`, 'PROFILE');
      expect(profile?.freeTrialStartedAt).toBeUndefined();
    } finally {
      expect((await setLink(LOCAL_COPY_TRADING_LINK)).status).toBe(200);
    }
    const started = await api('/api/payment/create-free-trial', { method: 'POST', token: kim.token, body: {} });
    expect(started.status).toBe(201);
  });

  it('starts once when asked twice at the same moment', async () => {
    const judy = await newCustomer('judy');
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        api('/api/payment/create-free-trial', { method: 'POST', token: judy.token, body: {} }),
      ),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const history = await api<{ subscriptions: Subscription[] }>('/api/payment/subscriptions', { token: judy.token });
    expect(history.body.subscriptions).toHaveLength(1);
  });
});

describe('the current subscription and the history', () => {
  /** A subscription row as an approval leaves it (the admin suite covers approvals themselves). */
  async function putSubscription(owner: Customer, row: Partial<Subscription> & { createdAt: string }) {
    const id = `01KDX${randomBytes(8).toString('hex').toUpperCase().slice(0, 21)}`;
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: {
          PK: `USER#${owner.userId}`,
          SK: `SUB#${id}`,
          entity: 'Subscription',
          _id: id,
          userId: owner.userId,
          username: owner.username,
          email: owner.email,
          packageSlug: 'pro',
          packageName: 'Pro Package',
          status: 'active',
          startDate: null,
          endDate: null,
          paymentMethod: 'usdt',
          paymentId: null,
          isExtension: false,
          notificationSent: true,
          updatedAt: row.createdAt,
          ...row,
        },
      }),
    );
    return id;
  }

  it('is null without subscriptions', async () => {
    const kim = await newCustomer('kim');
    expect((await api('/api/payment/active-subscription', { token: kim.token })).body).toEqual({ subscription: null });
    expect((await api('/api/payment/subscriptions', { token: kim.token })).body).toEqual({ subscriptions: [] });
  });

  it('prefers the one active today, then the next one starting later, then the latest pending', async () => {
    const leo = await newCustomer('leo');
    const today = todayUtc();
    const current = async () =>
      (await api<{ subscription: Subscription | null }>('/api/payment/active-subscription', { token: leo.token })).body
        .subscription;

    const pendingOld = await submit(leo, { packageName: 'Pro Package', txid: newTxid(), amount: 250 });
    const pendingNew = await submit(leo, { packageName: 'Ultimate Package', txid: newTxid(), amount: 1000 });
    expect((await current())?._id).toBe(pendingNew.body.pendingSubscription._id);

    const expired = await putSubscription(leo, {
      startDate: addDays(today, -60),
      endDate: addDays(today, -1),
      createdAt: '2026-01-02T00:00:00.000Z',
    });
    expect((await current())?._id).toBe(pendingNew.body.pendingSubscription._id);

    const upcoming = await putSubscription(leo, {
      startDate: addDays(today, 20),
      endDate: addDays(today, 50),
      createdAt: '2026-01-03T00:00:00.000Z',
    });
    expect((await current())?._id).toBe(upcoming);

    const running = await putSubscription(leo, {
      packageName: 'Basic Package',
      packageSlug: 'basic',
      startDate: addDays(today, -5),
      endDate: addDays(today, 5),
      createdAt: '2026-01-01T00:00:00.000Z',
    } as Partial<Subscription> & { createdAt: string });
    expect(await current()).toMatchObject({ _id: running, status: 'active', packageName: 'Basic Package' });

    const history = await api<{ subscriptions: Subscription[] }>('/api/payment/subscriptions', { token: leo.token });
    expect(history.status).toBe(200);
    const rows = history.body.subscriptions;
    expect(rows.map((s) => s._id)).toEqual([
      pendingNew.body.pendingSubscription._id,
      pendingOld.body.pendingSubscription._id,
      upcoming,
      expired,
      running,
    ]);
    // An active row past its end date reads as expired even before the nightly job.
    expect(rows.find((s) => s._id === expired)?.status).toBe('expired');
    for (const row of rows) subscriptionSchema.parse(row);
  });

  it('shows only the caller’s own subscriptions', async () => {
    const mia = await newCustomer('mia');
    await submit(mia, { packageName: 'Pro Package', txid: newTxid(), amount: 250 });
    const others = await api<{ subscriptions: Subscription[] }>('/api/payment/subscriptions', { token: alice.token });
    const query = await db().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sub)',
        ExpressionAttributeValues: { ':pk': `USER#${alice.userId}`, ':sub': 'SUB#' },
      }),
    );
    expect(others.body.subscriptions.map((s) => s._id).sort()).toEqual(
      (query.Items ?? []).map((i) => String(i._id)).sort(),
    );
  });
});
