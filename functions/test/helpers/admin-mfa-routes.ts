import { beforeEach } from 'vitest';
import { bareProfileItem, putItems } from './lambda.js';
import { givenEmptyTable, useMockedDynamo } from './dynamo-outcomes.js';
import { idTokenFor, refreshCookie, useCognitoFake } from './cognito-fake.js';

/**
 * What the tests of the admin two-factor sign-in's handlers share (docs/security.md,
 * "Administrators sign in with TOTP"): importing this module gives the importing test file the
 * mocked DynamoDB client and the Cognito fake with their hooks, and the administrator's profile,
 * challenge session and set-up the tests are given.
 */

export const dynamo = useMockedDynamo();
export const cognito = useCognitoFake();

export const EMAIL = 'admin@example.com';
export const SUB = '9d2c4f6e-1b3a-4c5d-8e7f-0a1b2c3d4e5f';
export const SESSION = 'AYABeCognitoChallengeSession';
export const SETUP_ID = 'a6c1f0d2-3b4e-4f5a-8b9c-0d1e2f3a4b5c';
export const WRONG_CODE = 'The code is incorrect. Please try again.';
export const REFRESH_COOKIE = refreshCookie;
export const ID_TOKEN = idTokenFor({ sub: SUB, email: EMAIL, 'cognito:groups': ['admin'], iat: 1767268500 });
export const PROFILE_KEY = { PK: `USER#${SUB}`, SK: 'PROFILE' };
export const SETUP_KEY = { PK: `MFASETUP#${SETUP_ID}`, SK: 'MFASETUP' };

export const profileItem = (overrides: Record<string, unknown> = {}) =>
  bareProfileItem(SUB, { username: 'admin', email: EMAIL, isAdmin: true, referralCode: 'ADM1N2QX', ...overrides });
/** Sessions registered, alone or with the back-off's clearing (one transaction). */
export const sessionPuts = () => putItems(dynamo).filter((item) => String(item.SK).startsWith('SESSION#'));

beforeEach(() => {
  cognito.reset();
  givenEmptyTable(dynamo);
});
