import { describe, expect, it } from 'vitest';
import { appLink, config, parseConfig } from '../../src/config.js';

const complete: NodeJS.ProcessEnv = {
  TABLE_NAME: 'app-table',
  USER_POOL_ID: 'us-east-1_abc',
  USER_POOL_CLIENT_ID: 'client-1',
  MAIL_FROM: 'no-reply@example.com',
  APP_URL: 'https://www.example.com',
  OTP_HASH_KEY: 'a'.repeat(64),
};

describe('parseConfig', () => {
  it('reads a complete environment and applies defaults', () => {
    expect(parseConfig(complete)).toEqual({
      tableName: 'app-table',
      region: 'us-east-1',
      userPoolId: 'us-east-1_abc',
      userPoolClientId: 'client-1',
      mailFrom: 'no-reply@example.com',
      appUrl: 'https://www.example.com',
      otpHashKey: 'a'.repeat(64),
      otpHashKeySecretArn: undefined,
      rateLimitScale: 1,
      adminMfaRequired: false,
      logLevel: 'info',
      sellerName: 'GoldBot',
      sesConfigurationSet: undefined,
      tron: {
        apiUrl: undefined,
        apiKey: undefined,
        apiKeySecretArn: undefined,
        timeoutMs: 5_000,
        amountToleranceUsdt: 0,
        graceHours: 24,
        checkFunctionName: undefined,
      },
      orders: { openMinutes: 120, graceMinutes: 10 },
      endpoints: { dynamodb: undefined, cognito: undefined, ses: undefined, secretsManager: undefined },
    });
  });

  it('reads the on-chain check settings and refuses a TRON API URL that is not http(s)', () => {
    const parsed = parseConfig({
      ...complete,
      TRON_API_URL: 'https://api.trongrid.io',
      TRON_API_KEY_SECRET_ARN: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:goldbot/trongrid-AbCdEf',
      TRON_API_TIMEOUT_MS: '2500',
      CHAIN_CHECK_AMOUNT_TOLERANCE_USDT: '0.5',
      CHAIN_CHECK_GRACE_HOURS: '48',
      CHAIN_CHECK_FUNCTION_NAME: 'Goldbot-Api-JobsjobchainrecheckFunction',
    });
    expect(parsed.tron).toEqual({
      apiUrl: 'https://api.trongrid.io',
      apiKey: undefined,
      apiKeySecretArn: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:goldbot/trongrid-AbCdEf',
      timeoutMs: 2_500,
      amountToleranceUsdt: 0.5,
      graceHours: 48,
      checkFunctionName: 'Goldbot-Api-JobsjobchainrecheckFunction',
    });
    expect(() => parseConfig({ ...complete, TRON_API_URL: 'file:///etc/passwd' })).toThrow(/TRON_API_URL/);
    expect(() => parseConfig({ ...complete, TRON_API_KEY_SECRET_ARN: 'goldbot/trongrid' })).toThrow(
      /TRON_API_KEY_SECRET_ARN/,
    );
  });

  it('reads the SES configuration set the CDK gives mailing functions', () => {
    expect(parseConfig({ ...complete, SES_CONFIGURATION_SET: 'MailConfigurationSet-abc' }).sesConfigurationSet).toBe(
      'MailConfigurationSet-abc',
    );
  });

  it('reads the local endpoints and log level', () => {
    const parsed = parseConfig({
      ...complete,
      AWS_REGION: 'eu-west-1',
      LOG_LEVEL: 'debug',
      AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:8000',
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: 'http://127.0.0.1:9229',
      AWS_ENDPOINT_URL_SES: 'http://127.0.0.1:8005',
      AWS_ENDPOINT_URL_SECRETS_MANAGER: 'http://127.0.0.1:4566',
    });
    expect(parsed.region).toBe('eu-west-1');
    expect(parsed.logLevel).toBe('debug');
    expect(parsed.endpoints).toEqual({
      dynamodb: 'http://127.0.0.1:8000',
      cognito: 'http://127.0.0.1:9229',
      ses: 'http://127.0.0.1:8005',
      secretsManager: 'http://127.0.0.1:4566',
    });
  });

  it('fails with one clear line naming a missing TABLE_NAME', () => {
    const { TABLE_NAME: _missing, ...env } = complete;
    expect(() => parseConfig(env)).toThrow(/^Invalid function configuration: TABLE_NAME: /);
  });

  it('fails for an empty TABLE_NAME', () => {
    expect(() => parseConfig({ ...complete, TABLE_NAME: '' })).toThrow(/TABLE_NAME/);
  });

  it('lists every problem at once', () => {
    let message = '';
    try {
      parseConfig({ ...complete, MAIL_FROM: 'not-an-address', APP_URL: 'nowhere', LOG_LEVEL: 'loud' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.split('\n')).toHaveLength(1);
    for (const name of ['MAIL_FROM', 'APP_URL', 'LOG_LEVEL']) expect(message).toContain(name);
    expect(message).not.toContain('TABLE_NAME');
  });

  it('rejects a malformed endpoint URL', () => {
    expect(() => parseConfig({ ...complete, AWS_ENDPOINT_URL_DYNAMODB: 'localhost 8000' })).toThrow(
      /AWS_ENDPOINT_URL_DYNAMODB/,
    );
  });

  it('takes the OTP hash key as a value or as a secret ARN, and neither for functions without codes', () => {
    const { OTP_HASH_KEY: _key, ...withoutKey } = complete;
    expect(parseConfig(withoutKey)).toMatchObject({ otpHashKey: undefined, otpHashKeySecretArn: undefined });
    const arn = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:goldbot-otp-AbCdEf';
    expect(parseConfig({ ...withoutKey, OTP_HASH_KEY_SECRET_ARN: arn }).otpHashKeySecretArn).toBe(arn);
    expect(() => parseConfig({ ...withoutKey, OTP_HASH_KEY_SECRET_ARN: 'goldbot-otp' })).toThrow(
      /OTP_HASH_KEY_SECRET_ARN/,
    );
  });

  it('refuses an OTP hash key under 32 characters, naming it but never echoing it', () => {
    let message = '';
    try {
      parseConfig({ ...complete, OTP_HASH_KEY: 'short-key-1234' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid function configuration: OTP_HASH_KEY: /);
    expect(message).not.toContain('short-key-1234');
  });

  it('reads RATE_LIMIT_SCALE as a number from 0 (limits off) to 1000', () => {
    expect(parseConfig({ ...complete, RATE_LIMIT_SCALE: '0' }).rateLimitScale).toBe(0);
    expect(parseConfig({ ...complete, RATE_LIMIT_SCALE: '2.5' }).rateLimitScale).toBe(2.5);
    for (const bad of ['-1', '1001', 'lots']) {
      expect(() => parseConfig({ ...complete, RATE_LIMIT_SCALE: bad }), bad).toThrow(/RATE_LIMIT_SCALE/);
    }
  });

  it('turns admin MFA on only when told to', () => {
    expect(parseConfig({ ...complete, ADMIN_MFA_REQUIRED: 'true' }).adminMfaRequired).toBe(true);
    expect(parseConfig({ ...complete, ADMIN_MFA_REQUIRED: 'false' }).adminMfaRequired).toBe(false);
    expect(() => parseConfig({ ...complete, ADMIN_MFA_REQUIRED: 'yes' })).toThrow(/ADMIN_MFA_REQUIRED/);
  });

  it('returns a frozen object', () => {
    const parsed = parseConfig(complete);
    expect(Object.isFrozen(parsed)).toBe(true);
    expect(Object.isFrozen(parsed.endpoints)).toBe(true);
  });

  it('is what the module exports for the test environment', () => {
    expect(config.tableName).toBe(process.env.TABLE_NAME);
    expect(config.logLevel).toBe(process.env.LOG_LEVEL);
  });
});

describe('appLink', () => {
  it('joins APP_URL and a page with one slash, whatever slashes APP_URL ends with', () => {
    expect(appLink('/dashboard', 'https://www.example.com')).toBe('https://www.example.com/dashboard');
    expect(appLink('/dashboard', 'https://www.example.com/')).toBe('https://www.example.com/dashboard');
    expect(appLink('/admin/wallets', 'https://www.example.com///')).toBe('https://www.example.com/admin/wallets');
  });

  it('links to the configured site by default', () => {
    expect(appLink('/dashboard')).toBe(`${config.appUrl.replace(/\/+$/, '')}/dashboard`);
  });
});
