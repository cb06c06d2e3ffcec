import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { expect, test, type Page, type Route } from '@playwright/test';
import { SETTINGS_MESSAGES } from '@goldbot/shared';
import { build } from 'vite';
import { DEFAULT_VIDEO_EMBED_ORIGINS } from '../infra/lib/settings.js';
import { contentSecurityPolicy } from '../infra/lib/web-stack.js';
import { signInAsAdmin } from './journeys.js';

/**
 * The template editor's live preview under the production Content-Security-Policy. The dev server
 * sends no CSP (and needs inline scripts for hot reload), so this spec serves the production build
 * of the SPA the way CloudFront does: files from the build, index.html for paths without an
 * extension, and the CSP header the web stack's response headers policy sets
 * (infra/lib/web-stack.ts), while /api/ goes on to the local API as it does in production. Under
 * `script-src 'self'` the browser may not evaluate generated code, which is why the preview is
 * rendered by the server: the test shows both that eval is refused and that the preview works.
 */

const root = resolve(import.meta.dirname, '..');
/** The production header: no Cognito origin locally, the default video origins. */
const CSP = contentSecurityPolicy({ connect: [], frame: DEFAULT_VIDEO_EMBED_ORIGINS });

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
};

let dist = '';

test.beforeAll(async () => {
  test.setTimeout(300_000);
  dist = mkdtempSync(join(tmpdir(), 'goldbot-csp-'));
  await build({
    configFile: join(root, 'web', 'vite.config.ts'),
    root: join(root, 'web'),
    logLevel: 'warn',
    build: { outDir: dist, emptyOutDir: true },
  });
});

test.afterAll(() => {
  if (dist) rmSync(dist, { recursive: true, force: true });
});

/** Answers every request for the site from the build, as CloudFront does, with the security header. */
async function serveProductionBuild(page: Page): Promise<void> {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  await page.route(
    (url) => url.origin === origin && !url.pathname.startsWith('/api/'),
    async (route: Route) => {
      const { pathname } = new URL(route.request().url());
      // The SPA rewrite: a path whose last segment has no dot is a page, answered by index.html.
      const last = pathname.slice(pathname.lastIndexOf('/') + 1);
      const file = normalize(join(dist, last.includes('.') ? decodeURIComponent(pathname) : 'index.html'));
      if (!file.startsWith(dist + sep)) return route.fulfill({ status: 403 });
      let body: Buffer;
      try {
        body = readFileSync(file);
      } catch {
        return route.fulfill({ status: 404, body: 'Not found' });
      }
      return route.fulfill({
        status: 200,
        body,
        headers: {
          'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
          'content-security-policy': CSP,
          'x-content-type-options': 'nosniff',
        },
      });
    },
  );
}

test('the template preview works under the production CSP, which forbids evaluating code', async ({ page }) => {
  test.setTimeout(120_000);
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refusals.push(message.text());
  });
  const documents: (string | undefined)[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'document') documents.push(response.headers()['content-security-policy']);
  });
  await serveProductionBuild(page);

  await signInAsAdmin(page);
  // Every page came with the production header.
  expect(documents.length).toBeGreaterThan(0);
  expect(documents.every((header) => header === CSP)).toBe(true);
  expect(CSP).toContain("script-src 'self'");
  expect(CSP).not.toContain('unsafe-eval');

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Email Templates' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Email Templates' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Email template types' })
    .getByRole('button', { name: /^Withdrawal Approved/ })
    .click();
  const preview = page.frameLocator('iframe[title="Email preview"]');
  const subject = page.getByTestId('preview-subject');
  // The default, rendered by the server with the sample values: the note's & and <…> arrive as text.
  await expect(subject).toHaveText('GoldBot: your withdrawal of $20 is approved');
  await expect(preview.locator('body')).toContainText('Sent in one transfer & confirmed <on-chain>');

  // Typing: one request once the admin pauses, the mail's own rendering of the draft.
  const html = page.getByRole('textbox', { name: 'HTML' });
  const previewed = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/settings/email-templates/preview',
  );
  await html.fill(
    '<h1>Hi {{username}}</h1>{{#if adminNote}}<p class="note">{{adminNote}}</p>{{else}}<p>none</p>{{/if}}',
  );
  expect((await previewed).status()).toBe(200);
  await expect(preview.locator('h1')).toHaveText('Hi trader42');
  await expect(preview.locator('p.note')).toHaveText('Sent in one transfer & confirmed <on-chain>');
  await expect(page.getByRole('status')).toHaveCount(0);

  // A part the save would refuse: the server's reason, worded as the save words it.
  await html.fill('<p>{{{adminNote}}}</p>');
  await expect(page.getByRole('alert').filter({ hasText: 'Template problems' })).toContainText(
    SETTINGS_MESSAGES.templateInvalid(
      'withdrawalApproved',
      '{{{adminNote}}} and {{&adminNote}} insert the value without HTML escaping, which is not allowed; write {{adminNote}}',
    ),
  );
  await page.getByRole('textbox', { name: 'Subject' }).fill('Paid: {{amount}} USDT to {{trc20Address}}');
  await expect(subject).toHaveText('Paid: 20 USDT to TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE');

  // Nothing on the way was refused by the policy.
  expect(refusals).toEqual([]);

  // And the browser enforces it: page code may not turn a string into code, as Handlebars.compile
  // must (run from a timer, as the app's own code would; the test's evaluate call itself is exempt).
  expect(
    await page.evaluate(
      () =>
        new Promise<string>((done) => {
          setTimeout(() => {
            try {
              done(String(new Function('return "evaluated"')()));
            } catch (error) {
              done(error instanceof EvalError ? 'refused' : String(error));
            }
          }, 0);
        }),
    ),
  ).toBe('refused');
});
