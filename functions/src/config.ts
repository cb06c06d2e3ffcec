import { ORDER } from '@goldbot/shared';
import * as z from '@goldbot/shared/zod';

/**
 * Every setting a function reads, validated once at cold start: a missing or malformed variable
 * fails the init with one clear line instead of a confusing error on the first request.
 * Endpoints are only set locally (npm start, tests); in AWS the SDK's defaults apply.
 */
const optionalUrl = z.optional(z.string().check(z.url()));
const nonEmpty = () => z.string().check(z.minLength(1));

const configSchema = z.object({
  TABLE_NAME: nonEmpty(),
  AWS_REGION: z._default(nonEmpty(), 'us-east-1'),
  USER_POOL_ID: nonEmpty(),
  USER_POOL_CLIENT_ID: nonEmpty(),
  MAIL_FROM: z.string().check(z.email()),
  APP_URL: z.string().check(z.url()),
  /**
   * Key for the keyed hash of one-time codes (HMAC-SHA-256); never logged. Locally a plain value;
   * in AWS only the functions that use codes get OTP_HASH_KEY_SECRET_ARN and read the secret at
   * cold start (wiring/otp-hash-key.ts). Functions without codes get neither.
   */
  OTP_HASH_KEY: z.optional(z.string().check(z.minLength(32))),
  OTP_HASH_KEY_SECRET_ARN: z.optional(z.string().check(z.startsWith('arn:'))),
  /** Administrators must sign in with TOTP (docs/security.md, "Administrators sign in with TOTP"); cognito-local has no MFA, so off locally. */
  ADMIN_MFA_REQUIRED: z._default(z.enum(['true', 'false']), 'false'),
  /** Multiplies every per-client request limit (RATE_LIMITS); 0 turns them off. */
  RATE_LIMIT_SCALE: z._default(z.coerce.number().check(z.gte(0), z.lte(1000)), 1),
  LOG_LEVEL: z._default(z.enum(['debug', 'info', 'warn', 'error', 'silent']), 'info'),
  /** The seller a receipt names (payment-receipt); the product's name unless configured. */
  SELLER_NAME: z._default(z.string().check(z.trim(), z.minLength(1), z.maxLength(120)), 'GoldBot'),
  /** The SES configuration set mail goes through in AWS (bounce/complaint events); unset locally. */
  SES_CONFIGURATION_SET: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  /**
   * The on-chain TXID check. TRON_API_URL: a TRON HTTP API (TronGrid
   * https://api.trongrid.io in AWS, the local double under npm start); unset = no check. Only ever
   * from configuration (docs/security.md). The TronGrid key: TRON_API_KEY locally (optional), in AWS
   * TRON_API_KEY_SECRET_ARN, read from Secrets Manager when first needed.
   */
  TRON_API_URL: z.optional(
    z.string().check(
      z.url(),
      z.refine((url: string) => /^https?:\/\//.test(url), 'must be http(s)'),
    ),
  ),
  TRON_API_KEY: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  TRON_API_KEY_SECRET_ARN: z.optional(z.string().check(z.startsWith('arn:'))),
  /** Per attempt, milliseconds (default 5 s). */
  TRON_API_TIMEOUT_MS: z._default(z.coerce.number().check(z.int(), z.gte(100), z.lte(30_000)), 5_000),
  /** USDT a transfer may fall short of the amount due and still match (default 0). */
  CHAIN_CHECK_AMOUNT_TOLERANCE_USDT: z._default(z.coerce.number().check(z.gte(0), z.lte(1_000)), 0),
  /** How long before the payment's submission a transfer may have happened (default 24 h). */
  CHAIN_CHECK_GRACE_HOURS: z._default(z.coerce.number().check(z.gte(0), z.lte(24 * 30)), 24),
  /**
   * A payment order's lifetime (minutes): how long its exact amount is held for it and a transfer of
   * that amount binds to it, and the grace after it in which a transfer confirmed late still binds
   * (docs/operations.md, "Payment orders"). The local stack passes both through, so tests can run
   * with a short lifetime.
   */
  ORDER_OPEN_MINUTES: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(7 * 24 * 60)), ORDER.openMinutes),
  ORDER_GRACE_MINUTES: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(24 * 60)), ORDER.graceMinutes),
  /**
   * AWS only: the job-chain-recheck function payment-submit-usdt invokes asynchronously ('Event')
   * for each new payment. Unset (locally): the check runs in the background of the same process.
   */
  CHAIN_CHECK_FUNCTION_NAME: z.optional(z.string().check(z.minLength(1), z.maxLength(170))),
  /**
   * AWS only: the secret holding the values of the header CloudFront adds to every API request
   * (ORIGIN_VERIFY_HEADER); with it the handler kit refuses a request without a valid one (403).
   * Unset locally and in --bundled mode: no check.
   */
  ORIGIN_SECRET_ARN: z.optional(z.string().check(z.startsWith('arn:'))),
  AWS_ENDPOINT_URL_DYNAMODB: optionalUrl,
  AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: optionalUrl,
  AWS_ENDPOINT_URL_SES: optionalUrl,
  AWS_ENDPOINT_URL_SECRETS_MANAGER: optionalUrl,
});

export type AppConfig = Readonly<{
  tableName: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  mailFrom: string;
  appUrl: string;
  otpHashKey?: string;
  otpHashKeySecretArn?: string;
  /** ORIGIN_SECRET_ARN: the origin header check is on when set. */
  originSecretArn?: string;
  rateLimitScale: number;
  adminMfaRequired: boolean;
  logLevel: z.infer<typeof configSchema>['LOG_LEVEL'];
  sellerName: string;
  sesConfigurationSet?: string;
  tron: Readonly<{
    apiUrl?: string;
    apiKey?: string;
    apiKeySecretArn?: string;
    timeoutMs: number;
    amountToleranceUsdt: number;
    graceHours: number;
    checkFunctionName?: string;
  }>;
  orders: Readonly<{ openMinutes: number; graceMinutes: number }>;
  endpoints: Readonly<{ dynamodb?: string; cognito?: string; ses?: string; secretsManager?: string }>;
}>;

export function parseConfig(env: NodeJS.ProcessEnv): AppConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid function configuration: ${problems}`);
  }
  const e = parsed.data;
  return Object.freeze({
    tableName: e.TABLE_NAME,
    region: e.AWS_REGION,
    userPoolId: e.USER_POOL_ID,
    userPoolClientId: e.USER_POOL_CLIENT_ID,
    mailFrom: e.MAIL_FROM,
    appUrl: e.APP_URL,
    otpHashKey: e.OTP_HASH_KEY,
    otpHashKeySecretArn: e.OTP_HASH_KEY_SECRET_ARN,
    originSecretArn: e.ORIGIN_SECRET_ARN,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    adminMfaRequired: e.ADMIN_MFA_REQUIRED === 'true',
    logLevel: e.LOG_LEVEL,
    sellerName: e.SELLER_NAME,
    sesConfigurationSet: e.SES_CONFIGURATION_SET,
    tron: Object.freeze({
      apiUrl: e.TRON_API_URL,
      apiKey: e.TRON_API_KEY,
      apiKeySecretArn: e.TRON_API_KEY_SECRET_ARN,
      timeoutMs: e.TRON_API_TIMEOUT_MS,
      amountToleranceUsdt: e.CHAIN_CHECK_AMOUNT_TOLERANCE_USDT,
      graceHours: e.CHAIN_CHECK_GRACE_HOURS,
      checkFunctionName: e.CHAIN_CHECK_FUNCTION_NAME,
    }),
    orders: Object.freeze({ openMinutes: e.ORDER_OPEN_MINUTES, graceMinutes: e.ORDER_GRACE_MINUTES }),
    endpoints: Object.freeze({
      dynamodb: e.AWS_ENDPOINT_URL_DYNAMODB,
      cognito: e.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER,
      ses: e.AWS_ENDPOINT_URL_SES,
      secretsManager: e.AWS_ENDPOINT_URL_SECRETS_MANAGER,
    }),
  });
}

export const config: AppConfig = parseConfig(process.env);

/**
 * A page of the site as a mail links to it: APP_URL without its trailing slashes, then `path`
 * ('/dashboard', '/admin/wallets'). Every link the functions send is built here, so an APP_URL
 * configured with a trailing slash never gives a '//dashboard'.
 */
export const appLink = (path: string, appUrl: string = config.appUrl): string => `${appUrl.replace(/\/+$/, '')}${path}`;
