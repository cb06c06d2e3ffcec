import { SYSTEM_ACTOR } from '../domain/records/audit-entry.js';
import { dynamoChainCheckStore } from '../data/chain-check-store.js';
import type { ChainCheckDeps } from '../domain/commerce/chain-check.js';
import { approvePayment } from '../domain/commerce/payment-decisions.js';
import type { Logger } from '../kit/logger.js';
import { settleTransfer } from '../domain/commerce/binding.js';
import { settleTransferDeps } from './binding-deps.js';
import { approvePaymentDeps } from './approve-payment.js';
import { chainPolicy, tronApi } from './tron-api-client.js';

/**
 * The on-chain check wired to TRON, DynamoDB and SES, once per execution environment:
 * used by the admin's payment-chain-check route, job-chain-recheck and (locally) the submission.
 * The TRON client itself is tron-api-client.ts (the payouts' check asks it too).
 */
export function chainCheckDeps(log: Logger): ChainCheckDeps {
  return {
    store: dynamoChainCheckStore,
    tron: tronApi,
    now: () => new Date(),
    policy: chainPolicy,
    log,
    // A transfer the check finds is bound as the wallet watcher would bind it.
    settle: (transfer) => settleTransfer(settleTransferDeps(log), transfer, 'txid-check'),
    // The admin's approval, as the system: the same plan and conditional transaction, audited
    // as 'payment.auto-approve' with the verdict, and the same verified mail.
    autoApprove: (payment, check) =>
      approvePayment(approvePaymentDeps(log), payment._id, SYSTEM_ACTOR, {
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
