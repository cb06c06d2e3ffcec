/**
 * Where Google sign-in (Cognito hosted UI) is configured. Read at run time, so one build serves
 * every environment:
 *
 * 1. `GET /config.json` next to index.html: `{ "cognito": { "domain", "userPoolId", "hostedUiClientId" } }`
 *    (the values are the Auth stack's outputs HostedUiDomain, UserPoolId and HostedUiClientId);
 * 2. otherwise the build-time variables VITE_COGNITO_DOMAIN, VITE_COGNITO_USER_POOL_ID and
 *    VITE_COGNITO_HOSTED_UI_CLIENT_ID.
 *
 * Without a domain there is no hosted UI (the local stack has none), and the Google button says so.
 * See web/README.md.
 */

export interface HostedUiConfig {
  /** The Cognito domain without scheme, e.g. `goldbot.auth.eu-west-1.amazoncognito.com`. */
  domain: string;
  userPoolId: string;
  /** The app client that offers Google through the hosted UI. */
  clientId: string;
}

export const RUNTIME_CONFIG_PATH = '/config.json';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Accepts `https://x.auth.region.amazoncognito.com/` as well as the bare host. */
const toDomain = (value: string) => value.replace(/^https?:\/\//i, '').replace(/\/+$/, '');

export function toHostedUiConfig(value: unknown): HostedUiConfig | null {
  if (!isRecord(value)) return null;
  const domain = toDomain(text(value.domain));
  const userPoolId = text(value.userPoolId);
  const clientId = text(value.hostedUiClientId) || text(value.clientId);
  return domain && userPoolId && clientId ? { domain, userPoolId, clientId } : null;
}

async function fromRuntimeFile(): Promise<HostedUiConfig | null> {
  try {
    const response = await fetch(RUNTIME_CONFIG_PATH, { headers: { Accept: 'application/json' }, cache: 'no-cache' });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    return isRecord(body) ? toHostedUiConfig(body.cognito) : null;
  } catch {
    // No file (the dev server answers with index.html, S3 with 403): not configured.
    return null;
  }
}

function fromBuildEnv(): HostedUiConfig | null {
  return toHostedUiConfig({
    domain: import.meta.env.VITE_COGNITO_DOMAIN,
    userPoolId: import.meta.env.VITE_COGNITO_USER_POOL_ID,
    hostedUiClientId: import.meta.env.VITE_COGNITO_HOSTED_UI_CLIENT_ID,
  });
}

let loading: Promise<HostedUiConfig | null> | null = null;

/** The hosted-UI settings, or null when Google sign-in is not available here. Read once per page. */
export function loadHostedUiConfig(): Promise<HostedUiConfig | null> {
  loading ??= fromRuntimeFile().then((config) => config ?? fromBuildEnv());
  return loading;
}

/** Forgets the cached answer (tests). */
export function resetHostedUiConfig(): void {
  loading = null;
}

export const GOOGLE_UNAVAILABLE_MESSAGE =
  'Google sign-in needs a deployed Cognito domain (the Cognito hosted UI), and none is configured here. Please sign in with your e-mail and password.';
