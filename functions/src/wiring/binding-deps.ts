import { appLink, config } from '../config.js';
import { dynamoBindingStore } from '../data/binding-store.js';
import type { BindingDeps } from '../domain/commerce/binding.js';
import { approvePayment } from '../domain/commerce/payment-decisions.js';
import { bindingPolicy } from '../domain/commerce/transfers.js';
import { SYSTEM_ACTOR } from '../domain/records/audit-entry.js';
import { newId } from '../kit/ids.js';
import { logFailure, type Logger } from '../kit/logger.js';
import { approvePaymentDeps } from './approve-payment.js';
import { templateMailer } from './template-mail.js';

/**
 * Binding a transfer to its order (domain/commerce/binding.ts) wired to DynamoDB and SES: used by
 * the wallet watcher and by a TXID's on-chain check. The lifetime and grace are the configured
 * ones (ORDER_OPEN_MINUTES, ORDER_GRACE_MINUTES).
 */
export const orderBindingPolicy = bindingPolicy(config.orders.openMinutes, config.orders.graceMinutes);

export function settleTransferDeps(log: Logger): BindingDeps {
  return {
    store: dynamoBindingStore,
    now: () => new Date(),
    newId,
    policy: orderBindingPolicy,
    mailer: templateMailer,
    dashboardLink: appLink('/dashboard'),
    log,
    onMailFailure: logFailure(
      log,
      'pending mail of a bound transfer neither sent nor kept for retry; the payment stands',
      'paymentId',
    ),
    // The admin's approval, as the system: the same plan and conditional transaction, audited as
    // 'payment.auto-approve' with the binding, and the same verified mail.
    autoApprove: (paymentId, details) =>
      approvePayment(approvePaymentDeps(log), paymentId, SYSTEM_ACTOR, { action: 'payment.auto-approve', details }),
  };
}
