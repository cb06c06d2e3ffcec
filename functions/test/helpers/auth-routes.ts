import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach } from 'vitest';
import { config } from '../../src/config.js';
import { SAMPLE_JANE } from './sample-customers.js';
import { CALLERS, bareProfileItem, profileItemOf, forgetItems, givenItems, type Claims } from './lambda.js';
import { useAwsOutbox } from './aws-outbox.js';
import { givenEmptyTable, useMockedDynamo } from './dynamo-outcomes.js';
import { idTokenFor, refreshCookie, useCognitoFake } from './cognito-fake.js';

/**
 * What the auth handlers' tests share: importing this module gives the importing test file the
 * mocked DynamoDB, Cognito (helpers/cognito-fake.ts) and SES (aws-outbox.ts) clients with their
 * hooks, and the account, tokens and items the tests send and are given.
 */

export const dynamo = useMockedDynamo();
export const cognito = useCognitoFake();
export const outbox = useAwsOutbox();

export const EMAIL = SAMPLE_JANE.email;
export const SUB = SAMPLE_JANE._id;
export const REGISTER = { username: 'jane_doe', email: EMAIL, password: 'Str0ng!Pass' };
export const USER_SUB = String(CALLERS.user.sub);
export const GENERIC_LOGIN = { message: 'Invalid email or password', msg: 'Invalid email or password' };
export const OTP_KEY = String(config.otpHashKey);
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';
export const REFRESH_COOKIE = refreshCookie;
export const CLEARED_COOKIE = 'goldbot_rt=; Path=/api/auth; HttpOnly; Secure; SameSite=Strict; Max-Age=0';
export const ID_TOKEN = idTokenFor({ sub: SUB, email: EMAIL, iat: 1767268500 }, 'c2lnbmF0dXJl');

export const profileItem = (overrides: Record<string, unknown> = {}) =>
  bareProfileItem(SUB, { username: 'jane_doe', email: EMAIL, referralCode: 'K7M2QX9P', ...overrides });
export const knownEmail = (overrides: Record<string, unknown> = {}) => {
  // A pending registration's marker expires with it; a verified address's does not.
  const pending = 'emailVerifiedAt' in overrides && overrides.emailVerifiedAt === undefined;
  givenItems(
    dynamo,
    {
      PK: `EMAIL#${EMAIL}`,
      SK: 'EMAIL',
      userId: SUB,
      ...(pending ? { expiresAt: Math.floor(Date.now() / 1000) + 86_400 } : {}),
    },
    { ...profileItem(overrides), PK: `USER#${SUB}`, SK: 'PROFILE' },
  );
};
export const mailedText = () => String(outbox.mails.at(-1)?.text);
export const profileOf = (claims: Claims) => {
  const item = profileItemOf(claims);
  return { ...item, PK: String(item.PK), SK: String(item.SK) };
};

beforeEach(() => {
  forgetItems(dynamo);
  cognito.reset();
  givenEmptyTable(dynamo);
  dynamo.on(UpdateCommand).resolves({ Attributes: { failures: 1 } });
});
