import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { PageLoader } from '@/components/ui/page-loader';
import { hidesSiteChrome } from './chrome-visibility';
import { PromoBanner } from './promo-banner';
import { SiteHeader } from './site-header';
import './site-layout.css';

// Below the fold on every page: fetched alongside the page instead of holding up the first paint.
const SiteFooter = lazy(() => import('./site-footer').then((module) => ({ default: module.SiteFooter })));

export const MAIN_CONTENT_ID = 'main-content';

/** Public pages and the customer dashboard: promo banner, header, page, footer. */
export function SiteLayout() {
  const { pathname } = useLocation();
  // The router sends the chromeless pages to their own layouts; this guard keeps the rule true
  // for any path that reaches this layout anyway (e.g. a catch-all 404 under /admin-...).
  const chrome = !hidesSiteChrome(pathname);
  return (
    <>
      {chrome && (
        <>
          <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
            Skip to content
          </a>
          <PromoBanner />
          <SiteHeader />
        </>
      )}
      <main id={MAIN_CONTENT_ID} className="site-main" tabIndex={-1}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      {chrome && (
        <Suspense fallback={null}>
          <SiteFooter />
        </Suspense>
      )}
    </>
  );
}
