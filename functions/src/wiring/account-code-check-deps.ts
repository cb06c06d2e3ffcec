import { accountDeps } from './accounts.js';
import { otpHashKey } from './otp-hash-key.js';

/**
 * What an account route runs on when its use case needs the account stores and the code key:
 * checking a code without touching Cognito. One module per set of capabilities, so a function
 * bundles only the clients its route uses.
 */
export const accountCodeCheckDeps = { ...accountDeps, otpHashKey };
