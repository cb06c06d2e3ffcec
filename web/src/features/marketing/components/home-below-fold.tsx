import { Link } from 'react-router-dom';
import { CONTACT, REFUND_GUARANTEE_DAYS } from '@goldbot/shared';
import { paths } from '@/config/paths';
import { Deferred } from '@/components/layout/deferred';
import { useSession } from '@/features/auth/auth-public';
import { AboutBlock } from './about-block';
import { FeatureCards } from './feature-cards';
import { LazyContactForm } from '@/features/contact/contact-public';
import { LazyFaqAccordion } from '@/features/faq/faq-public';
import { LazyPlanCards } from '@/features/pricing/pricing-public';
import { LazyReportsSection } from '@/features/reports/reports-public';
import { ProvenPerformance } from './proven-performance';
import { HomeSection } from './section-heading';
import '@/components/ui/button.css';
import './home-sections.css';

/**
 * Everything on the home page below the hero, in order: about block, pricing cards, performance
 * reports, feature cards, proven-performance stats, FAQ and contact form. Loaded right after the
 * hero; the heavy parts (prices, charts, FAQ, form) load only as their section nears the viewport.
 */
export default function HomeBelowFold() {
  const { user } = useSession();

  return (
    <>
      <AboutBlock />

      <HomeSection
        id="pricing"
        headingId="home-pricing-heading"
        alt
        eyebrow="Pricing"
        title="Choose the plan that fits your trading"
        lead={`Start free with copy trading, or run the full bot on your own account with a ${REFUND_GUARANTEE_DAYS}-day money-back guarantee.`}
      >
        <Deferred minHeight="34rem">
          <LazyPlanCards />
        </Deferred>
        <p className="section__footer">
          <Link to={paths.pricing.getHref()}>Compare every plan feature by feature</Link>
        </p>
      </HomeSection>

      <HomeSection
        id="reports"
        headingId="reports-heading"
        eyebrow="Performance reports"
        title="Every month, in the open"
        lead="Graphs and detailed reports from a live account, month by month. Open any of them full screen."
      >
        <Deferred minHeight="40rem">
          <LazyReportsSection />
        </Deferred>
      </HomeSection>

      <FeatureCards />
      <ProvenPerformance />

      <HomeSection
        id="faq"
        headingId="home-faq-heading"
        alt
        eyebrow="FAQ"
        title="Frequently asked questions"
        lead="Quick answers about the bot, the plans and our policies."
      >
        <Deferred minHeight="28rem">
          <LazyFaqAccordion />
        </Deferred>
      </HomeSection>

      <section id="contact" className="section" aria-labelledby="home-contact-heading">
        <div className="container home-contact">
          <div className="home-contact__intro">
            <p className="section__eyebrow">Contact</p>
            {/* Its accessible name must not contain "Name", "Email" or "Message": tests find fields by label. */}
            <h2 id="home-contact-heading" className="section__title">
              Talk to our team
            </h2>
            <p>
              Questions about the bot, a plan or a payment? Write to us and we will get back to you{' '}
              {CONTACT.responseTime}. Live chat is open {CONTACT.workingHours}.
            </p>
            <p>
              <Link to={paths.contact.getHref()}>More ways to reach us</Link>
            </p>
          </div>
          <div className="home-contact__form">
            <Deferred minHeight="24rem">
              <LazyContactForm user={user} />
            </Deferred>
          </div>
        </div>
      </section>
    </>
  );
}
