import { ADMIN_WORK_MESSAGES, isTronAddress, type SetupChecklistResponse, type SetupStepState } from '@goldbot/shared';
import { ServiceUnavailableError } from '../errors.js';
import type { ActiveWalletPointer } from '../records/active-wallet-pointer.js';

/**
 * The admin dashboard's first-run checklist (`admin-setup-checklist`) and its test mail
 * (`admin-test-mail`). Every step's "done" comes from what the server holds, never from the
 * browser: the signed-in administrator's profile (TOTP turned on, a test mail received), the
 * subscription settings (the free trial's copy-trading link) and the active USDT wallet.
 */

/** What the checklist is derived from. */
export interface SetupState {
  /** The signed-in administrator's profile, as the session guard read it. */
  admin: { mfaEnabledAt?: string; testMailSentAt?: string };
  /**
   * Whether this server offers administrators two-factor sign-in: where admin MFA is required
   * (AWS) every administrator enrols at their first sign-in; the local stack's Cognito has none.
   */
  mfaAvailable: boolean;
  copyTradingLink: string | null;
  /** The wallet customers pay USDT into now; none when no USDT wallet is active. */
  activeUsdtWallet: ActiveWalletPointer | undefined;
}

export interface SetupStateStore {
  readCopyTradingLink(): Promise<string | null>;
  readActiveUsdtWallet(): Promise<ActiveWalletPointer | undefined>;
}

/** The steps in their order, each done or not, and whether the checklist is complete. */
export function setupChecklist(state: SetupState): SetupChecklistResponse {
  const wallet = state.activeUsdtWallet;
  const steps: SetupStepState[] = [
    { id: 'totp', done: Boolean(state.admin.mfaEnabledAt), available: state.mfaAvailable },
    { id: 'copyTradingLink', done: state.copyTradingLink !== null, available: true },
    // Customers pay USDT on TRON: the active USDT wallet must be a real TRON (TRC20) address.
    { id: 'trc20Wallet', done: wallet !== undefined && isTronAddress(wallet.address), available: true },
    { id: 'testMail', done: Boolean(state.admin.testMailSentAt), available: true },
  ];
  return { success: true, steps, complete: steps.every((step) => step.done || !step.available) };
}

/** `admin-setup-checklist`: the settings and the wallet read side by side, the profile from the session. */
export async function readSetupChecklist(
  store: SetupStateStore,
  admin: SetupState['admin'],
  mfaAvailable: boolean,
): Promise<SetupChecklistResponse> {
  const [copyTradingLink, activeUsdtWallet] = await Promise.all([
    store.readCopyTradingLink(),
    store.readActiveUsdtWallet(),
  ]);
  return setupChecklist({ admin, mfaAvailable, copyTradingLink, activeUsdtWallet });
}

export interface TestMailDeps {
  /** Mails the test to `to`, stamped with the time it was sent. */
  send: (to: string, sentAt: string) => Promise<void>;
  /** Records on the administrator's profile that a test mail reached the mail service. */
  recordSent: (adminId: string, sentAt: string) => Promise<void>;
  now: () => Date;
  /** The mail service refused the mail (logged by the caller; the answer says what to check). */
  onSendFailure: (error: unknown) => void;
}

/**
 * `admin-test-mail`: a test mail to the signed-in administrator's own address (no other address
 * can be named, so the route cannot be used to mail anyone else), then the checklist step is
 * recorded. It changes no business data, so it writes no audit entry; the route's rate limit
 * (RATE_LIMITS.adminTestMailPerUser) keeps it to a few mails an hour.
 */
export async function sendTestMail(deps: TestMailDeps, admin: { userId: string; email: string }) {
  const sentAt = deps.now().toISOString();
  try {
    await deps.send(admin.email, sentAt);
  } catch (error) {
    deps.onSendFailure(error);
    throw new ServiceUnavailableError(ADMIN_WORK_MESSAGES.testMailFailed);
  }
  await deps.recordSent(admin.userId, sentAt);
  return {
    success: true as const,
    message: ADMIN_WORK_MESSAGES.testMailSent(admin.email),
    sentTo: admin.email,
    sentAt,
  };
}
