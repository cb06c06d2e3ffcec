import { Link } from 'react-router-dom';
import { REFUND_GUARANTEE_DAYS } from '@goldbot/shared';
import { paths } from '@/config/paths';
import { PageFrame } from '@/components/layout/page-frame';
import { Reveal } from '@/components/motion/reveal';
import { CpuIcon, LockIcon, ShieldIcon, UsersIcon } from '@/components/ui/feature-icons';
import { APP_NAME } from '@/config/brand';
import { FeatureCard } from '../components/feature-cards';
import { PERFORMANCE_STATS } from '../components/proven-performance';
import '@/components/ui/button.css';
import '../components/home-sections.css';
import './about.css';
import { DescriptionList, type DescriptionRow } from '@/components/ui/description-list';

const STEPS = [
  {
    title: 'Open or connect an MT5 account',
    text: 'Use any broker that offers XAUUSD on MetaTrader 5. The account, and the money in it, stays in your name.',
  },
  {
    title: 'Choose a plan',
    text: `Start free with copy trading or pick Basic, Pro or Ultimate. Paid plans come with a ${REFUND_GUARANTEE_DAYS}-day money-back guarantee.`,
  },
  {
    title: 'Let the bot trade',
    text: 'GoldBot trades gold around the clock with a stop-loss and take-profit on every position. You watch every trade live in MT5.',
  },
] as const;

const VALUES = [
  {
    title: 'Your funds, your control',
    text: 'We work through a read-only connection and never touch your deposits or withdrawals.',
    Icon: LockIcon,
  },
  {
    title: 'Risk first',
    text: 'Capital protection comes before profit: fixed risk per trade, daily loss limits, no martingale or grid.',
    Icon: ShieldIcon,
  },
  {
    title: 'Honest numbers',
    text: 'We publish monthly graphs and detailed reports from a live account, including the losing days.',
    Icon: CpuIcon,
  },
  {
    title: 'People behind the bot',
    text: 'Real traders and engineers answer your questions by e-mail, live chat and in our community.',
    Icon: UsersIcon,
  },
] as const;

export default function AboutRoute() {
  return (
    <PageFrame
      title={paths.about.title}
      lead={`${APP_NAME} brings the discipline of a professional gold desk to your own MetaTrader 5 account, with an AI that never sleeps and never trades on emotion.`}
      className="about-page"
    >
      <section className="about-page__story" aria-labelledby="story-heading">
        <Reveal>
          <h2 id="story-heading">Our story</h2>
          <p>
            {APP_NAME} started on a trading desk, with a small team of gold traders and software engineers who were
            tired of watching good strategies fail for human reasons: fatigue, fear, and missing the move that happens
            at three in the morning. We set out to build a bot that trades XAUUSD the way our best trader does on his
            best day, every day.
          </p>
          <p>
            Years of research and back-testing later, the bot combines machine-learning models with strict,
            old-fashioned risk management. Today it trades live accounts around the clock, and we publish its results
            month by month for anyone to check.
          </p>
        </Reveal>
        <DescriptionList
          className="about-page__stats"
          rows={PERFORMANCE_STATS.map((stat): DescriptionRow => [stat.label, stat.value])}
        />
      </section>

      <section className="about-page__section" aria-labelledby="how-heading">
        <h2 id="how-heading">How it works</h2>
        <ol className="about-page__steps">
          {STEPS.map((step, index) => (
            <li key={step.title}>
              <Reveal delayMs={index * 120} className="about-page__step">
                <span className="about-page__step-number" aria-hidden="true">
                  {index + 1}
                </span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </Reveal>
            </li>
          ))}
        </ol>
      </section>

      <section className="about-page__section" aria-labelledby="values-heading">
        <h2 id="values-heading">What we stand for</h2>
        <ul className="feature-cards">
          {VALUES.map(({ title, text, Icon }) => (
            <li key={title}>
              <FeatureCard title={title} text={text} Icon={Icon} />
            </li>
          ))}
        </ul>
      </section>

      <section className="about-page__cta" aria-labelledby="about-cta-heading">
        <h2 id="about-cta-heading">See it for yourself</h2>
        <p>Look through the monthly reports, then choose the plan that suits you.</p>
        <div className="about-page__actions">
          <Link to={paths.pricing.getHref()} className="button button--primary">
            View plans
          </Link>
          <Link to={paths.faq.getHref()} className="button button--secondary">
            Read the FAQ
          </Link>
        </div>
      </section>
    </PageFrame>
  );
}
