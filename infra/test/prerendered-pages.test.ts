import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_SHELL_KEY, PRERENDERED_LIST_FILE, prerenderedPages, viewerRequestCode } from '../lib/web-stack.js';
import { resourcesOfType, synthGoldbot, type SynthResult } from './helpers/synth.js';

/**
 * The hosting of the prerendered public pages (scripts/build-site.ts): CloudFront's viewer-request
 * function gives each page its own HTML from its S3 key and every other extensionless path the app
 * shell, and the upload puts the pages where the function points.
 */
type Handler = (event: { request: { uri: string } }) => { uri: string };
const handlerOf = (code: string) => new Function(`${code}\nreturn handler;`)() as Handler;
const PAGES = ['/', '/about', '/pricing', '/privacy-policy'];
const rewrite = (uri: string) => handlerOf(viewerRequestCode(PAGES))({ request: { uri } }).uri;

describe('the viewer-request function', () => {
  it("serves a public page its own HTML, with or without a trailing slash, and the home page's at /", () => {
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/about')).toBe('/about/index.html');
    expect(rewrite('/about/')).toBe('/about/index.html');
    expect(rewrite('/privacy-policy')).toBe('/privacy-policy/index.html');
  });

  it('serves the app shell to the signed-in area, the steps and unknown paths', () => {
    for (const uri of ['/dashboard', '/admin', '/admin/users', '/register-otp', '/no-such-page', '/about/team']) {
      expect(rewrite(uri), uri).toBe(APP_SHELL_KEY);
    }
  });

  it('passes files through untouched', () => {
    for (const uri of ['/assets/index-abc.js', '/favicon.svg', '/sitemap.xml', '/robots.txt', '/about/index.html']) {
      expect(rewrite(uri), uri).toBe(uri);
    }
  });
});

describe('prerenderedPages', () => {
  let dist: string;
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'goldbot-dist-'));
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('reads the list the build wrote, and refuses a build without one', () => {
    expect(prerenderedPages(undefined)).toEqual([]);
    expect(() => prerenderedPages(dist)).toThrow(/npm run build/);
    writeFileSync(join(dist, PRERENDERED_LIST_FILE), JSON.stringify({ pages: ['about'] }));
    expect(() => prerenderedPages(dist)).toThrow(/must hold/);
    writeFileSync(join(dist, PRERENDERED_LIST_FILE), JSON.stringify({ pages: PAGES }));
    expect(prerenderedPages(dist)).toEqual(PAGES);
  });
});

describe('the web stack with a built site', () => {
  let dist: string;
  let synth: SynthResult;

  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'goldbot-dist-'));
    mkdirSync(join(dist, 'assets'));
    mkdirSync(join(dist, 'about'));
    writeFileSync(join(dist, 'assets', 'index-abc.js'), '');
    for (const file of ['index.html', 'app-shell.html', join('about', 'index.html'), 'sitemap.xml', 'robots.txt']) {
      writeFileSync(join(dist, file), '');
    }
    writeFileSync(join(dist, PRERENDERED_LIST_FILE), JSON.stringify({ pages: ['/', '/about'] }));
    synth = synthGoldbot({ webDistPath: dist });
  }, 120_000);

  afterAll(() => {
    synth?.cleanup();
    rmSync(dist, { recursive: true, force: true });
  });

  it("puts the built list of pages into the S3 behaviour's viewer-request function", () => {
    const [fn] = Object.values(resourcesOfType(synth.templates.web, 'AWS::CloudFront::Function'));
    const code = String((fn?.Properties as { FunctionCode?: unknown }).FunctionCode);
    const handler = handlerOf(code);
    expect(handler({ request: { uri: '/about' } }).uri).toBe('/about/index.html');
    expect(handler({ request: { uri: '/pricing' } }).uri).toBe(APP_SHELL_KEY);
  });

  it('uploads the pages, the app shell, sitemap and robots with no-cache, and not the page list', () => {
    const deployments = Object.values(resourcesOfType(synth.templates.web, 'Custom::CDKBucketDeployment')).map(
      (resource) => resource.Properties as { Exclude?: string[]; Include?: string[]; SystemMetadata?: object },
    );
    const shell = deployments.find((deployment) => deployment.Exclude?.includes('assets/*'));
    expect(shell?.Exclude).toEqual(['assets/*', PRERENDERED_LIST_FILE]);
    expect(shell?.SystemMetadata).toMatchObject({ 'cache-control': 'no-cache' });
  });
});
