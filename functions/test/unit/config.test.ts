import { describe, expect, it } from 'vitest';
import { config, parseConfig } from '../../src/config.js';

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
      logLevel: 'info',
      endpoints: { dynamodb: undefined, cognito: undefined, ses: undefined },
    });
  });

  it('reads the local endpoints and log level', () => {
    const parsed = parseConfig({
      ...complete,
      AWS_REGION: 'eu-west-1',
      LOG_LEVEL: 'debug',
      AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:8000',
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: 'http://127.0.0.1:9229',
      AWS_ENDPOINT_URL_SES: 'http://127.0.0.1:8005',
    });
    expect(parsed.region).toBe('eu-west-1');
    expect(parsed.logLevel).toBe('debug');
    expect(parsed.endpoints).toEqual({
      dynamodb: 'http://127.0.0.1:8000',
      cognito: 'http://127.0.0.1:9229',
      ses: 'http://127.0.0.1:8005',
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

  it('requires an OTP hash key of at least 32 characters, naming it but never echoing it', () => {
    const { OTP_HASH_KEY: _missing, ...env } = complete;
    expect(() => parseConfig(env)).toThrow(/^Invalid function configuration: OTP_HASH_KEY: /);
    let message = '';
    try {
      parseConfig({ ...complete, OTP_HASH_KEY: 'short-key-1234' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('OTP_HASH_KEY');
    expect(message).not.toContain('short-key-1234');
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
