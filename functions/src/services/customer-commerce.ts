import { config } from '../config.js';
import { dynamoCustomerCommerceStore } from '../data/customer-commerce-store.js';
import type { CommerceDeps } from '../domain/commerce/customer-commerce.js';
import { newId } from '../kit/ids.js';
import { requestChainCheck } from './chain-check-trigger.js';
import { templateMailer } from './template-mail.js';

/** The customer commerce use cases wired to DynamoDB and SES; built once per execution environment. */
export const customerCommerce: CommerceDeps = {
  store: dynamoCustomerCommerceStore,
  mailer: templateMailer,
  now: () => new Date(),
  newId,
  dashboardLink: `${config.appUrl.replace(/\/+$/, '')}/dashboard`,
  // Issue 13: each saved payment's TXID is checked on TRON, after the answer is on its way.
  paymentSubmitted: requestChainCheck,
};
