import { dynamoSupportStore } from '../data/support-subscription-store.js';
import type { SupportDeps } from '../domain/admin/support-subscriptions.js';
import { newId } from '../kit/ids.js';

/** Support's subscription controls wired to DynamoDB, once per execution environment. */
export const supportDeps: SupportDeps = { store: dynamoSupportStore, now: () => new Date(), newId };
