import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { DiscordIcon, FacebookIcon, InstagramIcon } from '@/components/ui/social-icons';
import { APP_NAME } from '@/config/brand';
import { siteConfig, type SocialNetwork } from '@/config/site';
import { useSession } from '@/features/auth/session';
import { hidesFooterCta } from './chrome-visibility';
import { BrandLink } from './brand-link';
import '@/components/ui/button.css';

const FOOTER_LINKS = [
  { to: paths.privacyPolicy.getHref(), label: 'Privacy Policy' },
  { to: paths.terms.getHref(), label: 'Terms of Service' },
  { to: paths.contact.getHref(), label: 'Contact Us' },
  { to: paths.faq.getHref(), label: 'FAQ' },
] as const;

const SOCIAL_ICONS: Record<SocialNetwork, typeof FacebookIcon> = {
  facebook: FacebookIcon,
  instagram: InstagramIcon,
  discord: DiscordIcon,
};

/** Where 'Start for Free now' sends a guest: sign in, then on to the free trial. */
export const FREE_TRIAL_HINT = '/free-trial';

// Read once at load: a footer year does not need to tick over while a tab is open.
const CURRENT_YEAR = new Date().getFullYear();

function FooterCallToAction() {
  const { status } = useSession();
  const signedIn = status === 'authenticated';
  return (
    <section className="footer-cta" aria-labelledby="footer-cta-heading">
      <div className="footer-cta__inner">
        <div>
          <h2 id="footer-cta-heading" className="footer-cta__title">
            Ready to Automate Your XAUUSD Trading?
          </h2>
          <p className="footer-cta__text">
            Connect your MetaTrader 5 account once and let {APP_NAME} trade gold for you, day and night. Your funds
            never leave your own broker account.
          </p>
        </div>
        {signedIn ? (
          <Link to={paths.dashboard.getHref()} className="button button--primary footer-cta__button">
            Go to Dashboard
          </Link>
        ) : (
          <Link
            to={paths.login.getHref()}
            state={{ from: FREE_TRIAL_HINT }}
            className="button button--primary footer-cta__button"
          >
            Start for Free now
          </Link>
        )}
      </div>
    </section>
  );
}

/** The site footer. */
export function SiteFooter() {
  const { pathname } = useLocation();
  return (
    <footer className="site-footer">
      {!hidesFooterCta(pathname) && <FooterCallToAction />}
      <div className="site-footer__inner">
        <div className="site-footer__top">
          <div className="site-footer__brand-block">
            <BrandLink />
            <p className="site-footer__blurb">
              AI-driven XAUUSD trading on your own MetaTrader 5 account, with a read-only connection.
            </p>
          </div>
          <nav aria-label="Footer">
            <ul className="site-footer__links">
              {FOOTER_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <ul className="site-footer__social" aria-label="Social media">
            {siteConfig.socialLinks.map((link) => {
              const SocialIcon = SOCIAL_ICONS[link.id];
              return (
                <li key={link.id}>
                  <a
                    href={link.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${APP_NAME} on ${link.label} (opens in a new tab)`}
                    className="site-footer__social-link"
                  >
                    <SocialIcon size={20} />
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
        <p className="site-footer__legal">
          © {CURRENT_YEAR} {APP_NAME}. All rights reserved.
        </p>
        <p className="site-footer__legal site-footer__risk">
          <strong>Risk warning:</strong> trading gold (XAUUSD) and other leveraged products carries a high level of risk
          and may not be suitable for every investor. You can lose some or all of your deposit. Past performance does
          not guarantee future results; only trade with money you can afford to lose.
        </p>
      </div>
    </footer>
  );
}
