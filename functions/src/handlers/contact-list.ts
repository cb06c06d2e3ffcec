import { contactListQuerySchema } from '@goldbot/shared';
import { contactMessageDeps as contact } from '../wiring/admin.js';
import { listContactMessages } from '../domain/contact/contact-messages.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';

/** The admin Messages screen: a page newest first (searchable) with the Total and Today cards. */
export const handler = defineHandler(
  { route: 'contact-list', checks: awsChecks, query: contactListQuerySchema },
  async ({ query }) => ok(await listContactMessages(contact.store, query, new Date())),
);
