import { lazy, Suspense, useCallback, useEffect, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { ALL_PACKAGE_NAMES, type PackageName } from '@goldbot/shared';
import { paths } from '@/config/paths';
import { PageLoader } from '@/components/ui/page-loader';
import { TabList, TabPanel } from '@/components/ui/tabs';
import { readAuthNavigationState, useSession } from '@/features/auth/auth-public';
import {
  isPaidPackageName,
  LazyUsdtPaymentModal,
  useRevalidateSubscriptions,
} from '@/features/payments/payments-public';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { DashboardFrame } from '../components/dashboard-frame';
import { InPageNotification, type Notice } from '../components/in-page-notification';
import { PackagesTab, type PurchaseRequest } from '../components/packages-tab';
import { ParticleBackground } from '../components/particle-background';
import {
  DASHBOARD_TABS,
  DEFAULT_TAB,
  NOTICE_PARAMS,
  noticeFromSearch,
  parseTab,
  TAB_PARAM,
  type DashboardTab,
} from '../lib/dashboard-state';
import '../components/dashboard.css';

const TAB_PREFIX = 'dashboard';

/*
 * The dashboard opens on Packages. The other tabs (the account forms and their schemas, the
 * referral and billing lists) and the payment dialog (its QR code) load when first opened, so the
 * page's first render evaluates only what it shows.
 */
const ReferralProgramTab = lazy(() =>
  import('../components/referral-program-tab').then((module) => ({ default: module.ReferralProgramTab })),
);
const BillingHistoryTab = lazy(() =>
  import('../components/billing-history-tab').then((module) => ({ default: module.BillingHistoryTab })),
);
const AccountTab = lazy(() => import('../components/account-tab').then((module) => ({ default: module.AccountTab })));
/* Once a paid package is active, the Packages tab asks for the MetaTrader 5 account the bot trades on. */
const Mt5AccountCard = lazy(() =>
  import('@/features/trading/trading-public').then((module) => ({ default: module.Mt5AccountCard })),
);

const isPackageName = (name: string | undefined): name is PackageName =>
  name !== undefined && (ALL_PACKAGE_NAMES as readonly string[]).includes(name);

interface Arrival {
  notice: Notice | null;
  /** The plan chosen on /pricing (navigation state `selectedPlan`). */
  selectedPlan: PackageName | undefined;
}

/**
 * What the dashboard was opened with: the query-parameter notice (success=true, success=false,
 * subscription) and the plan chosen on /pricing. Read once; the effect then removes the notice's
 * parameters from the address, so a reload does not show it again. The plan stays in the
 * navigation state until its payment modal is closed (a reload meanwhile reopens it).
 */
function useArrival(): Arrival {
  const location = useLocation();
  const navigate = useNavigate();
  const [arrival] = useState<Arrival>(() => {
    const selectedPlan = readAuthNavigationState(location.state).selectedPlan;
    return {
      notice: noticeFromSearch(new URLSearchParams(location.search)),
      selectedPlan: isPackageName(selectedPlan) ? selectedPlan : undefined,
    };
  });

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const hadNoticeParams = NOTICE_PARAMS.some((name) => params.has(name));
    if (!hadNoticeParams && !arrival.selectedPlan) return;
    for (const name of NOTICE_PARAMS) params.delete(name);
    // A chosen plan opens on the Packages tab.
    if (arrival.selectedPlan) params.delete(TAB_PARAM);
    const search = params.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, state: location.state },
    );
    // Once, on arrival: later changes of the address are the dashboard's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return arrival;
}

/** The customer dashboard: sidebar tabs, particle background, payments. */
export default function DashboardRoute() {
  useDocumentTitle(paths.dashboard.title);
  const { user } = useSession();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const arrival = useArrival();
  const revalidateSubscriptions = useRevalidateSubscriptions();

  const [notice, setNotice] = useState<Notice | null>(arrival.notice);
  const closeNotice = useCallback(() => setNotice(null), []);
  const [purchase, setPurchase] = useState<PurchaseRequest | null>(() =>
    isPaidPackageName(arrival.selectedPlan) ? { packageName: arrival.selectedPlan } : null,
  );

  // While the navigation state still carries it, a chosen plan keeps the Packages tab open.
  const choosingPlan =
    arrival.selectedPlan !== undefined && readAuthNavigationState(location.state).selectedPlan !== undefined;
  const tab: DashboardTab = choosingPlan ? DEFAULT_TAB : parseTab(searchParams.get(TAB_PARAM));
  const selectTab = (next: DashboardTab) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === DEFAULT_TAB) params.delete(TAB_PARAM);
        else params.set(TAB_PARAM, next);
        return params;
      },
      { replace: true },
    );

  const navigate = useNavigate();
  const closePurchase = () => {
    setPurchase(null);
    // The plan chosen on /pricing is dealt with: a reload must not open its payment again.
    if (readAuthNavigationState(location.state).selectedPlan !== undefined) {
      void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true });
    }
  };

  // The tabs stand in a column on wide screens: Up and Down move between them too.
  const onSidebarKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const index = DASHBOARD_TABS.findIndex((item) => item.id === tab);
    const nextIndex = (index + step + DASHBOARD_TABS.length) % DASHBOARD_TABS.length;
    const next = DASHBOARD_TABS[nextIndex];
    if (!next) return;
    selectTab(next.id);
    event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')[nextIndex]?.focus();
  };

  return (
    <DashboardFrame
      background={<ParticleBackground />}
      sidebar={
        <>
          <p className="dashboard__greeting">
            Welcome back{user?.username ? ',' : ''} <strong>{user?.username}</strong>
          </p>
          <div onKeyDown={onSidebarKeyDown}>
            <TabList
              label="Dashboard sections"
              idPrefix={TAB_PREFIX}
              items={DASHBOARD_TABS}
              value={tab}
              onChange={selectTab}
              className="dashboard__tabs"
            />
          </div>
        </>
      }
      after={
        purchase && (
          <Suspense fallback={null}>
            <LazyUsdtPaymentModal
              packageName={purchase.packageName}
              isUpgrade={purchase.isUpgrade}
              onClose={closePurchase}
              onSuccess={() => void revalidateSubscriptions()}
            />
          </Suspense>
        )
      }
    >
      {notice && <InPageNotification notice={notice} onClose={closeNotice} />}
      <TabPanel idPrefix={TAB_PREFIX} id={tab} className="dashboard__panel">
        <h2 className="dashboard__panel-title">{DASHBOARD_TABS.find((item) => item.id === tab)?.label}</h2>
        {tab === 'packages' && (
          <>
            <Suspense fallback={null}>
              <Mt5AccountCard />
            </Suspense>
            <PackagesTab onBuy={setPurchase} highlightedPlan={arrival.selectedPlan} />
          </>
        )}
        {/* Keyed by tab: a new boundary shows its loader at once, so the chosen tab is selected
            on the click even while its code is on the way. */}
        <Suspense key={tab} fallback={<PageLoader />}>
          {tab === 'referral' && <ReferralProgramTab />}
          {tab === 'billing' && <BillingHistoryTab />}
          {tab === 'account' && <AccountTab />}
        </Suspense>
      </TabPanel>
    </DashboardFrame>
  );
}
