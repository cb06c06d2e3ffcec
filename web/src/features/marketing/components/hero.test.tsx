import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { UI } from '@goldbot/shared';
import { probedLocation, renderAt } from '@/test/render-with-router';
import { siteConfig } from '@/config/site';
import { Hero, HERO_HEADING, HERO_TAGLINE } from './hero';

vi.mock('@/features/auth/session', () => ({ useSession: () => ({ status: 'anonymous', user: null }) }));

describe('Hero', () => {
  it('shows the heading, the tagline with its online dot, and the avatar', () => {
    renderAt(<Hero />);
    expect(screen.getByRole('heading', { level: 1, name: HERO_HEADING })).toBeInTheDocument();
    const tagline = screen.getByText(HERO_TAGLINE).closest('p');
    expect(tagline?.querySelector('.hero__online-dot')).not.toBeNull();
    expect(screen.getByRole('img', { name: /GoldBot trading assistant/ })).toBeInTheDocument();
  });

  it('draws three particle layers of 30, 25 and 20 dots at 0.3, 0.4 and 0.5 opacity, and five circles', () => {
    renderAt(<Hero />);
    const layers = screen.getAllByTestId('hero-particle-layer');
    expect(layers.map((layer) => layer.children.length)).toEqual([30, 25, 20]);
    expect(layers.map((layer) => layer.style.opacity)).toEqual(['0.3', '0.4', '0.5']);
    expect(screen.getAllByTestId('hero-circle-layer')).toHaveLength(UI.heroCircleLayers);
  });

  it('shows its content when visible (always, without IntersectionObserver)', () => {
    renderAt(<Hero />);
    expect(screen.getByRole('region', { name: HERO_HEADING })).toHaveAttribute('data-visible', 'true');
  });

  it("goes to /pricing from 'Start Your Trading'", async () => {
    const { user } = renderAt(<Hero />, { path: '/', routePath: '/' });
    await user.click(screen.getByRole('link', { name: 'Start Your Trading' }));
    expect(probedLocation(screen.getByTestId('location')).pathname).toBe('/pricing');
  });

  it("plays the configured proof video, 600x450, in a modal from 'See Live Proofs'", async () => {
    const { user } = renderAt(<Hero />);
    await user.click(screen.getByRole('button', { name: 'See Live Proofs' }));
    const dialog = await screen.findByRole('dialog', { name: 'Live trading proof' });
    const frame = within(dialog).getByTitle('GoldBot live trading proof');
    expect(frame).toHaveAttribute('width', String(UI.videoFrame.width));
    expect(frame).toHaveAttribute('height', String(UI.videoFrame.height));
    const src = new URL(frame.getAttribute('src') ?? '');
    expect(`${src.origin}${src.pathname}`).toBe(siteConfig.liveProofVideoUrl);
    expect(src.searchParams.get('autoplay')).toBe('1');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'See Live Proofs' })).toHaveFocus();
  });
});
