import { implementedRoutes, SCHEDULES } from '@goldbot/shared';
import { App } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { createGoldbotApp } from '../lib/goldbot-app.js';
import { resourcesOfType, useSynth } from './helpers/synth.js';

/**
 * appUrl follows siteDomainName: with the site on its own domain and no appUrl, every place that
 * names the site (the HTTP API's one CORS origin, the functions' APP_URL for e-mail links, the Google
 * hosted-UI client's callback and logout URLs) says `https://<siteDomainName>`, not localhost. A
 * route that mails links and a job that does are enough to see the functions' side.
 */
const SITE = 'www.gold.example';
const SITE_URL = `https://${SITE}`;
const GOOGLE = {
  googleClientId: 'client.apps.googleusercontent.com',
  googleClientSecretName: 'goldbot/google-client-secret',
  cognitoDomainPrefix: 'goldbot-site',
};

const synth = useSynth({
  routes: implementedRoutes().filter((route) => route.id === 'auth-register' || route.id === 'packages-list'),
  jobs: SCHEDULES.filter((job) => job.id === 'job-expiry-reminders'),
  context: { siteDomainName: SITE, mailFrom: 'no-reply@gold.example', ...GOOGLE },
});

describe('appUrl, not given, with siteDomainName', () => {
  it('is the site domain over https, with no default-context warning and no localhost anywhere', () => {
    expect(synth().stacks.api.node.tryGetContext('appUrl')).toBeUndefined();
    const warnings = Annotations.fromStack(synth().stacks.api).findWarning(
      '*',
      Match.stringLikeRegexp('default context'),
    );
    expect(warnings).toEqual([]);
    expect(JSON.stringify(synth().templates)).not.toContain('localhost');
  });

  it('is the HTTP API’s one CORS origin', () => {
    const [api] = Object.values(resourcesOfType(synth().templates.api, 'AWS::ApiGatewayV2::Api'));
    expect((api?.Properties?.CorsConfiguration as { AllowOrigins?: unknown }).AllowOrigins).toEqual([SITE_URL]);
  });

  it('is APP_URL, the base of the e-mail links, of the route and job functions', () => {
    const functions = Object.entries(resourcesOfType(synth().templates.api, 'AWS::Lambda::Function'));
    const appUrls = functions.map(
      ([id, fn]) =>
        [id, (fn.Properties?.Environment as { Variables?: Record<string, unknown> }).Variables?.APP_URL] as const,
    );
    expect(appUrls.filter(([id]) => id.startsWith('authregister'))).toHaveLength(1);
    expect(appUrls.filter(([id]) => id.startsWith('Jobsjobexpiryreminders'))).toHaveLength(1);
    for (const [id, appUrl] of appUrls) expect(appUrl, id).toBe(SITE_URL);
  });

  it('is the base of the Google hosted-UI client’s callback and logout URLs', () => {
    const clients = Object.values(resourcesOfType(synth().templates.auth, 'AWS::Cognito::UserPoolClient')).filter(
      (client) => client.Properties?.CallbackURLs !== undefined,
    );
    expect(clients).toHaveLength(1);
    expect(clients[0]?.Properties).toMatchObject({
      CallbackURLs: [`${SITE_URL}/auth/callback`],
      LogoutURLs: [`${SITE_URL}/`],
    });
  });
});

describe('appUrl that names another origin than siteDomainName', () => {
  it('fails the synth with a message that says what to do', () => {
    for (const appUrl of ['https://d1234abcd.cloudfront.net', 'http://localhost:5173', 'https://gold.example']) {
      const app = new App({ context: { siteDomainName: SITE, appUrl, 'aws:cdk:bundling-stacks': [] } });
      expect(() => createGoldbotApp(app), appUrl).toThrow(
        `Context "appUrl" is "${appUrl}", but the site answers on ${SITE_URL} (siteDomainName): e-mail links, the ` +
          'CORS origin and the Google callback must name the site. Leave appUrl out (it then follows siteDomainName) ' +
          `or set it to ${SITE_URL}`,
      );
    }
  });

  it('accepts the same origin given explicitly', () => {
    const app = new App({ context: { siteDomainName: SITE, appUrl: `${SITE_URL}/`, 'aws:cdk:bundling-stacks': [] } });
    expect(() => createGoldbotApp(app, { routes: [], jobs: [] })).not.toThrow();
  });
});
