import { describe, expect, it } from 'vitest';
import { hidesFooterCta, hidesSiteChrome, isDashboardPath } from './chrome-visibility';

describe('site chrome visibility', () => {
  it.each([
    '/register',
    '/login',
    '/forgot',
    '/forgot-otp',
    '/register-otp',
    '/reset',
    '/admin',
    '/admin/',
    '/admin/users',
    '/admin/anything/deeper',
    '/admin-login',
    '/login/',
  ])('hides the header and footer on %s', (path) => {
    expect(hidesSiteChrome(path)).toBe(true);
  });

  it.each([
    '/',
    '/about',
    '/pricing',
    '/contact',
    '/faq',
    '/terms',
    '/privacy-policy',
    '/blog',
    '/dashboard',
    '/administrator',
    '/no-such-page',
  ])('shows them on %s', (path) => {
    expect(hidesSiteChrome(path)).toBe(false);
  });

  it('hides the footer call to action on exactly /dashboard', () => {
    expect(hidesFooterCta('/dashboard')).toBe(true);
    expect(hidesFooterCta('/dashboard/')).toBe(true);
    expect(hidesFooterCta('/dashboard/history')).toBe(false);
    expect(hidesFooterCta('/')).toBe(false);
  });

  it('knows the /dashboard paths', () => {
    expect(isDashboardPath('/dashboard')).toBe(true);
    expect(isDashboardPath('/dashboard/history')).toBe(true);
    expect(isDashboardPath('/dashboards')).toBe(false);
    expect(isDashboardPath('/')).toBe(false);
  });
});
