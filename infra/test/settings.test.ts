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

  describe('a deployed site is https', () => {
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

describe('settings checked at synth, each with a clear message', () => {
  const google = { googleClientId: 'id.apps.googleusercontent.com', googleClientSecretName: 'goldbot/google' };
  const usEast1 = 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-aaaa-bbbb-cccc-1234567890ab';
  const euWest1 = 'arn:aws:acm:eu-west-1:123456789012:certificate/0a1b2c3d-aaaa-bbbb-cccc-1234567890ab';

  it.each([
    ['Goldbot', /1-63 lower-case letters, digits and hyphens/],
    ['-goldbot', /not at either end/],
    ['a'.repeat(64), /1-63/],
    ['goldbot_prod', /lower-case letters, digits and hyphens/],
    ['my-aws-shop', /must not contain "aws"/],
    ['amazonish', /must not contain "amazon"/],
    ['goldbot-cognito', /must not contain "cognito"/],
  ])('refuses the Cognito domain prefix %j', (prefix, message) => {
    expect(() => read({ ...google, cognitoDomainPrefix: prefix })).toThrow(message);
  });

  it('takes a valid domain prefix', () => {
    expect(read({ ...google, cognitoDomainPrefix: 'goldbot-prod-1' }).google?.domainPrefix).toBe('goldbot-prod-1');
  });

  it('says what is wrong with the e-mail addresses, the app URL and the Google values', () => {
    expect(() => read({ mailFrom: 'no-reply' })).toThrow(
      'Context "mailFrom" must be an e-mail address, got "no-reply"',
    );
    expect(() => read({ alarmEmail: 'ops' })).toThrow('Context "alarmEmail" must be an e-mail address, got "ops"');
    expect(() => read({ appUrl: 'http://app.example.com' })).toThrow(/must be https for a deployed site/);
    expect(read({ appUrl: 'http://localhost:5173' }).appUrl).toBe('http://localhost:5173');
    expect(() => read({ googleClientId: 'id' })).toThrow(/Google sign-in needs all of/);
  });

  it('takes the seller receipts name, trimmed, or leaves the functions their default', () => {
    expect(read({ sellerName: '  Acme Gold Ltd ' }).sellerName).toBe('Acme Gold Ltd');
    expect(read().sellerName).toBeUndefined();
    expect(() => read({ sellerName: 'x'.repeat(121) })).toThrow('Context "sellerName" must be 1-120 characters');
  });

  it('reads the site domain, with or without a us-east-1 certificate', () => {
    expect(read({ siteDomainName: 'WWW.Example.com' }).siteDomain).toEqual({
      domainName: 'www.example.com',
      certificateArn: undefined,
    });
    expect(read({ siteDomainName: 'www.example.com', siteCertificateArn: usEast1 }).siteDomain).toEqual({
      domainName: 'www.example.com',
      certificateArn: usEast1,
    });
    expect(read().siteDomain).toBeUndefined();
  });

  it('makes appUrl follow siteDomainName when it is not given, and warns about neither', () => {
    const settings = read({ siteDomainName: 'WWW.Gold.example', mailFrom: 'no-reply@gold.example' });
    expect(settings.appUrl).toBe('https://www.gold.example');
    expect(settings.defaulted).toEqual([]);
    expect(read({ siteDomainName: 'www.gold.example', appUrl: 'https://www.gold.example/' }).appUrl).toBe(
      'https://www.gold.example',
    );
    // The same origin written differently is the same site.
    expect(read({ siteDomainName: 'www.gold.example', appUrl: 'https://WWW.gold.example:443' }).appUrl).toBe(
      'https://www.gold.example',
    );
  });

  it('refuses an appUrl that is not the site domain, saying what to do', () => {
    for (const appUrl of [
      'https://gold.example',
      'https://d1234abcd.cloudfront.net',
      'https://www.gold.example:8443',
      'http://localhost:5173',
    ]) {
      expect(() => read({ siteDomainName: 'www.gold.example', appUrl }), appUrl).toThrow(
        `Context "appUrl" is "${appUrl}", but the site answers on https://www.gold.example (siteDomainName): ` +
          'e-mail links, the CORS origin and the Google callback must name the site. Leave appUrl out (it then ' +
          'follows siteDomainName) or set it to https://www.gold.example',
      );
    }
    expect(() => read({ siteDomainName: 'www.gold.example', appUrl: 'http://www.gold.example' })).toThrow(
      /must be https for a deployed site/,
    );
  });

  it('reads the origin secret rotation tag: any text up to 64 characters, a number as its digits', () => {
    expect(read().originSecretRotation).toBeUndefined();
    expect(read({ originSecretRotation: '' }).originSecretRotation).toBeUndefined();
    expect(read({ originSecretRotation: '2' }).originSecretRotation).toBe('2');
    expect(read({ originSecretRotation: 3 }).originSecretRotation).toBe('3');
    expect(read({ originSecretRotation: ' 2026-05-01 rotated by Ana ' }).originSecretRotation).toBe(
      '2026-05-01 rotated by Ana',
    );
    for (const value of ['x'.repeat(65), '   ', true, { n: 1 }]) {
      expect(() => read({ originSecretRotation: value }), JSON.stringify(value)).toThrow(
        /Context "originSecretRotation" must be a text of 1-64 characters/,
      );
    }
  });

  it('refuses a site certificate without its domain, outside us-east-1, or not a certificate', () => {
    expect(() => read({ siteCertificateArn: usEast1 })).toThrow(/"siteCertificateArn" needs siteDomainName/);
    expect(() => read({ siteDomainName: 'www.example.com', siteCertificateArn: euWest1 })).toThrow(
      /is in eu-west-1: CloudFront only accepts ACM certificates from us-east-1/,
    );
    expect(() => read({ siteDomainName: 'www.example.com', siteCertificateArn: 'arn:aws:iam::1:role/x' })).toThrow(
      /"siteCertificateArn" must be an ACM certificate ARN/,
    );
    expect(() => read({ siteDomainName: 'not a host' })).toThrow(/"siteDomainName" must be a host name/);
  });

  it('refuses an API certificate from another region than the one the CLI deploys to', () => {
    const before = process.env.CDK_DEFAULT_REGION;
    process.env.CDK_DEFAULT_REGION = 'eu-central-1';
    try {
      expect(() => read({ apiDomainName: 'api.example.com', apiCertificateArn: euWest1 })).toThrow(
        'Context "apiCertificateArn" is in eu-west-1, but the API deploys to eu-central-1: a regional API domain needs an ACM certificate in eu-central-1',
      );
      process.env.CDK_DEFAULT_REGION = 'eu-west-1';
      expect(read({ apiDomainName: 'api.example.com', apiCertificateArn: euWest1 }).apiDomain?.certificateArn).toBe(
        euWest1,
      );
    } finally {
      if (before === undefined) delete process.env.CDK_DEFAULT_REGION;
      else process.env.CDK_DEFAULT_REGION = before;
    }
    expect(() => read({ apiDomainName: 'api.example.com' })).toThrow(/needs both apiDomainName and apiCertificateArn/);
  });
});
