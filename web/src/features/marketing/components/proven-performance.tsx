import { Reveal } from '@/components/motion/reveal';
import { HomeSection } from './section-heading';
import './home-sections.css';

/** The marketing figures of the home page. */
export const PERFORMANCE_STATS = [
  { value: '92%', label: 'Win ratio', detail: 'Share of closed trades in profit, January to May' },
  { value: 'Up to 20%', label: 'Average monthly ROI', detail: 'Net of spreads, on the account balance' },
  { value: '24/7', label: 'Automated trading', detail: 'Every session of the trading week' },
] as const;

export function ProvenPerformance() {
  return (
    <HomeSection
      headingId="performance-heading"
      eyebrow="Proven performance"
      title="Numbers that speak for themselves"
      lead="Results from live accounts, published month by month in the reports above."
    >
      <dl className="stats">
        {PERFORMANCE_STATS.map((stat, index) => (
          <Reveal key={stat.label} delayMs={index * 120} className="stats__item">
            <dt className="stats__label">{stat.label}</dt>
            <dd className="stats__value">{stat.value}</dd>
            <dd className="stats__detail">{stat.detail}</dd>
          </Reveal>
        ))}
      </dl>
      <p className="stats__note">
        Past performance does not guarantee future results. Trading gold carries risk to your capital.
      </p>
    </HomeSection>
  );
}
