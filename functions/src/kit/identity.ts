import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { ADMIN_GROUP } from '@goldbot/shared';

/** Who is calling, taken from the JWT claims the authorizer (API Gateway or the local gateway) verified. */
export interface Caller {
  userId: string;
  email: string;
  /** The token's `email_verified`: only a verified address may claim an e-mail marker. */
  emailVerified: boolean;
  isAdmin: boolean;
  /** Epoch seconds the token was issued (`iat`), for revocation checks. */
  issuedAt: number;
  /**
   * Epoch seconds of the sign-in the token comes from (`auth_time`; a refreshed token keeps it), so
   * an administrator's sign-in from before TOTP was turned on is told apart from one with it.
   * Falls back to `iat` for a token without the claim (never later than the real sign-in).
   */
  authTime: number;
  /**
   * The token comes from the API's own sign-in: it was issued to the API's client
   * (USER_POOL_CLIENT_ID, which only the auth functions sign in through, with TOTP for
   * administrators) and carries no `identities` (no federated sign-in). A token of the hosted-UI
   * client, or of a Google identity, passed no TOTP: Cognito asks federated users for no second
   * factor, so such a token never acts as an administrator (docs/security.md, "Google sign-in").
   */
  apiSignIn: boolean;
}

type Claims = Record<string, string | number | boolean | string[] | undefined>;

/** `cognito:groups` arrives as an array locally and as "[admin other]" text from API Gateway. */
export function parseGroups(raw: unknown): string[] {
  if (Array.isArray(raw)) return raw.map(String);
  if (typeof raw !== 'string' || raw.trim() === '') return [];
  return raw
    .replace(/^\[|\]$/g, '')
    .split(/[\s,]+/)
    .map((g) => g.trim())
    .filter(Boolean);
}

/** A claim that is there and says something: API Gateway passes an empty list as "[]". */
const present = (value: Claims[string]) =>
  value !== undefined && value !== '' && value !== '[]' && !(Array.isArray(value) && value.length === 0);

/** `apiClientId`: the client the API signs in through (config.userPoolClientId). */
export function callerFromEvent(event: APIGatewayProxyEventV2, apiClientId: string): Caller | null {
  const context = event.requestContext as APIGatewayProxyEventV2['requestContext'] & {
    authorizer?: { jwt?: { claims?: Claims } };
  };
  const claims = context.authorizer?.jwt?.claims;
  const userId = claims?.sub;
  if (!claims || typeof userId !== 'string' || userId === '') return null;
  // Only ID tokens identify a caller: an access token passes the authorizer (its client_id is an
  // audience) but carries no e-mail or groups we could trust for this API (docs/security.md).
  if (claims.token_use !== 'id') return null;
  const email = typeof claims.email === 'string' ? claims.email : '';
  return {
    userId,
    email,
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    isAdmin: parseGroups(claims['cognito:groups']).includes(ADMIN_GROUP),
    issuedAt: Number(claims.iat ?? 0),
    authTime: Number(claims.auth_time ?? claims.iat ?? 0),
    apiSignIn: apiClientId !== '' && claims.aud === apiClientId && !present(claims.identities),
  };
}
