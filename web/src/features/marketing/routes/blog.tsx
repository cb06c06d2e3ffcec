import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { PageFrame } from '@/components/layout/page-frame';
import { APP_NAME } from '@/config/brand';
import './about.css';

const UPCOMING = [
  'Reading the gold market: what moves XAUUSD in each trading session',
  'Risk first: how the bot sizes every position',
  'Setting up MetaTrader 5 for automated trading, step by step',
] as const;

/** The blog placeholder (its content is not shown). */
export default function BlogRoute() {
  return (
    <PageFrame
      title={paths.blog.title}
      lead={`Articles from the ${APP_NAME} team about automated gold trading are on their way.`}
      className="about-page"
    >
      <section className="about-page__step" aria-labelledby="coming-soon-heading">
        <h2 id="coming-soon-heading">Coming soon</h2>
        <p>Our first articles are being written. Topics we are working on:</p>
        <ul>
          {UPCOMING.map((topic) => (
            <li key={topic}>{topic}</li>
          ))}
        </ul>
        <p>
          In the meantime, the <Link to={paths.faq.getHref()}>FAQ</Link> answers the most common questions, and the
          monthly reports on the <Link to={paths.home.getHref()}>home page</Link> show how the bot has been trading.
        </p>
      </section>
    </PageFrame>
  );
}
