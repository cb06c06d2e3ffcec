import { config } from '../config.js';
import { dynamoFreeTrialStore } from '../data/free-trial-store.js';
import { dynamoPurchaseStore } from '../data/purchase-store.js';
import type { CommerceDeps } from '../domain/commerce/customer-commerce.js';
import { bindingPolicy } from '../domain/commerce/transfers.js';
import { newId } from '../kit/ids.js';
import { templateMailer } from './template-mail.js';

/**
 * The customer commerce use cases that mail (a submission, a free trial) wired to DynamoDB and SES;
 * built once per execution environment. The read-only routes take the store alone. The submission
 * adds the start of its on-chain check (payment-submit-usdt.ts), so the Lambda client is bundled
 * only where a payment is saved.
 */
export const customerCommerceDeps: CommerceDeps = {
  store: { ...dynamoPurchaseStore, ...dynamoFreeTrialStore },
  mailer: templateMailer,
  now: () => new Date(),
  newId,
  dashboardLink: `${config.appUrl.replace(/\/+$/, '')}/dashboard`,
  bindingPolicy: bindingPolicy(config.orders.openMinutes, config.orders.graceMinutes),
};
