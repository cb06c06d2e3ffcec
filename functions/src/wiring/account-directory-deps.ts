import { accountDeps } from './accounts.js';
import { cognitoDirectory } from '../adapters/cognito-directory.js';

/**
 * What an account route runs on when its use case needs the account stores and Cognito: sessions,
 * refresh, sign-out and the TOTP steps. One module per set of capabilities, so a function bundles
 * only the clients its route uses.
 */
export const accountDirectoryDeps = { ...accountDeps, directory: cognitoDirectory };
