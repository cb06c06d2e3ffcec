import { accountDeps } from './accounts.js';
import { otpHashKey } from './otp-hash-key.js';
import { sendTemplateMail } from './template-mail.js';

/**
 * What an account route runs on when its use case needs the account stores, the code key and the
 * account mails: sending a code without touching Cognito. One module per set of capabilities, so a
 * function bundles only the clients its route uses.
 */
export const accountCodeSenderDeps = { ...accountDeps, otpHashKey, sendMail: sendTemplateMail };
