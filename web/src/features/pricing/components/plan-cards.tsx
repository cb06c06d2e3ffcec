import { Button } from '@/components/ui/button';
import { CheckIcon } from '@/components/ui/icons';
import { classNames } from '@/lib/class-names';
import { formatPrice, usePackagePrices } from '../api/get-packages';
import { PLANS } from '../data/plans';
import { usePlanSelection } from '../hooks/use-plan-selection';
import './pricing.css';

/** The four plan cards (customer §2 Pricing page), used on /pricing and on the home page. */
export function PlanCards({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const { prices, loading } = usePackagePrices();
  const { selectPlan, signedIn, disabled } = usePlanSelection();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  return (
    <ul className="plan-cards" aria-busy={loading || undefined}>
      {PLANS.map((plan) => {
        const titleId = `plan-${plan.slug}-title`;
        return (
          <li
            key={plan.slug}
            className={classNames('plan-card', plan.badge && 'plan-card--featured')}
            aria-labelledby={titleId}
          >
            {plan.badge && <p className="plan-card__badge">{plan.badge}</p>}
            <Heading id={titleId} className="plan-card__title">
              {plan.title}
            </Heading>
            <p className="plan-card__summary">{plan.summary}</p>
            <div className="plan-card__price">
              {loading ? (
                <span className="skeleton plan-card__price-skeleton" data-testid="price-skeleton">
                  <span className="visually-hidden">Loading price</span>
                </span>
              ) : (
                <span className="plan-card__amount">{formatPrice(prices[plan.slug])}</span>
              )}
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
