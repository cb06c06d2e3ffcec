import { lazy, Suspense } from 'react';
import { HOME_TITLE } from '@/config/brand';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { Hero } from '../components/hero';

const HomeBelowFold = lazy(() => import('../components/home-below-fold'));

/**
 * Home: the hero renders at once; the sections below it arrive in a
 * second chunk, so the landing route's initial JavaScript stays within its budget.
 */
export default function HomeRoute() {
  useDocumentTitle(HOME_TITLE);
  return (
    <>
      <Hero />
      <Suspense fallback={<div className="home__pending" aria-hidden="true" />}>
        <HomeBelowFold />
      </Suspense>
    </>
  );
}
