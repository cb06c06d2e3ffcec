import type { Node } from 'constructs';

/**
 * Deployment settings, read once from CDK context (`cdk.json` or `-c key=value`), so nothing in the
 * stacks needs a lookup or an AWS account at synth time.
 *
 * - `appUrl` (default `http://localhost:5173`): the public URL of the SPA. Functions put it in
 *   e-mail links (APP_URL) and the HTTP API allows it as the only CORS origin. It is context, not
 *   a reference to the CloudFront distribution, because the distribution forwards `/api/*` to the
 *   HTTP API: the web stack depends on the API stack, so the API stack cannot also read the
 *   distribution's domain (that would be a cycle). The SPA reaches the API through the same
 *   CloudFront origin, so its requests are same-origin and need no CORS at all; CORS only matters
 *   for the Vite dev server against a deployed API, which is what the default allows. First deploy
 *   with the default, then deploy again with `-c appUrl=https://<WebUrl output>` (or a custom
 *   domain) so e-mail links point at the real site.
 * - `mailFrom` (default `no-reply@example.com`): the SES sender (MAIL_FROM). Its address or its
 *   domain must be a verified SES identity; send permission is scoped to exactly those two.
 * - `logLevel` (default `info`): LOG_LEVEL of every function.
 * - `googleClientId` + `googleClientSecretName` + `cognitoDomainPrefix`: all three enable Google
 *   sign-in (Cognito hosted UI domain, Google IdP, a hosted-UI app client). The secret name is a
 *   Secrets Manager secret holding the Google OAuth client secret as plain text. Absent = no
 *   hosted UI, no Google (the SPA explains that Google sign-in needs a deployed Cognito domain).
 */
export interface AppSettings {
  readonly appUrl: string;
  readonly mailFrom: string;
  readonly logLevel: LogLevel;
  readonly google?: GoogleSettings;
  /** appUrl/mailFrom when they fell back to a default; the app warns (fine for a first or dev deploy). */
  readonly defaulted: readonly string[];
}

export interface GoogleSettings {
  readonly clientId: string;
  readonly clientSecretName: string;
  readonly domainPrefix: string;
}

const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const DEFAULT_SETTINGS = {
  appUrl: 'http://localhost:5173',
  mailFrom: 'no-reply@example.com',
  logLevel: 'info',
} as const satisfies Pick<AppSettings, 'appUrl' | 'mailFrom' | 'logLevel'>;

function contextString(node: Node, key: string): string | undefined {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`Context "${key}" must be a string, got ${JSON.stringify(value)}`);
  return value.trim();
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

  const appUrl = pick('appUrl').replace(/\/+$/, '');
  if (!/^https?:\/\/[^/\s]+$/.test(appUrl)) {
    // An origin, not a page: it is used verbatim as the CORS origin, which has no path.
    throw new Error(`Context "appUrl" must be an origin like https://app.example.com, got "${appUrl}"`);
  }
  const mailFrom = pick('mailFrom');
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(mailFrom)) {
    throw new Error(`Context "mailFrom" must be an e-mail address, got "${mailFrom}"`);
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
  const google =
    clientId && clientSecretName && domainPrefix ? { clientId, clientSecretName, domainPrefix } : undefined;

  return { appUrl, mailFrom, logLevel: logLevel as LogLevel, google, defaulted };
}
