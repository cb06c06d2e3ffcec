import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PROMO_BANNER_TEXT, UI } from '@goldbot/shared';
import { renderAt } from '@/test/render-with-router';
import { PromoBanner } from './promo-banner';

function scrollTo(y: number) {
  act(() => {
    window.scrollY = y;
    fireEvent.scroll(window);
  });
}

// By test id: once hidden, the banner is (rightly) out of the accessibility tree.
const banner = () => screen.getByTestId('promo-banner');

afterEach(() => {
  window.scrollY = 0;
});

describe('PromoBanner', () => {
  it('shows the referral promotion with a link to the plans', () => {
    renderAt(<PromoBanner />);
    expect(screen.getByRole('complementary', { name: 'Promotion' })).toHaveTextContent(PROMO_BANNER_TEXT);
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/pricing');
  });

  it(`hides once the page is scrolled past ${UI.promoBannerHideScrollPx} px, and returns at the top`, () => {
    renderAt(<PromoBanner />);
    scrollTo(UI.promoBannerHideScrollPx);
    expect(banner()).toBeVisible();

    scrollTo(UI.promoBannerHideScrollPx + 1);
    expect(banner()).not.toBeVisible();
    expect(banner()).toHaveClass('promo-banner--hidden');

    scrollTo(0);
    expect(banner()).toBeVisible();
  });

  it('can be dismissed', async () => {
    const { user } = renderAt(<PromoBanner />);
    await user.click(screen.getByRole('button', { name: 'Dismiss promotion' }));
    expect(screen.queryByText(PROMO_BANNER_TEXT)).not.toBeInTheDocument();
  });
});
