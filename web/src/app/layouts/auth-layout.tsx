import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoader } from '@/components/ui/page-loader';
import { BrandLink } from './brand-link';
import './site-layout.css';

/** Sign-in, registration and password-reset steps: no site header or footer. */
export function AuthLayout() {
  return (
    <div className="auth-layout">
      <BrandLink className="auth-layout__brand" />
      <main className="auth-layout__main">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
