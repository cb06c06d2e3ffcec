import { fromEnv } from '@aws-sdk/credential-provider-env';

/**
 * What the Lambda bundles load in place of `@aws-sdk/credential-provider-node` (an esbuild alias
 * in NODE_FUNCTION_DEFAULTS.bundling, infra/lib/constructs/app-function.ts; issue 12, lean bundles).
 *
 * Every SDK client's runtime config imports that package's `defaultProvider` statically, so the whole
 * credential chain (SSO, SSO-OIDC, STS web identity, sign-in, ini files, process, container and
 * instance metadata, each with its nested client) was bundled into every function although Lambda
 * only ever hands a function its role's credentials in environment variables (AWS_ACCESS_KEY_ID,
 * AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN) — the first link of that chain. This keeps only that link.
 *
 * Only bundles see this module: tests and the local stack run the sources with the real chain
 * (the local stack gives its functions environment credentials too).
 */
export const defaultProvider: typeof fromEnv = (init) => fromEnv(init);

/** The package's other exports, as it defines them (no SDK client imports them; kept so the alias is complete). */
export const credentialsWillNeedRefresh = (credentials?: { expiration?: Date }) =>
  credentials?.expiration !== undefined;
export const credentialsTreatedAsExpired = (credentials?: { expiration?: Date }) =>
  credentials?.expiration !== undefined && credentials.expiration.getTime() - Date.now() < 300_000;
