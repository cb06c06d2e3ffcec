import { CONTACT_MESSAGES, contactMessageInputSchema } from '@goldbot/shared';
import { contactMessageDeps as contact } from '../wiring/admin.js';
import { addContactMessage } from '../domain/contact/contact-messages.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { created } from '../kit/http-response.js';
import { newId } from '../kit/ids.js';

export const handler = defineHandler(
  {
    route: 'contact-add',
    checks: awsChecks,
    body: contactMessageInputSchema,
    limits: [{ name: 'contactPerIp', by: 'ip' }],
  },
  async ({ body, log }) => {
    const saved = await addContactMessage(contact.store, body, { clock: contact.clock, newId });
    log.info('contact message stored', { contactId: saved._id });
    return created({ message: CONTACT_MESSAGES.sendSucceeded, data: saved });
  },
);
