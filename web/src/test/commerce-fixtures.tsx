import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { SwrDefaults } from '@/lib/swr-defaults';
import {
  PACKAGE_NAMES,
  roundToCents,
  type OrderState,
  type OrderStateResponse,
  type PackageName,
} from '@goldbot/shared';
import { AppProvider } from '@/app/provider';
import { LocationProbe } from '@/test/render-with-router';
import type { SessionUser } from '@/lib/session-storage';
import { mockApi } from '@/test/auth-helpers';
import { jsonResponse, storeSession } from '@/test/test-utils';
import type { Subscription } from '../features/payments/api/get-active-subscription';

/**
 * Test helpers for the commerce screens (tests only; never imported by the app): answers of the
 * payment routes, and a render inside the app's providers with a signed-in customer and an SWR
 * cache of its own (no answer leaks from one test into the next).
 */

export const CUSTOMER: SessionUser = {
  _id: 'user-1',
  username: 'trader42',
  email: 'trader42@example.com',
  role: 'user',
  referralCode: 'TRADER42',
  referralCount: 3,
  referralEarnings: 6,
};

export const WALLET = { walletAddress: 'TQ3fY6uVYxAbC4dEf5GhJ6kLm7NpQ8rS9t', network: 'TRC20' };
export const TXID = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';

export function subscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    _id: 'sub-1',
    packageName: PACKAGE_NAMES.basic,
    status: 'active',
    startDate: '2026-03-01',
    endDate: '2026-03-31',
    paymentMethod: 'usdt',
    isExtension: false,
    createdAt: '2026-02-20T10:00:00.000Z',
    updatedAt: '2026-02-21T10:00:00.000Z',
    ...overrides,
  };
}

type Slug = 'freeTrial' | 'basic' | 'pro' | 'ultimate';

/** The public catalog; `offSale` lists packages an admin took off sale. */
export const catalog = (
  prices: { freeTrial?: number; basic?: number; pro?: number; ultimate?: number } = {},
  offSale: readonly Slug[] = [],
) => {
  const all = { freeTrial: 0, basic: 60, pro: 250, ultimate: 1000, ...prices };
  return jsonResponse({
    packages: (['freeTrial', 'basic', 'pro', 'ultimate'] as const).map((slug, sortOrder) => ({
      slug,
      packageName: PACKAGE_NAMES[slug] as PackageName,
      priceUsd: all[slug],
      sortOrder,
      onSale: !offSale.includes(slug),
    })),
  });
};

export const packageStatus = (
  hasActiveBasicPackage = false,
  isBasicPackageEnabled = true,
  freeTrial: { isFreeTrialAvailable?: boolean; copyTradingLink?: string | null } = {},
) =>
  jsonResponse({
    success: true,
    hasActiveBasicPackage,
    isBasicPackageEnabled,
    isFreeTrialAvailable: freeTrial.isFreeTrialAvailable ?? true,
    copyTradingLink: freeTrial.copyTradingLink ?? null,
  });

export const settings = (basicPackageEnabled = true) =>
  jsonResponse({ success: true, settings: { basicPackageEnabled } });

export const errorResponse = (status: number, message: string, errors?: Record<string, string>) =>
  jsonResponse({ message, msg: message, ...(errors ? { errors } : {}) }, status);

type Routes = Parameters<typeof mockApi>[0];

/** The cents every test order adds to its price: the exact amount to send is the price plus 0.37. */
export const ORDER_TAG = 0.37;
const SLUG_OF: Record<string, 'basic' | 'pro' | 'ultimate'> = {
  [PACKAGE_NAMES.basic]: 'basic',
  [PACKAGE_NAMES.pro]: 'pro',
  [PACKAGE_NAMES.ultimate]: 'ultimate',
};

/** POST /api/payment/order as the server answers it: the price (less $10 with a code) plus ORDER_TAG. */
export const orderReply =
  (prices: { basic?: number; pro?: number; ultimate?: number } = {}) =>
  (request: { body?: unknown }) => {
    const all = { basic: 60, pro: 250, ultimate: 1000, ...prices };
    const body = (request.body ?? {}) as { packageName?: string; referralCode?: string | null };
    const originalAmount = all[SLUG_OF[body.packageName ?? ''] ?? 'basic'];
    const price = Math.max(0, originalAmount - (body.referralCode ? 10 : 0));
    return jsonResponse({
      order: {
        orderId: `order-${body.referralCode ?? 'plain'}`,
        packageName: body.packageName,
        originalAmount,
        price,
        amount: roundToCents(price + ORDER_TAG),
        referralCode: body.referralCode ?? null,
        expiresAt: ORDER_EXPIRES_AT,
      },
    });
  };

/** When every test order closes. */
export const ORDER_EXPIRES_AT = '2026-11-23T12:15:00.000Z';

/** The TXID of the transfer the chain bound to a test order. */
export const FOUND_TXID = 'b1c2d3e4f5a60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f91';

/**
 * GET /api/payment/order/{orderId} as the server answers it: the Basic order of 60.37 USDT
 * (`order-plain`, as `orderReply` opens it) in `state`; `found` and `active` carry its payment of
 * that amount unless `extra` says otherwise.
 */
export function orderStateReply(
  state: OrderState = 'waiting',
  extra: Partial<Pick<OrderStateResponse, 'payment' | 'lateTransfer'>> = {},
) {
  const paid = state === 'found' || state === 'active';
  const answer: OrderStateResponse = {
    order: {
      orderId: 'order-plain',
      packageName: PACKAGE_NAMES.basic,
      originalAmount: 60,
      price: 60,
      amount: 60.37,
      referralCode: null,
      expiresAt: ORDER_EXPIRES_AT,
    },
    state,
    payment: paid
      ? {
          txid: FOUND_TXID,
          amount: 60.37,
          confirmedAt: '2026-11-23T10:20:00.000Z',
          status: state === 'active' ? 'completed' : 'pending',
        }
      : null,
    lateTransfer: null,
    ...extra,
  };
  return jsonResponse(answer);
}

/** The commerce routes answering as for a customer without purchases; `routes` replace any. */
export function mockCommerceApi(routes: Routes = {}) {
  return mockApi({
    'GET /api/packages': catalog(),
    'GET /api/payment/package-status': packageStatus(),
    'GET /api/settings/public/subscription-settings': settings(),
    'GET /api/payment/wallet-details': jsonResponse(WALLET),
    'POST /api/payment/order': orderReply(),
    // The open window polls its order: nothing found yet.
    'GET /api/payment/order/order-plain': orderStateReply(),
    'GET /api/payment/order/order-FRIEND10': orderStateReply(),
    'GET /api/payment/active-subscription': jsonResponse({ subscription: null }),
    'GET /api/payment/subscriptions': jsonResponse({ subscriptions: [] }),
    ...routes,
  });
}

/** The router's current search and navigation state, for asserting what the dashboard cleaned up. */
function DashboardLocationProbe() {
  const location = useLocation();
  return (
    <output hidden data-testid="dashboard-location" data-search={location.search}>
      {JSON.stringify(location.state ?? null)}
    </output>
  );
}

export const probedSearch = (element: HTMLElement) => element.getAttribute('data-search');

/** Renders `ui` signed in as `user`, inside the app's providers and a memory router at `path`. */
export function renderSignedIn(
  ui: ReactElement,
  { path = '/dashboard', user = CUSTOMER }: { path?: InitialEntry; user?: SessionUser } = {},
) {
  storeSession(user);
  const events = userEvent.setup();
  const view = render(
    <AppProvider>
      <SwrDefaults>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route
                path="/dashboard"
                element={
                  <>
                    {ui}
                    <DashboardLocationProbe />
                  </>
                }
              />
              <Route path="*" element={<LocationProbe />} />
            </Routes>
          </MemoryRouter>
        </SWRConfig>
      </SwrDefaults>
    </AppProvider>,
  );
  return { user: events, ...view };
}
