import { config } from '../config.js';

/**
 * The one-time-code key: a plain value locally and a Secrets Manager secret in AWS, read once per
 * execution environment, on the first code a function handles. Only the functions that issue or
 * check codes import this (and are given the secret, least privilege), so no other bundles the Secrets Manager
 * client; they load it on the first code in AWS only (locally the key is a plain value).
 */
let key: Promise<string> | undefined;

async function readKey(): Promise<string> {
  if (config.otpHashKey) return config.otpHashKey;
  if (config.otpHashKeySecretArn) {
    const { readSecret } = await import('../adapters/secrets.js');
    return readSecret(config.otpHashKeySecretArn);
  }
  throw new Error('Invalid function configuration: OTP_HASH_KEY or OTP_HASH_KEY_SECRET_ARN is required');
}

export function otpHashKey(): Promise<string> {
  key ??= readKey();
  return key;
}
