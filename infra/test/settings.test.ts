import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, readSettings } from '../lib/settings.js';

const read = (context: Record<string, unknown> = {}) => readSettings(new App({ context }).node);

describe('readSettings', () => {
  it('falls back to documented defaults and says which', () => {
    const settings = read();
    expect(settings).toMatchObject({ ...DEFAULT_SETTINGS, google: undefined });
    expect(settings.defaulted).toEqual(['appUrl', 'mailFrom']);
  });

  it('takes context values and normalises a trailing slash on appUrl', () => {
    const settings = read({ appUrl: 'https://app.example.com/', mailFrom: 'hi@example.com', logLevel: 'debug' });
    expect(settings).toMatchObject({
      appUrl: 'https://app.example.com',
      mailFrom: 'hi@example.com',
      logLevel: 'debug',
    });
    expect(settings.defaulted).toEqual([]);
  });

  it.each([
    [{ appUrl: 'https://app.example.com/login' }],
    [{ appUrl: 'app.example.com' }],
    [{ mailFrom: 'not-an-address' }],
    [{ logLevel: 'verbose' }],
    [{ googleClientId: 'id' }],
    [{ googleClientId: 'id', cognitoDomainPrefix: 'x' }],
  ])('rejects %j', (context) => {
    expect(() => read(context)).toThrow();
  });

  it('enables Google only with all three values', () => {
    const google = { googleClientId: 'id', googleClientSecretName: 'secret', cognitoDomainPrefix: 'prefix' };
    expect(read(google).google).toEqual({ clientId: 'id', clientSecretName: 'secret', domainPrefix: 'prefix' });
  });
});
