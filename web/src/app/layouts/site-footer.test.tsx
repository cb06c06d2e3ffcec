import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, probedLocation, renderAt } from '@/test/render-with-router';
import { siteConfig } from '@/config/site';
import type { SessionContextValue } from '@/features/auth/session';
import { SiteFooter } from './site-footer';

let session: SessionContextValue;
vi.mock('@/features/auth/session', () => ({ useSession: () => session }));

beforeEach(() => {
  session = fakeSession('anonymous');
});

const CTA_HEADING = 'Ready to Automate Your XAUUSD Trading?';

describe('SiteFooter', () => {
  it('links Privacy Policy, Terms of Service, Contact Us and FAQ', () => {
    renderAt(<SiteFooter />);
    const nav = screen.getByRole('navigation', { name: 'Footer' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Privacy Policy', '/privacy-policy'],
      ['Terms of Service', '/terms'],
      ['Contact Us', '/contact'],
      ['FAQ', '/faq'],
    ]);
  });

  it('links Facebook, Instagram and Discord from the site configuration, in a new tab', () => {
    renderAt(<SiteFooter />);
    const social = within(screen.getByRole('list', { name: 'Social media' })).getAllByRole('link');
    expect(social.map((link) => link.getAttribute('href'))).toEqual(siteConfig.socialLinks.map((link) => link.href));
    for (const link of social) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(social.map((link) => link.getAttribute('aria-label'))).toEqual([
      'GoldBot on Facebook (opens in a new tab)',
      'GoldBot on Instagram (opens in a new tab)',
      'GoldBot on Discord (opens in a new tab)',
    ]);
  });

  it('carries the copyright and the risk warning', () => {
    renderAt(<SiteFooter />);
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()} GoldBot`))).toBeInTheDocument();
    expect(screen.getByText(/carries a high level of\s+risk/)).toBeInTheDocument();
  });

  it("sends guests from 'Start for Free now' to login with a from hint of /free-trial", async () => {
    const { user } = renderAt(<SiteFooter />, { path: '/', routePath: '/' });
    expect(screen.getByRole('heading', { name: CTA_HEADING })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Start for Free now' }));
    expect(probedLocation(screen.getByTestId('location'))).toEqual({
      pathname: '/login',
      state: { from: '/free-trial' },
    });
  });

  it("offers signed-in users 'Go to Dashboard' instead", async () => {
    session = fakeSession('authenticated');
    const { user } = renderAt(<SiteFooter />, { path: '/about', routePath: '/about' });
    expect(screen.queryByRole('link', { name: 'Start for Free now' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to Dashboard' }));
    expect(probedLocation(screen.getByTestId('location')).pathname).toBe('/dashboard');
  });

  it('hides the call to action on exactly /dashboard', () => {
    session = fakeSession('authenticated');
    renderAt(<SiteFooter />, { path: '/dashboard' });
    expect(screen.queryByRole('heading', { name: CTA_HEADING })).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Footer' })).toBeInTheDocument();
  });

  it.each(['/', '/pricing', '/dashboard/history'])('keeps the call to action on %s', (path) => {
    session = fakeSession('authenticated');
    renderAt(<SiteFooter />, { path });
    expect(screen.getByRole('heading', { name: CTA_HEADING })).toBeInTheDocument();
  });
});
