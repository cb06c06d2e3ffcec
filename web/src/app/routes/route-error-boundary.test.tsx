import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/test-utils';
import { paths } from '@/config/paths';

// What the browser throws when a release replaced the page's chunk while the tab was open.
vi.mock('@/features/legal/routes/terms', () => ({
  default: function BrokenPage() {
    throw new TypeError('Failed to fetch dynamically imported module: /assets/terms-old.js');
  },
}));

describe('RouteErrorBoundary', () => {
  it('shows the error screen when a page cannot load, and another page again once the visitor leaves', async () => {
    const { router } = renderApp(paths.terms.path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(
      screen.getByText('A new version of the site is available. Reload the page to continue.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();

    await router.navigate(paths.about.path);
    expect(await screen.findByRole('heading', { level: 1, name: paths.about.title })).toBeInTheDocument();
  });
});
