import { pageQuerySchema } from '@goldbot/shared';
import { dynamoContactMessageStore } from '../data/contact-message-store.js';
import { listContactMessages } from '../domain/contact/contact-messages.js';
import { defineHandler } from '../kit/http-handler.js';
import { ok } from '../kit/http-response.js';

export const handler = defineHandler({ route: 'contact-list', query: pageQuerySchema }, async ({ query }) =>
  ok(await listContactMessages(dynamoContactMessageStore, query)),
);
