import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { PageLoader } from '@/components/ui/page-loader';
import { RequireAdmin, RequireAuth } from '@/features/auth/components/guards';
import { DashboardSkeleton } from '@/features/dashboard/components/dashboard-frame';
import { AuthLayout } from './layouts/auth-layout';
import { lazyWithSwr } from './lazy-with-swr';
import { RootLayout } from './layouts/root-layout';
import { SiteLayout } from './layouts/site-layout';
import { paths, type AdminPath } from '@/config/paths';

/*
 * Every page is a React.lazy import, so each becomes its own chunk: the landing route downloads
 * only itself, and admin screens are never fetched by customers. The layouts' Suspense
 * boundaries show a loader while a page arrives.
 */
const HomeRoute = lazy(() => import('@/features/marketing/routes/home'));
const AboutRoute = lazy(() => import('@/features/marketing/routes/about'));
const BlogRoute = lazy(() => import('@/features/marketing/routes/blog'));
const PricingRoute = lazy(() => import('@/features/pricing/routes/pricing'));
const ContactRoute = lazy(() => import('@/features/contact/routes/contact'));
const FaqRoute = lazy(() => import('@/features/faq/routes/faq'));
const PrivacyPolicyRoute = lazy(() => import('@/features/legal/routes/privacy-policy'));
const TermsRoute = lazy(() => import('@/features/legal/routes/terms'));
const DashboardRoute = lazyWithSwr(() => import('@/features/dashboard/routes/customer-dashboard-route'));
const ReceiptRoute = lazyWithSwr(() => import('@/features/dashboard/routes/receipt'));
const NotFoundRoute = lazy(() => import('./routes/not-found'));

const LoginRoute = lazy(() => import('@/features/auth/routes/login'));
const RegisterRoute = lazy(() => import('@/features/auth/routes/register'));
const RegisterOtpRoute = lazy(() => import('@/features/auth/routes/register-otp'));
const ForgotPasswordRoute = lazy(() => import('@/features/auth/routes/forgot'));
const ForgotPasswordOtpRoute = lazy(() => import('@/features/auth/routes/forgot-otp'));
const ResetPasswordRoute = lazy(() => import('@/features/auth/routes/reset'));
const AdminLoginRoute = lazy(() => import('@/features/auth/routes/admin-login'));
const AuthCallbackRoute = lazy(() => import('@/features/auth/routes/auth-callback'));

const AdminLayout = lazyWithSwr(() => import('@/features/admin/components/admin-layout'));
const ADMIN_PAGES: ReadonlyArray<readonly [AdminPath, LazyExoticComponent<ComponentType>]> = [
  [paths.admin.dashboard, lazy(() => import('@/features/admin/dashboard/routes/admin-dashboard-route'))],
  [paths.admin.users, lazy(() => import('@/features/admin/users/routes/users'))],
  [paths.admin.payments, lazy(() => import('@/features/admin/payments/routes/payments'))],
  [
    paths.admin.unmatchedTransfers,
    lazy(() => import('@/features/admin/unmatched-transfers/routes/unmatched-transfers')),
  ],
  [paths.admin.withdrawals, lazy(() => import('@/features/admin/withdrawals/routes/withdrawals'))],
  [paths.admin.refunds, lazy(() => import('@/features/admin/refunds/routes/refunds'))],
  [
    paths.admin.subscriptionHistory,
    lazy(() => import('@/features/admin/subscription-history/routes/subscription-history-route')),
  ],
  [paths.admin.activations, lazy(() => import('@/features/admin/activations/routes/activations'))],
  [paths.admin.wallets, lazy(() => import('@/features/admin/wallets/routes/wallets'))],
  [paths.admin.contactDetail, lazy(() => import('@/features/admin/messages/routes/messages'))],
  [paths.admin.emailTemplates, lazy(() => import('@/features/admin/email-templates/routes/email-templates'))],
  [
    paths.admin.subscriptionSettings,
    lazy(() => import('@/features/admin/subscription-settings/routes/subscription-settings')),
  ],
  [paths.admin.adminSetting, lazy(() => import('@/features/admin/routes/admin-setting'))],
  [paths.admin.auditLog, lazy(() => import('@/features/admin/audit-log/routes/audit-log'))],
];

/** The route tree; the app mounts it in a browser router, tests in a memory router. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        // Public pages and the customer area, with the site header and footer.
        element: <SiteLayout />,
        children: [
          { path: paths.home.path, element: <HomeRoute /> },
          { path: paths.about.path, element: <AboutRoute /> },
          { path: paths.pricing.path, element: <PricingRoute /> },
          { path: paths.contact.path, element: <ContactRoute /> },
          { path: paths.faq.path, element: <FaqRoute /> },
          { path: paths.privacyPolicy.path, element: <PrivacyPolicyRoute /> },
          { path: paths.terms.path, element: <TermsRoute /> },
          { path: paths.blog.path, element: <BlogRoute /> },
          {
            // Signed-in users only.
            path: paths.dashboard.path,
            // The page's own boundary lets the guard commit before the chunk arrives: a guard
            // inside a suspended tree is thrown away with it and mounts afresh, forgetting the
            // session it guarded, so a sign-out meanwhile would end on /login instead of '/'.
            // Both wait in the dashboard's own frame, which is also its prerendered HTML.
            element: (
              <RequireAuth fallback={<DashboardSkeleton />}>
                <Suspense fallback={<DashboardSkeleton />}>
                  <DashboardRoute />
                </Suspense>
              </RequireAuth>
            ),
          },
          {
            path: paths.receipt.path,
            element: (
              <RequireAuth>
                <Suspense fallback={<PageLoader />}>
                  <ReceiptRoute />
                </Suspense>
              </RequireAuth>
            ),
          },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
      {
        // Sign-in and recovery steps: header and footer hidden.
        element: <AuthLayout />,
        children: [
          { path: paths.login.path, element: <LoginRoute /> },
          { path: paths.register.path, element: <RegisterRoute /> },
          { path: paths.registerOtp.path, element: <RegisterOtpRoute /> },
          { path: paths.forgot.path, element: <ForgotPasswordRoute /> },
          { path: paths.forgotOtp.path, element: <ForgotPasswordOtpRoute /> },
          { path: paths.reset.path, element: <ResetPasswordRoute /> },
          { path: paths.adminLogin.path, element: <AdminLoginRoute /> },
          { path: paths.authCallback.path, element: <AuthCallbackRoute /> },
        ],
      },
      {
        // Signed-in admins only.
        path: paths.admin.root.path,
        element: (
          <RequireAdmin>
            <AdminLayout />
          </RequireAdmin>
        ),
        children: [
          { index: true, element: <Navigate to={paths.admin.dashboard.getHref()} replace /> },
          ...ADMIN_PAGES.map(([adminPath, Page]) => ({ path: adminPath.segment, element: <Page /> })),
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];
