import { randomBytes, randomUUID } from 'node:crypto';
import { AUTH, ROUTES, WITHDRAWAL, type RouteId } from '@goldbot/shared';
import { ensureUser, localCognitoClient, localIdToken } from '../local/cognito-local.js';
import { ROUND_TRIP_COMMANDS_HEADER, ROUND_TRIPS_HEADER } from '../local/dynamodb-round-trips.js';
import { latestCode as latestCodeAt } from '../local/ses-local.js';
import type { LocalStackInfo } from '../local/stack.js';
import { sleep } from '../../functions/src/lib/retry.js';

/**
 * A customer's whole life through the HTTP API of a local stack, the flows of the integration
 * suite in one script: the public pages, registration with the mailed code, sign-in and refresh,
 * the dashboard's reads, a free trial, referral checks and ten referred purchases (approved by the
 * admin), the MetaTrader 5 account of a paying friend, a withdrawal, a profile and e-mail change, a
 * password reset and sign-out. Every answer
 * of the customer's calls is recorded with the DynamoDB requests its handler made, which the local
 * gateway reports in headers (scripts/local/dynamodb-round-trips.ts). The admin's calls that make
 * the journey possible (approvals) are made but not recorded: they are not customer routes.
 */
export interface Observation {
  route: RouteId;
  status: number;
  /** The DynamoDB commands the handler sent, in order. */
  commands: string[];
}

/**
 * The customer routes: every route a signed-in customer calls and every public one, except the
 * admin's second factor (auth-mfa-*), which is public only because it runs before a session.
 */
export const CUSTOMER_ROUTES: readonly RouteId[] = ROUTES.filter(
  (r) => r.auth !== 'admin' && !r.id.startsWith('auth-mfa-'),
).map((r) => r.id);

const PASSWORD = 'Gold$trade1';
const NEW_PASSWORD = 'Fresh#Pass9';
/** A well-formed TRC20 address (the withdrawal destination); not one of the local wallet's. */
const PAYOUT_ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

interface Answer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

export class JourneyError extends Error {}

type StackInfo = Pick<LocalStackInfo, 'urls' | 'pool' | 'admin'>;

export async function runCustomerJourney(info: StackInfo, log: (line: string) => void): Promise<Observation[]> {
  const observations: Observation[] = [];
  const api = info.urls.api;

  async function request(
    path: string,
    options: { method?: string; body?: unknown; token?: string; cookie?: string } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.cookie) headers.cookie = options.cookie;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${api}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    let body: Record<string, unknown> = {};
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      // Not JSON (none of the customer routes answers anything else): keep the status.
    }
    return { status: response.status, body, headers: response.headers };
  }

  /** A customer call: recorded, and it must answer `expected`. */
  async function call(
    route: RouteId,
    path: string,
    expected: number,
    options: { method?: string; body?: unknown; token?: string; cookie?: string } = {},
  ): Promise<Answer> {
    const answer = await request(path, options);
    const count = answer.headers.get(ROUND_TRIPS_HEADER);
    if (count === null) {
      throw new JourneyError(
        `${route} answered HTTP ${answer.status} without the ${ROUND_TRIPS_HEADER} header (not from a handler): ` +
          JSON.stringify(answer.body).slice(0, 300),
      );
    }
    const listed = answer.headers.get(ROUND_TRIP_COMMANDS_HEADER) ?? '';
    const commands = listed ? listed.split(',') : [];
    if (commands.length !== Number(count)) throw new JourneyError(`${route}: the round-trip headers disagree`);
    observations.push({ route, status: answer.status, commands });
    if (answer.status !== expected) {
      throw new JourneyError(
        `${route} (${path}) answered HTTP ${answer.status}, expected ${expected}: ${JSON.stringify(answer.body).slice(0, 300)}`,
      );
    }
    return answer;
  }

  const latestCode = (address: string, subject: RegExp) => latestCodeAt(info.urls.sesInbox, address, subject);

  const refreshCookie = (answer: Answer) => {
    const cookie = answer.headers.getSetCookie().find((c) => c.startsWith(`${AUTH.refreshCookie}=`));
    if (!cookie) throw new JourneyError('the sign-in set no refresh cookie');
    return cookie.split(';')[0] ?? '';
  };
  const tokenOf = (answer: Answer) => {
    if (typeof answer.body.token !== 'string') throw new JourneyError('the sign-in answered no token');
    return answer.body.token;
  };

  /** A confirmed account straight in Cognito (as the integration suite's buyers), signed in. */
  async function directCustomer(tag: string): Promise<{ token: string }> {
    const email = `${tag}-${randomUUID().slice(0, 8)}@example.com`;
    await ensureUser(localCognitoClient(info.urls.cognito), info.pool, { email, password: PASSWORD });
    const token = await localIdToken(info.urls.cognito, info.pool, { email, password: PASSWORD });
    await call('auth-me', '/api/auth/me', 200, { token });
    return { token };
  }

  // The public pages.
  log('  public pages, registration and sign-in...');
  await call('health', '/api/health', 200);
  const catalog = await call('packages-list', '/api/packages', 200);
  const packages = (catalog.body.packages ?? []) as { slug: string; priceUsd: number; packageName: string }[];
  const basic = packages.find((p) => p.slug === 'basic');
  if (!basic) throw new JourneyError('the catalog has no Basic package');
  await call('contact-add', '/api/contact/add', 201, {
    method: 'POST',
    body: { name: 'Journey', email: 'journey@example.com', message: 'How does the bot trade gold?' },
  });

  // Registration with the mailed code, then a sign-in and a refresh.
  const email = `journey-${randomUUID().slice(0, 8)}@example.com`;
  const username = `journey_${randomUUID().slice(0, 6)}`;
  await call('auth-register', '/api/auth/Register', 201, {
    method: 'POST',
    body: { username, email, password: PASSWORD },
  });
  await call('auth-resend-otp', '/api/auth/resendOtp', 200, { method: 'POST', body: { email } });
  const otp = await latestCode(email, /verification/i);
  await call('auth-verify-otp', '/api/auth/verifyOtp', 200, {
    method: 'POST',
    body: { email, otp, password: PASSWORD },
  });
  const login = await call('auth-login', '/api/auth/login', 200, {
    method: 'POST',
    body: { email, password: PASSWORD },
  });
  const refreshed = await call('auth-refresh', '/api/auth/refresh', 200, {
    method: 'POST',
    cookie: refreshCookie(login),
  });
  let token = tokenOf(refreshed);

  // The dashboard's reads.
  log('  dashboard, free trial, referrals and purchases...');
  const me = await call('auth-me', '/api/auth/me', 200, { token });
  const userId = String(me.body.userId ?? '');
  const referralCode = String(me.body.referralCode ?? '');
  await call('auth-get-user-data', `/api/auth/getuserdata/${userId}`, 200, { token });
  await call('settings-public-subscription', '/api/settings/public/subscription-settings', 200, { token });
  await call('payment-package-status', '/api/payment/package-status', 200, { token });
  await call('payment-wallet-details', '/api/payment/wallet-details', 200, { token });
  await call('payment-active-subscription', '/api/payment/active-subscription', 200, { token });
  await call('payment-subscriptions', '/api/payment/subscriptions', 200, { token });
  await call('withdrawal-user', '/api/withdrawal/user', 200, { token });
  await call('payment-create-free-trial', '/api/payment/create-free-trial', 201, { method: 'POST', token, body: {} });
  await call('payment-active-subscription', '/api/payment/active-subscription', 200, { token });

  // Ten friends buy Basic with the customer's code; the admin approves each: $2 credit apiece.
  const admin = await localIdToken(info.urls.cognito, info.pool, info.admin);
  await request('/api/auth/me', { token: admin });
  const rewardsNeeded = Math.ceil(WITHDRAWAL.minimumUsd / 2);
  let lastPurchase: { token: string; paymentId: string } | undefined;
  for (let i = 0; i < rewardsNeeded; i += 1) {
    const friend = await directCustomer(`journey-friend${i}`);
    await call('payment-verify-referral', '/api/payment/verify-referral', 200, {
      method: 'POST',
      token: friend.token,
      body: { referralCode },
    });
    // The payment window's order: the exact amount to send for this purchase.
    const opened = await call('payment-order', '/api/payment/order', 200, {
      method: 'POST',
      token: friend.token,
      body: { packageName: basic.packageName, referralCode },
    });
    const order = opened.body.order as { orderId: string; amount: number };
    // The open window polls its order (waiting until the chain's transfer is found).
    await call('payment-order-state', `/api/payment/order/${order.orderId}`, 200, { token: friend.token });
    const txid = randomBytes(32).toString('hex');
    await call('payment-submit-usdt', '/api/payment/submit-usdt-payment', 201, {
      method: 'POST',
      token: friend.token,
      body: { orderId: order.orderId, packageName: basic.packageName, txid, amount: order.amount, referralCode },
    });
    const found = await request(`/api/payment/all-payments?search=${txid}`, { token: admin });
    const payment = ((found.body.payments ?? []) as { _id: string }[])[0];
    if (!payment) throw new JourneyError(`the admin finds no payment with TXID ${txid}`);
    const approved = await request(`/api/payment/approve-usdt-payment/${payment._id}`, {
      method: 'POST',
      token: admin,
    });
    if (approved.status !== 200) throw new JourneyError(`approval answered HTTP ${approved.status}`);
    // The friend opens the receipt of the completed payment from Billing History.
    await call('payment-receipt', `/api/payment/receipt/${payment._id}`, 200, { token: friend.token });
    lastPurchase = { token: friend.token, paymentId: payment._id };
    if (i === rewardsNeeded - 1) {
      // With a paid package active, the dashboard asks for the MetaTrader 5 account the bot runs on.
      await call('account-mt5-get', '/api/account/mt5', 200, { token: friend.token });
      await call('account-mt5-put', '/api/account/mt5', 200, {
        method: 'PUT',
        token: friend.token,
        body: { broker: 'IC Markets', server: 'ICMarketsSC-MT5-2', accountNumber: '51234567' },
      });
      await call('account-mt5-get', '/api/account/mt5', 200, { token: friend.token });
    }
  }

  log('  withdrawal, profile, e-mail change, password reset and sign-out...');
  await call('withdrawal-request', '/api/withdrawal/request', 201, {
    method: 'POST',
    token,
    body: { trc20Address: PAYOUT_ADDRESS, amount: WITHDRAWAL.minimumUsd },
  });
  await call('withdrawal-user', '/api/withdrawal/user', 200, { token });

  // The last friend asks for a refund within the guarantee's days (after the withdrawal above: only
  // an approved refund takes the referrer's reward back, and nobody approves this one).
  if (!lastPurchase) throw new JourneyError('no referred purchase to ask a refund of');
  await call('payment-refund-request', '/api/payment/refund-request', 201, {
    method: 'POST',
    token: lastPurchase.token,
    body: { paymentId: lastPurchase.paymentId, trc20Address: PAYOUT_ADDRESS, reason: 'The bot is not for me.' },
  });

  // A new username, then a new address confirmed with the code mailed to it (it ends every session).
  const renamed = `${username}x`;
  await call('auth-update-user', `/api/auth/updateUser/${userId}`, 200, {
    method: 'PUT',
    token,
    body: { username: renamed, email },
  });
  const newEmail = `journey-new-${randomUUID().slice(0, 8)}@example.com`;
  await call('auth-update-user', `/api/auth/updateUser/${userId}`, 200, {
    method: 'PUT',
    token,
    body: { username: renamed, email: newEmail, currentPassword: PASSWORD },
  });
  const changeCode = await latestCode(newEmail, /confirm your new/i);
  await call('auth-confirm-email-change', '/api/auth/confirm-email-change', 200, {
    method: 'POST',
    token,
    body: { email: newEmail, otp: changeCode },
  });

  // A forgotten password, reset with the mailed code; a sign-in with it; sign-out.
  await call('auth-request-password-reset', '/api/auth/request-password-reset', 200, {
    method: 'POST',
    body: { email: newEmail },
  });
  const resetCode = await latestCode(newEmail, /reset/i);
  await call('auth-verify-reset-otp', '/api/auth/verify-reset-otp', 200, {
    method: 'POST',
    body: { email: newEmail, otp: resetCode },
  });
  await call('auth-reset-password', '/api/auth/reset-password', 200, {
    method: 'POST',
    body: { email: newEmail, otp: resetCode, newPassword: NEW_PASSWORD },
  });
  // Tokens carry whole seconds: one from the second of the reset counts as revoked (session-guard.ts).
  await sleep(1_100);
  const again = await call('auth-login', '/api/auth/login', 200, {
    method: 'POST',
    body: { email: newEmail, password: NEW_PASSWORD },
  });
  token = tokenOf(again);
  await call('auth-me', '/api/auth/me', 200, { token });
  await call('auth-logout', '/api/auth/logout', 200, { method: 'POST', token, cookie: refreshCookie(again) });
  // Signed in once more, the customer signs out of every device from the Account tab.
  const last = await call('auth-login', '/api/auth/login', 200, {
    method: 'POST',
    body: { email: newEmail, password: NEW_PASSWORD },
  });
  await call('auth-logout-all', '/api/auth/logout-all', 200, { method: 'POST', token: tokenOf(last) });
  return observations;
}
