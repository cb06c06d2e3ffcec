import { createHmac } from 'node:crypto';

/**
 * Cognito's SECRET_HASH for a confidential app client: Base64(HMAC-SHA-256(client secret,
 * username + client id)). Every sign-in, challenge answer and refresh through a client with a
 * secret carries it, which is what keeps anyone who only knows the (public) client id from calling
 * those APIs. Kept apart from the adapter so the local tooling (scripts/local/cognito-local.ts)
 * signs in the same way without loading the functions' configuration.
 */
export function secretHash(username: string, clientId: string, clientSecret: string): string {
  return createHmac('sha256', clientSecret).update(`${username}${clientId}`).digest('base64');
}
