import { readSecret } from '../adapters/secrets.js';
import { config } from '../config.js';

/**
 * The one-time-code key: a plain value locally and a Secrets Manager secret in AWS, read once per
 * execution environment, on the first code a function handles. Only the functions that issue or
 * check codes import this (and are given the secret, L1), so no other bundles the Secrets Manager
 * client.
 */
let key: Promise<string> | undefined;

async function readKey(): Promise<string> {
  if (config.otpHashKey) return config.otpHashKey;
  if (config.otpHashKeySecretArn) return readSecret(config.otpHashKeySecretArn);
  throw new Error('Invalid function configuration: OTP_HASH_KEY or OTP_HASH_KEY_SECRET_ARN is required');
}

export function otpHashKey(): Promise<string> {
  key ??= readKey();
  return key;
}
