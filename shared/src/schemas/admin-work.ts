import * as z from '../zod.js';
import { schema } from './schema.js';

/**
 * What waits for the administrators: the counts in the back-office navigation
 * (`GET /api/admin/work-counts`), the new-work mail to every administrator (`job-new-work-mail`)
 * and the dashboard's first-run checklist (`GET /api/admin/setup-checklist`, with
 * `POST /api/admin/test-mail`). docs/data-model.md, "What waits for the administrators".
 */

/** The kinds of work the back-office counts and mails about, in the order both name them. */
export const WORK_KINDS = [
  'pendingPayments',
  'pendingWithdrawals',
  'refundRequests',
  'unreadMessages',
  'unmatchedTransfers',
] as const;
export type WorkKind = (typeof WORK_KINDS)[number];

/** Each kind as an administrator reads it (the mail switches of Subscription Settings, the mail's title). */
export const WORK_KIND_LABELS: Record<WorkKind, string> = {
  pendingPayments: 'Payments to review',
  pendingWithdrawals: 'Withdrawals to decide',
  refundRequests: 'Refund requests',
  unreadMessages: 'Contact messages',
  unmatchedTransfers: 'Unmatched transfers',
};

/** The new-work mail's rhythm. */
export const NEW_WORK_MAIL = {
  /** At most one mail per kind in this many minutes; what arrives meanwhile goes into the next one. */
  minIntervalMinutes: 15,
  /** How far back a mail looks when there was no mail of its kind yet (or a long pause). */
  lookbackHours: 24,
  /** The items a mail lists one by one; the rest are counted. */
  listedItems: 10,
} as const;

/** How often the back-office reads the counts again while it is open. */
export const WORK_COUNTS_REFRESH_MS = 30_000;

/**
 * How many of each kind wait now, from counters kept in the same transactions as the status
 * changes. null: this server has no such kind (yet), so the navigation shows no count for it.
 */
export const workCountsSchema = /* @__PURE__ */ schema(() =>
  z.object({
    pendingPayments: z.nullable(z.number()),
    pendingWithdrawals: z.nullable(z.number()),
    refundRequests: z.nullable(z.number()),
    unreadMessages: z.nullable(z.number()),
    unmatchedTransfers: z.nullable(z.number()),
  }),
);
export type WorkCounts = z.infer<typeof workCountsSchema>;
export const workCountsResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({ success: z.literal(true), counts: workCountsSchema }),
);
export type WorkCountsResponse = z.infer<typeof workCountsResponseSchema>;

/** The first-run checklist of the admin dashboard, in the order it shows them. */
export const SETUP_STEPS = ['totp', 'copyTradingLink', 'trc20Wallet', 'testMail'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

export const setupStepSchema = /* @__PURE__ */ schema(() =>
  z.object({
    id: z.enum(SETUP_STEPS),
    /** Derived from what the server holds (the profile, the settings, the active wallet), never from the browser. */
    done: z.boolean(),
    /**
     * False where this server cannot offer the step: two-factor sign-in on a stack without admin
     * MFA (the local stack's Cognito has no TOTP). Such a step does not keep the checklist open.
     */
    available: z.boolean(),
  }),
);
export type SetupStepState = z.infer<typeof setupStepSchema>;
export const setupChecklistResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({
    success: z.literal(true),
    steps: z.array(setupStepSchema),
    /** Every available step is done: the dashboard no longer shows the checklist. */
    complete: z.boolean(),
  }),
);
export type SetupChecklistResponse = z.infer<typeof setupChecklistResponseSchema>;

export const ADMIN_WORK_MESSAGES = {
  testMailSent: (to: string) => `Test mail sent to ${to}. If it is not in your inbox in a few minutes, check spam.`,
  testMailFailed:
    'The test mail could not be sent: the mail service refused it. Check that SES may send from the sender address to yours (a new AWS account mails only verified addresses until it leaves the SES sandbox).',
  workCountsFailed: 'Failed to fetch the counts of waiting work',
  checklistFailed: 'Failed to load the setup checklist',
} as const;

/** POST /api/admin/test-mail: the signed-in administrator's own address, mailed. */
export const testMailResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({ success: z.literal(true), message: z.string(), sentTo: z.string(), sentAt: z.string() }),
);
export type TestMailResponse = z.infer<typeof testMailResponseSchema>;
