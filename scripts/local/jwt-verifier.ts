import { createLocalJWKSet, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';

/**
 * Verifies bearer tokens the way API Gateway's JWT authorizer does: signature against the pool's
 * JWKS, issuer, expiry (required, like API Gateway), and the app client as `aud` (ID token) or
 * `client_id` (access token). Access tokens pass here as in AWS; the handler kit refuses them.
 * The JWKS is fetched from cognito-local over http (aws-jwt-verify only fetches over https).
 */
export interface JwtVerifier {
  verify(token: string): Promise<JWTPayload | null>;
}

export async function createJwtVerifier(options: { issuer: string; clientId: string }): Promise<JwtVerifier> {
  const response = await fetch(`${options.issuer}/.well-known/jwks.json`);
  if (!response.ok) throw new Error(`Could not load JWKS from ${options.issuer}: HTTP ${response.status}`);
  const keys = createLocalJWKSet((await response.json()) as JSONWebKeySet);
  return {
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, keys, { issuer: options.issuer, requiredClaims: ['exp'] });
        const audience = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
        if (!audience.includes(options.clientId) && payload.client_id !== options.clientId) return null;
        return payload;
      } catch {
        return null;
      }
    },
  };
}

/** API Gateway hands claims to Lambda as strings; arrays arrive as "[a b]". */
export function toAuthorizerClaims(payload: JWTPayload): Record<string, string> {
  const claims: Record<string, string> = {};
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    claims[key] = Array.isArray(value)
      ? `[${value.join(' ')}]`
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  }
  return claims;
}
