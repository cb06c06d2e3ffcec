import type { HttpRequest } from '@smithy/types';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startAwsWireServer, type AwsWireServer, awsRejection, restoreEnvAfterEach } from '../helpers/aws-outbox.js';

/**
 * Cognito (adapters/cognito-directory.ts) and Secrets Manager (adapters/secrets.ts) on the wire,
 * against a local HTTP server standing in for each service: AWS JSON 1.1 (POST /, the operation in
 * X-Amz-Target, the input as JSON), signed with SigV4 for `cognito-idp` and `secretsmanager`; and
 * how answers and errors are read back: the error's name is the service's `__type`, as the SDK
 * clients named them, so every mapping of the directory keeps working. Config is read at import, so
 * each case imports the adapters afresh with its environment.
 */
let cognitoServer: AwsWireServer;
let secretsServer: AwsWireServer;
beforeAll(async () => {
  cognitoServer = await startAwsWireServer({ status: 200, body: '{}' });
  secretsServer = await startAwsWireServer({ status: 200, body: '{"Name":"s","SecretString":"the-value"}' });
});
afterAll(async () => {
  await cognitoServer.close();
  await secretsServer.close();
});

const ENV_KEYS = ['AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER', 'AWS_ENDPOINT_URL_SECRETS_MANAGER'] as const;
restoreEnvAfterEach(ENV_KEYS);
beforeEach(() => {
  cognitoServer.received.length = 0;
  secretsServer.received.length = 0;
  process.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER = cognitoServer.url;
  process.env.AWS_ENDPOINT_URL_SECRETS_MANAGER = secretsServer.url;
  vi.resetModules();
});

const directory = async () => import('../../src/adapters/cognito-directory.js');
const secrets = async () => import('../../src/adapters/secrets.js');

const EMAIL = 'jane.doe@example.com';
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const ID_TOKEN = `${b64({ alg: 'RS256' })}.${b64({ sub: 'sub-1', email: EMAIL, 'cognito:groups': ['admin'], iat: 1767268500 })}.c2ln`;

/** Cognito's error answer, as AWS and cognito-local send it. */
const cognitoError = (type: string, message: string, status = 400) => ({
  status,
  headers: { 'content-type': 'application/x-amz-json-1.1' },
  body: JSON.stringify({ __type: type, message }),
});

describe('cognitoDirectory on the wire', () => {
  it('signs up with one signed AWS JSON 1.1 request: the operation in X-Amz-Target, the input as JSON', async () => {
    cognitoServer.answer({ status: 200, body: '{"UserSub":"sub-1","UserConfirmed":false}' });
    const { cognitoDirectory } = await directory();
    await expect(cognitoDirectory.signUp(EMAIL, 'Str0ng!Pass')).resolves.toBe('sub-1');
    expect(cognitoServer.received).toHaveLength(1);
    const [request] = cognitoServer.received;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/');
    expect(request?.headers['content-type']).toBe('application/x-amz-json-1.1');
    expect(request?.headers['x-amz-target']).toBe('AWSCognitoIdentityProviderService.SignUp');
    expect(request?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=test\/\d{8}\/us-east-1\/cognito-idp\/aws4_request, SignedHeaders=[^,]*\bx-amz-target\b[^,]*, Signature=[0-9a-f]{64}$/,
    );
    expect(request?.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(JSON.parse(request?.body ?? '')).toEqual({
      ClientId: 'test-client',
      Username: EMAIL,
      Password: 'Str0ng!Pass',
      UserAttributes: [{ Name: 'email', Value: EMAIL }],
    });
  });

  it("names the error by Cognito's __type: UsernameExistsException is the spec's 409, sent once", async () => {
    cognitoServer.answer(cognitoError('UsernameExistsException', 'An account with the given email already exists.'));
    const { cognitoDirectory } = await directory();
    const error = await awsRejection(cognitoDirectory.signUp(EMAIL, 'Str0ng!Pass'));
    expect(error.name).toBe('ConflictError');
    expect(error.message).toBe('An account with this email already exists. Please sign in instead.');
    expect(cognitoServer.received).toHaveLength(1);
  });

  it('throws an unmapped Cognito error named by its __type, with its message and status, untried again', async () => {
    cognitoServer.answer(cognitoError('com.amazonaws.cognito#InvalidParameterException', 'Invalid attributes given.'));
    const { cognitoDirectory } = await directory();
    const error = await awsRejection(cognitoDirectory.setPassword(EMAIL, 'N3w!Passw0rd'));
    expect(error.name).toBe('InvalidParameterException');
    expect(error.message).toBe('Invalid attributes given.');
    expect(error.$metadata?.httpStatusCode).toBe(400);
    expect(cognitoServer.received).toHaveLength(1);
    expect(cognitoServer.received[0]?.headers['x-amz-target']).toBe(
      'AWSCognitoIdentityProviderService.AdminSetUserPassword',
    );
    expect(JSON.parse(cognitoServer.received[0]?.body ?? '')).toEqual({
      UserPoolId: 'us-east-1_test',
      Username: EMAIL,
      Password: 'N3w!Passw0rd',
      Permanent: true,
    });
  });

  it('signs in: the tokens and their claims read from the answer', async () => {
    cognitoServer.answer({
      status: 200,
      body: JSON.stringify({
        AuthenticationResult: { IdToken: ID_TOKEN, AccessToken: 'a-1', RefreshToken: 'r-1', ExpiresIn: 900 },
      }),
    });
    const { cognitoDirectory } = await directory();
    await expect(cognitoDirectory.signIn(EMAIL, 'Str0ng!Pass')).resolves.toEqual({
      kind: 'ok',
      tokens: {
        idToken: ID_TOKEN,
        accessToken: 'a-1',
        refreshToken: 'r-1',
        expiresIn: 900,
        claims: { sub: 'sub-1', email: EMAIL, groups: ['admin'], iat: 1767268500 },
      },
    });
    expect(cognitoServer.received[0]?.headers['x-amz-target']).toBe('AWSCognitoIdentityProviderService.InitiateAuth');
    expect(JSON.parse(cognitoServer.received[0]?.body ?? '')).toEqual({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: 'test-client',
      AuthParameters: { USERNAME: EMAIL, PASSWORD: 'Str0ng!Pass' },
    });
  });

  it.each([
    ['NotAuthorizedException', 'Incorrect username or password.', { kind: 'invalid' }],
    ['NotAuthorizedException', 'User is disabled.', { kind: 'disabled' }],
    ['UserNotFoundException', 'User does not exist.', { kind: 'invalid' }],
    ['InvalidPasswordException', 'Invalid password', { kind: 'invalid' }],
    ['UserNotConfirmedException', 'User is not confirmed.', { kind: 'unconfirmed' }],
  ])('answers sign-in refused with %s (%s) as %o', async (type, message, expected) => {
    cognitoServer.answer(cognitoError(type, message));
    const { cognitoDirectory } = await directory();
    await expect(cognitoDirectory.signIn(EMAIL, 'Wr0ng!Pass')).resolves.toEqual(expected);
    expect(cognitoServer.received).toHaveLength(1);
  });

  it("answers 'unsupported' for cognito-local's global sign-out (its 500 CognitoLocal#Unsupported, retried as the SDK did)", async () => {
    cognitoServer.answer(
      ...Array.from({ length: 3 }, () =>
        cognitoError('CognitoLocal#Unsupported', 'Cognito Local unsupported feature: AdminUserGlobalSignOut', 500),
      ),
    );
    const { cognitoDirectory } = await directory();
    await expect(cognitoDirectory.signOutEverywhere(EMAIL)).resolves.toBe('unsupported');
    expect(cognitoServer.received).toHaveLength(3);
    expect(cognitoServer.received[0]?.headers['x-amz-target']).toBe(
      'AWSCognitoIdentityProviderService.AdminUserGlobalSignOut',
    );
  });

  it("answers 'not-found' when an administrator's deactivation finds no user in the pool", async () => {
    cognitoServer.answer(cognitoError('UserNotFoundException', 'User does not exist.'));
    const { setUserEnabled } = await directory();
    await expect(setUserEnabled(EMAIL, false)).resolves.toBe('not-found');
    expect(cognitoServer.received[0]?.headers['x-amz-target']).toBe(
      'AWSCognitoIdentityProviderService.AdminDisableUser',
    );
    expect(JSON.parse(cognitoServer.received[0]?.body ?? '')).toEqual({
      UserPoolId: 'us-east-1_test',
      Username: EMAIL,
    });
  });

  it('reads an empty 200 answer (AdminDeleteUser) as done', async () => {
    cognitoServer.answer({ status: 200, body: '' });
    const { cognitoDirectory } = await directory();
    await expect(cognitoDirectory.deleteUser(EMAIL)).resolves.toBeUndefined();
    expect(cognitoServer.received[0]?.headers['x-amz-target']).toBe(
      'AWSCognitoIdentityProviderService.AdminDeleteUser',
    );
  });

  it("in AWS: Cognito's regional endpoint over HTTPS, signed for cognito-idp", async () => {
    delete process.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER;
    const adapter = await import('../../src/adapters/aws-signed-request.js');
    const sent: HttpRequest[] = [];
    adapter.setAwsTransportForTests((request) => {
      sent.push(request);
      return Promise.resolve({ status: 200, headers: {}, body: '{"UserStatus":"CONFIRMED"}' });
    });
    try {
      const { cognitoDirectory } = await directory();
      await expect(cognitoDirectory.userStatus(EMAIL)).resolves.toBe('CONFIRMED');
    } finally {
      adapter.setAwsTransportForTests(undefined);
    }
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      protocol: 'https:',
      hostname: 'cognito-idp.us-east-1.amazonaws.com',
      method: 'POST',
      path: '/',
    });
    expect(sent[0]?.headers.host).toBe('cognito-idp.us-east-1.amazonaws.com');
    expect(sent[0]?.headers.authorization).toMatch(/\/us-east-1\/cognito-idp\/aws4_request, /);
  });
});

describe('readSecret on the wire', () => {
  it('reads the secret with one signed GetSecretValue', async () => {
    const { readSecret } = await secrets();
    await expect(readSecret('arn:aws:secretsmanager:us-east-1:123456789012:secret:otp-AbCdEf')).resolves.toBe(
      'the-value',
    );
    expect(secretsServer.received).toHaveLength(1);
    const [request] = secretsServer.received;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/');
    expect(request?.headers['content-type']).toBe('application/x-amz-json-1.1');
    expect(request?.headers['x-amz-target']).toBe('secretsmanager.GetSecretValue');
    expect(request?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=test\/\d{8}\/us-east-1\/secretsmanager\/aws4_request, /,
    );
    expect(JSON.parse(request?.body ?? '')).toEqual({
      SecretId: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:otp-AbCdEf',
    });
  });

  it("throws the service's error by its __type, with its message", async () => {
    secretsServer.answer({
      status: 400,
      body: JSON.stringify({
        __type: 'ResourceNotFoundException',
        message: "Secrets Manager can't find the specified secret.",
      }),
    });
    const { readSecret } = await secrets();
    const error = await awsRejection(readSecret('missing'));
    expect(error.name).toBe('ResourceNotFoundException');
    expect(error.message).toBe("Secrets Manager can't find the specified secret.");
    expect(error.$metadata?.httpStatusCode).toBe(400);
    expect(secretsServer.received).toHaveLength(1);
  });

  it('refuses a secret without a string value (a binary secret)', async () => {
    secretsServer.answer({ status: 200, body: '{"Name":"bin","SecretBinary":"AAEC"}' });
    const { readSecret } = await secrets();
    await expect(readSecret('bin')).rejects.toThrow('Secret bin has no string value');
  });

  it("in AWS: Secrets Manager's regional endpoint over HTTPS", async () => {
    delete process.env.AWS_ENDPOINT_URL_SECRETS_MANAGER;
    const adapter = await import('../../src/adapters/aws-signed-request.js');
    const sent: HttpRequest[] = [];
    adapter.setAwsTransportForTests((request) => {
      sent.push(request);
      return Promise.resolve({ status: 200, headers: {}, body: '{"SecretString":"v"}' });
    });
    try {
      const { readSecret } = await secrets();
      await expect(readSecret('s')).resolves.toBe('v');
    } finally {
      adapter.setAwsTransportForTests(undefined);
    }
    expect(sent[0]).toMatchObject({ protocol: 'https:', hostname: 'secretsmanager.us-east-1.amazonaws.com' });
    expect(sent[0]?.headers.host).toBe('secretsmanager.us-east-1.amazonaws.com');
  });
});
