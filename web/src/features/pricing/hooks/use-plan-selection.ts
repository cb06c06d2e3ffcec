import { useNavigate } from 'react-router-dom';
import type { PackageName } from '@goldbot/shared';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth/auth-public';

/** What /dashboard and /login receive in navigation state when a plan is chosen. */
export interface PlanSelectionState {
  selectedPlan: PackageName;
  /** Guests only: where the login page continues after sign-in. */
  from?: string;
}

/**
 * The plan buttons: signed-in users go to /dashboard carrying the plan;
 * guests go to /login carrying it and a `from` of /dashboard, so it survives sign-in. The buttons
 * wait (disabled) while the session is still loading.
 */
export function usePlanSelection() {
  const { status } = useSession();
  const navigate = useNavigate();
  const signedIn = status === 'authenticated';

  const selectPlan = (selectedPlan: PackageName) => {
    if (signedIn) {
      navigate(paths.dashboard.getHref(), { state: { selectedPlan } satisfies PlanSelectionState });
    } else {
      navigate(paths.login.getHref(), {
        state: { from: paths.dashboard.getHref(), selectedPlan } satisfies PlanSelectionState,
      });
    }
  };

  return { selectPlan, signedIn, disabled: status === 'loading' };
}
