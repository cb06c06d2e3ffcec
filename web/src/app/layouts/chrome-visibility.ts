import { paths } from '@/config/paths';

/** Pages shown without the site header and footer. */
const CHROMELESS_PATHS: ReadonlySet<string> = new Set([
  paths.register.path,
  paths.login.path,
  paths.forgot.path,
  paths.forgotOtp.path,
  paths.registerOtp.path,
  paths.reset.path,
  paths.adminLogin.path,
]);

const withoutTrailingSlash = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/** True for the sign-in and recovery steps, /admin-login and every /admin path. */
export function hidesSiteChrome(pathname: string): boolean {
  const path = withoutTrailingSlash(pathname).toLowerCase();
  const adminRoot = paths.admin.root.path;
  return CHROMELESS_PATHS.has(path) || path === adminRoot || path.startsWith(`${adminRoot}/`);
}

/** The footer's call to action is hidden on exactly /dashboard. */
export function hidesFooterCta(pathname: string): boolean {
  return withoutTrailingSlash(pathname) === paths.dashboard.path;
}

/** 'Logout' replaces 'Dashboard' in the navbar on /dashboard and below. */
export function isDashboardPath(pathname: string): boolean {
  const path = withoutTrailingSlash(pathname);
  return path === paths.dashboard.path || path.startsWith(`${paths.dashboard.path}/`);
}
