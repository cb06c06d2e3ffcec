import type { ComponentType } from 'react';
import { REFUND_GUARANTEE_DAYS } from '@goldbot/shared';
import { Reveal } from '@/components/motion/reveal';
import { ChartIcon, ClockIcon, CpuIcon, LockIcon, RefundIcon, ShieldIcon } from '@/components/ui/feature-icons';
import { HomeSection } from './section-heading';
import './home-sections.css';

export interface Feature {
  title: string;
  text: string;
  Icon: ComponentType<{ size?: number }>;
}

export const FEATURES: readonly Feature[] = [
  {
    title: 'AI-driven decisions',
    text: 'Machine-learning models read trend, momentum and volatility on several timeframes before every entry.',
    Icon: CpuIcon,
  },
  {
    title: 'Read-only connection',
    text: 'GoldBot never holds your money. Funds stay in your own trading account, under your name.',
    Icon: LockIcon,
  },
  {
    title: '24/7 trading',
    text: 'The bot follows gold through the Asian, London and New York sessions without a break.',
    Icon: ClockIcon,
  },
  {
    title: 'Strict risk control',
    text: 'Every position has a stop-loss and a take-profit, with exposure capped per trade and per day.',
    Icon: ShieldIcon,
  },
  {
    title: 'Money-back guarantee',
    text: `Not convinced within ${REFUND_GUARANTEE_DAYS} days? Ask for a full refund. A month without profit is refunded automatically.`,
    Icon: RefundIcon,
  },
  {
    title: 'Transparent results',
    text: 'Monthly performance graphs and detailed reports, plus live trading you can watch for yourself.',
    Icon: ChartIcon,
  },
];

/** One card: its icon, title and text (the home page's features, the About page's values). */
export function FeatureCard({ title, text, Icon }: Feature) {
  return (
    <div className="feature-card surface-card">
      <span className="feature-card__icon">
        <Icon size={26} />
      </span>
      <h3 className="feature-card__title">{title}</h3>
      <p className="feature-card__text">{text}</p>
    </div>
  );
}

/** Feature cards; centred under 768 px. */
export function FeatureCards() {
  return (
    <HomeSection
      headingId="features-heading"
      alt
      eyebrow="Why GoldBot"
      title="Everything you need to trade gold on autopilot"
      lead="A bot that works the way a careful professional trader would, without the sleepless nights."
    >
      <ul className="feature-cards">
        {FEATURES.map(({ title, text, Icon }, index) => (
          <li key={title}>
            <Reveal delayMs={(index % 3) * 100} className="feature-cards__reveal">
              <FeatureCard title={title} text={text} Icon={Icon} />
            </Reveal>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
