import { lazy, Suspense, useState, type CSSProperties, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { REFUND_GUARANTEE_DAYS, UI } from '@goldbot/shared';
import { paths } from '@/config/paths';
import { useInView } from '@/components/motion/use-in-view';
import { usePrerendered } from '@/hooks/use-prerendered';
import { useReducedMotion } from '@/components/motion/use-reduced-motion';
import { PlayIcon } from '@/components/ui/icons';
import { classNames } from '@/lib/class-names';
import { HeroAvatar } from './hero-avatar';
import { HeroCircles, HeroDecor } from './hero-decor';
import '@/components/ui/button.css';
import './hero.css';

// The modal (and its dialog code) is fetched on the first click only.
const LiveProofModal = lazy(() => import('./live-proof-modal').then((module) => ({ default: module.LiveProofModal })));

export const HERO_TAGLINE = 'Trade Smarter, Not Harder';
export const HERO_HEADING = 'Let AI Trade Gold for You, Around the Clock';

const { delayS, staggerS, itemS } = UI.heroStagger;

/** One step of the staggered entrance: 0.3 s delay, then 0.2 s between items, 0.5 s each. */
function StaggerItem({ index, className, children }: { index: number; className?: string; children: ReactNode }) {
  const style = {
    '--stagger-delay': `${delayS + index * staggerS}s`,
    '--stagger-duration': `${itemS}s`,
  } as CSSProperties;
  return (
    <div className={classNames('hero__item', className)} style={style}>
      {children}
    </div>
  );
}

/**
 * The home hero. Its content fades in with a stagger when at least
 * 10% of it is visible and fades out again when it leaves, every time. On the prerendered page it
 * is simply there from the first paint (also without JavaScript), and moves only once it has left.
 */
export function Hero() {
  const reducedMotion = useReducedMotion();
  const prerendered = usePrerendered();
  const [ref, inView] = useInView<HTMLElement>({
    threshold: UI.heroVisibilityThreshold,
    initiallyInView: prerendered,
  });
  const [proofOpen, setProofOpen] = useState(false);
  const visible = reducedMotion || inView;

  return (
    <section
      ref={ref}
      className={classNames('hero', visible && 'hero--visible')}
      aria-labelledby="hero-heading"
      data-visible={visible}
    >
      <HeroDecor />
      <div className="hero__inner container">
        <div className="hero__content">
          <StaggerItem index={0}>
            <p className="hero__tagline">
              <span className="hero__online-dot" aria-hidden="true" />
              <span>{HERO_TAGLINE}</span>
              <span className="visually-hidden"> (the bot is online)</span>
            </p>
          </StaggerItem>
          <StaggerItem index={1}>
            <h1 id="hero-heading" className="hero__title">
              Let AI Trade Gold for You, <span className="hero__title-accent">Around the Clock</span>
            </h1>
          </StaggerItem>
          <StaggerItem index={2}>
            <p className="hero__lead">
              GoldBot is an AI-driven XAUUSD trading bot that works on your own MetaTrader 5 account through a read-only
              connection. Your funds never leave your broker, and every paid plan comes with a {REFUND_GUARANTEE_DAYS}
              -day money-back guarantee.
            </p>
          </StaggerItem>
          <StaggerItem index={3} className="hero__actions">
            <Link to={paths.pricing.getHref()} className="button button--primary hero__button">
              Start Your Trading
            </Link>
            <button
              type="button"
              className="button button--secondary hero__button"
              onClick={() => setProofOpen(true)}
              aria-haspopup="dialog"
            >
              <PlayIcon size={16} />
              See Live Proofs
            </button>
          </StaggerItem>
          <StaggerItem index={4}>
            <ul className="hero__facts" aria-label="Highlights">
              <li>
                <strong>92%</strong> win ratio
              </li>
              <li>
                <strong>Up to 20%</strong> avg. monthly ROI
              </li>
              <li>
                <strong>24/7</strong> automated trading
              </li>
            </ul>
          </StaggerItem>
        </div>
        <StaggerItem index={2} className="hero__visual">
          <HeroCircles />
          <HeroAvatar />
        </StaggerItem>
      </div>
      {proofOpen && (
        <Suspense fallback={null}>
          <LiveProofModal onClose={() => setProofOpen(false)} />
        </Suspense>
      )}
    </section>
  );
}
