import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, probedLocation, renderAt } from '@/test/render-with-router';
import type { SessionContextValue } from '@/features/auth/session';
import { SiteHeader } from './site-header';

let session: SessionContextValue;
vi.mock('@/features/auth/session', () => ({ useSession: () => session }));

beforeEach(() => {
  session = fakeSession('anonymous');
});

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

describe('SiteHeader', () => {
  it('links Home, About, Pricing and Contact', () => {
    renderAt(<SiteHeader />, { path: '/about', routePath: '/about' });
    const links = within(mainNav()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['About', '/about'],
      ['Pricing', '/pricing'],
      ['Contact', '/contact'],
    ]);
    expect(within(mainNav()).getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
  });

  it("offers guests 'Sign In'", async () => {
    const { user } = renderAt(<SiteHeader />, { path: '/about', routePath: '/about' });
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Sign In' }));
    expect(probedLocation(screen.getByTestId('location')).pathname).toBe('/login');
  });

  it("offers signed-in users 'Dashboard'", () => {
    session = fakeSession('authenticated');
    renderAt(<SiteHeader />, { path: '/pricing', routePath: '/pricing' });
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('shows neither while the session is still loading', () => {
    session = fakeSession('loading');
    renderAt(<SiteHeader />, { path: '/', routePath: '/' });
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it("shows 'Logout' on /dashboard paths; it clears the session and goes home, replacing history", async () => {
    const clearSession = vi.fn();
    session = fakeSession('authenticated', clearSession);
    const { user } = renderAt(<SiteHeader />, { path: '/dashboard', routePath: '/dashboard/*' });
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(clearSession).toHaveBeenCalledTimes(1);
    expect(probedLocation(screen.getByTestId('location')).pathname).toBe('/');
  });

  it("shows 'Logout' below /dashboard too", () => {
    session = fakeSession('authenticated');
    renderAt(<SiteHeader />, { path: '/dashboard/billing', routePath: '/dashboard/*' });
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('opens and closes the mobile menu with its toggle and Escape, and closes it on navigation', async () => {
    const { user } = renderAt(<SiteHeader />, { path: '/about', routePath: '*' });
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', mainNav().id);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();

    await user.click(toggle);
    await user.click(within(mainNav()).getByRole('link', { name: 'Pricing' }));
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});
