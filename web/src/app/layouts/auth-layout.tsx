import { Suspense } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { paths } from '@/config/paths';
import { PageLoader } from '@/components/ui/page-loader';
import { APP_NAME } from '@/config/brand';
import './site-layout.css';

/** Sign-in, registration and password-reset steps: no site header or footer. */
export function AuthLayout() {
  return (
    <div className="auth-layout">
      <Link to={paths.home.getHref()} className="site-header__brand auth-layout__brand">
        <span className="site-header__logo" aria-hidden="true" />
        {APP_NAME}
      </Link>
      <main className="auth-layout__main">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
