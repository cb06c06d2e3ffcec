import { idPathSchema } from '@goldbot/shared';
import { dynamoContactMessageStore } from '../wiring/contact-deps.js';
import { deleteContactMessage } from '../domain/contact/contact-messages.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';

export const handler = defineHandler(
  { route: 'contact-delete', checks: awsChecks, params: idPathSchema },
  async ({ params, caller, log }) => {
    await deleteContactMessage(dynamoContactMessageStore, params.id);
    log.info('contact message deleted', { contactId: params.id, adminId: caller.userId });
    return ok({ message: 'Message deleted successfully' });
  },
);
