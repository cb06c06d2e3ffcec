import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PROMO_BANNER_TEXT, UI } from '@goldbot/shared';
import { paths } from '@/config/paths';
import { CloseIcon } from '@/components/ui/icons';
import { classNames } from '@/lib/class-names';
import { useScrolledPast } from './use-scrolled-past';

/**
 * The referral promotion above the navbar: dismissible, and hidden once the
 * page is scrolled past 50 px. It sits in the page flow above the sticky header, so hiding it
 * never moves the content the reader is looking at.
 */
export function PromoBanner() {
  const [dismissed, setDismissed] = useState(false);
  const scrolledPast = useScrolledPast(UI.promoBannerHideScrollPx);
  if (dismissed) return null;
  return (
    <aside
      aria-label="Promotion"
      className={classNames('promo-banner', scrolledPast && 'promo-banner--hidden')}
      // Hidden in place (not removed): the space stays, so nothing below it jumps.
      style={scrolledPast ? { visibility: 'hidden' } : undefined}
      data-testid="promo-banner"
    >
      <p className="promo-banner__text">
        <span>{PROMO_BANNER_TEXT}</span>{' '}
        <Link to={paths.pricing.getHref()} className="promo-banner__link">
          See plans
        </Link>
      </p>
      <button
        type="button"
        className="promo-banner__dismiss"
        aria-label="Dismiss promotion"
        onClick={() => setDismissed(true)}
      >
        <CloseIcon size={16} />
      </button>
    </aside>
  );
}
