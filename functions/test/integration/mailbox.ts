import { latestCode as latestCodeAt, mailsTo as mailsToAt } from '../../../scripts/local/ses-local.js';
import { stack } from './http-client.js';

/** Reads what the app "sent" from the test stack's SES emulator (scripts/local/ses-local.ts). */
export const mailsTo = (address: string) => mailsToAt(stack().urls.sesInbox, address);

/** The 4-digit code of the newest mail to `address` whose subject matches. */
export const latestCode = (address: string, subject: RegExp) => latestCodeAt(stack().urls.sesInbox, address, subject);
