import { CONTACT_MESSAGES, idPathSchema } from '@goldbot/shared';
import { contactMessageDeps as contact } from '../wiring/admin.js';
import { markContactMessageRead } from '../domain/contact/contact-messages.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';

/** Opening a message on the Messages screen: it is read for every administrator, and Unread counts one less. */
export const handler = defineHandler(
  { route: 'contact-mark-read', checks: awsChecks, params: idPathSchema },
  async ({ params }) => {
    await markContactMessageRead(contact.store, params.id, contact.clock);
    return ok({ message: CONTACT_MESSAGES.markedRead });
  },
);
