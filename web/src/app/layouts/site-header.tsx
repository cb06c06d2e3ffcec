import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { CloseIcon, MenuIcon } from '@/components/ui/icons';
import { useSession } from '@/features/auth/session';
import { classNames } from '@/lib/class-names';
import { isDashboardPath } from './chrome-visibility';
import { BrandLink } from './brand-link';
// The call-to-action link borrows the button look without being a <button>.
import '@/components/ui/button.css';

// The header links and their labels; page titles are longer.
const NAV_LINKS = [
  { to: paths.home.getHref(), label: 'Home' },
  { to: paths.about.getHref(), label: 'About' },
  { to: paths.pricing.getHref(), label: 'Pricing' },
  { to: paths.contact.getHref(), label: 'Contact' },
] as const;

const MENU_ID = 'site-menu';

function AccountAction() {
  const { status, clearSession } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();

  if (status === 'authenticated' && isDashboardPath(pathname)) {
    const logout = () => {
      clearSession();
      navigate(paths.home.getHref(), { replace: true });
    };
    return (
      <button type="button" className="button button--secondary site-header__cta" onClick={logout}>
        Logout
      </button>
    );
  }
  if (status === 'authenticated') {
    return (
      <Link to={paths.dashboard.getHref()} className="button button--primary site-header__cta">
        Dashboard
      </Link>
    );
  }
  // While the session is still being checked the slot keeps its size without a wrong label.
  if (status === 'loading') return <span className="site-header__cta site-header__cta--pending" aria-hidden="true" />;
  return (
    <Link to={paths.login.getHref()} className="button button--primary site-header__cta">
      Sign In
    </Link>
  );
}

/** The navbar: main links, the account action and, below 768 px, a menu toggle. */
export function SiteHeader() {
  const { pathname } = useLocation();
  // The menu belongs to the page it was opened on: navigating closes it without an effect.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpenOn(null);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);

  return (
    <header className={classNames('site-header', menuOpen && 'site-header--menu-open')}>
      <div className="site-header__inner">
        <BrandLink />
        <nav id={MENU_ID} className="site-header__nav" aria-label="Main">
          <ul className="site-header__links">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end
                  className="site-header__link"
                  // A second click on the current page's link still closes the menu.
                  onClick={() => setMenuOpenOn(null)}
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header__actions">
          <AccountAction />
          <button
            ref={toggleRef}
            type="button"
            className="site-header__menu-toggle"
            aria-expanded={menuOpen}
            aria-controls={MENU_ID}
            aria-label="Menu"
            onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>
    </header>
  );
}
