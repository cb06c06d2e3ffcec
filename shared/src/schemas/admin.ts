import * as z from '../zod.js';
import { pageQuerySchema } from './contact.js';
import { PACKAGE_NAMES } from '../constants.js';
import { PAID_PACKAGE_NAMES, adminListQuerySchema, listSearchScopeSchema, subscriptionSchema } from './payments.js';
import { schema } from './schema.js';
import { requiredText } from './text.js';

/**
 * Back-office insight (the admin dashboard, users, subscription history, activations).
 * Every figure comes from the aggregates of docs/data-model.md, "Aggregates".
 */
export const ADMIN_MESSAGES = {
  userActivated: 'User activated successfully',
  userDeactivated: 'User deactivated successfully',
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
  userNotFound: 'User not found',
  activationMailsSent: (sent: number) =>
    sent === 0
      ? 'No activation emails to send'
      : `Activation emails sent to ${sent} subscriber${sent === 1 ? '' : 's'}`,
  fetchUsersFailed: 'Failed to fetch users',
  deactivateFailed: 'Failed to deactivate user',
  activateFailed: 'Failed to activate user',
  fetchSubscriptionsFailed: 'Failed to fetch subscriptions',
  sendActivationFailed: 'Failed to send activation emails',
  fetchHistoryFailed: 'Failed to fetch subscription history',
  /** Subscription history's first load failed (no rows to show): the spec's sentence. */
  loadHistoryFailed: 'Failed to load subscription data',
  userStatsFailed: 'Failed to fetch user statistics',
  paymentStatsFailed: 'Failed to fetch payment statistics',
} as const;

/** `all` (or nothing) means no filter: the spec's clients send year and month only when not 'all'. */
const allMeansAbsent = (value: unknown) => (value === 'all' || value === '' ? undefined : value);
/**
 * classic zod's `preprocess`, which mini leaves out: `fn`, then `inner` (at run time a transform
 * piped into the schema). Typed as classic types it, so a field whose `inner` is optional stays
 * optional in z.input (a plain pipe's type would make it required).
 */
const preprocess = <S extends z.core.$ZodType>(fn: (value: unknown) => unknown, inner: S) =>
  z.pipe(z.transform(fn), inner) as z.ZodMiniType<z.output<S>, unknown, z.core.$ZodPreprocessInternals<S>>;

/**
 * A whole-number query filter within [min, max] that `all` (or nothing) leaves out, coerced from
 * the query string's text.
 */
const wholeNumberFilter = /* @__NO_SIDE_EFFECTS__ */ (
  name: string,
  bounds: { min: number; tooLow: string; max: number; tooHigh: string },
) =>
  preprocess(
    allMeansAbsent,
    z.optional(
      z.coerce
        .number({ error: `${name} must be a number` })
        .check(
          z.int({ error: `${name} must be a whole number` }),
          z.gte(bounds.min, { error: bounds.tooLow }),
          z.lte(bounds.max, { error: bounds.tooHigh }),
        ),
    ),
  );

export const yearFilterSchema = /* @__PURE__ */ schema(() =>
  wholeNumberFilter('year', {
    min: 2000,
    tooLow: 'year must be 2000 or later',
    max: 2100,
    tooHigh: 'year must be 2100 or earlier',
  }),
);
/** The month index 0-11 (January = 0), as the spec's dashboard sends it. */
export const monthFilterSchema = /* @__PURE__ */ schema(() =>
  wholeNumberFilter('month', {
    min: 0,
    tooLow: 'month must be between 0 and 11',
    max: 11,
    tooHigh: 'month must be between 0 and 11',
  }),
);

// --- Users -------------------------------------------------------------------------------------

export const userStatsSchema = /* @__PURE__ */ schema(() =>
  z.object({
    total: z.number(),
    active: z.number(),
    inactive: z.number(),
    newThisMonth: z.number(),
  }),
);
export type UserStats = z.infer<typeof userStatsSchema>;
export const userStatsResponseSchema = /* @__PURE__ */ schema(() => z.object({ userStats: userStatsSchema }));

/** A user row of the admin list and detail view. */
export const adminUserSchema = /* @__PURE__ */ schema(() =>
  z.object({
    _id: z.string(),
    username: z.string(),
    email: z.string(),
    phone: z.nullable(z.string()),
    isActive: z.boolean(),
    isAdmin: z.boolean(),
    referralCode: z.string(),
    referralEarnings: z.number(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type AdminUser = z.infer<typeof adminUserSchema>;

/** `search`: case-insensitive substring of username, e-mail or phone (server-side, docs/data-model.md "Search, stated honestly"). */
export const adminUsersQuerySchema = adminListQuerySchema;
export const adminUsersResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({
    users: z.array(adminUserSchema),
    nextCursor: z.nullable(z.string()),
    /** Present with a search. */
    search: z.optional(listSearchScopeSchema),
  }),
);
export const adminUserActionResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({ message: z.string(), user: adminUserSchema }),
);

/** A subscription row of the admin screens: the customer's view plus who owns it. */
export const adminSubscriptionSchema = /* @__PURE__ */ schema(() =>
  z.extend(subscriptionSchema, {
    userId: z.object({ _id: z.string(), username: z.string(), email: z.string() }),
    notificationSent: z.boolean(),
    paymentId: z.nullable(z.string()),
  }),
);
export type AdminSubscription = z.infer<typeof adminSubscriptionSchema>;
export const adminUserSubscriptionsResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({ subscriptions: z.array(adminSubscriptionSchema) }),
);

// --- Support's subscription controls -----------------------------------------------------------

/** What support may do to a user's paid package, without a payment (the user detail modal). */
export const SUPPORT_ACTIONS = ['grant', 'extend', 'end'] as const;
export type SupportAction = (typeof SUPPORT_ACTIONS)[number];
/** The longest grant or extension support gives in one go, in days. */
export const SUPPORT_MAX_DAYS = 366;
export const SUPPORT_REASON_MAX_LENGTH = 500;

export const SUPPORT_MESSAGES = {
  actionInvalid: 'Choose what to do: grant a package, extend the current one or end it.',
  packageRequired: 'Choose the package to grant: Basic Package, Pro Package or Ultimate Package.',
  packageInvalid: 'Choose one of the paid packages: Basic Package, Pro Package or Ultimate Package.',
  daysRequired: `Enter the number of days (1 to ${SUPPORT_MAX_DAYS}).`,
  daysInvalid: `The number of days is a whole number from 1 to ${SUPPORT_MAX_DAYS}.`,
  reasonRequired: 'Please give the reason: it is kept in the audit log.',
  reasonTooLong: `The reason may be at most ${SUPPORT_REASON_MAX_LENGTH} characters.`,
  noCurrent: 'This user has no current paid package. Grant one instead.',
  noCurrentOf: (packageName: string) => `This user has no current ${packageName}.`,
  severalCurrent: (names: readonly string[]) =>
    `This user has several current packages (${names.join(', ')}): choose which one.`,
  lifetime: 'The Ultimate Package never ends: there is nothing to extend.',
  alreadyCurrent: (packageName: string, until: string) =>
    `This user already has the ${packageName} ${until}: extend it instead.`,
  changed: "This user's subscriptions changed meanwhile. Please reload and try again.",
  granted: (packageName: string, username: string, until: string) =>
    `Granted the ${packageName} to ${username} ${until}.`,
  extended: (packageName: string, username: string, until: string) => `Extended ${username}'s ${packageName} ${until}.`,
  ended: (packageName: string, username: string) => `Ended ${username}'s ${packageName} today.`,
  failed: 'Failed to change the subscription',
} as const;

const paidPackageOf = /* @__NO_SIDE_EFFECTS__ */ (required: string) =>
  z.enum(PAID_PACKAGE_NAMES, {
    error: (issue) => (issue.input === undefined ? required : SUPPORT_MESSAGES.packageInvalid),
  });
const supportDays = /* @__NO_SIDE_EFFECTS__ */ () =>
  z
    .number({
      error: (issue) => (issue.input === undefined ? SUPPORT_MESSAGES.daysRequired : SUPPORT_MESSAGES.daysInvalid),
    })
    .check(
      z.int({ error: SUPPORT_MESSAGES.daysInvalid }),
      z.gte(1, { error: SUPPORT_MESSAGES.daysInvalid }),
      z.lte(SUPPORT_MAX_DAYS, { error: SUPPORT_MESSAGES.daysInvalid }),
    );
const supportReason = /* @__NO_SIDE_EFFECTS__ */ () =>
  requiredText(
    SUPPORT_MESSAGES.reasonRequired,
    z.maxLength(SUPPORT_REASON_MAX_LENGTH, { error: SUPPORT_MESSAGES.reasonTooLong }),
  );

/**
 * POST /api/admin/user/{id}/subscription: grant a package for a number of days (the Ultimate Package
 * without days is for life, as a purchase), extend the current one by a number of days, or end it
 * now; always with a reason (audited). `packageName` picks the package to extend or end when the
 * user has several.
 */
export const supportSubscriptionInputSchema = /* @__PURE__ */ schema(() =>
  z.discriminatedUnion(
    'action',
    [
      z
        .object({
          action: z.literal('grant'),
          packageName: paidPackageOf(SUPPORT_MESSAGES.packageRequired),
          days: z.optional(supportDays()),
          reason: supportReason(),
        })
        .check(
          z.refine((input) => input.days !== undefined || input.packageName === PACKAGE_NAMES.ultimate, {
            error: SUPPORT_MESSAGES.daysRequired,
            path: ['days'],
            // Said with the other fields' problems (a missing reason), not only once they are fixed.
            when: ({ value }) => {
              const input = value as { packageName?: unknown; days?: unknown } | null;
              return typeof input === 'object' && input !== null && input.days === undefined;
            },
          }),
        ),
      z.object({
        action: z.literal('extend'),
        packageName: z.optional(paidPackageOf(SUPPORT_MESSAGES.packageInvalid)),
        days: supportDays(),
        reason: supportReason(),
      }),
      z.object({
        action: z.literal('end'),
        packageName: z.optional(paidPackageOf(SUPPORT_MESSAGES.packageInvalid)),
        reason: supportReason(),
      }),
    ],
    { error: SUPPORT_MESSAGES.actionInvalid },
  ),
);
export type SupportSubscriptionInput = z.infer<typeof supportSubscriptionInputSchema>;

/** The action's sentence and the user's subscriptions as they are now (newest first). */
export const supportSubscriptionResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({ message: z.string(), subscriptions: z.array(adminSubscriptionSchema) }),
);
export type SupportSubscriptionResponse = z.infer<typeof supportSubscriptionResponseSchema>;

// --- Revenue -----------------------------------------------------------------------------------

export const paymentStatsQuerySchema = /* @__PURE__ */ schema(() =>
  z.object({ year: yearFilterSchema, month: monthFilterSchema }),
);
/**
 * Refunds counted apart (docs/data-model.md, "Aggregates"): `amount` stays the gross revenue of the
 * payments completed in the period, `refundedAmount` what was refunded in it, `netAmount` the
 * difference. Absent from older answers (read as 0).
 */
const refundFigures = {
  refundedAmount: /* @__PURE__ */ schema(() => z.optional(z.number())),
  refundedCount: /* @__PURE__ */ schema(() => z.optional(z.number())),
  netAmount: /* @__PURE__ */ schema(() => z.optional(z.number())),
};
const amountAndCount = /* @__PURE__ */ schema(() =>
  z.object({ amount: z.number(), count: z.number(), ...refundFigures }),
);
export const paymentStatsSchema = /* @__PURE__ */ schema(() =>
  z.object({
    total: z.object({ amount: z.number(), completedCount: z.number(), pendingCount: z.number(), ...refundFigures }),
    today: amountAndCount,
    thisMonth: amountAndCount,
    thisYear: amountAndCount,
  }),
);
/** `month` is a label like 'Jan 2026' (three-letter English abbreviation first). */
/** `revenue` is the month's gross revenue; `refunded` what was refunded in that month, `net` the difference. */
export const revenueEntrySchema = /* @__PURE__ */ schema(() =>
  z.object({
    year: z.number(),
    month: z.string(),
    revenue: z.number(),
    refunded: z.optional(z.number()),
    net: z.optional(z.number()),
  }),
);
export const packageRevenueSchema = /* @__PURE__ */ schema(() =>
  z.object({ name: z.string(), revenue: z.number(), color: z.string(), refunded: z.optional(z.number()) }),
);
export const paymentStatsResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({
    paymentStats: paymentStatsSchema,
    revenueData: z.array(revenueEntrySchema),
    packageData: z.array(packageRevenueSchema),
  }),
);
export type PaymentStatsResponse = z.infer<typeof paymentStatsResponseSchema>;
export type RevenueEntry = z.infer<typeof revenueEntrySchema>;

// --- Subscription history and activations -----------------------------------------------------

/** `search`: username, e-mail, package or status; `year` defaults to the current UTC year. */
export const subscriptionHistoryQuerySchema = /* @__PURE__ */ schema(() =>
  z.extend(adminListQuerySchema, {
    year: yearFilterSchema,
    month: monthFilterSchema,
  }),
);
export type SubscriptionHistoryQuery = z.infer<typeof subscriptionHistoryQuerySchema>;
export const subscriptionSummarySchema = /* @__PURE__ */ schema(() =>
  z.object({
    total: z.number(),
    freeTrials: z.number(),
    basicPackages: z.number(),
    proPackages: z.number(),
    ultimatePackages: z.number(),
    active: z.number(),
    pending: z.number(),
    expired: z.number(),
    /** Rows whose payment was refunded (absent from older answers). */
    refunded: z._default(z.number(), 0),
  }),
);
export type SubscriptionSummary = z.infer<typeof subscriptionSummarySchema>;
/** A subscription summary with the given counters and every other counter 0. */
export const subscriptionSummaryOf = (counts: Partial<SubscriptionSummary> = {}): SubscriptionSummary => ({
  total: 0,
  freeTrials: 0,
  basicPackages: 0,
  proPackages: 0,
  ultimatePackages: 0,
  active: 0,
  pending: 0,
  expired: 0,
  refunded: 0,
  ...counts,
});
export const subscriptionHistoryResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({
    success: z.literal(true),
    subscriptions: z.array(adminSubscriptionSchema),
    nextCursor: z.nullable(z.string()),
    summary: subscriptionSummarySchema,
    /** Present with a search. */
    search: z.optional(listSearchScopeSchema),
  }),
);

export const activationsResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({ subscriptions: z.array(adminSubscriptionSchema) }),
);
export const sendActivationMailsResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({ message: z.string(), sent: z.number() }),
);

// --- Audit log ---------------------------------------------------------------------------------

export const AUDIT_ACTIONS = [
  'payment.approve',
  'payment.reject',
  'payment.auto-approve',
  'wallet.add',
  'wallet.update',
  'withdrawal.approve',
  'withdrawal.reject',
  'user.activate',
  'user.deactivate',
  'templates.update',
  'templates.reset',
  'settings.update',
  'catalog.update',
  'notifications.send',
  'subscription.grant',
  'subscription.extend',
  'subscription.end',
  'bot.connect',
  'refund.create',
  'refund.approve',
  'refund.refuse',
  'transfer.assign',
  'transfer.resolve',
  'mail.resend',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_TARGET_TYPES = [
  'payment',
  'wallet',
  'withdrawal',
  'user',
  'template',
  'settings',
  'package',
  'subscription',
  'refund',
  'transfer',
  'mail',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const auditEntrySchema = /* @__PURE__ */ schema(() =>
  z.object({
    _id: z.string(),
    /** The administrator's Cognito sub, or 'system' for a scheduled job. */
    actor: z.string(),
    /** The administrator's e-mail when the entry was written (display only). */
    actorEmail: z.optional(z.string()),
    action: z.enum(AUDIT_ACTIONS),
    target: z.object({ type: z.enum(AUDIT_TARGET_TYPES), id: z.string() }),
    /** Before/after status and the facts of the change (amounts, names), never secrets. */
    details: z.record(z.string(), z.unknown()),
    at: z.string(),
  }),
);
export type AuditEntryView = z.infer<typeof auditEntrySchema>;
/** One UTC month per page set (`yyyy-mm`, default the current month), newest first. */
export const auditLogQuerySchema = /* @__PURE__ */ schema(() =>
  z.extend(pageQuerySchema, {
    month: z.optional(z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'month must look like 2026-11' }))),
  }),
);
export const auditLogResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({
    entries: z.array(auditEntrySchema),
    nextCursor: z.nullable(z.string()),
  }),
);

// --- CSV export --------------------------------------------------------------------------------

export const EXPORT_DATASETS = ['payments', 'withdrawals', 'users', 'subscriptions'] as const;
export type ExportDataset = (typeof EXPORT_DATASETS)[number];
export const exportPathSchema = /* @__PURE__ */ schema(() =>
  z.object({
    dataset: z.enum(EXPORT_DATASETS, { error: `dataset must be one of ${EXPORT_DATASETS.join(', ')}` }),
  }),
);
/** The list's current filter: `status` for payments (pending|completed|rejected|all) and withdrawals. */
export const exportQuerySchema = /* @__PURE__ */ schema(() =>
  z.object({
    search: z.optional(z.string().check(z.trim(), z.maxLength(128, { error: 'search is too long' }))),
    status: z.optional(
      z.enum(['all', 'pending', 'completed', 'rejected', 'approved', 'refunded'], {
        error: 'status is not a known status',
      }),
    ),
    year: yearFilterSchema,
    month: monthFilterSchema,
    /** Where this part of the export starts: the `x-export-next-cursor` of the part before. */
    cursor: z.optional(z.string().check(z.maxLength(2048, { error: 'cursor is too long' }))),
  }),
);
export type ExportQuery = z.infer<typeof exportQuerySchema>;
/** At most this many rows per part of an export (the server reads page by page up to it). */
export const EXPORT_MAX_ROWS = 50_000;
