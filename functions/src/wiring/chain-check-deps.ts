import { createTronApi } from '../adapters/tron-api.js';
import type { TronTransactionApi, TronTransferApi } from '../domain/commerce/tron.js';
import { config } from '../config.js';
import { SYSTEM_ACTOR } from '../domain/records/audit-entry.js';
import { dynamoChainCheckStore } from '../data/chain-check-store.js';
import { chainCheckPolicy, type ChainCheckDeps } from '../domain/commerce/chain-check.js';
import { approvePayment } from '../domain/commerce/payment-review.js';
import type { Logger } from '../kit/logger.js';
import { settleTransfer } from '../domain/commerce/binding.js';
import { bindingDeps } from './binding-deps.js';
import { paymentApprovalDeps } from './payment-approval-deps.js';

/**
 * The on-chain check wired to TRON, DynamoDB and SES, once per execution environment:
 * used by the admin's payment-chain-check route, job-chain-recheck and (locally) the submission.
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

/** The TRON HTTP API: the on-chain check's receipts and the wallet watcher's listings. */
export const tronApi: (TronTransactionApi & TronTransferApi) | null = config.tron.apiUrl
  ? createTronApi({ baseUrl: config.tron.apiUrl, apiKey: tronApiKey, timeoutMs: config.tron.timeoutMs })
  : null;

const policy = chainCheckPolicy(config.tron.amountToleranceUsdt, config.tron.graceHours, config.orders.graceMinutes);

export function chainCheckDeps(log: Logger): ChainCheckDeps {
  return {
    store: dynamoChainCheckStore,
    tron: tronApi,
    now: () => new Date(),
    policy,
    log,
    // A transfer the check finds is bound as the wallet watcher would bind it.
    settle: (transfer) => settleTransfer(bindingDeps(log), transfer, 'txid-check'),
    // The admin's approval, as the system: the same plan and conditional transaction, audited
    // as 'payment.auto-approve' with the verdict, and the same verified mail.
    autoApprove: (payment, check) =>
      approvePayment(paymentApprovalDeps(log), payment._id, SYSTEM_ACTOR, {
        action: 'payment.auto-approve',
        details: {
          from: 'pending',
          to: 'completed',
          chainCheck: {
            status: check.status,
            amount: check.amount,
            to: check.to,
            blockNumber: check.blockNumber,
            confirmedAt: check.confirmedAt,
            checkedAt: check.checkedAt,
          },
        },
      }),
  };
}
