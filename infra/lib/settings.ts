import type { Node } from 'constructs';
import { ORDER } from '@goldbot/shared';

/**
 * Deployment settings, read once from CDK context (`cdk.json` or `-c key=value`), so nothing in the
 * stacks needs a lookup or an AWS account at synth time.
 *
 * - `appUrl` (default `https://<siteDomainName>` when the site has its own domain, else
 *   `http://localhost:5173`): the public URL of the SPA. Functions put it in e-mail links (APP_URL),
 *   the HTTP API allows it as the only CORS origin, and the Google hosted-UI client takes
 *   `<appUrl>/auth/callback` and `<appUrl>/` as its callback and logout URLs. With `siteDomainName`
 *   set, an appUrl naming any other origin is refused: the site answers only on that domain. It is context, not
 *   a reference to the CloudFront distribution, because the distribution forwards `/api/*` to the
 *   HTTP API: the web stack depends on the API stack, so the API stack cannot also read the
 *   distribution's domain (that would be a cycle). The SPA reaches the API through the same
 *   CloudFront origin, so its requests are same-origin and need no CORS at all; CORS only matters
 *   for the Vite dev server against a deployed API, which is what the default allows. Without a
 *   site domain, first deploy with the default, then deploy again with
 *   `-c appUrl=https://<WebUrl output>` so e-mail links point at the real site.
 * - `mailFrom` (default `no-reply@example.com`): the SES sender (MAIL_FROM). Its address or its
 *   domain must be a verified SES identity; send permission is scoped to exactly those two.
 * - `sesIdentity` (optional, `domain` or `address`): the API stack creates that SES identity for
 *   mailFrom (a domain with Easy DKIM, its DNS records as outputs; an address, verified from the mail
 *   SES sends). The identity is retained: destroying the API stack leaves the verified sender in
 *   place. Absent: the identity is created and verified by hand (docs/operations.md, "SES: sending real mail"), which
 *   is also the way when it already exists in the account (CloudFormation cannot adopt it), e.g.
 *   retained from an earlier API stack. `npm run preflight` tells these apart.
 * - `logLevel` (default `info`): LOG_LEVEL of every function.
 * - `sellerName` (default: the functions' `GoldBot`): the seller each receipt names (SELLER_NAME),
 *   1-120 characters.
 * - `restoredTableName` (optional): the functions use this table instead of the data stack's, e.g.
 *   one restored from a point in time (docs/operations.md, "Backups and restoring the table"). The data stack's table stays as it
 *   is (retained); deploying again without the value switches back.
 * - `googleClientId` + `googleClientSecretName` + `cognitoDomainPrefix`: all three enable Google
 *   sign-in (Cognito hosted UI domain, Google IdP, a hosted-UI app client). The secret name is a
 *   Secrets Manager secret holding the Google OAuth client secret as plain text. Absent = no
 *   hosted UI, no Google (the SPA explains that Google sign-in needs a deployed Cognito domain).
 * - `waf` (default on; `false` turns it off): the WAFv2 WebACL with per-IP rate rules in front of
 *   CloudFront, in its own `Goldbot-Edge` stack in us-east-1 (edge-stack.ts).
 * - `apiDomainName` + `apiCertificateArn` (both or neither): a custom domain for the HTTP API, whose
 *   execute-api endpoint is then switched off, so API calls have to come through that domain (the
 *   CloudFront `/api/*` origin). The certificate is an ACM certificate in the API's region (checked
 *   at synth when the CLI names the region, CDK_DEFAULT_REGION).
 * - `cognitoDomainPrefix` follows Cognito's rule: 1-63 lower-case letters, digits and hyphens,
 *   without "aws", "amazon" or "cognito".
 * - `siteDomainName` (+ optional `siteCertificateArn`): the site (CloudFront) on its own domain. With an
 *   ARN, that ACM certificate (it must be in us-east-1, CloudFront's only region for them); without
 *   one, the us-east-1 edge stack creates it with DNS validation (docs/operations.md walks through
 *   the records). A certificate ARN without the domain is refused.
 * - `adminMfa` (default on; `false` turns it off): ADMIN_MFA_REQUIRED of the auth and admin functions, whether
 *   admins must sign in with TOTP MFA (customers may opt in either way).
 * - `rateLimitScale` (default `1`): RATE_LIMIT_SCALE of every function, a number >= 0 that multiplies
 *   the per-client limits of RATE_LIMITS (0 turns them off, e.g. for a load test stage).
 * - `alarmEmail` (optional): an address subscribed to the alarm topic (the subscription has to be
 *   confirmed from the mail SNS sends).
 * - `tronApiUrl` (default `https://api.trongrid.io`, TronGrid's mainnet API): the TRON HTTP API the
 *   on-chain TXID check asks (TRON_API_URL of payment-chain-check and job-chain-recheck only).
 *   https only: the check reads a third party's answer about money.
 * - `orderOpenMinutes` (default 120) and `orderGraceMinutes` (default 10): how long a payment order
 *   holds its exact amount, and how long after it closes a transfer of that amount still binds to it
 *   (ORDER_OPEN_MINUTES and ORDER_GRACE_MINUTES of every function; whole minutes).
 * - `tronApiKeySecretArn` (optional): the full ARN of a Secrets Manager secret holding a TronGrid API
 *   key as plain text, created by hand (docs/operations.md). Only the two functions above get its ARN
 *   (TRON_API_KEY_SECRET_ARN) and secretsmanager:GetSecretValue on it. Without it TronGrid is called
 *   keyless, with its lower rate limit (the adapter retries 429s and the recheck job tries again).
 * - `chainCheckToleranceUsdt` (default 0) and `chainCheckGraceHours` (default 24): how much USDT a
 *   transfer may fall short of the amount due, and how long before the payment's submission it may
 *   have happened, and still be a Match.
 * - `originSecretRotation` (optional, any string up to 64 characters, e.g. `2` or a date): a tag
 *   CloudFront appends to the origin header's value. A new tag changes the web stack's template, so
 *   CloudFormation updates the distribution and resolves the origin secret again: that is how a
 *   rotated secret reaches CloudFront (docs/operations.md, "Rotating the origin header").
 * - `videoEmbedOrigins` (default `https://www.youtube-nocookie.com`): comma-separated https origins the
 *   CSP allows as frames; they must cover the SPA's embedded videos (web/src/config/site.ts, whose
 *   VITE_*_VIDEO_URL overrides may point elsewhere).
 *
 * A deployed site must be https. appUrl may only be http on localhost / 127.0.0.1 / [::1], which
 * is what the default (first deploy, synth, tests) is; any other host must be https.
 */
export interface AppSettings {
  readonly appUrl: string;
  readonly mailFrom: string;
  /** Context `sesIdentity`: which SES identity the stack creates for mailFrom; none = verified by hand. */
  readonly sesIdentity?: SesIdentityKind;
  /** Context `restoredTableName`: a table (restored from a backup) the functions use instead of the data stack's. */
  readonly restoredTableName?: string;
  readonly logLevel: LogLevel;
  /** Context `sellerName`: the seller receipts name (SELLER_NAME); the functions' default when unset. */
  readonly sellerName?: string;
  readonly google?: GoogleSettings;
  readonly waf: boolean;
  readonly apiDomain?: ApiDomainSettings;
  /** Context `siteDomainName` (+ optional `siteCertificateArn`): the site on its own domain. */
  readonly siteDomain?: SiteDomainSettings;
  /** Context `originSecretRotation`: the tag CloudFront appends to the origin header; none before the first rotation. */
  readonly originSecretRotation?: string;
  readonly adminMfaRequired: boolean;
  /** RATE_LIMIT_SCALE as the functions read it (a decimal string). */
  readonly rateLimitScale: string;
  readonly alarmEmail?: string;
  readonly videoEmbedOrigins: readonly string[];
  /** The on-chain TXID check. */
  readonly tron: TronSettings;
  /** appUrl/mailFrom when they fell back to a default; the app warns (fine for a first or dev deploy). */
  readonly defaulted: readonly string[];
}

export interface TronSettings {
  readonly apiUrl: string;
  readonly apiKeySecretArn?: string;
  /** CHAIN_CHECK_AMOUNT_TOLERANCE_USDT as the functions read it (a decimal string). */
  readonly amountToleranceUsdt: string;
  /** CHAIN_CHECK_GRACE_HOURS as the functions read it (a decimal string). */
  readonly graceHours: string;
  /** ORDER_OPEN_MINUTES of every function: how long a payment order stays open (whole minutes). */
  readonly orderOpenMinutes: string;
  /** ORDER_GRACE_MINUTES of every function: how late a transfer may still bind to its order. */
  readonly orderGraceMinutes: string;
}

export const DEFAULT_TRON_API_URL = 'https://api.trongrid.io';

export interface ApiDomainSettings {
  readonly domainName: string;
  readonly certificateArn: string;
}

export interface SiteDomainSettings {
  readonly domainName: string;
  /** An ACM certificate in us-east-1; absent: the edge stack creates one, validated by DNS. */
  readonly certificateArn?: string;
}

export interface GoogleSettings {
  readonly clientId: string;
  readonly clientSecretName: string;
  readonly domainPrefix: string;
}

const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const SES_IDENTITY_KINDS = ['domain', 'address'] as const;
export type SesIdentityKind = (typeof SES_IDENTITY_KINDS)[number];
export const DEFAULT_SETTINGS = {
  appUrl: 'http://localhost:5173',
  mailFrom: 'no-reply@example.com',
  logLevel: 'info',
} as const satisfies Pick<AppSettings, 'appUrl' | 'mailFrom' | 'logLevel'>;

/** The videos the SPA embeds by default (web/src/config/site.ts). */
export const DEFAULT_VIDEO_EMBED_ORIGINS = ['https://www.youtube-nocookie.com'] as const;

/** Hosts where a plain-http appUrl is acceptable: the developer's own machine. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** RATE_LIMIT_SCALE bounds, the same as functions/src/config.ts, so a bad value fails synth, not a cold start. */
const MAX_RATE_LIMIT_SCALE = 1000;

function contextString(node: Node, key: string): string | undefined {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`Context "${key}" must be a string, got ${JSON.stringify(value)}`);
  return value.trim();
}

/** On unless the key is `false` (`-c waf=false` arrives as a string, cdk.json may hold a boolean). */
function contextFlag(node: Node, key: string, defaultValue: boolean): boolean {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return defaultValue;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new Error(`Context "${key}" must be true or false, got ${JSON.stringify(value)}`);
}

function readRateLimitScale(node: Node): string {
  const value: unknown = node.tryGetContext('rateLimitScale');
  if (value === undefined || value === null || value === '') return '1';
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d+(\.\d+)?$/.test(text) || Number(text) > MAX_RATE_LIMIT_SCALE) {
    throw new Error(
      `Context "rateLimitScale" must be a number from 0 to ${MAX_RATE_LIMIT_SCALE}, got ${JSON.stringify(value)}`,
    );
  }
  return String(Number(text));
}

const HOST_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const CERTIFICATE_ARN = /^arn:aws[a-z-]*:acm:([a-z0-9-]+):\d{12}:certificate\/[\w-]+$/;

/** The region of an ACM certificate ARN, after checking it is one. */
function certificateRegion(key: string, arn: string): string {
  const region = CERTIFICATE_ARN.exec(arn)?.[1];
  if (region === undefined) throw new Error(`Context "${key}" must be an ACM certificate ARN, got "${arn}"`);
  return region;
}

function readHostName(node: Node, key: string, example: string): string | undefined {
  const domainName = contextString(node, key)?.toLowerCase();
  if (domainName !== undefined && !HOST_NAME.test(domainName)) {
    throw new Error(`Context "${key}" must be a host name like ${example}, got "${domainName}"`);
  }
  return domainName;
}

function readApiDomain(node: Node): ApiDomainSettings | undefined {
  const domainName = readHostName(node, 'apiDomainName', 'api.example.com');
  const certificateArn = contextString(node, 'apiCertificateArn');
  if (domainName === undefined && certificateArn === undefined) return undefined;
  if (domainName === undefined || certificateArn === undefined) {
    // A domain without its certificate (or the reverse) cannot be deployed; say so at synth.
    throw new Error('A custom API domain needs both apiDomainName and apiCertificateArn in context (or neither)');
  }
  const region = certificateRegion('apiCertificateArn', certificateArn);
  // A regional API domain takes a certificate of its own region. The stacks are env-agnostic, so
  // the region is known only when the CLI says where it deploys (CDK_DEFAULT_REGION).
  const deployRegion = process.env.CDK_DEFAULT_REGION;
  if (deployRegion && region !== deployRegion) {
    throw new Error(
      `Context "apiCertificateArn" is in ${region}, but the API deploys to ${deployRegion}: ` +
        `a regional API domain needs an ACM certificate in ${deployRegion}`,
    );
  }
  return { domainName, certificateArn };
}

/** CloudFront only takes certificates from us-east-1 (edge-stack.ts EDGE_REGION). */
const SITE_CERTIFICATE_REGION = 'us-east-1';

function readSiteDomain(node: Node): SiteDomainSettings | undefined {
  const domainName = readHostName(node, 'siteDomainName', 'www.example.com');
  const certificateArn = contextString(node, 'siteCertificateArn');
  if (certificateArn !== undefined && domainName === undefined) {
    throw new Error('Context "siteCertificateArn" needs siteDomainName, the domain the certificate is for');
  }
  if (domainName === undefined) return undefined;
  if (certificateArn !== undefined) {
    const region = certificateRegion('siteCertificateArn', certificateArn);
    if (region !== SITE_CERTIFICATE_REGION) {
      throw new Error(
        `Context "siteCertificateArn" is in ${region}: CloudFront only accepts ACM certificates from ` +
          `${SITE_CERTIFICATE_REGION} (or leave it out and the edge stack creates one, validated by DNS)`,
      );
    }
  }
  return { domainName, certificateArn };
}

/**
 * Cognito's rule for a hosted-UI domain prefix, checked here so it fails at synth: lower-case
 * letters, digits and hyphens, 1-63 characters, no hyphen at either end, and none of the reserved
 * words.
 */
function checkDomainPrefix(prefix: string): void {
  if (!/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(prefix)) {
    throw new Error(
      `Context "cognitoDomainPrefix" must be 1-63 lower-case letters, digits and hyphens (not at either end), got "${prefix}"`,
    );
  }
  const reserved = ['aws', 'amazon', 'cognito'].find((word) => prefix.includes(word));
  if (reserved) {
    throw new Error(
      `Context "cognitoDomainPrefix" must not contain "${reserved}" (Cognito reserves it), got "${prefix}"`,
    );
  }
}

function readVideoEmbedOrigins(node: Node): readonly string[] {
  const value = contextString(node, 'videoEmbedOrigins');
  if (value === undefined) return DEFAULT_VIDEO_EMBED_ORIGINS;
  const origins = value
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter((origin) => origin !== '');
  for (const origin of origins) {
    // Exact https origins only: a wildcard or a scheme-only source would reopen what the CSP closes.
    if (!/^https:\/\/[a-z0-9.-]+(:\d+)?$/i.test(origin)) {
      throw new Error(
        `Context "videoEmbedOrigins" must list https origins like https://player.example.com, got "${origin}"`,
      );
    }
  }
  return origins;
}

function readNumber(node: Node, key: string, fallback: number, max: number): string {
  const raw = contextString(node, key);
  if (raw === undefined) return String(fallback);
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > max) {
    throw new Error(`Context "${key}" must be a number from 0 to ${max}, got "${raw}"`);
  }
  return String(value);
}

/** Whole minutes from `min` to `max`, with the same bounds as functions/src/config.ts, so a bad value fails synth. */
function readMinutes(node: Node, key: string, fallback: number, min: number, max: number): string {
  const value: unknown = node.tryGetContext(key);
  const raw = typeof value === 'number' ? String(value) : contextString(node, key);
  if (raw === undefined) return String(fallback);
  const minutes = Number(raw);
  if (!/^\d+$/.test(raw) || minutes < min || minutes > max) {
    throw new Error(`Context "${key}" must be a whole number of minutes from ${min} to ${max}, got "${raw}"`);
  }
  return String(minutes);
}

function readTron(node: Node): TronSettings {
  const apiUrl = (contextString(node, 'tronApiUrl') ?? DEFAULT_TRON_API_URL).replace(/\/+$/, '');
  if (!/^https:\/\/[a-z0-9.-]+(:\d+)?(\/[\w./-]*)?$/i.test(apiUrl)) {
    throw new Error(`Context "tronApiUrl" must be an https URL like ${DEFAULT_TRON_API_URL}, got "${apiUrl}"`);
  }
  const apiKeySecretArn = contextString(node, 'tronApiKeySecretArn');
  if (
    apiKeySecretArn !== undefined &&
    !/^arn:aws[\w-]*:secretsmanager:[\w-]+:\d{12}:secret:.+$/.test(apiKeySecretArn)
  ) {
    throw new Error(
      `Context "tronApiKeySecretArn" must be the full ARN of a Secrets Manager secret, got "${apiKeySecretArn}"`,
    );
  }
  return {
    apiUrl,
    apiKeySecretArn,
    amountToleranceUsdt: readNumber(node, 'chainCheckToleranceUsdt', 0, 1_000),
    graceHours: readNumber(node, 'chainCheckGraceHours', 24, 24 * 30),
    orderOpenMinutes: readMinutes(node, 'orderOpenMinutes', ORDER.openMinutes, 1, 7 * 24 * 60),
    orderGraceMinutes: readMinutes(node, 'orderGraceMinutes', ORDER.graceMinutes, 0, 24 * 60),
  };
}

/**
 * appUrl: the context value, else `https://<siteDomainName>` when the site has its own domain (the
 * only origin it answers on), else the local default. With a site domain, another origin is
 * refused: CORS, e-mail links and the Google callback would point where the site is not.
 */
function readAppUrl(node: Node, siteDomain: SiteDomainSettings | undefined, defaulted: string[]): string {
  const given = contextString(node, 'appUrl');
  const siteUrl = siteDomain ? `https://${siteDomain.domainName}` : undefined;
  if (given === undefined && siteUrl === undefined) defaulted.push('appUrl');
  const appUrl = (given ?? siteUrl ?? DEFAULT_SETTINGS.appUrl).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/\s]+$/.test(appUrl)) {
    // An origin, not a page: it is used verbatim as the CORS origin, which has no path.
    throw new Error(`Context "appUrl" must be an origin like https://app.example.com, got "${appUrl}"`);
  }
  const { protocol, hostname } = new URL(appUrl);
  if (protocol !== 'https:' && !LOCAL_HOSTS.has(hostname)) {
    // A deployed site must be https: e-mail links, the CORS origin and the Google callback of a real deployment must be https;
    // plain http is only the developer's own machine (the default, for synth, tests and a first deploy).
    throw new Error(`Context "appUrl" must be https for a deployed site (http only on localhost), got "${appUrl}"`);
  }
  if (siteUrl !== undefined) {
    if (new URL(appUrl).origin !== siteUrl) {
      throw new Error(
        `Context "appUrl" is "${appUrl}", but the site answers on ${siteUrl} (siteDomainName): e-mail links, ` +
          `the CORS origin and the Google callback must name the site. Leave appUrl out (it then follows ` +
          `siteDomainName) or set it to ${siteUrl}`,
      );
    }
    return siteUrl;
  }
  return appUrl;
}

/** The rotation tag: any text of 1-64 characters (a number in cdk.json is taken as its digits). */
function readOriginSecretRotation(node: Node): string | undefined {
  const value: unknown = node.tryGetContext('originSecretRotation');
  if (value === undefined || value === null || value === '') return undefined;
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string' || text.trim() === '' || text.trim().length > 64) {
    throw new Error(
      `Context "originSecretRotation" must be a text of 1-64 characters (e.g. 2 or 2026-05-01), got ${JSON.stringify(value)}`,
    );
  }
  return text.trim();
}

export function readSettings(node: Node): AppSettings {
  const defaulted: string[] = [];
  const pick = (key: keyof typeof DEFAULT_SETTINGS): string => {
    const value = contextString(node, key);
    if (value !== undefined) return value;
    // A default log level is a fine production value; default URLs and senders are not.
    if (key !== 'logLevel') defaulted.push(key);
    return DEFAULT_SETTINGS[key];
  };

  const siteDomain = readSiteDomain(node);
  const appUrl = readAppUrl(node, siteDomain, defaulted);
  const mailFrom = pick('mailFrom');
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(mailFrom)) {
    throw new Error(`Context "mailFrom" must be an e-mail address, got "${mailFrom}"`);
  }
  const sesIdentity = contextString(node, 'sesIdentity');
  if (sesIdentity !== undefined && !(SES_IDENTITY_KINDS as readonly string[]).includes(sesIdentity)) {
    throw new Error(`Context "sesIdentity" must be one of ${SES_IDENTITY_KINDS.join(', ')}, got "${sesIdentity}"`);
  }
  const restoredTableName = contextString(node, 'restoredTableName');
  if (restoredTableName !== undefined && !/^[A-Za-z0-9_.-]{3,255}$/.test(restoredTableName)) {
    throw new Error(`Context "restoredTableName" must be a DynamoDB table name, got "${restoredTableName}"`);
  }
  const logLevel = pick('logLevel');
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new Error(`Context "logLevel" must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }

  const googleKeys = ['googleClientId', 'googleClientSecretName', 'cognitoDomainPrefix'] as const;
  const [clientId, clientSecretName, domainPrefix] = googleKeys.map((k) => contextString(node, k));
  const given = [clientId, clientSecretName, domainPrefix].filter((v) => v !== undefined).length;
  if (given !== 0 && given !== googleKeys.length) {
    // Half a Google setup would deploy a hosted UI that cannot sign anyone in; refuse it early.
    throw new Error(`Google sign-in needs all of ${googleKeys.join(', ')} in context (or none of them)`);
  }
  if (domainPrefix !== undefined) checkDomainPrefix(domainPrefix);
  const google =
    clientId && clientSecretName && domainPrefix ? { clientId, clientSecretName, domainPrefix } : undefined;

  const sellerName = contextString(node, 'sellerName')?.trim();
  if (sellerName !== undefined && (sellerName.length < 1 || sellerName.length > 120)) {
    throw new Error(`Context "sellerName" must be 1-120 characters, got "${sellerName}"`);
  }

  const alarmEmail = contextString(node, 'alarmEmail');
  if (alarmEmail !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(alarmEmail)) {
    throw new Error(`Context "alarmEmail" must be an e-mail address, got "${alarmEmail}"`);
  }

  return {
    appUrl,
    mailFrom,
    sesIdentity: sesIdentity as SesIdentityKind | undefined,
    restoredTableName,
    logLevel: logLevel as LogLevel,
    ...(sellerName ? { sellerName } : {}),
    google,
    waf: contextFlag(node, 'waf', true),
    apiDomain: readApiDomain(node),
    siteDomain,
    originSecretRotation: readOriginSecretRotation(node),
    adminMfaRequired: contextFlag(node, 'adminMfa', true),
    rateLimitScale: readRateLimitScale(node),
    alarmEmail,
    videoEmbedOrigins: readVideoEmbedOrigins(node),
    tron: readTron(node),
    defaulted,
  };
}
