import { CONTACT_MESSAGES } from '@goldbot/shared';
import { contactMessageDeps as contact } from '../wiring/admin.js';
import { markAllContactMessagesRead } from '../domain/contact/contact-messages.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';

/**
 * A run starts no batch with less than this much of the route's time left, so it answers how many
 * it marked instead of being cut off; the screen asks again for the rest.
 */
const RUN_RESERVE_MS = 2_000;

/** 'Mark All Read': every unread message, however many pages the screen has loaded. */
export const handler = defineHandler(
  { route: 'contact-mark-all-read', checks: awsChecks },
  async ({ caller, log, remainingMs }) => {
    const run = await markAllContactMessagesRead(contact.store, {
      clock: contact.clock,
      stop: () => remainingMs() < RUN_RESERVE_MS,
    });
    log.info('contact messages marked read', { adminId: caller.userId, marked: run.marked, complete: run.complete });
    return ok({ message: CONTACT_MESSAGES.markedAllRead(run.marked), marked: run.marked, complete: run.complete });
  },
);
