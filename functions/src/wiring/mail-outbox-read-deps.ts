import { dynamoMailOutboxStore } from '../data/outbox-mail-store.js';
import type { MailOutboxStore } from '../domain/email/mail-outbox.js';

/** The failed-mail list reads the outbox alone: it sends nothing, so it bundles no mailer. */
export const mailOutboxReadStore: Pick<MailOutboxStore, 'listFailed' | 'countFailed'> = dynamoMailOutboxStore;
