import {
  PACKAGE_NAMES,
  PAYMENT_MESSAGES,
  isTronTxid,
  SETTINGS_MESSAGES,
  type PackageSlug,
  type SubmitUsdtPaymentInput,
  type Subscription,
} from '@goldbot/shared';
import { normalizeTxid } from '../records/payment-record.js';
import { toSubscriptionView } from '../records/subscription-record.js';
import { mailAfterCommit, type OnMailFailure } from '../email/mail-failure.js';
import type { Logger } from '../logger-port.js';
import {
  paymentTemplateType,
  freeTrialMailValues,
  type EmailTemplate,
  type MailEffect,
  type TemplateMailer,
} from '../email/templates.js';
import {
  ConflictError,
  ForbiddenError,
  ServiceUnavailableError,
  UnauthorizedError,
  ValidationError,
} from '../errors.js';
import type { PendingLimits } from '../limits/rate-limits.js';
import type { CustomerReadStore, FreeTrialStore, PurchaseStore } from './customer-stores.js';
import { basicIsActive, freeTrialRuns, utcDay } from './package-dates.js';
import { amountPaidOf } from './receipts.js';
import {
  PURCHASE_MESSAGES,
  currentSubscription,
  isReplay,
  judgeReferral,
  packageSlugOf,
  pendingViewFromMarker,
  planFreeTrial,
  planPurchase,
  referralAnswer,
  sortNewestFirst,
  type PurchasePlan,
  type PurchaseSnapshot,
  type TxidMarker,
} from './purchase.js';
import { withinLifetime, type BindingPolicy } from './transfers.js';
import { sendPendingMail } from './pending-mail.js';
import { commitOrFindApplied } from '../use-case-runtime.js';

/**
 * The customer commerce use cases: the package status, the public settings, the wallet, a
 * referral check, a USDT payment's submission, the free trial and the customer's subscriptions
 * (stores in customer-stores.ts, their table access in docs/data-model.md). Storage and mail are
 * injected, so these run in unit tests without AWS. Each one costs at most one read round trip
 * and one write (see docs/performance.md).
 */

/** What the read-only use cases need: the reads and the clock. */
export interface ReadDeps {
  store: CustomerReadStore;
  now: () => Date;
}

export interface CommerceDeps {
  store: PurchaseStore & FreeTrialStore;
  mailer: TemplateMailer;
  now: () => Date;
  newId: (nowMs: number) => string;
  /** The customer dashboard's URL, for the mails. */
  dashboardLink: string;
  /** The orders' lifetime and grace: whether a recorded transfer fell inside the order a submission names. */
  bindingPolicy: BindingPolicy;
  /**
   * Told about each payment once it is saved, so its on-chain check starts. It must not
   * hold the answer back: it hands the work off (an asynchronous invoke, a background task) and
   * never throws; the recheck job picks up any payment whose check did not start.
   */
  paymentSubmitted?: (paymentId: string, log: Logger) => Promise<void>;
  /** A failed mail is reported (by the payment's or the free trial's id) and never undoes the purchase. */
  onMailFailure: OnMailFailure;
}

/** A use case's answer where the status depends on the outcome (201 created, 200 replayed). */
export interface Outcome<B> {
  status: 200 | 201;
  body: B;
}

const today = (deps: Pick<ReadDeps, 'now'>) => utcDay(deps.now());

// ---------------------------------------------------------------------------------------------

/**
 * `payment-package-status`: Basic paid through today or later, Basic on sale (settings, missing = on
 * sale), whether the free trial can be activated (a copy-trading link is set), and that link while
 * the caller's own free trial runs.
 */
export async function packageStatus(deps: ReadDeps, userId: string) {
  const { profile, settings } = await deps.store.readPackageStatus(userId);
  const day = today(deps);
  return {
    success: true as const,
    hasActiveBasicPackage: basicIsActive(profile?.basicPaidThrough, day),
    isBasicPackageEnabled: settings.basicPackageEnabled,
    isFreeTrialAvailable: settings.copyTradingLink !== null,
    copyTradingLink: freeTrialRuns(profile?.freeTrialStartedAt, day) ? settings.copyTradingLink : null,
  };
}

/** `settings-public-subscription`. */
export async function publicSubscriptionSettings(deps: Pick<ReadDeps, 'store'>) {
  const settings = await deps.store.readSettings();
  return { success: true as const, settings: { basicPackageEnabled: settings.basicPackageEnabled } };
}

/** `payment-wallet-details`: the active USDT wallet; never an invented address (docs/decisions.md, "Commerce and back-office"). */
export async function walletDetails(deps: Pick<ReadDeps, 'store'>) {
  const wallet = await deps.store.readActiveWallet('USDT');
  if (!wallet) throw new ServiceUnavailableError(PAYMENT_MESSAGES.walletUnavailable);
  return { walletAddress: wallet.address, network: wallet.network };
}

/** `payment-verify-referral`: a valid code of someone else, or `success: false` with the reason (200 either way). */
export async function verifyReferral(
  deps: Pick<ReadDeps, 'store'>,
  buyer: { userId: string; email: string },
  code: string,
) {
  const marker = await deps.store.readReferralMarker(code);
  return referralAnswer(judgeReferral(marker, buyer.userId, buyer.email));
}

// ---------------------------------------------------------------------------------------------

async function sendMail(
  deps: CommerceDeps,
  to: string,
  template: EmailTemplate,
  values: Record<string, string>,
  effect: MailEffect,
): Promise<void> {
  // After the commit: a refused send is kept in the outbox and retried (email/mail-outbox.ts);
  // neither sent nor kept, the purchase stands and the failure is reported.
  await mailAfterCommit(() => deps.mailer.send(to, template, values, effect), deps.onMailFailure, effect.entityId);
}

type SubmitBody = { message: string; pendingSubscription: Subscription; txidWarning?: string };

/** The spec's answer, plus the not-a-TRON-id notice when it applies (the message itself is the spec's). */
const submitBody = (packageName: string, view: Subscription, txid: string): SubmitBody => ({
  message: PURCHASE_MESSAGES.submitted(packageName),
  pendingSubscription: view,
  ...(isTronTxid(normalizeTxid(txid)) ? {} : { txidWarning: PAYMENT_MESSAGES.txidNotTron }),
});

/**
 * Why a TXID spent elsewhere is refused: by this customer for another package, or claimed by
 * another customer before the chain showed it. The second is no loss to the real payer (the chain
 * binds the transfer to the order of its exact amount), and the message says so.
 */
const reuseMessage = (marker: TxidMarker, buyerId: string): string =>
  marker.userId === buyerId ? PAYMENT_MESSAGES.txidUsed : PAYMENT_MESSAGES.txidClaimedElsewhere;

/**
 * The answer a submission gets without writing, when the table already says whose the TXID is:
 * the chain's recorded transfer first, then the TXID's marker. Null: nothing says, it is a new claim.
 */
async function answerFromChainOrMarker(
  deps: CommerceDeps,
  buyerId: string,
  input: SubmitUsdtPaymentInput,
  snapshot: PurchaseSnapshot,
): Promise<Outcome<SubmitBody> | null> {
  const replayed = (view: Subscription): Outcome<SubmitBody> => ({
    status: 200,
    body: submitBody(view.packageName, view, input.txid),
  });
  const transfer = snapshot.transfer;
  if (transfer?.state === 'bound' && transfer.binding) {
    const binding = transfer.binding;
    // Bound to someone else's order: never this buyer's, whatever they submit.
    if (binding.userId !== buyerId) throw new ConflictError(PAYMENT_MESSAGES.txidOtherOrder);
    const marker = snapshot.txidMarker;
    const existing =
      marker && marker.paymentId === binding.paymentId
        ? await deps.store.readSubscription(buyerId, marker.subscriptionId)
        : await deps.store.readPaymentSubscription(binding.paymentId);
    if (!existing || existing.userId !== buyerId || existing.packageSlug !== packageSlugOf(input.packageName)) {
      throw new ConflictError(PAYMENT_MESSAGES.txidOtherOrder);
    }
    return replayed(toSubscriptionView(existing, today(deps)));
  }
  if (transfer?.state === 'unmatched') {
    // No order took it: only an order of this buyer whose lifetime holds the transfer may claim it
    // (a wrong or rounded amount sent in time; the admin decides). Anything else is refused.
    const named = snapshot.namedOrder;
    if (!named || named.userId !== buyerId || !withinLifetime(named, transfer.blockTime, deps.bindingPolicy)) {
      throw new ConflictError(PAYMENT_MESSAGES.txidOutsideOrder);
    }
  }
  const marker = snapshot.txidMarker;
  if (!marker) return null;
  if (!isReplay(marker, buyerId, input.packageName)) throw new ConflictError(reuseMessage(marker, buyerId));
  const existing = await deps.store.readSubscription(buyerId, marker.subscriptionId);
  // The same purchase repeated: answered with its subscription, pending or approved since.
  if (!existing || existing.status === 'rejected' || existing.paymentId !== marker.paymentId) {
    throw new ConflictError(PAYMENT_MESSAGES.txidUsed);
  }
  return replayed(toSubscriptionView(existing, today(deps)));
}

/**
 * `payment-submit-usdt`: one consistent read, the rules, one transaction, then the package's
 * pending mail. The chain decides whose a TXID is (docs/data-model.md, "Submit a USDT payment"): a
 * transfer the chain bound to this customer's order answers as a replay (200), even after the
 * order's lifetime; one bound to another order is refused (409, "belongs to another order"); one
 * the chain recorded outside the named order's time is refused (409). A TXID the chain has not
 * seen is a claim on the customer's order: the payment waits for the chain's transfer. A TXID
 * spent by the same buyer for the same package answers 200 with it (a double click); any other
 * reuse of a TXID the chain does not know is 409, also in a race.
 */
export async function submitUsdtPayment(
  deps: CommerceDeps,
  buyerId: string,
  input: SubmitUsdtPaymentInput,
  log: Logger,
  /** The request's limits, moved in the purchase's transaction (the handler kit's `countLimits`). */
  limits?: PendingLimits | null,
): Promise<Outcome<SubmitBody>> {
  const slug = packageSlugOf(input.packageName);
  const read = () =>
    deps.store.readPurchase({
      userId: buyerId,
      slug,
      referralCode: input.referralCode,
      txid: input.txid,
      orderId: input.orderId,
      templateType: paymentTemplateType(slug, 'pending'),
    });
  let snapshot = await read();
  // The batch read is consistent item by item, not as a whole: a submission of the same TXID
  // committing meanwhile can leave this read with its order already taken but its TXID marker not
  // yet written. Read again before answering "open the payment window again": the commit wrote
  // both at once, so a second read sees the marker and this request is answered as the repeat it is.
  if (!snapshot.txidMarker && snapshot.order?.orderId !== input.orderId) snapshot = await read();

  const answered = await answerFromChainOrMarker(deps, buyerId, input, snapshot);
  if (answered) return answered;

  const at = deps.now();
  const plan = planPurchase(input, snapshot, buyerId, at, {
    paymentId: deps.newId(at.getTime()),
    subscriptionId: deps.newId(at.getTime()),
  });
  const result = await commitOrFindApplied(
    () => deps.store.commitPurchase(plan, limits),
    async () => (await read()).txidMarker?.paymentId === plan.payment._id,
    { kind: 'committed' } as const,
  );
  // The transaction was applied, and its answer lost (a timeout after the write): the SDK's retry
  // then finds the TXID taken by this very payment. That is this request's own commit, not a
  // repeat: it goes on as committed, so the pending mail below is still sent.
  if (result.kind === 'txid-taken' && result.marker?.paymentId === plan.payment._id) {
    limits?.committed();
    return submitted(deps, log, plan, snapshot.template, slug);
  }
  if (result.kind === 'txid-taken' && result.marker && isReplay(result.marker, buyerId, input.packageName)) {
    // This buyer's repeat committed a moment ago: its marker (ALL_OLD) is the answer, no read needed.
    return { status: 200, body: submitBody(input.packageName, pendingViewFromMarker(result.marker), input.txid) };
  }
  if (result.kind === 'txid-taken' || (result.kind === 'refused' && result.reason === 'order')) {
    // The TXID was spent, or the order paid, a moment ago: by this buyer's repeat, or by the chain
    // binding its transfer. What the table says now decides, as it would have on the first read.
    const now = await answerFromChainOrMarker(deps, buyerId, input, await read());
    if (now) return now;
    if (result.kind === 'txid-taken') {
      throw new ConflictError(result.marker ? reuseMessage(result.marker, buyerId) : PAYMENT_MESSAGES.txidUsed);
    }
  }
  if (result.kind === 'refused') {
    switch (result.reason) {
      case 'profile':
        throw new ForbiddenError(PURCHASE_MESSAGES.deactivated);
      case 'price':
        throw new ConflictError(PURCHASE_MESSAGES.priceChanged);
      case 'basic-disabled':
        throw new ConflictError(PAYMENT_MESSAGES.basicUnavailable);
      case 'not-on-sale':
        throw new ConflictError(SETTINGS_MESSAGES.packageUnavailable(input.packageName));
      case 'referral-invalid':
      case 'referral-own': {
        const text = result.reason === 'referral-own' ? PAYMENT_MESSAGES.referralOwn : PAYMENT_MESSAGES.referralInvalid;
        throw new ValidationError(text, { referralCode: text });
      }
      case 'order':
        throw new ConflictError(PAYMENT_MESSAGES.orderExpired);
      case 'too-many-pending':
        throw new ConflictError(PAYMENT_MESSAGES.tooManyPending);
      case 'busy':
        throw new ConflictError(PURCHASE_MESSAGES.busy);
    }
  }

  return submitted(deps, log, plan, snapshot.template, slug);
}

/** After the purchase committed: the chain check started, the pending mail sent, the 201. */
async function submitted(
  deps: CommerceDeps,
  log: Logger,
  plan: PurchasePlan,
  template: EmailTemplate,
  slug: PackageSlug,
): Promise<Outcome<SubmitBody>> {
  const { payment, subscription } = plan;
  log.info('payment submitted', { paymentId: payment._id, subscriptionId: subscription._id, packageSlug: slug });
  if (deps.paymentSubmitted) {
    try {
      await deps.paymentSubmitted(payment._id, log);
    } catch (error) {
      log.error('chain check not started; job-chain-recheck will check this payment', {
        paymentId: payment._id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  await sendPendingMail(deps, payment, template, amountPaidOf(payment));
  return {
    status: 201,
    body: submitBody(payment.packageName, toSubscriptionView(subscription, today(deps)), payment.transactionId),
  };
}

// ---------------------------------------------------------------------------------------------

/** `payment-create-free-trial`: once per user, active today for FREE_TRIAL_DAYS, then the mail. */
export async function createFreeTrial(deps: CommerceDeps, userId: string, log: Logger) {
  const { profile, template, onSale, copyTradingLink } = await deps.store.readFreeTrial(userId, 'freeTrialActivated');
  if (!profile) throw new UnauthorizedError(PURCHASE_MESSAGES.noProfile);
  const at = deps.now();
  const { subscription, link } = planFreeTrial(profile, at, deps.newId(at.getTime()), { onSale, copyTradingLink });
  const result = await commitOrFindApplied(
    () => deps.store.commitFreeTrial(subscription, link),
    async () =>
      (await deps.store.readFreeTrial(userId, 'freeTrialActivated')).profile?.freeTrialStartedAt ===
      subscription.createdAt,
    { kind: 'committed' } as const,
  );
  if (result.kind === 'refused') {
    if (result.reason === 'used') throw new ConflictError(PAYMENT_MESSAGES.freeTrialUsed);
    if (result.reason === 'profile') throw new ForbiddenError(PURCHASE_MESSAGES.deactivated);
    if (result.reason === 'not-on-sale') {
      throw new ConflictError(SETTINGS_MESSAGES.packageUnavailable(PACKAGE_NAMES.freeTrial));
    }
    // The admin removed or replaced the link meanwhile: asking again reads the new one.
    if (result.reason === 'no-link') throw new ConflictError(PAYMENT_MESSAGES.freeTrialUnavailable);
    throw new ConflictError(PURCHASE_MESSAGES.busy);
  }
  log.info('free trial started', { subscriptionId: subscription._id });
  await sendMail(
    deps,
    profile.email,
    template,
    freeTrialMailValues({
      username: profile.username,
      packageName: subscription.packageName,
      startDate: subscription.startDate,
      endDate: subscription.endDate,
      dashboardLink: deps.dashboardLink,
      copyTradingLink: link,
    }),
    { type: 'freeTrialActivated', entityId: subscription._id },
  );
  return { message: PURCHASE_MESSAGES.freeTrialActivated, subscription: toSubscriptionView(subscription, today(deps)) };
}

// ---------------------------------------------------------------------------------------------

async function subscriptionViews(deps: ReadDeps, userId: string) {
  const now = deps.now();
  const day = utcDay(now);
  const rows = await deps.store.listSubscriptions(userId);
  // With `now`, each paid row says until when a refund may still be asked for.
  return { day, views: sortNewestFirst(rows.map((row) => toSubscriptionView(row, day, now))) };
}

/** `payment-active-subscription`: see currentSubscription. */
export async function activeSubscription(deps: ReadDeps, userId: string) {
  const { day, views } = await subscriptionViews(deps, userId);
  return { subscription: currentSubscription(views, day) };
}

/** `payment-subscriptions`: the caller's subscriptions, newest first, with effective statuses. */
export async function listSubscriptions(deps: ReadDeps, userId: string) {
  const { views } = await subscriptionViews(deps, userId);
  return { subscriptions: views };
}
