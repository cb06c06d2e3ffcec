import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { walletSaveResponseSchema } from '@goldbot/shared';
import { activeWalletKey } from '../../src/data/wallet-entity.js';
import {
  CALLERS,
  givenProfilesOnly,
  httpEvent,
  invoke,
  profileItemOf,
  type Claims,
  type HttpHandler,
} from '../helpers/lambda.js';
import { useAwsOutbox } from '../helpers/aws-outbox.js';
import { useCognitoFake } from '../helpers/cognito-fake.js';

/**
 * payment-wallet-save in process, with the table, Cognito and SES mocked (aws-sdk-client-mock):
 * activating a different wallet mails every administrator the Cognito admin group lists, and a
 * failed mail or listing never undoes the activation. Then, with ADMIN_MFA_REQUIRED=true as in
 * AWS, activating needs a sign-in (TOTP) from the last five minutes.
 */
const dynamo = mockClient(DynamoDBDocumentClient);
const outbox = useAwsOutbox();
const cognito = useCognitoFake();
afterAll(() => dynamo.restore());

const NEW_ADDRESS = 'TDuvkvLEhHvy3VQDWowtt16n3W5khHgsaL';
const OLD_ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

/** The admin group as ListUsersInGroup answers it: two enabled members and a deactivated one. */
const member = (email: string, enabled = true) => ({
  Username: email,
  Enabled: enabled,
  Attributes: [
    { Name: 'sub', Value: `sub-${email}` },
    { Name: 'email', Value: email },
  ],
});

beforeEach(() => {
  givenProfilesOnly(dynamo);
  dynamo.on(TransactWriteCommand).resolves({});
  // USDT has an active wallet: the new one takes its place.
  dynamo.on(GetCommand, { Key: activeWalletKey('USDT') }).resolves({
    Item: { ...activeWalletKey('USDT'), walletId: 'W-OLD', address: OLD_ADDRESS, network: 'TRC20', currency: 'USDT' },
  });
  cognito
    .on('ListUsersInGroup')
    .resolves({ Users: [member('admin@example.com'), member('ops@example.com'), member('gone@example.com', false)] });
});

const activate = async (claims = CALLERS.admin) => {
  const { handler } = (await import('../../src/handlers/payment-wallet-save.js')) as { handler: HttpHandler };
  return invoke(
    handler,
    httpEvent({
      routeId: 'payment-wallet-save',
      claims,
      body: { address: NEW_ADDRESS, network: 'TRC20', currency: 'USDT', isActive: true },
    }),
  );
};

describe('activating a different wallet mails every administrator', () => {
  it('sends the walletActivated notice to each enabled member of the admin group', async () => {
    const res = await activate();
    expect(res.statusCode).toBe(201);
    expect(walletSaveResponseSchema.parse(res.body).wallet).toMatchObject({ address: NEW_ADDRESS, isActive: true });
    expect(cognito.inputsOf('ListUsersInGroup')).toEqual([
      expect.objectContaining({ UserPoolId: expect.any(String), GroupName: 'admin' }),
    ]);
    expect(outbox.mails.map((mail) => mail.to)).toEqual([['admin@example.com'], ['ops@example.com']]);
    for (const mail of outbox.mails) {
      expect(mail.subject).toBe('GoldBot admin: a new USDT wallet now receives payments');
      expect(mail.html).toContain(NEW_ADDRESS);
      expect(mail.html).toContain(OLD_ADDRESS);
      expect(mail.html).toContain('admin@example.com');
      expect(mail.html).toContain('/admin/wallets');
    }
    // The template is read at send time (an admin's edit wins), once for all the recipients.
    const templateReads = dynamo
      .commandCalls(GetCommand)
      .filter((call) => call.args[0].input.Key?.SK === 'TEMPLATE#walletActivated');
    expect(templateReads).toHaveLength(1);
  });

  it('reads every page of the admin group', async () => {
    cognito
      .on('ListUsersInGroup')
      .callsFake((input) =>
        input.NextToken === 'page-2'
          ? { Users: [member('second@example.com')] }
          : { Users: [member('first@example.com')], NextToken: 'page-2' },
      );
    expect((await activate()).statusCode).toBe(201);
    expect(outbox.mails.map((mail) => mail.to[0])).toEqual(['first@example.com', 'second@example.com']);
  });

  it('keeps the activation when SES refuses or the admin group cannot be read', async () => {
    outbox.refuse();
    const refused = await activate();
    expect(refused.statusCode).toBe(201);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(1);
    expect(outbox.requests).toHaveLength(2);

    outbox.reset();
    cognito.on('ListUsersInGroup').rejects('TooManyRequestsException', 'Rate exceeded');
    const unlisted = await activate();
    expect(unlisted.statusCode).toBe(201);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(2);
    expect(outbox.requests).toHaveLength(0);
  });

  it('mails nobody for a save that activates nothing', async () => {
    const { handler } = (await import('../../src/handlers/payment-wallet-save.js')) as { handler: HttpHandler };
    const res = await invoke(
      handler,
      httpEvent({
        routeId: 'payment-wallet-save',
        claims: CALLERS.admin,
        body: { address: NEW_ADDRESS, network: 'TRC20', currency: 'USDT', isActive: false },
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(cognito.inputsOf('ListUsersInGroup')).toEqual([]);
    expect(outbox.requests).toEqual([]);
  });
});

describe('with ADMIN_MFA_REQUIRED=true: activating needs a TOTP sign-in from the last 5 minutes', () => {
  let strictHandler: HttpHandler;
  beforeAll(async () => {
    vi.stubEnv('ADMIN_MFA_REQUIRED', 'true');
    vi.resetModules();
    strictHandler = ((await import('../../src/handlers/payment-wallet-save.js')) as { handler: HttpHandler }).handler;
  });
  afterAll(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  /** An administrator with TOTP on since a day ago, whose token's sign-in was `ageSeconds` ago. */
  const adminSignedIn = (ageSeconds: number) => {
    const authTime = Math.floor(Date.now() / 1000) - ageSeconds;
    const claims: Claims = { ...CALLERS.admin, auth_time: String(authTime), iat: String(authTime) };
    dynamo.on(GetCommand, { Key: { PK: `USER#${claims.sub}`, SK: 'PROFILE' } }).resolves({
      Item: profileItemOf(claims, { mfaEnabledAt: new Date(Date.now() - 86_400_000).toISOString() }),
    });
    return claims;
  };
  const activateAs = (claims: Claims, isActive = true) =>
    invoke(
      strictHandler,
      httpEvent({
        routeId: 'payment-wallet-save',
        claims,
        body: { address: NEW_ADDRESS, network: 'TRC20', currency: 'USDT', isActive },
      }),
    );

  it('refuses a sign-in older than 5 minutes with 403, a clear message and totpRequired, changing nothing', async () => {
    const res = await activateAs(adminSignedIn(5 * 60 + 30));
    expect(res.statusCode).toBe(403);
    expect(res.body).toMatchObject({
      message: 'Enter your password and a code from your authenticator app to activate a wallet.',
      totpRequired: true,
    });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
    expect(outbox.requests).toHaveLength(0);
  });

  it('activates with a sign-in from a minute ago, and saves an inactive wallet with an older one', async () => {
    expect((await activateAs(adminSignedIn(60))).statusCode).toBe(201);
    expect(outbox.mails).toHaveLength(2);
    expect((await activateAs(adminSignedIn(3_600), false)).statusCode).toBe(201);
  });
});
