import { Button } from '@/components/ui/button';
import { CheckIcon } from '@/components/ui/icons';
import { classNames } from '@/lib/class-names';
import { SwrDefaults } from '@/lib/swr-defaults';
import { formatPrice, usePackagePrices } from '@/lib/package-prices';
import { PLANS } from '@/config/plans';
import { usePlanSelection } from '../hooks/use-plan-selection';
import './pricing.css';

/** The four plan cards, used on /pricing and on the home page. */
export function PlanCards(props: { headingLevel?: 2 | 3 }) {
  return (
    <SwrDefaults>
      <PlanCardList {...props} />
    </SwrDefaults>
  );
}

function PlanCardList({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  // No skeleton: until the catalog answers, the cards show the seeded catalog's prices (the
  // defaults), which is also what the prerendered page shows, so nothing moves when they agree.
  const { prices } = usePackagePrices();
  const { selectPlan, signedIn, disabled } = usePlanSelection();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  return (
    <ul className="plan-cards">
      {PLANS.map((plan) => {
        const titleId = `plan-${plan.slug}-title`;
        return (
          <li
            key={plan.slug}
            className={classNames('plan-card surface-card', plan.badge && 'plan-card--featured')}
            aria-labelledby={titleId}
          >
            {plan.badge && <p className="plan-card__badge">{plan.badge}</p>}
            <Heading id={titleId} className="plan-card__title">
              {plan.title}
            </Heading>
            <p className="plan-card__summary">{plan.summary}</p>
            <div className="plan-card__price">
              <span className="plan-card__amount">{formatPrice(prices[plan.slug])}</span>
              <span className="plan-card__period">{plan.period}</span>
            </div>
            <ul className="plan-card__features">
              {plan.features.map((feature) => (
                <li key={feature}>
                  <CheckIcon size={16} className="plan-card__check" />
                  {feature}
                </li>
              ))}
            </ul>
            <Button
              variant={plan.badge ? 'primary' : 'secondary'}
              fullWidth
              disabled={disabled}
              onClick={() => selectPlan(plan.packageName)}
              aria-describedby={titleId}
              className="plan-card__button"
            >
              {signedIn ? 'Go to Dashboard' : 'Get Started'}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
