import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { PageLoader } from '@/components/ui/page-loader';
import { useScrollToTop } from '@/hooks/use-scroll-to-top';
import { RouteErrorBoundary } from '../routes/route-error-boundary';
import { useRouteDescription } from './route-meta';

/** Top of the route tree: behaviour shared by every page, whatever layout it uses. */
export function RootLayout() {
  useScrollToTop();
  useRouteDescription();
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      {/* Catches the lazy layouts themselves (the admin area); each layout has its own boundary
          around its pages so its frame stays on screen while a page loads. */}
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}
