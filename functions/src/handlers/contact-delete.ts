import { idPathSchema } from '@goldbot/shared';
import { contactMessageDeps as contact } from '../wiring/admin.js';
import { deleteContactMessage } from '../domain/contact/contact-messages.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';

export const handler = defineHandler(
  { route: 'contact-delete', checks: awsChecks, params: idPathSchema },
  async ({ params, caller, log }) => {
    await deleteContactMessage(contact.store, params.id);
    log.info('contact message deleted', { contactId: params.id, adminId: caller.userId });
    return ok({ message: 'Message deleted successfully' });
  },
);
