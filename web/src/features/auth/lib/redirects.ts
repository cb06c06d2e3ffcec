import { PACKAGE_NAMES } from '@goldbot/shared';
import { paths } from '@/config/paths';

/**
 * Navigation state between the guards, the pricing page and the sign-in pages:
 * - `from`: where a guard or a call-to-action sent the visitor from (a path, or a location);
 * - `selectedPlan`: the plan chosen on the pricing page, handed on to /dashboard;
 * - `message`: a line to show on arrival (e.g. "Account verified, please sign in.");
 * - `error`: a failure to show on arrival (e.g. "Google login failed" from the callback);
 * - `email`: prefills the e-mail field.
 */
export interface AuthNavigationState {
  from?: string;
  selectedPlan?: string;
  message?: string;
  error?: string;
  email?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** `from` as a path: a string, or a location object `{ pathname, search, hash }`. */
function toPath(from: unknown): string | undefined {
  if (typeof from === 'string') return from;
  if (isRecord(from) && typeof from.pathname === 'string') {
    return `${from.pathname}${text(from.search) ?? ''}${text(from.hash) ?? ''}`;
  }
  return undefined;
}

export function readAuthNavigationState(state: unknown): AuthNavigationState {
  if (!isRecord(state)) return {};
  const result: AuthNavigationState = {};
  const from = toPath(state.from);
  const selectedPlan = text(state.selectedPlan);
  const message = text(state.message);
  const error = text(state.error);
  const email = text(state.email);
  if (from) result.from = from;
  if (selectedPlan) result.selectedPlan = selectedPlan;
  if (message) result.message = message;
  if (error) result.error = error;
  if (email) result.email = email;
  return result;
}

/** Pages it makes no sense to return to after signing in. */
const SIGN_IN_PATHS: readonly string[] = [
  paths.login.path,
  paths.register.path,
  paths.registerOtp.path,
  paths.forgot.path,
  paths.forgotOtp.path,
  paths.reset.path,
  paths.adminLogin.path,
  '/auth/callback',
];

/** The footer's "Start for Free now" hint; there is no such page. */
export const FREE_TRIAL_HINT = '/free-trial';

/** Only paths of this app: no `//host` or `/\host` (open redirects), no sign-in pages. */
export function safeReturnPath(from: string | undefined): string | undefined {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return undefined;
  const pathname = from.split(/[?#]/)[0] ?? '';
  if (SIGN_IN_PATHS.includes(pathname)) return undefined;
  return from;
}

export interface Destination {
  to: string;
  state?: { selectedPlan: string };
}

/**
 * Where a signed-in user goes: admins to /admin (or the admin page
 * they came from), others back to where they came from or to /dashboard, keeping `selectedPlan`.
 */
export function destinationAfterSignIn(isAdmin: boolean, navigationState: AuthNavigationState): Destination {
  const from = safeReturnPath(navigationState.from);
  const isAdminPath = from?.startsWith(paths.admin.root.path) ?? false;
  if (isAdmin) return { to: from && isAdminPath ? from : paths.admin.root.path };

  let to = from && !isAdminPath ? from : paths.dashboard.path;
  let { selectedPlan } = navigationState;
  if (to === FREE_TRIAL_HINT) {
    // The free trial is started from the dashboard's Packages tab.
    to = paths.dashboard.path;
    selectedPlan ??= PACKAGE_NAMES.freeTrial;
  }
  return selectedPlan ? { to, state: { selectedPlan } } : { to };
}
