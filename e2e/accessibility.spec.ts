/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './axe-scan.js';

/**
 * axe scan of every public route (the public pages, plus the 404 page): no serious or
 * critical violations of WCAG 2.1 A/AA. Motion is reduced so fade-ins cannot catch axe mid-way,
 * and each page is scrolled to the bottom first so every lazily loaded section is scanned.
 */
const PUBLIC_ROUTES = [
  '/',
  '/about',
  '/pricing',
  '/contact',
  '/faq',
  '/privacy-policy',
  '/terms',
  '/blog',
  '/login',
  '/register',
  '/register-otp',
  '/forgot',
  '/forgot-otp',
  '/reset',
  '/no-such-page',
];

async function loadEverything(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const pause = () => new Promise((resolve) => setTimeout(resolve, 120));
    for (let y = 0; y < document.documentElement.scrollHeight; y += Math.max(300, window.innerHeight / 2)) {
      window.scrollTo(0, y);
      await pause();
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
}

test.describe('accessibility (axe)', () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
  });

  for (const route of PUBLIC_ROUTES) {
    test(`${route} has no serious or critical violations`, async ({ page }) => {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await loadEverything(page);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('the home page at 375 px, with the mobile menu open', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the live proofs dialog', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'See Live Proofs' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    // The embedded player is a third-party document: only our dialog is in scope.
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  });

  test('a full-screen report and the FAQ with an answer open', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('heading', { name: 'Every month, in the open' }).scrollIntoViewIfNeeded();
    await page.getByRole('tab', { name: 'Feb' }).click();
    await page.getByRole('button', { name: 'View February 2026 detailed report' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByRole('dialog').locator('.recharts-surface').first()).toBeVisible();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await page.keyboard.press('Escape');

    await page.goto('/faq');
    await page.getByRole('button', { name: 'What is GoldBot?' }).click();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
