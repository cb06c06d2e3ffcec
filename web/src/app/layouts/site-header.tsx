import { Link, NavLink } from 'react-router-dom';
import { paths } from '@/app/paths';
import { APP_NAME } from '@/config/brand';
import { useSession } from '@/features/auth/session';
// The call-to-action link borrows the button look without being a <button>.
import '@/components/ui/button.css';

// The header links and their labels (customer §2 Navbar); page titles are longer.
const NAV_LINKS = [
  { to: paths.home.getHref(), label: 'Home' },
  { to: paths.about.getHref(), label: 'About' },
  { to: paths.pricing.getHref(), label: 'Pricing' },
  { to: paths.contact.getHref(), label: 'Contact' },
] as const;

export function SiteHeader() {
  const { status } = useSession();
  const signedIn = status === 'authenticated';
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to={paths.home.getHref()} className="site-header__brand">
          <span className="site-header__logo" aria-hidden="true" />
          {APP_NAME}
        </Link>
        <nav className="site-header__nav" aria-label="Main">
          <ul className="site-header__links">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end className="site-header__link">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Link
          to={signedIn ? paths.dashboard.getHref() : paths.login.getHref()}
          className="button button--primary site-header__cta"
        >
          {signedIn ? 'Dashboard' : 'Sign In'}
        </Link>
      </div>
    </header>
  );
}
