/** The identity directory the account routes use: Cognito. */
export { cognitoDirectory } from '../adapters/cognito-directory.js';
