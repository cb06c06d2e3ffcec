import { appLink, config } from '../config.js';
import { dynamoFreeTrialStore } from '../data/free-trial-store.js';
import { dynamoPurchaseStore } from '../data/purchase-store.js';
import type { CommerceDeps } from '../domain/commerce/customer-commerce.js';
import { bindingPolicy } from '../domain/commerce/transfers.js';
import { newId } from '../kit/ids.js';
import { logFailure, type Logger } from '../kit/logger.js';
import { templateMailer } from './template-mail.js';

const store = { ...dynamoPurchaseStore, ...dynamoFreeTrialStore };
const orderPolicy = bindingPolicy(config.orders.openMinutes, config.orders.graceMinutes);

/**
 * The customer commerce use cases that mail (a submission, a free trial) wired to DynamoDB and SES,
 * one set per request for its logger (the stores and the policy are built once per execution
 * environment). The read-only routes take the store alone. The submission adds the start of its
 * on-chain check (payment-submission-deps.ts), so the Lambda client is bundled only where a
 * payment is saved.
 */
export const customerCommerceDeps = (log: Logger): CommerceDeps => ({
  store,
  mailer: templateMailer,
  now: () => new Date(),
  newId,
  dashboardLink: appLink('/dashboard'),
  bindingPolicy: orderPolicy,
  onMailFailure: logFailure(log, 'commerce mail neither sent nor kept for retry; the purchase stands', 'entityId'),
});
