import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { UsageError, createAdmin, parseCreateAdminArgs, passwordProblem, poolIdFromStack } from '../create-admin.js';

describe('create-admin arguments', () => {
  it('reads the e-mail (lower-cased), the pool id and the region it implies', () => {
    expect(parseCreateAdminArgs(['--email', ' Admin@Example.com ', '--pool-id', 'eu-west-1_AbC123'])).toEqual({
      email: 'admin@example.com',
      poolId: 'eu-west-1_AbC123',
      region: 'eu-west-1',
      resetPassword: false,
      help: false,
    });
  });

  it('accepts --name=value, an explicit region and --reset-password', () => {
    expect(
      parseCreateAdminArgs(['--email=a@b.co', '--pool-id=us-east-1_X', '--region=us-east-2', '--reset-password']),
    ).toEqual({ email: 'a@b.co', poolId: 'us-east-1_X', region: 'us-east-2', resetPassword: true, help: false });
  });

  it('takes the pool id from USER_POOL_ID, and leaves both open when neither is given', () => {
    expect(parseCreateAdminArgs(['--email', 'a@b.co'], { USER_POOL_ID: 'ap-southeast-2_Q1' })).toMatchObject({
      poolId: 'ap-southeast-2_Q1',
      region: 'ap-southeast-2',
    });
    expect(parseCreateAdminArgs(['--email', 'a@b.co'])).toMatchObject({ poolId: undefined, region: undefined });
  });

  it('answers --help without requiring anything else', () => {
    expect(parseCreateAdminArgs(['--help']).help).toBe(true);
    expect(parseCreateAdminArgs(['-h']).help).toBe(true);
  });

  it.each([
    [[], '--email is required.'],
    [['--email'], /argument missing/i],
    [['--email', 'not-an-address'], '"not-an-address" is not an e-mail address.'],
    [['--email', 'a"b@c.de'], /is not an e-mail address/],
    [
      ['--email', 'a@b.co', '--pool-id', 'mypool'],
      '"mypool" is not a user pool id (it looks like us-east-1_AbCdEf123).',
    ],
    [['--email', 'a@b.co', '--unknown'], /Unknown option '--unknown'/],
    [['a@b.co'], /Unexpected argument/],
  ] as const)('refuses %j with a clear message', (argv, message) => {
    expect(() => parseCreateAdminArgs([...argv])).toThrow(UsageError);
    expect(() => parseCreateAdminArgs([...argv])).toThrow(message);
  });
});

describe('passwordProblem', () => {
  it('applies the pool policy (8+, upper, lower, digit, symbol)', () => {
    expect(passwordProblem('Adm1n!pass')).toBeNull();
    expect(passwordProblem('Ad1!')).toBe('The password must be at least 8 characters long.');
    expect(passwordProblem('admin1!pass')).toMatch(/upper-case/);
    expect(passwordProblem('Adminpass!')).toMatch(/digit/);
    expect(passwordProblem('Admin1pass')).toMatch(/symbol/);
  });
});

describe('poolIdFromStack', () => {
  const cloudFormation = mockClient(CloudFormationClient);
  const client = new CloudFormationClient({ region: 'us-east-1' });
  beforeEach(() => cloudFormation.reset());
  afterAll(() => cloudFormation.restore());

  it("reads the Goldbot-Auth stack's UserPoolId output", async () => {
    cloudFormation.on(DescribeStacksCommand, { StackName: 'Goldbot-Auth' }).resolves({
      Stacks: [
        {
          StackName: 'Goldbot-Auth',
          StackStatus: 'CREATE_COMPLETE',
          CreationTime: new Date(),
          Outputs: [{ OutputKey: 'UserPoolId', OutputValue: 'us-east-1_Pool' }],
        },
      ],
    });
    await expect(poolIdFromStack('us-east-1', client)).resolves.toBe('us-east-1_Pool');
  });

  it('asks for --pool-id when the stack has no such output', async () => {
    cloudFormation.on(DescribeStacksCommand).resolves({ Stacks: [] });
    await expect(poolIdFromStack('us-east-1', client)).rejects.toThrow(
      'The Goldbot-Auth stack has no UserPoolId output: pass --pool-id.',
    );
  });
});

describe('createAdmin', () => {
  const cognito = mockClient(CognitoIdentityProviderClient);
  const POOL = 'us-east-1_TEST';
  const EMAIL = 'admin@example.com';
  let lines: string[];
  const run = (overrides: { resetPassword?: boolean; password?: string } = {}) =>
    createAdmin({
      client: new CognitoIdentityProviderClient({ region: 'us-east-1' }),
      poolId: POOL,
      email: EMAIL,
      resetPassword: overrides.resetPassword ?? false,
      password: vi.fn(async () => overrides.password ?? 'Adm1n!pass'),
      log: (line) => lines.push(line),
    });
  const names = () => cognito.calls().map((c) => c.args[0].constructor.name);

  beforeEach(() => {
    cognito.reset();
    cognito.onAnyCommand().resolves({});
    lines = [];
  });
  afterAll(() => cognito.restore());

  it('creates a verified user without any mail, sets a permanent password and adds it to the admin group', async () => {
    cognito
      .on(AdminGetUserCommand)
      .rejects(new UserNotFoundException({ message: 'User does not exist.', $metadata: {} }));
    await expect(run()).resolves.toBe('created');
    expect(names()).toEqual([
      'AdminGetUserCommand',
      'AdminCreateUserCommand',
      'AdminSetUserPasswordCommand',
      'AdminAddUserToGroupCommand',
    ]);
    expect(cognito.commandCalls(AdminCreateUserCommand)[0]?.args[0].input).toEqual({
      UserPoolId: POOL,
      Username: EMAIL,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: EMAIL },
        { Name: 'email_verified', Value: 'true' },
      ],
    });
    expect(cognito.commandCalls(AdminSetUserPasswordCommand)[0]?.args[0].input).toMatchObject({
      Password: 'Adm1n!pass',
      Permanent: true,
    });
    expect(cognito.commandCalls(AdminAddUserToGroupCommand)[0]?.args[0].input).toEqual({
      UserPoolId: POOL,
      Username: EMAIL,
      GroupName: 'admin',
    });
    expect(lines.join('\n')).not.toContain('Adm1n!pass');
  });

  it('only promotes an existing confirmed user, keeping its password (idempotent)', async () => {
    cognito.on(AdminGetUserCommand).resolves({ Username: 'sub-1', UserStatus: 'CONFIRMED' });
    await expect(run()).resolves.toBe('promoted');
    await expect(run()).resolves.toBe('promoted');
    expect(cognito.commandCalls(AdminSetUserPasswordCommand)).toHaveLength(0);
    expect(cognito.commandCalls(AdminCreateUserCommand)).toHaveLength(0);
    expect(cognito.commandCalls(AdminAddUserToGroupCommand)).toHaveLength(2);
    expect(lines[0]).toMatch(/already exists; keeping its password/);
  });

  it('sets the password of a half-created user, or when asked to', async () => {
    cognito.on(AdminGetUserCommand).resolves({ UserStatus: 'FORCE_CHANGE_PASSWORD' });
    await expect(run()).resolves.toBe('password-reset');
    cognito.on(AdminGetUserCommand).resolves({ UserStatus: 'CONFIRMED' });
    await expect(run({ resetPassword: true })).resolves.toBe('password-reset');
    expect(cognito.commandCalls(AdminSetUserPasswordCommand)).toHaveLength(2);
    expect(cognito.commandCalls(AdminUpdateUserAttributesCommand)[0]?.args[0].input.UserAttributes).toEqual([
      { Name: 'email_verified', Value: 'true' },
    ]);
  });

  it('refuses a weak password before creating anything', async () => {
    cognito
      .on(AdminGetUserCommand)
      .rejects(new UserNotFoundException({ message: 'User does not exist.', $metadata: {} }));
    await expect(run({ password: 'short' })).rejects.toThrow('The password must be at least 8 characters long.');
    expect(names()).toEqual(['AdminGetUserCommand']);
  });

  it('refuses unverified registrations and Google-only accounts', async () => {
    cognito.on(AdminGetUserCommand).resolves({ UserStatus: 'UNCONFIRMED' });
    await expect(run()).rejects.toThrow(/never verified/);
    cognito.on(AdminGetUserCommand).resolves({ UserStatus: 'EXTERNAL_PROVIDER' });
    await expect(run()).rejects.toThrow(/Google-only/);
    expect(cognito.commandCalls(AdminAddUserToGroupCommand)).toHaveLength(0);
  });
});
