import { createTronApi } from '../adapters/tron-api.js';
import { chainCheckPolicy } from '../domain/commerce/chain-check.js';
import type { TronTransactionApi, TronTransferApi } from '../domain/commerce/tron.js';
import { config } from '../config.js';

/**
 * The TRON HTTP API client the on-chain checks ask (payments' TXIDs, withdrawals' payouts), once
 * per execution environment, with the configured tolerance and grace. Null when no TRON API is
 * configured (TRON_API_URL unset): the checks then say so instead of guessing.
 */
/** How long the TronGrid key stays in memory before a look-up reads it again (a rotation arrives within it). */
export const TRON_API_KEY_MAX_AGE_SECONDS = 60 * 60;

/**
 * The TronGrid key: a local value, or the secret through the one secret reader (adapters/secrets.ts,
 * Powertools Parameters), kept for TRON_API_KEY_MAX_AGE_SECONDS; a failed read is tried again next time.
 */
async function tronApiKey(): Promise<string | undefined> {
  if (config.tron.apiKey) return config.tron.apiKey;
  const arn = config.tron.apiKeySecretArn;
  if (!arn) return undefined;
  // The Secrets Manager client is loaded on this path only: locally (a plain key or none) never.
  const { readSecret } = await import('../adapters/secrets.js');
  return readSecret(arn, TRON_API_KEY_MAX_AGE_SECONDS);
}

/** The TRON HTTP API: the on-chain checks' receipts and the wallet watcher's listings. */
export const tronApi: (TronTransactionApi & TronTransferApi) | null = config.tron.apiUrl
  ? createTronApi({ baseUrl: config.tron.apiUrl, apiKey: tronApiKey, timeoutMs: config.tron.timeoutMs })
  : null;

export const chainPolicy = chainCheckPolicy(
  config.tron.amountToleranceUsdt,
  config.tron.graceHours,
  config.orders.graceMinutes,
);
