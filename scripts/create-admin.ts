/**
 * `npm run create-admin -- --email admin@example.com [--pool-id us-east-1_AbC] [--region eu-west-1]`
 *
 * Creates (or promotes) a back-office administrator in a deployed Cognito user pool: a confirmed
 * user with a verified e-mail and a permanent password, member of the `admin` group. Cognito sends
 * no mail (SUPPRESS). Safe to run again: an existing user keeps its password (unless
 * --reset-password) and is only added to the group. The local stack creates its own admin; this is
 * for AWS. The admin's profile (referral code etc.) is created on first sign-in.
 *
 * The password comes from ADMIN_PASSWORD or is asked for on the terminal without echo. It must meet
 * the pool policy: at least 8 characters with upper case, lower case, a digit and a symbol.
 * Credentials and the default region come from the usual AWS CLI configuration.
 */
import { Writable } from 'node:stream';
import { createInterface } from 'node:readline/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { ADMIN_GROUP, AUTH } from '@goldbot/shared';

export const USAGE = `Usage: npm run create-admin -- --email <address> [--pool-id <user pool id>] [--region <region>] [--reset-password]

  --email           the administrator's e-mail address (their sign-in name)
  --pool-id         the user pool (the UserPoolId output of the Goldbot-Auth stack); default: env USER_POOL_ID,
                    else read from the Goldbot-Auth stack's UserPoolId output
  --region          default: the region in the pool id, else your AWS configuration
  --reset-password  also set the password of a user who already exists

The password is read from ADMIN_PASSWORD, or asked for without echo.`;

export const AUTH_STACK_NAME = 'Goldbot-Auth';
const POOL_ID_PATTERN = /^([a-z]{2}(?:-[a-z]+)+-\d)_[A-Za-z0-9]+$/;
const EMAIL_PATTERN = /^[^\s@"\\]+@[^\s@"\\]+\.[^\s@"\\]+$/;

export class UsageError extends Error {}

export interface CreateAdminOptions {
  email: string;
  poolId?: string;
  region?: string;
  resetPassword: boolean;
  help: boolean;
}

/** Parses `process.argv.slice(2)`; throws UsageError with one clear sentence. */
export function parseCreateAdminArgs(argv: string[], env: NodeJS.ProcessEnv = {}): CreateAdminOptions {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions(argv);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values } = parsed;
  if (values.help) return { email: '', resetPassword: false, help: true };
  const email = (values.email ?? '').trim().toLowerCase();
  if (email === '') throw new UsageError('--email is required.');
  if (!EMAIL_PATTERN.test(email)) throw new UsageError(`"${values.email}" is not an e-mail address.`);
  const poolId = (values['pool-id'] ?? env.USER_POOL_ID ?? '').trim() || undefined;
  if (poolId !== undefined && !POOL_ID_PATTERN.test(poolId)) {
    throw new UsageError(`"${poolId}" is not a user pool id (it looks like us-east-1_AbCdEf123).`);
  }
  const region = (values.region ?? '').trim() || (poolId ? POOL_ID_PATTERN.exec(poolId)?.[1] : undefined);
  return { email, poolId, region, resetPassword: values['reset-password'] ?? false, help: false };
}

const parseOptions = (argv: string[]) =>
  parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      email: { type: 'string' },
      'pool-id': { type: 'string' },
      region: { type: 'string' },
      'reset-password': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });

/** What is wrong with a password under the pool policy, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < AUTH.adminPasswordMinLength) {
    return `The password must be at least ${AUTH.adminPasswordMinLength} characters long.`;
  }
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/\d/.test(password) || !/[^A-Za-z0-9]/.test(password)) {
    return 'The password needs an upper-case letter, a lower-case letter, a digit and a symbol.';
  }
  return null;
}

/** Asks on the terminal; what is typed is not shown. */
export async function promptHidden(question: string): Promise<string> {
  if (!process.stdin.isTTY) throw new UsageError('No terminal to ask for the password on: set ADMIN_PASSWORD.');
  const muted = new Writable({ write: (_chunk, _encoding, done) => done() });
  process.stdout.write(question);
  const rl = createInterface({ input: process.stdin, output: muted, terminal: true });
  try {
    return await rl.question('');
  } finally {
    rl.close();
    process.stdout.write('\n');
  }
}

/** The UserPoolId output of the deployed auth stack (CloudFormation DescribeStacks). */
export async function poolIdFromStack(
  region: string | undefined,
  cloudFormation: CloudFormationClient = new CloudFormationClient({ region }),
): Promise<string> {
  const answer = await cloudFormation.send(new DescribeStacksCommand({ StackName: AUTH_STACK_NAME }));
  const value = answer.Stacks?.[0]?.Outputs?.find((o) => o.OutputKey === 'UserPoolId')?.OutputValue;
  if (!value) throw new UsageError(`The ${AUTH_STACK_NAME} stack has no UserPoolId output: pass --pool-id.`);
  return value;
}

const errorName = (error: unknown) => (error as { name?: string }).name ?? '';

export interface CreateAdminDeps {
  client: CognitoIdentityProviderClient;
  poolId: string;
  email: string;
  resetPassword: boolean;
  /** Called only when a password is needed. */
  password: () => Promise<string>;
  log: (line: string) => void;
}

export type CreateAdminOutcome = 'created' | 'promoted' | 'password-reset';

/** Idempotent: creates the user if missing, sets its password when needed, adds it to the admin group. */
export async function createAdmin(deps: CreateAdminDeps): Promise<CreateAdminOutcome> {
  const { client, poolId, email, log } = deps;
  const readPassword = async () => {
    const password = await deps.password();
    const problem = passwordProblem(password);
    if (problem) throw new UsageError(problem);
    return password;
  };

  let status: string | undefined;
  try {
    const existing = await client.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: email }));
    status = existing.UserStatus ?? 'UNKNOWN';
  } catch (error) {
    if (errorName(error) !== 'UserNotFoundException') throw error;
  }
  if (status === 'UNCONFIRMED') {
    throw new UsageError(
      `${email} registered but never verified the e-mail code. Let them finish the registration, or delete the user, then run this again.`,
    );
  }
  if (status === 'EXTERNAL_PROVIDER') {
    throw new UsageError(`${email} is a Google-only account; administrators sign in with e-mail and password.`);
  }

  let outcome: CreateAdminOutcome;
  if (status === undefined) {
    const password = await readPassword();
    await client.send(
      new AdminCreateUserCommand({
        UserPoolId: poolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    await client.send(
      new AdminSetUserPasswordCommand({ UserPoolId: poolId, Username: email, Password: password, Permanent: true }),
    );
    log(`Created ${email} with a permanent password.`);
    outcome = 'created';
  } else if (deps.resetPassword || status === 'FORCE_CHANGE_PASSWORD' || status === 'RESET_REQUIRED') {
    // A user left half-created by an earlier run (or a reset the operator asked for).
    const password = await readPassword();
    await client.send(
      new AdminSetUserPasswordCommand({ UserPoolId: poolId, Username: email, Password: password, Permanent: true }),
    );
    await client.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: poolId,
        Username: email,
        UserAttributes: [{ Name: 'email_verified', Value: 'true' }],
      }),
    );
    log(`${email} already existed; its password was set.`);
    outcome = 'password-reset';
  } else {
    log(`${email} already exists; keeping its password (pass --reset-password to change it).`);
    outcome = 'promoted';
  }

  // Adding a member twice is not an error in Cognito.
  await client.send(new AdminAddUserToGroupCommand({ UserPoolId: poolId, Username: email, GroupName: ADMIN_GROUP }));
  log(`${email} is in the "${ADMIN_GROUP}" group of ${poolId}. Sign in at /admin-login.`);
  return outcome;
}

async function main(): Promise<void> {
  // Operators may run this on Node 20; the SDK's notice about its future Node 22 floor is noise here.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const options = parseCreateAdminArgs(process.argv.slice(2), process.env);
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const poolId = options.poolId ?? (await poolIdFromStack(options.region));
  const region = options.region ?? POOL_ID_PATTERN.exec(poolId)?.[1];
  const client = new CognitoIdentityProviderClient(region ? { region } : {});
  await createAdmin({
    client,
    poolId,
    email: options.email,
    resetPassword: options.resetPassword,
    password: async () => {
      const fromEnv = process.env.ADMIN_PASSWORD;
      if (fromEnv) return fromEnv;
      const first = await promptHidden(`Password for ${options.email}: `);
      const again = await promptHidden('Repeat the password: ');
      if (first !== again) throw new UsageError('The passwords do not match.');
      return first;
    },
    log: (line) => process.stdout.write(`${line}\n`),
  });
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) {
  main().catch((error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`create-admin: ${error.message}\n\n${USAGE}\n`);
    } else {
      const name = errorName(error);
      const hint =
        name === 'ResourceNotFoundException'
          ? ' (is the pool id right, and in this region?)'
          : name === 'CredentialsProviderError' || name === 'UnrecognizedClientException'
            ? ' (are your AWS credentials configured?)'
            : '';
      process.stderr.write(`create-admin: ${name || 'Error'}: ${(error as Error).message}${hint}\n`);
    }
    process.exitCode = 1;
  });
}
