import { Link } from 'react-router-dom';
import { paths } from '@/app/paths';
import { APP_NAME } from '@/config/brand';

const FOOTER_LINKS = [
  { to: paths.privacyPolicy.getHref(), label: 'Privacy Policy' },
  { to: paths.terms.getHref(), label: 'Terms of Service' },
  { to: paths.contact.getHref(), label: 'Contact Us' },
  { to: paths.faq.getHref(), label: 'FAQ' },
] as const;

// Read once at load: a footer year does not need to tick over while a tab is open.
const CURRENT_YEAR = new Date().getFullYear();

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <nav aria-label="Footer">
          <ul className="site-footer__links">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="site-footer__legal">
          © {CURRENT_YEAR} {APP_NAME}. All rights reserved. Trading gold (XAUUSD) carries a high level of risk and may
          not be suitable for every investor; past performance does not guarantee future results.
        </p>
      </div>
    </footer>
  );
}
