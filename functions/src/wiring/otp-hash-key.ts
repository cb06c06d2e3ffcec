import { config } from '../config.js';

/**
 * How long the one-time-code key stays in memory before the next code reads it again. A code is
 * hashed with the key it was issued under, so a rotation should wait this long plus a code's
 * lifetime before the old key stops mattering.
 */
export const OTP_HASH_KEY_MAX_AGE_SECONDS = 60 * 60;

/**
 * The one-time-code key: a plain value locally and a Secrets Manager secret in AWS, read through
 * the one secret reader (adapters/secrets.ts, Powertools Parameters), which keeps it for
 * OTP_HASH_KEY_MAX_AGE_SECONDS. Only the functions that issue or check codes import this (and are
 * given the secret, least privilege), so no other bundles the reader; they load it on the first
 * code in AWS only (locally the key is a plain value).
 */
export async function otpHashKey(): Promise<string> {
  if (config.otpHashKey) return config.otpHashKey;
  if (config.otpHashKeySecretArn) {
    const { readSecret } = await import('../adapters/secrets.js');
    return readSecret(config.otpHashKeySecretArn, OTP_HASH_KEY_MAX_AGE_SECONDS);
  }
  throw new Error('Invalid function configuration: OTP_HASH_KEY or OTP_HASH_KEY_SECRET_ARN is required');
}
