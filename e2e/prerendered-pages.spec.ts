import { createServer } from 'node:net';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { preview, type PreviewServer } from 'vite';
import { STORAGE_KEYS } from '@goldbot/shared';
import { buildSite, WEB_ROOT } from '../scripts/build-site.js';

/**
 * The production build's public pages as a visitor without JavaScript gets them: each is
 * prerendered static HTML with its own heading, main text, title, description, canonical URL and
 * Open Graph tags, served by `vite preview` as CloudFront serves it (web/vite.config.ts). With
 * JavaScript the same HTML hydrates without React complaining. The dashboard is prerendered as its
 * loading state, with nobody's data in it; the rest of the signed-in area gets the app shell. The
 * site is built by this file (scripts/build-site.ts), so it runs on a clean clone.
 */
const PAGES = [
  { path: '/', heading: /Let AI Trade Gold for You/i, text: /XAUUSD|gold/i },
  { path: '/about', heading: 'About Us', text: /XAUUSD/ },
  { path: '/pricing', heading: 'Pricing', text: /money-back guarantee/ },
  { path: '/contact', heading: 'Contact Us', text: /support/i },
  { path: '/faq', heading: 'Frequently Asked Questions', text: /What is GoldBot\?/ },
  { path: '/terms', heading: 'Terms of Service', text: /referral/i },
  { path: '/privacy-policy', heading: 'Privacy Policy', text: /personal data/i },
  { path: '/blog', heading: 'Blog', text: /coming soon/i },
  { path: '/login', heading: 'Sign In', text: /password/i },
  { path: '/register', heading: /Create Your Account/i, text: /password/i },
  { path: '/forgot', heading: /Forgot Password/i, text: /e-?mail/i },
] as const;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

let site: PreviewServer;
let origin: string;

test.beforeAll(async () => {
  test.setTimeout(600_000);
  await buildSite({ appUrl: 'https://goldbot.example' });
  const port = await freePort();
  site = await preview({
    configFile: path.join(WEB_ROOT, 'vite.config.ts'),
    root: WEB_ROOT,
    logLevel: 'silent',
    preview: { port, strictPort: true, host: '127.0.0.1', open: false },
  });
  origin = `http://127.0.0.1:${port}`;
});

test.afterAll(async () => {
  await site?.close();
});

const meta = (page: Page, selector: string) => page.locator(selector).getAttribute('content');

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const expected of PAGES) {
    test(`${expected.path} is its own static page`, async ({ page }) => {
      await page.goto(origin + expected.path);
      await expect(page.getByRole('heading', { level: 1, name: expected.heading })).toBeVisible();
      await expect(page.locator('main')).toContainText(expected.text);
      const url = `https://goldbot.example${expected.path}`;
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', url);
      expect(await meta(page, 'meta[property="og:url"]')).toBe(url);
      const title = await page.title();
      expect(title).toMatch(/\| GoldBot$/);
      expect(await meta(page, 'meta[property="og:title"]')).toBe(title);
      const description = await meta(page, 'meta[name="description"]');
      expect(description?.length).toBeGreaterThan(40);
      expect(await meta(page, 'meta[property="og:description"]')).toBe(description);
      // Nobody is signed in in static HTML.
      await expect(page.getByRole('button', { name: /sign out|log out/i })).toHaveCount(0);
    });
  }

  test("prices come from the seeded catalog, each page's title is its own", async ({ page }) => {
    await page.goto(`${origin}/pricing`);
    await expect(page.locator('.plan-card__amount')).toHaveText(['Free', '$60', '$250', '$1,000']);
    const titles = new Set<string>();
    for (const { path: pagePath } of PAGES) {
      await page.goto(origin + pagePath);
      titles.add(await page.title());
    }
    expect(titles.size).toBe(PAGES.length);
  });

  test('the dashboard is its frame while the session is checked: no one signed in or out, not indexed', async ({
    page,
  }) => {
    await page.goto(`${origin}/dashboard`);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('Loading...');
    await expect(page.locator('#root')).toHaveAttribute('data-static-session', 'loading');
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
    await expect(page.getByText(/Welcome back/)).toHaveCount(0);
    expect(await meta(page, 'meta[name="robots"]')).toBe('noindex');
    await expect(page).toHaveTitle('Dashboard | GoldBot');
  });

  test('the rest of the signed-in area and unknown paths get the app shell; sitemap and robots list public pages only', async ({
    page,
    request,
  }) => {
    for (const shellPath of ['/dashboard/receipts/p-1', '/admin/users', '/no-such-page']) {
      await page.goto(origin + shellPath);
      await expect(page.locator('#root')).toBeEmpty();
    }
    const sitemap = await (await request.get(`${origin}/sitemap.xml`)).text();
    expect([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual(
      PAGES.map((p) => `https://goldbot.example${p.path}`),
    );
    const robots = await (await request.get(`${origin}/robots.txt`)).text();
    expect(robots).toContain('Sitemap: https://goldbot.example/sitemap.xml');
    expect(robots).toContain('Disallow: /dashboard');
    expect(robots).toContain('Disallow: /admin');
  });
});

test('with JavaScript, a prerendered page hydrates without mismatches and works', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|did not match/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`${origin}/faq`);
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
  await page.getByRole('link', { name: 'Pricing' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
  await expect(page).toHaveTitle('Pricing | GoldBot');
  expect(problems).toEqual([]);
});

test.describe("with JavaScript, the dashboard's frame", () => {
  /** A session as the SPA stores it (web/src/lib/session-storage.ts), its token valid for an hour. */
  const storedSession = () => {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const token = `${part({ alg: 'none' })}.${part({ sub: 'u-1', exp: Math.floor(Date.now() / 1000) + 3600 })}.x`;
    const user = {
      _id: 'u-1',
      username: 'frame-tester',
      email: 'frame@example.com',
      referralCode: 'ABC123',
      role: 'user',
    };
    return { user: JSON.stringify(user), token };
  };

  const hydrationProblems = (page: Page) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /hydrat|did not match/i.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    return problems;
  };

  test('hydrates into the signed-in dashboard', async ({ page }) => {
    const problems = hydrationProblems(page);
    // No API behind this server: every call fails as a network error would.
    await page.route('**/api/**', (route) => route.fulfill({ status: 503, json: { message: 'unavailable' } }));
    await page.goto(`${origin}/robots.txt`);
    const { user, token } = storedSession();
    await page.evaluate(
      ([keys, values]) => {
        localStorage.setItem(keys.user, values.user);
        localStorage.setItem(keys.token, values.token);
        localStorage.setItem('authMethod', 'password');
      },
      [STORAGE_KEYS, { user, token }] as const,
    );
    await page.goto(`${origin}/dashboard`);
    await expect(page.getByText('Welcome back, frame-tester')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Packages' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('sends a visitor who is not signed in to /login', async ({ page }) => {
    const problems = hydrationProblems(page);
    await page.goto(`${origin}/dashboard`);
    await expect(page).toHaveURL(`${origin}/login`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    expect(problems).toEqual([]);
  });
});
