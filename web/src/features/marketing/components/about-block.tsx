import { Link } from 'react-router-dom';
import { REFUND_GUARANTEE_DAYS } from '@goldbot/shared';
import { paths } from '@/config/paths';
import { Reveal } from '@/components/motion/reveal';
import { CheckIcon } from '@/components/ui/icons';
import './home-sections.css';

const HIGHLIGHTS = [
  'Trades XAUUSD on your own MetaTrader 5 account',
  'Read-only connection: your funds stay with your broker',
  'Risk managed on every position, no martingale, no grid',
  `${REFUND_GUARANTEE_DAYS}-day money-back guarantee, and a refund for any month without profit`,
] as const;

/** The home page's about block. */
export function AboutBlock() {
  return (
    <section className="section" aria-labelledby="about-heading">
      <div className="container about-block">
        <Reveal variant="slide-left" className="about-block__text">
          <p className="section__eyebrow">About GoldBot</p>
          <h2 id="about-heading" className="section__title">
            Built by traders, powered by AI
          </h2>
          <p>
            Gold moves on news, sessions and liquidity around the clock, far more than any person can follow. GoldBot
            watches XAUUSD every second of the trading week, reads the trend and volatility with machine-learning
            models, and places each trade with a fixed stop-loss and take-profit.
          </p>
          <p>
            You keep full control: the bot runs on your MetaTrader 5 account through a read-only investor connection, so
            nobody but you can withdraw a cent.
          </p>
          <Link to={paths.about.getHref()} className="about-block__link">
            Read our story
          </Link>
        </Reveal>
        <Reveal variant="slide-right" className="about-block__panel">
          <ul className="check-list">
            {HIGHLIGHTS.map((highlight) => (
              <li key={highlight}>
                <span className="check-list__icon">
                  <CheckIcon size={16} />
                </span>
                {highlight}
              </li>
            ))}
          </ul>
        </Reveal>
      </div>
    </section>
  );
}
