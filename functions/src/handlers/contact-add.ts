import { CONTACT_MESSAGES, contactMessageInputSchema } from '@goldbot/shared';
import { dynamoContactMessageStore, contactClock as clock } from '../wiring/contact-deps.js';
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
    const saved = await addContactMessage(dynamoContactMessageStore, body, { clock, newId });
    log.info('contact message stored', { contactId: saved._id });
    return created({ message: CONTACT_MESSAGES.sendSucceeded, data: saved });
  },
);
