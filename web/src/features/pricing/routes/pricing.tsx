import { MINIMUM_DEPOSIT_USD, PAYMENT, REFERRAL, REFUND_GUARANTEE_DAYS } from '@goldbot/shared';
import { paths } from '@/config/paths';
import { PageFrame } from '@/components/layout/page-frame';
import { Button } from '@/components/ui/button';
import { ComparisonTable } from '../components/comparison-table';
import { PlanCards } from '../components/plan-cards';
import { BASIC_PLAN } from '@/config/plans';
import { usePlanSelection } from '../hooks/use-plan-selection';
import '../components/pricing.css';

export default function PricingRoute() {
  const { selectPlan, signedIn, disabled } = usePlanSelection();
  return (
    <PageFrame
      title={paths.pricing.title}
      lead={`Four ways to let GoldBot trade gold for you. Every paid plan runs on your own MetaTrader 5 account and comes with a ${REFUND_GUARANTEE_DAYS}-day money-back guarantee.`}
      className="pricing-page"
    >
      <section className="pricing-page__section" aria-labelledby="plans-heading">
        <h2 id="plans-heading" className="visually-hidden">
          Plans
        </h2>
        <PlanCards />
        <ul className="pricing-page__notes">
          <li>
            Paid plans are paid in USDT ({PAYMENT.walletNetwork}) and activated after a manual check of your transaction
            ID, usually within {PAYMENT.verificationHours} hours.
          </li>
          <li>
            Minimum trading deposit: ${MINIMUM_DEPOSIT_USD.freeCopyTrade} for Free Copy Trade, $
            {MINIMUM_DEPOSIT_USD.paid} for the paid plans. Have a referral code? It takes ${REFERRAL.discountUsd} off
            the Basic plan.
          </li>
        </ul>
      </section>

      <section className="pricing-page__section" aria-label="Plan comparison">
        <ComparisonTable />
      </section>

      <section className="pricing-page__section pricing-page__cta" aria-labelledby="pricing-cta-heading">
        <div>
          <h2 id="pricing-cta-heading">Not sure where to start?</h2>
          <p>
            Most traders begin with Basic: one month of the full bot, and your money back within {REFUND_GUARANTEE_DAYS}{' '}
            days if it is not for you.
          </p>
        </div>
        <Button disabled={disabled} onClick={() => selectPlan(BASIC_PLAN)}>
          {signedIn ? 'Go to Dashboard' : 'Start Free'}
        </Button>
      </section>
    </PageFrame>
  );
}
