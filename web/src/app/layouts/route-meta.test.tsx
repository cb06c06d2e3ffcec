import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { renderApp } from '@/test/test-utils';
import { DEFAULT_DESCRIPTION, describeRoute, ROUTE_DESCRIPTIONS } from './route-descriptions';

const description = () => document.head.querySelector('meta[name="description"]')?.getAttribute('content');

describe('route descriptions', () => {
  it('has a distinct description for every public page', () => {
    const publicPaths = [
      paths.home,
      paths.about,
      paths.pricing,
      paths.contact,
      paths.faq,
      paths.privacyPolicy,
      paths.terms,
      paths.blog,
    ].map((entry) => entry.path);
    const texts = publicPaths.map((path) => ROUTE_DESCRIPTIONS[path]);
    for (const text of texts) {
      expect(text).toBeTruthy();
      expect(text?.length).toBeLessThanOrEqual(200);
    }
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('falls back to the site description, and describes the admin area as such', () => {
    expect(describeRoute('/no-such-page')).toBe(DEFAULT_DESCRIPTION);
    expect(describeRoute('/pricing/')).toBe(ROUTE_DESCRIPTIONS['/pricing']);
    expect(describeRoute('/admin/users')).toMatch(/administration/);
  });

  it('sets the meta description when the route changes', async () => {
    const { router } = renderApp(paths.faq.path);
    await screen.findByRole('heading', { level: 1, name: paths.faq.title });
    await waitFor(() => expect(description()).toBe(ROUTE_DESCRIPTIONS[paths.faq.path]));

    await router.navigate(paths.terms.path);
    await waitFor(() => expect(description()).toBe(ROUTE_DESCRIPTIONS[paths.terms.path]));
  });
});
