/**
 * Business constants of the product (its limits, lengths and messages; docs/decisions.md says what "the spec" is).
 * Prices here are the seed for the package catalog; at run time prices are data (docs/decisions.md, "Data: one table").
 */

export const PACKAGE_NAMES = {
  freeTrial: 'Free Trial',
  basic: 'Basic Package',
  pro: 'Pro Package',
  ultimate: 'Ultimate Package',
} as const;
export type PackageName = (typeof PACKAGE_NAMES)[keyof typeof PACKAGE_NAMES];

/** Customer-side prices in USD (the admin screens' $20 / $100 reading is documented in the README). */
export const DEFAULT_PACKAGE_PRICES_USD: Record<PackageName, number> = {
  'Free Trial': 0,
  'Basic Package': 60,
  'Pro Package': 250,
  'Ultimate Package': 1000,
};

export const HISTORY_DURATIONS: Record<PackageName, string> = {
  'Free Trial': '30 Days',
  'Basic Package': '1 Month',
  'Pro Package': '6 Months',
  'Ultimate Package': 'Lifetime',
};

export const PACKAGE_ROI_PERCENT = { basic: 20, pro: 200 } as const;
export const FREE_TRIAL_DAYS = 30;
export const PRO_DURATION_MONTHS = 6;
export const FREE_COPY_TRADE_PROFIT_SPLIT_PERCENT = 70;
export const MINIMUM_DEPOSIT_USD = { freeCopyTrade: 10, paid: 500 } as const;

export const REFERRAL = {
  discountUsd: 10,
  rewardUsd: 2,
  codeMaxLength: 20,
  verifyDebounceMs: 500,
} as const;

export const WITHDRAWAL = {
  minimumUsd: 20,
  network: 'TRC20',
  reviewHours: 24,
  processingHours: '24-48',
  historyListSize: 3,
  maxPendingPerUser: 1,
} as const;

export const PAYMENT = {
  verificationHours: 2,
  txidMinLength: 10,
  walletNetwork: 'TRC20',
  qrSizePx: 150,
  defaultCurrency: 'USD',
  walletCurrencies: ['USDT', 'BTC', 'ETH'] as const,
  adminPollIntervalMs: 30_000,
  /** Payments of one customer waiting for a decision at once (each is checked on chain). */
  maxPendingPerUser: 3,
} as const;

/**
 * A payment order: the exact amount a customer sends for a package, the price after any discount
 * plus a per-order tag of 1 to 99 cents, so a transfer names its order (docs/operations.md).
 */
export const ORDER = {
  /**
   * How long an order is open before its amount may go to someone else: the default of the
   * functions' ORDER_OPEN_MINUTES setting (the order's own `expiresAt` is what counts).
   */
  openMinutes: 120,
  /**
   * How long after an order closes a transfer of its amount still binds to it (a transfer confirmed
   * late): the default of ORDER_GRACE_MINUTES.
   */
  graceMinutes: 10,
  /** How long before an order's creation a transfer may be dated and still bind to it (clock skew). */
  skewMinutes: 2,
  /** The highest tag: the customer never sends $1 or more above the price. */
  maxTagCents: 99,
  /** How often the open payment window asks for its order's state (GET /api/payment/order/{orderId}). */
  statePollMs: 10_000,
  /**
   * A transfer that carries an amount re-issued within this many hours of an earlier order of it
   * ending unpaid is bound as ambiguous: it may be the earlier customer's late payment.
   */
  ambiguousWithinHours: 24,
  /** Below this share of a price's amounts free, the administrators are mailed (once per price and hour). */
  poolLowFreeShare: 0.2,
} as const;

export const REFUND_GUARANTEE_DAYS = 7;

/**
 * Refunds (docs/data-model.md, "Refund request"): a customer asks within the money-back guarantee's
 * days of the payment's approval, from Billing History; an admin may refund any completed payment
 * (the monthly no-profit guarantee). The payout is USDT on TRC20, proved by its transaction id.
 */
export const REFUND = {
  guaranteeDays: REFUND_GUARANTEE_DAYS,
  network: 'TRC20',
  reasonMaxLength: 1000,
  noteMaxLength: 500,
  /**
   * Basic months a refund may move back at most (each is one item of its transaction, which holds
   * at most 100): a customer with more queued months is refunded by support in steps.
   */
  maxMovedMonths: 60,
} as const;
export const TERMS_CHANGE_NOTICE_DAYS = 30;
export const MINIMUM_AGE = 18;

export const AUTH = {
  otpLength: 4,
  otpTtlMinutes: 10,
  otpMaxWrongTries: 5,
  otpResendCooldownSeconds: 30,
  otpMaxPerEmailPerHour: 5,
  passwordMinLength: 8,
  /** The spec says 6 for admins; raised to the pool floor of 8 (docs/decisions.md, "Identity and sessions"). */
  adminPasswordMinLength: 8,
  loginFailuresBeforeBackoff: 5,
  /** Wrong codes per address (all purposes) before its codes are locked for 24 h (docs/security.md, "One-time codes"). */
  maxFailedCodesPerDay: 10,
  codeLockHours: 24,
  /** Refresh tokens live 7 days (Cognito client, session registry and cookie agree). */
  refreshTokenDays: 7,
  /** TOTP codes of authenticator apps (admin two-factor sign-in). */
  totpLength: 6,
  /** Minutes an admin has to finish setting up TOTP after the password step. */
  mfaSetupMinutes: 10,
  mfaIssuer: 'GoldBot',
  /** The HttpOnly cookie that carries the refresh token (Path=/api/auth, SameSite=Strict). */
  refreshCookie: 'goldbot_rt',
} as const;

/** Bodies above this are refused with 413 before JSON.parse (docs/security.md, "The review's findings"). */
export const MAX_REQUEST_BODY_BYTES = 16 * 1024;

/**
 * The header CloudFront adds to every request it forwards to the API, with a secret value (Secrets
 * Manager). The handler kit refuses a request without a valid one, so a caller who finds the API's
 * own domain cannot skip the WAF or pick their own X-Forwarded-For.
 */
export const ORIGIN_VERIFY_HEADER = 'x-goldbot-origin-verify';

/**
 * What CloudFront appends to the header's secret value once a rotation has been deployed:
 * `<value>;rotation=<tag>`, the tag being the CDK context `originSecretRotation`. It exists only to
 * change the web stack's template, so that CloudFormation updates the distribution and resolves the
 * secret again (docs/operations.md, "Rotating the origin header"); the handler kit compares only
 * the part before it.
 */
export const ORIGIN_VERIFY_ROTATION_MARK = ';rotation=';

/**
 * Per-client request limits (docs/security.md, "Request limits and the edge"), fixed windows in DynamoDB counters with TTL.
 * RATE_LIMIT_SCALE multiplies every `limit` (0 turns them off); the code policy (AUTH) is not scaled.
 */
export const RATE_LIMITS = {
  /** Every public POST, per source IP. */
  publicPostPerIp: { limit: 30, windowSeconds: 60 },
  /** Code checks (verifyOtp, verify-reset-otp, reset-password, confirm-email-change, mfa), per IP. */
  codeVerifyPerIp: { limit: 20, windowSeconds: 3600 },
  /** Sign-in attempts per account address, on top of the back-off. */
  loginPerAccount: { limit: 20, windowSeconds: 3600 },
  /** Registrations per source IP. */
  registerPerIp: { limit: 10, windowSeconds: 3600 },
  /** Contact messages per source IP. */
  contactPerIp: { limit: 5, windowSeconds: 3600 },
  /** Referral-code checks per signed-in user (stops code enumeration, docs/data-model.md "Rate-limit counter"). */
  verifyReferralPerUser: { limit: 30, windowSeconds: 3600 },
  /**
   * Payment orders opened per signed-in user: an order holds one of a price's 99 exact amounts for
   * 2 hours, and reopening the window answers the same order, so a person needs only a few.
   */
  paymentOrderPerUser: { limit: 20, windowSeconds: 3600 },
  /** Payment submissions per signed-in user: each starts an on-chain look-up (docs/operations.md). */
  submitPaymentPerUser: { limit: 10, windowSeconds: 3600 },
  /** Test mails an administrator sends to themself (the dashboard's checklist): each one is a real mail. */
  adminTestMailPerUser: { limit: 5, windowSeconds: 3600 },
} as const;
export type RateLimitName = keyof typeof RATE_LIMITS;

export const REDIRECT_DELAYS_MS = {
  afterOtpSuccess: 1500,
  afterResetRequest: 2000,
  afterPasswordReset: 2000,
  afterProfileSave: 1500,
  afterAdminPasswordChange: 3000,
  registrationErrorPopup: 5000,
} as const;

export const TOAST_MS = {
  contactPage: 2000,
  libraryDefault: 5000,
  paymentError: 4000,
  paymentSuccess: 2000,
  paymentOther: 3000,
  inPageNotification: 3000,
  copyIndicator: 2000,
  adminMessages: 3000,
  adminHistory: 4000,
  adminPaymentsAndWithdrawals: 5000,
  adminWallets: 3000,
} as const;

export const UI = {
  promoBannerHideScrollPx: 50,
  mobileBreakpointPx: 768,
  heroVisibilityThreshold: 0.1,
  heroParticleLayers: [
    { dots: 30, opacity: 0.3 },
    { dots: 25, opacity: 0.4 },
    { dots: 20, opacity: 0.5 },
  ],
  heroCircleLayers: 5,
  heroStagger: { delayS: 0.3, staggerS: 0.2, itemS: 0.5 },
  videoFrame: { width: 600, height: 450 },
  dashboardParticles: 40,
  dashboardParticleFpsCap: 120,
  messagePreviewChars: 50,
  revenueGridMaxMonths: 6,
  subscriptionHistoryYears: 5,
  dashboardYearChoices: 6,
} as const;

export const CONTACT = {
  nameMaxLength: 100,
  emailMaxLength: 254,
  messageMaxLength: 5000,
  responseTime: 'within 24 hours',
  workingHours: 'Monday-Friday 9:00 AM-6:00 PM',
} as const;

/** Browser storage keys: `token` and `user` are the product's; the refresh token key is ours (docs/decisions.md, "Identity and sessions"). */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  refreshToken: 'refreshToken',
  pendingRegistration: 'pendingRegistration',
  resetEmail: 'resetEmail',
  resetOtp: 'resetOtp',
} as const;

export const PROMO_BANNER_TEXT = 'Use a referral code & get $10 discount on Basic Package!';

export const ADMIN_GROUP = 'admin';

/**
 * The answer (403) to an administrator's token that did not come from the API's own sign-in: a
 * Google sign-in through the hosted UI passes no TOTP (Cognito asks federated users for no second
 * factor), so it never acts as an administrator. Said by every admin route, the admin branches of
 * user routes, the wallet activation and the Google sign-in of an administrator; the back office
 * shows it to an administrator signed in with Google. Here, not with the auth schemas, so the
 * app's first screen can use it without loading zod.
 */
export const ADMIN_SIGN_IN_REQUIRED_MESSAGE =
  'Administrators must sign in at /admin-login with their password and the code from their authenticator app.';

/** Default page size for admin lists; the server caps every page at MAX_PAGE_SIZE. */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

/**
 * Metrics the functions emit (Powertools Metrics, CloudWatch embedded metric format) and infra
 * alarms on: one definition, so the emitter and the alarm cannot drift apart. The dimension is
 * Powertools' `service`, the one it adds to every metric.
 */
export const METRICS = {
  namespace: 'Goldbot',
  globalSignOutFailures: { name: 'GlobalSignOutFailures', dimensions: { service: 'auth' } },
  /** One per request the handler kit refused for a missing or wrong origin header (kit/origin-header.ts). */
  originCheckRefusals: { name: 'OriginCheckRefusals', dimensions: { service: 'api' } },
} as const;

/** Jan to Dec: the dashboard's month dropdowns and the abbreviation every revenue label starts with. */
export const MONTH_ABBREVIATIONS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;
export type MonthAbbreviation = (typeof MONTH_ABBREVIATIONS)[number];
