import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, DEFAULT_VIDEO_EMBED_ORIGINS, readSettings } from '../lib/settings.js';

const read = (context: Record<string, unknown> = {}) => readSettings(new App({ context }).node);

describe('readSettings', () => {
  it('falls back to documented defaults and says which', () => {
    const settings = read();
    expect(settings).toMatchObject({
      ...DEFAULT_SETTINGS,
      google: undefined,
      waf: true,
      apiDomain: undefined,
      adminMfaRequired: true,
      rateLimitScale: '1',
      alarmEmail: undefined,
      sesIdentity: undefined,
      videoEmbedOrigins: DEFAULT_VIDEO_EMBED_ORIGINS,
    });
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
    [{ waf: 'off' }],
    [{ adminMfa: 'no' }],
    [{ rateLimitScale: '-1' }],
    [{ rateLimitScale: 'fast' }],
    [{ rateLimitScale: '1001' }],
    [{ apiDomainName: 'api.example.com' }],
    [{ apiCertificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/abc' }],
    [{ apiDomainName: 'not a host', apiCertificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/abc' }],
    [{ apiDomainName: 'api.example.com', apiCertificateArn: 'arn:aws:iam::123456789012:role/x' }],
    [{ alarmEmail: 'ops' }],
    [{ sesIdentity: 'yes' }],
    [{ restoredTableName: 'no spaces allowed' }],
    [{ videoEmbedOrigins: 'http://player.example.com' }],
    [{ videoEmbedOrigins: 'https://*.example.com' }],
  ])('rejects %j', (context) => {
    expect(() => read(context)).toThrow();
  });

  it('reads the name of a restored table to switch the functions to', () => {
    expect(read().restoredTableName).toBeUndefined();
    expect(read({ restoredTableName: 'goldbot-restore-2026-11-23' }).restoredTableName).toBe(
      'goldbot-restore-2026-11-23',
    );
  });

  it('reads which SES identity the stack creates for mailFrom, if any', () => {
    expect(read({ sesIdentity: 'domain' }).sesIdentity).toBe('domain');
    expect(read({ sesIdentity: 'address' }).sesIdentity).toBe('address');
    expect(read({ sesIdentity: '' }).sesIdentity).toBeUndefined();
  });

  it('enables Google only with all three values', () => {
    const google = { googleClientId: 'id', googleClientSecretName: 'secret', cognitoDomainPrefix: 'prefix' };
    expect(read(google).google).toEqual({ clientId: 'id', clientSecretName: 'secret', domainPrefix: 'prefix' });
  });

  it('reads the security switches: WAF, admin MFA, rate-limit scale, alarm e-mail, embed origins', () => {
    expect(read({ waf: 'false' }).waf).toBe(false);
    expect(read({ waf: false }).waf).toBe(false);
    expect(read({ waf: 'true' }).waf).toBe(true);
    expect(read({ adminMfa: 'false' }).adminMfaRequired).toBe(false);
    expect(read({ rateLimitScale: '0' }).rateLimitScale).toBe('0');
    expect(read({ rateLimitScale: '2.50' }).rateLimitScale).toBe('2.5');
    expect(read({ rateLimitScale: 3 }).rateLimitScale).toBe('3');
    expect(read({ alarmEmail: 'ops@example.com' }).alarmEmail).toBe('ops@example.com');
    expect(
      read({ videoEmbedOrigins: 'https://www.youtube-nocookie.com, https://player.vimeo.com/' }).videoEmbedOrigins,
    ).toEqual(['https://www.youtube-nocookie.com', 'https://player.vimeo.com']);
  });

  it('takes a custom API domain only with its certificate', () => {
    const arn = 'arn:aws:acm:eu-west-1:123456789012:certificate/0a1b2c3d-aaaa-bbbb-cccc-1234567890ab';
    expect(read({ apiDomainName: 'API.Example.com', apiCertificateArn: arn }).apiDomain).toEqual({
      domainName: 'api.example.com',
      certificateArn: arn,
    });
  });

  describe('L8: a deployed site is https', () => {
    it.each(['http://app.example.com', 'http://d1234abcd.cloudfront.net', 'http://10.0.0.5:8080'])(
      'refuses %s',
      (appUrl) => {
        expect(() => read({ appUrl })).toThrow(/must be https/);
      },
    );

    it.each(['http://localhost:5173', 'http://127.0.0.1:3000', 'http://[::1]:5173', 'https://app.example.com'])(
      'accepts %s',
      (appUrl) => {
        expect(read({ appUrl }).appUrl).toBe(appUrl);
      },
    );
  });
});
