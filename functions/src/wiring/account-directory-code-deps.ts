import { accountDeps } from './accounts.js';
import { cognitoDirectory } from '../adapters/cognito-directory.js';
import { otpHashKey } from './otp-hash-key.js';

/**
 * What an account route runs on when its use case needs the account stores, Cognito and the code
 * key: checking a code that then changes the Cognito user. One module per set of capabilities, so
 * a function bundles only the clients its route uses.
 */
export const accountDirectoryCodeDeps = { ...accountDeps, directory: cognitoDirectory, otpHashKey };
