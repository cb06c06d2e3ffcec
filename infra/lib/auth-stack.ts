import { ADMIN_GROUP, AUTH } from '@goldbot/shared';
import { CfnOutput, Duration, RemovalPolicy, SecretValue, Stack, type StackProps } from 'aws-cdk-lib';
import type { CfnUserPoolClient, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import {
  AccountRecovery,
  ClientAttributes,
  FeaturePlan,
  Mfa,
  OAuthScope,
  ProviderAttribute,
  UserPool,
  UserPoolClientIdentityProvider,
  UserPoolIdentityProviderGoogle,
  UserPoolOperation,
} from 'aws-cdk-lib/aws-cognito';
import { type ITable, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Policy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { bundledEntry, NODE_FUNCTION_DEFAULTS } from './constructs/app-function.js';
import { triggerEntry } from './paths.js';
import type { GoogleSettings, LogLevel } from './settings.js';

export interface AuthStackProps extends StackProps {
  readonly appUrl: string;
  /** Present only when all Google context values are given (see settings.ts). */
  readonly google?: GoogleSettings;
  /** The table whose e-mail markers tell the PreSignUp trigger which sign-ups are registrations of ours. */
  readonly table: ITable;
  /** Context `restoredTableName`: the table the functions use instead of `table` (as in the API stack). */
  readonly restoredTableName?: string;
  /** LOG_LEVEL of the user-pool trigger (default info). */
  readonly logLevel?: LogLevel;
}

/**
 * What the PreSignUp trigger may do on the pool: find the native users of an address, tell an
 * administrator (never linked), delete an unconfirmed sign-up no registration holds, and link an
 * identity to a customer's account.
 */
export const PRE_SIGN_UP_COGNITO_ACTIONS = [
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:AdminLinkProviderForUser',
  'cognito-idp:AdminListGroupsForUser',
  'cognito-idp:ListUsers',
] as const;

/** What the PreSignUp trigger reads of the table: the e-mail markers of registrations, by key. */
export const PRE_SIGN_UP_TABLE_PARTITIONS = ['EMAIL#*'] as const;

/**
 * Token lifetimes (docs/decisions.md, "Identity and sessions"): short access, and `POST /api/auth/refresh` keeps sessions alive.
 * The refresh token lives AUTH.refreshTokenDays (docs/security.md, "Sessions and revocation"), the same figure the session
 * registry and the HttpOnly refresh cookie use, so none of the three outlives the others.
 */
const TOKEN_VALIDITY = {
  idTokenValidity: Duration.hours(1),
  accessTokenValidity: Duration.hours(1),
  refreshTokenValidity: Duration.days(AUTH.refreshTokenDays),
} as const;

/**
 * What the app clients may write through a user's own token. E-mail is the pool's required
 * attribute, and Cognito insists that every app client can write its required attributes, so it
 * stays in both lists; what keeps a customer from changing it (UpdateUserAttributes) is that no
 * token they hold carries the right: the web client's access token never leaves the API and its
 * refresh needs the client secret, and the Google client's tokens lack the
 * aws.cognito.signin.user.admin scope. The Google client must also write what the IdP maps, or
 * Cognito refuses the mapping. `keepOriginal` is not set for e-mail: Cognito refuses it while
 * e-mail is not auto-verified, and this pool verifies e-mail itself on purpose.
 */
export const WEB_CLIENT_WRITE_ATTRIBUTES = new ClientAttributes().withStandardAttributes({ email: true });
export const GOOGLE_CLIENT_WRITE_ATTRIBUTES = new ClientAttributes().withStandardAttributes({
  email: true,
  emailVerified: true,
  givenName: true,
  familyName: true,
});

/**
 * The user directory and token issuer (docs/decisions.md, "Identity and sessions"). The API's auth endpoints drive it through
 * the Cognito API; one-time codes are ours (4 digits, which Cognito cannot send), so Cognito itself
 * never mails anyone.
 */
export class AuthStack extends Stack {
  readonly userPool: UserPool;
  /**
   * The client the auth Lambdas sign in through: confidential (its secret is read only by the
   * functions that sign in, refresh or revoke) and server-side flows only. The SPA never calls
   * Cognito with it: its id is only the audience of the tokens the API hands out.
   */
  readonly webClient: UserPoolClient;
  /** The hosted-UI client for Google sign-in; only with the Google context values. */
  readonly hostedUiClient?: UserPoolClient;
  /** `https://<prefix>.auth.<region>.amazoncognito.com`, only with Google. */
  hostedUiDomainUrl?: string;
  /**
   * `https://cognito-idp.<region>.amazonaws.com`, which Amplify calls to refresh hosted-UI tokens;
   * only with Google (the web stack's CSP allows it then).
   */
  cognitoApiOrigin?: string;
  /** Links a first Google sign-in to the native account with the same e-mail; only with Google. */
  readonly preSignUpTrigger?: IFunction;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);

    this.userPool = new UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      // Sign-up goes through POST /api/auth/Register (SignUp, then AdminConfirmSignUp after our OTP).
      // There is no hosted UI for native users; the hosted-UI client below offers Google only.
      selfSignUpEnabled: true,
      // Cognito would mail its own 6-digit code on SignUp if e-mail were auto-verified. Our handlers
      // verify the address with their 4-digit OTP and then set email_verified themselves.
      autoVerify: { email: false },
      standardAttributes: { email: { required: true, mutable: true } },
      passwordPolicy: {
        minLength: AUTH.passwordMinLength,
        requireUppercase: true,
        requireLowercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(3),
      },
      // Password reset is our OTP flow + AdminSetUserPassword; Cognito's ForgotPassword stays off.
      accountRecovery: AccountRecovery.NONE,
      // TOTP (authenticator app) MFA, optional per user (docs/security.md, "Administrators sign in with TOTP"): customers may opt in;
      // admins must use it when ADMIN_MFA_REQUIRED is on (context adminMfa), enforced at sign-in by
      // the auth functions. No SMS: it costs per message, needs an SNS role and is the weaker factor.
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      featurePlan: FeaturePlan.ESSENTIALS,
      deletionProtection: true,
      // The users are the customers: a stack operation must never delete them.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.userPool.addGroup('AdminGroup', {
      groupName: ADMIN_GROUP,
      description: 'Back-office administrators (checked by the API middleware from cognito:groups)',
    });

    this.webClient = this.userPool.addClient('WebClient', {
      // Confidential: nothing a customer holds (the client id in the page, their ID token, their
      // refresh cookie) lets them call Cognito around the API's back-off, limits and session
      // registry. The functions read the secret with DescribeUserPoolClient (infra/lib/access.ts),
      // so it is in neither the template nor an environment variable.
      generateSecret: true,
      // ADMIN_USER_PASSWORD_AUTH is IAM-authorised: only the auth functions can sign in. The CDK
      // adds ALLOW_REFRESH_TOKEN_AUTH beside it, which needs the secret too.
      authFlows: { adminUserPassword: true },
      writeAttributes: WEB_CLIENT_WRITE_ATTRIBUTES,
      // No OAuth on this client: tokens come only from our API (a hosted UI here would let people
      // sign up natively around our OTP flow).
      disableOAuth: true,
      supportedIdentityProviders: [UserPoolClientIdentityProvider.COGNITO],
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      ...TOKEN_VALIDITY,
    });

    if (props.google) {
      this.hostedUiClient = this.addGoogleSignIn(props.google, props.appUrl);
      // A restored table is referenced by name, as in the API stack.
      const table = props.restoredTableName
        ? Table.fromTableName(this, 'RestoredTable', props.restoredTableName)
        : props.table;
      this.preSignUpTrigger = this.addPreSignUpTrigger(props.logLevel ?? 'info', table);
    }

    NagSuppressions.addResourceSuppressions(this.userPool, [
      {
        id: 'AwsSolutions-COG2',
        reason:
          'MFA is OPTIONAL, not ON: TOTP is offered to every customer and required of admins at sign-in by the auth ' +
          'functions (ADMIN_MFA_REQUIRED, context adminMfa); requiring it of every customer is a product decision ' +
          'the spec does not make (e-mail + password with an OTP-verified e-mail).',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          'Essentials plan on purpose: threat protection (Plus) is billed per MAU. Brute force is limited by the ' +
          'sign-in back-off after repeated failures, per-IP and per-account request counters in DynamoDB ' +
          '(RATE_LIMITS in shared/src/constants.ts, checked by the handlers), per-route API throttles and, through ' +
          'CloudFront, the WAF per-IP rate rules.',
      },
    ]);

    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.webClient.userPoolClientId });
  }

  /**
   * Google through the Cognito hosted UI (docs/decisions.md, "Identity and sessions"): a Cognito domain, the Google IdP and a
   * hosted-UI client that offers Google only. The SPA uses Amplify `signInWithRedirect` with this
   * client id and the redirect URL `${appUrl}/auth/callback`. A first Google sign-in is linked to
   * an existing native user with the same verified e-mail by the PreSignUp trigger below.
   */
  private addGoogleSignIn(google: GoogleSettings, appUrl: string): UserPoolClient {
    const domain = this.userPool.addDomain('HostedUiDomain', { cognitoDomain: { domainPrefix: google.domainPrefix } });

    const idp = new UserPoolIdentityProviderGoogle(this, 'Google', {
      userPool: this.userPool,
      clientId: google.clientId,
      // Resolved by CloudFormation at deploy time: the secret never appears in the template.
      clientSecretValue: SecretValue.secretsManager(google.clientSecretName),
      scopes: ['openid', 'email', 'profile'],
      attributeMapping: {
        email: ProviderAttribute.GOOGLE_EMAIL,
        emailVerified: ProviderAttribute.GOOGLE_EMAIL_VERIFIED,
        givenName: ProviderAttribute.GOOGLE_GIVEN_NAME,
        familyName: ProviderAttribute.GOOGLE_FAMILY_NAME,
      },
    });

    const client = this.userPool.addClient('HostedUiClient', {
      // Public: the browser exchanges the code itself (PKCE), so it cannot keep a secret.
      generateSecret: false,
      supportedIdentityProviders: [UserPoolClientIdentityProvider.GOOGLE],
      writeAttributes: GOOGLE_CLIENT_WRITE_ATTRIBUTES,
      oAuth: {
        flows: { authorizationCodeGrant: true }, // PKCE code flow; no implicit grant
        // No aws.cognito.signin.user.admin: the access tokens of this client cannot call Cognito's
        // user APIs (UpdateUserAttributes, GetUser...).
        scopes: [OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE],
        callbackUrls: [`${appUrl}/auth/callback`],
        logoutUrls: [`${appUrl}/`],
      },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      ...TOKEN_VALIDITY,
    });
    // The client can only name Google once the IdP exists.
    client.node.addDependency(idp);
    // Without explicit flows Cognito would allow SRP, custom and refresh sign-ins with this public
    // id; the CDK writes none for an empty authFlows, so the list is set here: refresh only, beside
    // the OAuth code grant (Amplify refreshes the hosted-UI tokens with it).
    (client.node.defaultChild as CfnUserPoolClient).explicitAuthFlows = ['ALLOW_REFRESH_TOKEN_AUTH'];

    new CfnOutput(this, 'HostedUiClientId', { value: client.userPoolClientId });
    new CfnOutput(this, 'HostedUiDomain', { value: domain.baseUrl() });
    this.hostedUiDomainUrl = domain.baseUrl();
    this.cognitoApiOrigin = `https://cognito-idp.${this.region}.amazonaws.com`;
    return client;
  }

  /**
   * functions/src/triggers/pre-sign-up.ts as the pool's PreSignUp trigger. Only deployed with
   * Google: without a federated IdP there is nothing to link, and native sign-ups need no trigger.
   */
  private addPreSignUpTrigger(logLevel: LogLevel, table: ITable): IFunction {
    const logGroup = new LogGroup(this, 'PreSignUpLogs', { retention: RetentionDays.ONE_MONTH });
    const role = new Role(this, 'PreSignUpRole', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: 'Runtime role of the Cognito PreSignUp trigger (Google account linking)',
    });
    logGroup.grantWrite(role);

    const fn = new NodejsFunction(this, 'PreSignUpFunction', {
      ...NODE_FUNCTION_DEFAULTS,
      ...bundledEntry(triggerEntry('pre-sign-up')),
      description: 'Cognito PreSignUp: link a first Google sign-in to the native account with the same e-mail',
      // Cognito waits at most 5 s for a trigger (and retries it); a longer timeout would never be used.
      timeout: Duration.seconds(5),
      role,
      logGroup,
      environment: { TABLE_NAME: table.tableName, LOG_LEVEL: logLevel, NODE_OPTIONS: '--enable-source-maps' },
    });
    this.userPool.addTrigger(UserPoolOperation.PRE_SIGN_UP, fn);

    // Scoped to this pool's ARN, without a cycle: the pool references the function (LambdaConfig),
    // and the function depends on its role's default policy, so a grant in that default policy
    // naming the pool would close the loop (pool -> function -> policy -> pool). This separate
    // policy is attached to the same role but nothing waits for it except itself, so it can name
    // the pool directly; no constructed ARN or wildcard pool id is needed.
    new Policy(this, 'PreSignUpPoolAccess', {
      roles: [role],
      statements: [
        new PolicyStatement({ actions: [...PRE_SIGN_UP_COGNITO_ACTIONS], resources: [this.userPool.userPoolArn] }),
      ],
    });
    // One GetItem on an address's e-mail marker: is a registration of ours behind an unconfirmed user?
    role.addToPolicy(
      new PolicyStatement({
        actions: ['dynamodb:GetItem'],
        resources: [table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...PRE_SIGN_UP_TABLE_PARTITIONS] } },
      }),
    );

    NagSuppressions.addResourceSuppressions(fn, [
      {
        id: 'AwsSolutions-L1',
        reason: 'docs/decisions.md pins nodejs22.x (arm64); the runtime is raised deliberately, not by the linter.',
      },
    ]);
    return fn;
  }
}
