import {
  AdminDeleteUserCommand,
  AdminLinkProviderForUserCommand,
  AdminListGroupsForUserCommand,
  CognitoIdentityProviderClient,
  InvalidParameterException,
  ListUsersCommand,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_SIGN_IN_REQUIRED_MESSAGE } from '@goldbot/shared';
import { PRE_SIGN_UP_MESSAGES, handler, parseExternalUserName } from '../../src/triggers/pre-sign-up.js';

/** The PreSignUp trigger that links a first Google sign-in to an existing native account. */
const cognito = mockClient(CognitoIdentityProviderClient);
const dynamo = mockClient(DynamoDBDocumentClient);
beforeEach(() => {
  cognito.reset();
  dynamo.reset();
  cognito.on(ListUsersCommand).resolves({ Users: [] });
  cognito.on(AdminLinkProviderForUserCommand).resolves({});
  cognito.on(AdminListGroupsForUserCommand).resolves({ Groups: [] });
  cognito.on(AdminDeleteUserCommand).resolves({});
  // No registration of ours holds the address.
  dynamo.on(GetCommand).resolves({});
});
afterAll(() => {
  cognito.restore();
  dynamo.restore();
});

const POOL = 'us-east-1_EXAMPLE';
const nowEpoch = () => Math.floor(Date.now() / 1000);
const GOOGLE_SUB = '109876543210987654321';
const NATIVE = '5f3c2a1e-8b7d-4c6a-9e0f-1a2b3c4d5e6f';

function event(
  triggerSource: PreSignUpTriggerEvent['triggerSource'],
  attributes: Record<string, string> = { email: 'Jane.Doe@gmail.com', email_verified: 'true' },
  userName = `Google_${GOOGLE_SUB}`,
): PreSignUpTriggerEvent {
  return {
    version: '1',
    region: 'us-east-1',
    userPoolId: POOL,
    userName,
    callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: 'hosted-ui-client' },
    triggerSource,
    request: { userAttributes: attributes },
    response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
  } as PreSignUpTriggerEvent;
}

const nativeUser = (overrides: Partial<UserType> = {}, emailVerified = 'true'): UserType => ({
  Username: NATIVE,
  UserStatus: 'CONFIRMED',
  Enabled: true,
  Attributes: [
    { Name: 'sub', Value: NATIVE },
    { Name: 'email', Value: 'jane.doe@gmail.com' },
    { Name: 'email_verified', Value: emailVerified },
  ],
  ...overrides,
});

describe('parseExternalUserName', () => {
  it('reads the Google subject from Cognito usernames in either casing', () => {
    expect(parseExternalUserName(`Google_${GOOGLE_SUB}`)).toEqual({
      providerName: 'Google',
      providerUserId: GOOGLE_SUB,
    });
    expect(parseExternalUserName(`google_${GOOGLE_SUB}`)).toEqual({
      providerName: 'Google',
      providerUserId: GOOGLE_SUB,
    });
  });

  it('keeps underscores inside the provider id and refuses other shapes', () => {
    expect(parseExternalUserName('Google_ab_cd')).toEqual({ providerName: 'Google', providerUserId: 'ab_cd' });
    expect(parseExternalUserName('Facebook_123')).toBeNull();
    expect(parseExternalUserName('plainuser')).toBeNull();
    expect(parseExternalUserName('Google_')).toBeNull();
  });
});

describe('PreSignUp trigger', () => {
  it.each(['PreSignUp_SignUp', 'PreSignUp_AdminCreateUser'] as const)(
    'leaves %s alone: our own code confirms native accounts',
    async (source) => {
      const input = event(source, { email: 'jane@example.com' }, NATIVE);
      const output = await handler(structuredClone(input));
      expect(output).toEqual(input);
      expect(cognito.calls()).toHaveLength(0);
    },
  );

  it('lets a new Google customer through, auto-confirmed and verified, without linking', async () => {
    const output = await handler(event('PreSignUp_ExternalProvider'));
    expect(output.response).toEqual({ autoConfirmUser: true, autoVerifyEmail: true, autoVerifyPhone: false });
    expect(cognito.commandCalls(ListUsersCommand)[0]?.args[0].input).toEqual({
      UserPoolId: POOL,
      Filter: 'email = "jane.doe@gmail.com"',
      PaginationToken: undefined,
    });
    expect(cognito.commandCalls(AdminLinkProviderForUserCommand)).toHaveLength(0);
  });

  it('links the Google identity to the native account with the same verified e-mail, then lets Cognito finish', async () => {
    cognito.on(ListUsersCommand).resolves({ Users: [nativeUser()] });
    const output = await handler(event('PreSignUp_ExternalProvider'));
    expect(cognito.commandCalls(AdminLinkProviderForUserCommand)[0]?.args[0].input).toEqual({
      UserPoolId: POOL,
      DestinationUser: { ProviderName: 'Cognito', ProviderAttributeValue: NATIVE },
      SourceUser: {
        ProviderName: 'Google',
        ProviderAttributeName: 'Cognito_Subject',
        ProviderAttributeValue: GOOGLE_SUB,
      },
    });
    // Returned, not thrown: since Cognito's 2023 fix, the same sign-in continues as the native user.
    expect(output.response.autoConfirmUser).toBe(true);
  });

  it('ignores other federated users with the same address and pages through ListUsers', async () => {
    const otherFederated: UserType = { Username: 'Google_111', UserStatus: 'EXTERNAL_PROVIDER', Attributes: [] };
    cognito
      .on(ListUsersCommand)
      .resolvesOnce({ Users: [otherFederated], PaginationToken: 'page-2' })
      .resolves({ Users: [nativeUser()] });
    await handler(event('PreSignUp_ExternalProvider'));
    expect(cognito.commandCalls(ListUsersCommand)[1]?.args[0].input.PaginationToken).toBe('page-2');
    expect(
      cognito.commandCalls(AdminLinkProviderForUserCommand)[0]?.args[0].input.DestinationUser?.ProviderAttributeValue,
    ).toBe(NATIVE);
  });

  it('refuses to link an unverified Google address to an existing account', async () => {
    cognito.on(ListUsersCommand).resolves({ Users: [nativeUser()] });
    await expect(
      handler(event('PreSignUp_ExternalProvider', { email: 'jane.doe@gmail.com', email_verified: 'false' })),
    ).rejects.toThrow(PRE_SIGN_UP_MESSAGES.unverifiedGoogleEmail);
    expect(cognito.commandCalls(AdminLinkProviderForUserCommand)).toHaveLength(0);
  });

  it('never takes over a registration whose address was not verified with our code', async () => {
    // A registration of ours holds the address (its marker lives 24 hours).
    dynamo.on(GetCommand).resolves({
      Item: { PK: 'EMAIL#jane.doe@gmail.com', SK: 'EMAIL', userId: NATIVE, expiresAt: nowEpoch() + 3600 },
    });
    cognito.on(ListUsersCommand).resolves({ Users: [nativeUser({ UserStatus: 'UNCONFIRMED' }, 'false')] });
    await expect(handler(event('PreSignUp_ExternalProvider'))).rejects.toThrow(
      PRE_SIGN_UP_MESSAGES.pendingRegistration,
    );
    expect(dynamo.commandCalls(GetCommand)[0]?.args[0].input).toEqual({
      TableName: 'test-table',
      Key: { PK: 'EMAIL#jane.doe@gmail.com', SK: 'EMAIL' },
      ConsistentRead: true,
    });
    cognito.on(ListUsersCommand).resolves({ Users: [nativeUser({}, 'false')] });
    await expect(handler(event('PreSignUp_ExternalProvider'))).rejects.toThrow(
      PRE_SIGN_UP_MESSAGES.pendingRegistration,
    );
    expect(cognito.commandCalls(AdminLinkProviderForUserCommand)).toHaveLength(0);
    expect(cognito.commandCalls(AdminDeleteUserCommand)).toHaveLength(0);
  });

  it('counts a registration that has only claimed the address as live (it is signing up in Cognito right now)', async () => {
    dynamo.on(GetCommand).resolves({
      Item: { PK: 'EMAIL#jane.doe@gmail.com', SK: 'EMAIL', registrationClaim: 'claim-1', expiresAt: nowEpoch() + 60 },
    });
    cognito.on(ListUsersCommand).resolves({ Users: [nativeUser({ UserStatus: 'UNCONFIRMED' }, 'false')] });
    await expect(handler(event('PreSignUp_ExternalProvider'))).rejects.toThrow(
      PRE_SIGN_UP_MESSAGES.pendingRegistration,
    );
    expect(cognito.commandCalls(AdminDeleteUserCommand)).toHaveLength(0);
  });

  it.each([
    ['no marker at all (a stranger called SignUp with the public client id)', undefined],
    [
      'an expired marker (our sign-up, abandoned past its 24 hours)',
      { PK: 'EMAIL#jane.doe@gmail.com', SK: 'EMAIL', userId: NATIVE, expiresAt: nowEpoch() - 1 },
    ],
  ])(
    'deletes an UNCONFIRMED user with %s, and Google creates the user as for a new customer',
    async (_label, marker) => {
      dynamo.on(GetCommand).resolves(marker ? { Item: marker } : {});
      cognito.on(ListUsersCommand).resolves({ Users: [nativeUser({ UserStatus: 'UNCONFIRMED' }, 'false')] });
      const output = await handler(event('PreSignUp_ExternalProvider'));
      expect(cognito.commandCalls(AdminDeleteUserCommand).map((call) => call.args[0].input)).toEqual([
        { UserPoolId: POOL, Username: NATIVE },
      ]);
      // Returned, auto-confirmed and verified as Google says: Cognito creates the federated user.
      expect(output.response).toEqual({ autoConfirmUser: true, autoVerifyEmail: true, autoVerifyPhone: false });
      expect(cognito.commandCalls(AdminLinkProviderForUserCommand)).toHaveLength(0);
    },
  );

  it('reads no table when no native user is unconfirmed', async () => {
    cognito.on(ListUsersCommand).resolves({ Users: [nativeUser()] });
    await handler(event('PreSignUp_ExternalProvider'));
    await handler(event('PreSignUp_ExternalProvider', { email: 'new@gmail.com', email_verified: 'true' }));
    expect(dynamo.calls()).toHaveLength(0);
  });

  it('never links a Google identity to an administrator, and says how administrators sign in', async () => {
    cognito.on(ListUsersCommand).resolves({ Users: [nativeUser()] });
    cognito
      .on(AdminListGroupsForUserCommand)
      .resolvesOnce({ Groups: [{ GroupName: 'beta' }], NextToken: 'more' })
      .resolves({ Groups: [{ GroupName: 'admin' }] });
    await expect(handler(event('PreSignUp_ExternalProvider'))).rejects.toThrow(ADMIN_SIGN_IN_REQUIRED_MESSAGE);
    expect(PRE_SIGN_UP_MESSAGES.administrator).toBe(ADMIN_SIGN_IN_REQUIRED_MESSAGE);
    expect(cognito.commandCalls(AdminListGroupsForUserCommand).map((call) => call.args[0].input)).toEqual([
      { UserPoolId: POOL, Username: NATIVE, NextToken: undefined },
      { UserPoolId: POOL, Username: NATIVE, NextToken: 'more' },
    ]);
    expect(cognito.commandCalls(AdminLinkProviderForUserCommand)).toHaveLength(0);
  });

  it('links a member of other groups as any customer', async () => {
    cognito.on(ListUsersCommand).resolves({ Users: [nativeUser()] });
    cognito.on(AdminListGroupsForUserCommand).resolves({ Groups: [{ GroupName: 'administrators' }] });
    await handler(event('PreSignUp_ExternalProvider'));
    expect(cognito.commandCalls(AdminLinkProviderForUserCommand)).toHaveLength(1);
  });

  it('keeps a deactivated account closed', async () => {
    cognito.on(ListUsersCommand).resolves({ Users: [nativeUser({ Enabled: false })] });
    await expect(handler(event('PreSignUp_ExternalProvider'))).rejects.toThrow('Account is deactivated');
    expect(cognito.commandCalls(AdminLinkProviderForUserCommand)).toHaveLength(0);
  });

  it('treats a link made by an earlier (retried) invocation as success', async () => {
    const linked = nativeUser();
    linked.Attributes?.push({
      Name: 'identities',
      Value: JSON.stringify([{ userId: GOOGLE_SUB, providerName: 'Google', providerType: 'Google', primary: false }]),
    });
    cognito
      .on(ListUsersCommand)
      .resolvesOnce({ Users: [nativeUser()] })
      .resolves({ Users: [linked] });
    cognito
      .on(AdminLinkProviderForUserCommand)
      .rejects(new InvalidParameterException({ message: 'Merging is not currently supported', $metadata: {} }));
    await expect(handler(event('PreSignUp_ExternalProvider'))).resolves.toMatchObject({
      response: { autoConfirmUser: true },
    });
  });

  it('fails the sign-in when linking fails for another reason', async () => {
    cognito.on(ListUsersCommand).resolves({ Users: [nativeUser()] });
    cognito.on(AdminLinkProviderForUserCommand).rejects(new Error('ThrottlingException'));
    await expect(handler(event('PreSignUp_ExternalProvider'))).rejects.toThrow('ThrottlingException');
  });

  it('refuses an address that could break out of the ListUsers filter', async () => {
    await expect(
      handler(event('PreSignUp_ExternalProvider', { email: 'a"b@gmail.com', email_verified: 'true' })),
    ).rejects.toThrow(PRE_SIGN_UP_MESSAGES.unusableEmail);
    expect(cognito.calls()).toHaveLength(0);
  });

  it('does not verify an address Google has not verified', async () => {
    const output = await handler(
      event('PreSignUp_ExternalProvider', { email: 'new@gmail.com', email_verified: 'false' }),
    );
    expect(output.response).toMatchObject({ autoConfirmUser: true, autoVerifyEmail: false });
  });
});
