import { accountDeps } from './accounts.js';
import { cognitoDirectory } from '../adapters/cognito-directory.js';
import { otpHashKey } from './otp-hash-key.js';
import { sendTemplateMail } from './template-mail.js';

/**
 * What an account route runs on when its use case needs the account stores, Cognito, the code key
 * and the account mails: sign-in, registration and the profile changes that send a code. One
 * module per set of capabilities, so a function bundles only the clients its route uses.
 */
export const accountCodeMailDeps = {
  ...accountDeps,
  directory: cognitoDirectory,
  otpHashKey,
  sendMail: sendTemplateMail,
};
