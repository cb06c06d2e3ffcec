import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CONTACT, STORAGE_KEYS } from '@goldbot/shared';
import { renderApp, storeSession } from '@/test/test-utils';
import { ADMIN_NAVIGATION, paths } from '@/config/paths';

const pageHeading = (name: string) => screen.findByRole('heading', { level: 1, name });

const storeAdminSession = () =>
  storeSession({ _id: 'admin-1', username: 'admin', email: 'admin@example.com', role: 'admin' });

/** What a page needs to be shown rather than redirected: a session, an admin, a pending step. */
function prepareFor(path: string): void {
  if (path.startsWith(paths.admin.root.path)) storeAdminSession();
  else if (path === paths.dashboard.path) storeSession({ _id: 'u1', username: 'trader42', email: 't@example.com' });
  else if (path === paths.registerOtp.path) {
    localStorage.setItem(STORAGE_KEYS.pendingRegistration, JSON.stringify({ username: 'new', email: 'n@example.com' }));
  } else if (path === paths.forgotOtp.path) sessionStorage.setItem(STORAGE_KEYS.resetEmail, 'n@example.com');
}

describe('router', () => {
  it('shows a 404 page for an unknown path, with a way home', async () => {
    renderApp('/no-such-page');
    expect(await pageHeading('Page not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    // The title is set in an effect, which can run just after the heading appears.
    await waitFor(() => expect(document.title).toBe('Page not found | GoldBot'));
    // Unknown public paths keep the site frame around the 404.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('shows the 404 page for an unknown admin path', async () => {
    storeAdminSession();
    renderApp('/admin/no-such-section');
    expect(await pageHeading('Page not found')).toBeInTheDocument();
  });

  it('renders the complete contact page at /contact', async () => {
    renderApp(paths.contact.path);
    expect(await pageHeading('Contact Us')).toBeInTheDocument();
    // The title is set in an effect, which can run just after the heading appears.
    await waitFor(() => expect(document.title).toBe('Contact Us | GoldBot'));
    for (const card of ['E-mail support', 'Live chat', 'Community chat']) {
      expect(screen.getByRole('heading', { level: 3, name: card })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'support@goldbot.example' })).toHaveAttribute(
      'href',
      'mailto:support@goldbot.example',
    );
    expect(screen.getByText(`We answer every message ${CONTACT.responseTime}.`)).toBeInTheDocument();
    expect(screen.getAllByText(CONTACT.workingHours, { exact: false }).length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('readonly');
    // Browser tests find the fields by (substring) label; nothing else may be labelled like them.
    expect(screen.getAllByLabelText(/name|email|message/i)).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeInTheDocument();
  });

  it('prefills the contact form from the signed-in session', async () => {
    storeSession({ username: 'trader42', email: 'trader42@example.com' });
    renderApp(paths.contact.path);
    await pageHeading('Contact Us');
    expect(screen.getByLabelText('Name')).toHaveValue('trader42');
    expect(screen.getByLabelText('Name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveValue('trader42@example.com');
    // The header offers the dashboard instead of sign-in.
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it.each([
    paths.about,
    paths.pricing,
    paths.privacyPolicy,
    paths.terms,
    paths.blog,
    paths.faq,
    paths.dashboard,
    paths.login,
    paths.register,
    paths.registerOtp,
    paths.forgot,
    paths.forgotOtp,
    paths.reset,
    paths.adminLogin,
    ...ADMIN_NAVIGATION,
  ])('renders $path with its title', async ({ path, title }) => {
    prepareFor(path);
    renderApp(path);
    expect(await pageHeading(title)).toBeInTheDocument();
    // The title is set in an effect, which can run just after the heading appears.
    await waitFor(() => expect(document.title).toMatch(/\| GoldBot$/));
  });

  it('renders the home page: hero heading and the tagline', async () => {
    renderApp(paths.home.path);
    expect(await pageHeading('Let AI Trade Gold for You, Around the Clock')).toBeInTheDocument();
    expect(screen.getByText('Trade Smarter, Not Harder')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Automated XAUUSD Trading Bot | GoldBot'));
  });

  it('hides the site header and footer on sign-in pages and in the admin area', async () => {
    renderApp(paths.login.path);
    await pageHeading(paths.login.title);
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Footer' })).not.toBeInTheDocument();
  });

  it('sends /admin to the admin dashboard inside the admin layout', async () => {
    storeAdminSession();
    const { router } = renderApp(paths.admin.root.path);
    expect(await pageHeading(paths.admin.dashboard.title)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.admin.dashboard.path);
    const sidebar = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(sidebar).getAllByRole('link')).toHaveLength(ADMIN_NAVIGATION.length);
    expect(within(sidebar).getByRole('link', { name: paths.admin.dashboard.title })).toHaveClass('active');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('scrolls to the top when the path changes', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const { user } = renderApp(paths.contact.path);
    await pageHeading('Contact Us');
    scrollTo.mockClear();

    const footer = screen.getByRole('navigation', { name: 'Footer' });
    await user.click(within(footer).getByRole('link', { name: 'FAQ' }));
    expect(await pageHeading(paths.faq.title)).toBeInTheDocument();
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 })));
  });
});
