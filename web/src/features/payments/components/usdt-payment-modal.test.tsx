import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PACKAGE_NAMES, PAYMENT_MESSAGES } from '@goldbot/shared';
import { deferred, jsonResponse } from '@/test/test-utils';
import { formatDateTime } from '@/lib/format';
import {
  catalog,
  errorResponse,
  FOUND_TXID,
  mockCommerceApi,
  ORDER_EXPIRES_AT,
  orderReply,
  orderStateReply,
  packageStatus,
  renderSignedIn,
  settings,
  subscription,
  TXID,
  WALLET,
} from '@/test/commerce-fixtures';
import { PAYMENT_FORM_MESSAGES } from './payment-form';
import { UsdtPaymentModal, type UsdtPaymentModalProps } from './usdt-payment-modal';

const onClose = vi.fn();
const onSuccess = vi.fn();

beforeEach(() => {
  onClose.mockReset();
  onSuccess.mockReset();
  // The status and settings failures are logged; keep the test output clean.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
});

function renderModal(props: Partial<UsdtPaymentModalProps> = {}) {
  return renderSignedIn(
    <UsdtPaymentModal packageName={PACKAGE_NAMES.basic} onClose={onClose} onSuccess={onSuccess} {...props} />,
  );
}

const dialog = () => screen.getByRole('dialog');
/** The server's answer to a valid referral code: alice's, $10 off. */
const aliceReferral = () =>
  jsonResponse({ success: true, discount: 10, referralUser: { username: 'alice' }, message: 'Valid' });
const txidField = () => screen.getByLabelText('Transaction ID (TXID)');
const referralField = () => screen.getByLabelText('Referral Code (optional)');
const submitButton = () =>
  within(dialog()).getByRole('button', { name: /Submit Payment|Submitting|Payment Submitted/ });
const ready = () => screen.findByLabelText('Wallet Address');

describe('USDT payment modal: loading and unavailable states', () => {
  it("says 'Checking subscription status...' while the package status loads", async () => {
    const status = deferred<Response>();
    mockCommerceApi({ 'GET /api/payment/package-status': () => status.promise });
    renderModal();
    expect(await screen.findByRole('dialog', { name: 'Pay with USDT' })).toBeInTheDocument();
    expect(within(dialog()).getByText('Checking subscription status...')).toBeInTheDocument();
    expect(screen.queryByLabelText('Wallet Address')).not.toBeInTheDocument();

    await act(async () => status.resolve(packageStatus()));
    expect(await ready()).toHaveValue(WALLET.walletAddress);
    expect(screen.queryByText('Checking subscription status...')).not.toBeInTheDocument();
  });

  it('waits for the wallet too', async () => {
    const wallet = deferred<Response>();
    mockCommerceApi({ 'GET /api/payment/wallet-details': () => wallet.promise });
    renderModal({ packageName: PACKAGE_NAMES.pro });
    expect(await screen.findByText('Checking subscription status...')).toBeInTheDocument();
    await act(async () => wallet.resolve(jsonResponse(WALLET)));
    expect(await ready()).toBeInTheDocument();
  });

  it("shows 'Subscription Unavailable' with Go Back when Basic is off sale (package status)", async () => {
    mockCommerceApi({ 'GET /api/payment/package-status': packageStatus(false, false) });
    const { user } = renderModal();
    expect(await screen.findByRole('heading', { name: 'Subscription Unavailable' })).toBeInTheDocument();
    expect(within(dialog()).getByText(PAYMENT_MESSAGES.basicUnavailable)).toBeInTheDocument();
    expect(screen.queryByLabelText('Wallet Address')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Transaction ID (TXID)')).not.toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Go Back' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('is unavailable when the subscription settings say Basic is off', async () => {
    mockCommerceApi({ 'GET /api/settings/public/subscription-settings': settings(false) });
    renderModal();
    expect(await screen.findByRole('heading', { name: 'Subscription Unavailable' })).toBeInTheDocument();
  });

  it('proceeds when the settings check itself fails', async () => {
    const api = mockCommerceApi({
      'GET /api/settings/public/subscription-settings': errorResponse(500, 'boom'),
    });
    renderModal();
    expect(await ready()).toBeInTheDocument();
    expect(api.requestsTo('GET /api/settings/public/subscription-settings')).toHaveLength(1);
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('Failed to check subscription settings'));
  });

  it('treats a failed package status as Basic off sale', async () => {
    mockCommerceApi({ 'GET /api/payment/package-status': errorResponse(500, 'boom') });
    renderModal();
    expect(await screen.findByRole('heading', { name: 'Subscription Unavailable' })).toBeInTheDocument();
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('Failed to fetch package status'));
  });

  it('is unavailable when the caller says Basic is disabled', async () => {
    mockCommerceApi();
    renderModal({ isPackageEnabled: false });
    expect(await screen.findByRole('heading', { name: 'Subscription Unavailable' })).toBeInTheDocument();
  });

  it('does not check Basic availability for Pro and Ultimate', async () => {
    const api = mockCommerceApi({ 'GET /api/payment/package-status': packageStatus(false, false) });
    renderModal({ packageName: PACKAGE_NAMES.ultimate });
    expect(await ready()).toBeInTheDocument();
    expect(api.requestsTo('GET /api/payment/package-status')).toHaveLength(0);
    expect(api.requestsTo('GET /api/settings/public/subscription-settings')).toHaveLength(0);
  });

  it('says USDT payments are unavailable on a 503 from wallet-details, and never shows an address', async () => {
    mockCommerceApi({
      'GET /api/payment/wallet-details': errorResponse(503, PAYMENT_MESSAGES.walletUnavailable),
    });
    const { user } = renderModal({ packageName: PACKAGE_NAMES.pro });
    expect(await screen.findByRole('heading', { name: 'USDT Payments Unavailable' })).toBeInTheDocument();
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.walletUnavailable);
    expect(screen.queryByLabelText('Wallet Address')).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    expect(dialog()).not.toHaveTextContent(/\bT[1-9A-HJ-NP-Za-km-z]{33}\b/);
    await user.click(within(dialog()).getByRole('button', { name: 'Go Back' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('uses its own text on a 503 without a message', async () => {
    mockCommerceApi({ 'GET /api/payment/wallet-details': new Response('', { status: 503 }) });
    renderModal({ packageName: PACKAGE_NAMES.pro });
    expect(await screen.findByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.walletUnavailable);
  });

  it('offers Try Again when the wallet cannot be loaded for another reason', async () => {
    const api = mockCommerceApi({
      'GET /api/payment/wallet-details': [errorResponse(400, 'Bad wallet request'), jsonResponse(WALLET)],
    });
    const { user } = renderModal({ packageName: PACKAGE_NAMES.pro });
    expect(await screen.findByRole('alert')).toHaveTextContent('Bad wallet request');
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await ready()).toHaveValue(WALLET.walletAddress);
    expect(api.requestsTo('GET /api/payment/wallet-details')).toHaveLength(2);
  });

  it('says when every amount of the price is taken by open orders, and tries again on request', async () => {
    const api = mockCommerceApi({
      'POST /api/payment/order': [errorResponse(503, PAYMENT_MESSAGES.orderAmountsBusy), orderReply()],
    });
    const { user } = renderModal({ packageName: PACKAGE_NAMES.pro });
    expect(await screen.findByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.orderAmountsBusy);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await ready();
    expect(screen.getByTestId('amount-due')).toHaveTextContent('250.37 USDT');
    expect(api.requestsTo('POST /api/payment/order').map((request) => request.body)).toEqual([
      { packageName: 'Pro Package', referralCode: null },
      { packageName: 'Pro Package', referralCode: null },
    ]);
  });
});

describe('USDT payment modal: what to pay', () => {
  it('shows the package, price, network, read-only address, QR code, amount and warning', async () => {
    mockCommerceApi();
    renderModal();
    const address = await ready();
    expect(screen.getByRole('dialog', { name: 'Pay with USDT' })).toBeInTheDocument();
    expect(within(dialog()).getByText('Basic Package')).toBeInTheDocument();
    expect(screen.getByTestId('payment-price')).toHaveTextContent('$60');
    expect(within(dialog()).getByText('TRC20', { selector: 'strong' })).toBeInTheDocument();
    expect(address).toHaveAttribute('readonly');
    expect(address).toHaveValue(WALLET.walletAddress);
    // The order's exact amount: the price plus its tag, the figure alone.
    expect(screen.getByTestId('amount-due')).toHaveTextContent(/^60\.37 USDT$/);
    expect(screen.getByTestId('amount-due').parentElement).toHaveTextContent(/^Amount to send: 60\.37 USDT$/);
    // The QR code still encodes the address alone.
    expect(screen.getByTestId('wallet-qr')).toHaveAttribute(
      'aria-label',
      `QR code of the wallet address ${WALLET.walletAddress}`,
    );
    expect(screen.getByRole('note')).toHaveTextContent('Send only USDT on the TRC20 network to this address.');
  });

  it('draws the QR code of the address in the browser, 150x150, with no outside image', async () => {
    mockCommerceApi();
    renderModal();
    await ready();
    const qr = screen.getByRole('img', { name: `QR code of the wallet address ${WALLET.walletAddress}` });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr).toHaveAttribute('width', '150');
    expect(qr).toHaveAttribute('height', '150');
    expect(qr.querySelectorAll('path').length).toBeGreaterThan(0);
    expect(document.querySelectorAll('img')).toHaveLength(0);
  });

  it('takes the price from the catalog (prices are data)', async () => {
    mockCommerceApi({
      'GET /api/packages': catalog({ pro: 240 }),
      'POST /api/payment/order': orderReply({ pro: 240 }),
    });
    renderModal({ packageName: PACKAGE_NAMES.pro });
    await ready();
    expect(screen.getByTestId('payment-price')).toHaveTextContent('$240');
    expect(screen.getByTestId('amount-due')).toHaveTextContent('240.37 USDT');
    // The referral code is for the Basic Package only.
    expect(screen.queryByLabelText('Referral Code (optional)')).not.toBeInTheDocument();
  });

  it("is titled 'Upgrade Basic Package' when extending an active Basic package", async () => {
    mockCommerceApi();
    renderModal({ isUpgrade: true });
    await ready();
    expect(screen.getByRole('dialog', { name: 'Upgrade Basic Package' })).toBeInTheDocument();
  });

  it('reads the extension from the package status when not told', async () => {
    mockCommerceApi({ 'GET /api/payment/package-status': packageStatus(true, true) });
    renderModal();
    await ready();
    expect(screen.getByRole('dialog', { name: 'Upgrade Basic Package' })).toBeInTheDocument();
  });

  // The indicator's reset after 2 s is CopyButton's own (components/ui/copy-button.test.tsx).
  it('copies the address and says so', async () => {
    mockCommerceApi();
    const { user } = renderModal();
    await ready();
    await user.click(screen.getByRole('button', { name: 'Copy wallet address' }));
    expect(await screen.findByText('Wallet address copied to clipboard!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(WALLET.walletAddress);
    expect(screen.getByRole('button', { name: 'Wallet address copied' })).toHaveTextContent('Copied!');
  });

  it('says so when the clipboard refuses', async () => {
    mockCommerceApi();
    const { user } = renderModal();
    await ready();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy wallet address' }));
    expect(await screen.findByText(/Could not copy the address/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy wallet address' })).toBeInTheDocument();
  });

  it('locks the page scroll while open and closes on Escape', async () => {
    mockCommerceApi();
    const { user } = renderModal();
    await ready();
    expect(document.documentElement.dataset.scrollLocked).toBe('true');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('USDT payment modal: referral code', () => {
  it('upper-cases the code, verifies it after a 500 ms pause, and applies the discount', async () => {
    const verdict = deferred<Response>();
    const api = mockCommerceApi({ 'POST /api/payment/verify-referral': () => verdict.promise });
    const { user } = renderModal();
    await ready();
    expect(referralField()).toHaveAttribute('maxLength', '20');

    await user.type(referralField(), 'friend10');
    expect(referralField()).toHaveValue('FRIEND10');
    // Nothing is asked while typing, nor right after.
    expect(api.requestsTo('POST /api/payment/verify-referral')).toHaveLength(0);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(api.requestsTo('POST /api/payment/verify-referral')).toHaveLength(0);

    expect(await screen.findByText('Verifying referral code...')).toBeInTheDocument();
    expect(api.requestsTo('POST /api/payment/verify-referral').map((request) => request.body)).toEqual([
      { referralCode: 'FRIEND10' },
    ]);
    await act(async () =>
      verdict.resolve(
        jsonResponse({ success: true, discount: 10, referralUser: { username: 'alice' }, message: 'Valid' }),
      ),
    );
    expect(await screen.findByText('Valid referral code from alice, saves $10')).toBeInTheDocument();
    const price = screen.getByTestId('payment-price');
    expect(within(price).getByText('$60').tagName).toBe('S');
    expect(price).toHaveTextContent('$50');
    expect(price).toHaveTextContent('($10 discount applied!)');
    expect(screen.getByTestId('amount-due')).toHaveTextContent('50.37 USDT');
  });

  it('goes back to the full price when the code changes', async () => {
    mockCommerceApi({
      'POST /api/payment/verify-referral': aliceReferral(),
    });
    const { user } = renderModal();
    await ready();
    await user.type(referralField(), 'FRIEND10');
    await screen.findByText('Valid referral code from alice, saves $10');
    await user.type(referralField(), 'X');
    expect(screen.getByTestId('amount-due')).toHaveTextContent('60.37 USDT');
    expect(screen.queryByText(/discount applied/)).not.toBeInTheDocument();
  });

  it('never charges below 0: the discount is capped at the price', async () => {
    mockCommerceApi({
      'GET /api/packages': catalog({ basic: 5 }),
      'POST /api/payment/order': orderReply({ basic: 5 }),
      'POST /api/payment/verify-referral': aliceReferral(),
    });
    const { user } = renderModal();
    await ready();
    await user.type(referralField(), 'FRIEND10');
    await screen.findByText(/Valid referral code/);
    expect(screen.getByTestId('amount-due')).toHaveTextContent('0.37 USDT');
  });

  it.each([
    [
      'a refusal',
      jsonResponse({ success: false, discount: 0, referralUser: null, message: '' }),
      'Invalid referral code',
    ],
    [
      'a refusal with a reason',
      jsonResponse({
        success: false,
        discount: 0,
        referralUser: null,
        message: 'You cannot use your own referral code.',
      }),
      'You cannot use your own referral code.',
    ],
    ['a 404 with a message', errorResponse(404, 'Referral code not found'), 'Referral code not found'],
    [
      'a 400 field error',
      errorResponse(400, 'Invalid input', { referralCode: 'Referral codes are at most 20 characters.' }),
      'Referral codes are at most 20 characters.',
    ],
    ['a server failure', errorResponse(500, 'boom'), 'Error verifying referral code'],
  ])('marks the code invalid on %s', async (_case, reply, message) => {
    mockCommerceApi({ 'POST /api/payment/verify-referral': reply });
    const { user } = renderModal();
    await ready();
    await user.type(referralField(), 'NOPE');
    await waitFor(() => expect(referralField()).toHaveAccessibleDescription(expect.stringContaining(message)));
    expect(referralField()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('amount-due')).toHaveTextContent('60.37 USDT');
  });

  it('blocks the submit while a typed code is not verified', async () => {
    const api = mockCommerceApi({
      'POST /api/payment/verify-referral': jsonResponse({
        success: false,
        discount: 0,
        referralUser: null,
        message: '',
      }),
    });
    const { user } = renderModal();
    await ready();
    await user.type(referralField(), 'NOPE');
    await user.type(txidField(), TXID);
    await user.click(submitButton());
    // Next to the field, and as a toast.
    await waitFor(() => expect(screen.getAllByText(PAYMENT_MESSAGES.referralPending)).toHaveLength(2));
    expect(referralField()).toHaveAccessibleDescription(expect.stringContaining(PAYMENT_MESSAGES.referralPending));
    expect(referralField()).toHaveFocus();
    expect(api.requestsTo('POST /api/payment/submit-usdt-payment')).toHaveLength(0);
  });
});

describe('USDT payment modal: the TXID and the submit', () => {
  const pending = subscription({ _id: 'sub-9', status: 'pending', startDate: null, endDate: null });

  it('keeps the submit disabled while the TXID is empty', async () => {
    mockCommerceApi();
    const { user } = renderModal();
    await ready();
    expect(submitButton()).toBeDisabled();
    await user.type(txidField(), '   ');
    expect(submitButton()).toBeDisabled();
    await user.type(txidField(), 'a');
    expect(submitButton()).toBeEnabled();
  });

  it.each([
    ['too short', 'abc123', PAYMENT_MESSAGES.txidTooShort],
    ['not letters and digits', 'abc123-def456-ghi789', PAYMENT_MESSAGES.txidCharacters],
    ['too long', 'a'.repeat(129), PAYMENT_MESSAGES.txidTooLong],
  ])('refuses a TXID that is %s, with the shared message', async (_case, txid, message) => {
    const api = mockCommerceApi();
    const { user } = renderModal({ packageName: PACKAGE_NAMES.pro });
    await ready();
    await user.click(txidField());
    await user.paste(txid);
    await user.click(submitButton());
    expect(txidField()).toHaveAccessibleDescription(message);
    expect(txidField()).toHaveFocus();
    expect(api.requestsTo('POST /api/payment/submit-usdt-payment')).toHaveLength(0);
    // Editing clears the message.
    await user.type(txidField(), '1');
    expect(txidField()).not.toHaveAttribute('aria-invalid');
  });

  it('says under the field when the TXID is not a TRON transaction id, and submits it all the same', async () => {
    const api = mockCommerceApi({
      'POST /api/payment/submit-usdt-payment': jsonResponse(
        { message: 'Payment submitted', pendingSubscription: pending, txidWarning: PAYMENT_MESSAGES.txidNotTron },
        201,
      ),
    });
    const { user } = renderModal({ packageName: PACKAGE_NAMES.pro });
    await ready();
    await user.click(txidField());
    await user.paste(TXID);
    expect(within(dialog()).queryByText(PAYMENT_MESSAGES.txidNotTron)).not.toBeInTheDocument();
    await user.clear(txidField());
    await user.paste('BANKREF20261123');
    expect(txidField()).toHaveAccessibleDescription(PAYMENT_MESSAGES.txidNotTron);
    expect(txidField()).not.toHaveAttribute('aria-invalid');
    await user.click(submitButton());
    expect(await within(dialog()).findByRole('button', { name: 'Payment Submitted ✓' })).toBeDisabled();
    expect(api.requestsTo('POST /api/payment/submit-usdt-payment').map((request) => request.body)).toEqual([
      {
        orderId: 'order-plain',
        packageName: 'Pro Package',
        txid: 'BANKREF20261123',
        amount: 250.37,
        referralCode: null,
      },
    ]);
    // The spec's success message, unchanged.
    expect(
      await screen.findByText('Payment submitted successfully! Your Pro Package will be activated within 2 hours.'),
    ).toBeInTheDocument();
  });

  it("submits the trimmed TXID and the amount: 'Submitting...', then 'Payment Submitted ✓'", async () => {
    const answer = deferred<Response>();
    const api = mockCommerceApi({
      'POST /api/payment/verify-referral': aliceReferral(),
      'POST /api/payment/submit-usdt-payment': () => answer.promise,
    });
    const { user } = renderModal();
    await ready();
    await user.type(referralField(), 'friend10');
    await screen.findByText('Valid referral code from alice, saves $10');
    await user.click(txidField());
    await user.paste(`  ${TXID}  `);
    await user.click(submitButton());

    expect(await within(dialog()).findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    expect(api.requestsTo('POST /api/payment/submit-usdt-payment').map((request) => request.body)).toEqual([
      { orderId: 'order-FRIEND10', packageName: 'Basic Package', txid: TXID, amount: 50.37, referralCode: 'FRIEND10' },
    ]);
    expect(api.requestsTo('POST /api/payment/submit-usdt-payment')[0]?.headers.get('Authorization')).toBe(
      'Bearer test-token',
    );

    await act(async () =>
      answer.resolve(jsonResponse({ message: 'Payment submitted', pendingSubscription: pending }, 201)),
    );
    const done = await within(dialog()).findByRole('button', { name: 'Payment Submitted ✓' });
    expect(done).toBeDisabled();
    expect(txidField()).toBeDisabled();
    expect(referralField()).toBeDisabled();
    expect(
      await screen.findByText('Payment submitted successfully! Your Basic Package will be activated within 2 hours.'),
    ).toBeInTheDocument();
    expect(onSuccess).toHaveBeenCalledWith(pending);
  });

  it('sends no referral code without one', async () => {
    const api = mockCommerceApi({
      'POST /api/payment/submit-usdt-payment': jsonResponse({ message: 'ok', pendingSubscription: pending }, 201),
    });
    const { user } = renderModal({ packageName: PACKAGE_NAMES.ultimate });
    await ready();
    await user.type(txidField(), TXID);
    await user.click(submitButton());
    await within(dialog()).findByRole('button', { name: 'Payment Submitted ✓' });
    expect(api.requestsTo('POST /api/payment/submit-usdt-payment')[0]?.body).toEqual({
      orderId: 'order-plain',
      packageName: 'Ultimate Package',
      txid: TXID,
      amount: 1000.37,
      referralCode: null,
    });
    expect(
      screen.getByText('Payment submitted successfully! Your Ultimate Package will be activated within 2 hours.'),
    ).toBeInTheDocument();
  });

  it.each([
    ['already used', PAYMENT_MESSAGES.txidUsed],
    ['belongs to another order', PAYMENT_MESSAGES.txidOtherOrder],
    ["made outside this order's time", PAYMENT_MESSAGES.txidOutsideOrder],
  ])(
    "shows the server's message on a 409 (TXID %s), under the field too, and lets the customer try again",
    async (_case, message) => {
      mockCommerceApi({
        'POST /api/payment/submit-usdt-payment': errorResponse(409, message),
      });
      const { user } = renderModal({ packageName: PACKAGE_NAMES.pro });
      await ready();
      await user.type(txidField(), TXID);
      await user.click(submitButton());
      // The toast goes away after a while; the field keeps saying why.
      await waitFor(() => expect(txidField()).toHaveAccessibleDescription(message));
      expect(screen.getAllByText(message)).toHaveLength(2);
      // SWR ends the mutation's busy state in a transition, which may commit a render after the alert.
      await waitFor(() => expect(submitButton()).toHaveTextContent('Submit Payment'));
      expect(submitButton()).toBeEnabled();
      expect(onSuccess).not.toHaveBeenCalled();
      // Another TXID clears it.
      await user.type(txidField(), '1');
      expect(txidField()).not.toHaveAttribute('aria-invalid');
    },
  );

  it('puts 400 field errors next to their fields', async () => {
    mockCommerceApi({
      'POST /api/payment/submit-usdt-payment': errorResponse(400, 'Please check the form', {
        txid: PAYMENT_MESSAGES.txidCharacters,
      }),
    });
    const { user } = renderModal({ packageName: PACKAGE_NAMES.pro });
    await ready();
    await user.type(txidField(), TXID);
    await user.click(submitButton());
    await waitFor(() => expect(txidField()).toHaveAccessibleDescription(PAYMENT_MESSAGES.txidCharacters));
    expect(await screen.findByText('Please check the form')).toBeInTheDocument();
  });

  it("says 'Failed to submit payment' when the server gives no reason", async () => {
    mockCommerceApi({ 'POST /api/payment/submit-usdt-payment': new Response('', { status: 500 }) });
    const { user } = renderModal({ packageName: PACKAGE_NAMES.pro });
    await ready();
    await user.type(txidField(), TXID);
    await user.click(submitButton());
    expect(await screen.findByText('Failed to submit payment')).toBeInTheDocument();
  });

  it('says an error occurred when the server cannot be reached', async () => {
    const api = mockCommerceApi();
    const { user } = renderModal({ packageName: PACKAGE_NAMES.pro });
    await ready();
    api.on('POST /api/payment/submit-usdt-payment', () => Promise.reject(new TypeError('Failed to fetch')));
    await user.type(txidField(), TXID);
    await user.click(submitButton());
    expect(await screen.findByText('An error occurred submitting your payment. Please try again.')).toBeInTheDocument();
  });

  it('shows the unavailable notice when Basic went off sale meanwhile (409)', async () => {
    const api = mockCommerceApi({
      'GET /api/payment/package-status': [packageStatus(false, true), packageStatus(false, false)],
      'POST /api/payment/submit-usdt-payment': errorResponse(409, PAYMENT_MESSAGES.basicUnavailable),
    });
    const { user } = renderModal();
    await ready();
    await user.type(txidField(), TXID);
    await user.click(submitButton());
    expect(await screen.findByRole('heading', { name: 'Subscription Unavailable' })).toBeInTheDocument();
    expect(api.requestsTo('GET /api/payment/package-status').length).toBeGreaterThanOrEqual(2);
  });
});

describe('USDT payment modal: the payment found on the chain', () => {
  const STATE = 'GET /api/payment/order/order-plain';
  const status = () => screen.getByRole('status', { name: 'Payment status' });
  /** Lets the 10 s poll come round once more. */
  const nextPoll = () => act(() => vi.advanceTimersByTimeAsync(10_500));

  it('says to send exactly the amount, that the transfer is found by itself, and that the TXID is optional', async () => {
    const api = mockCommerceApi();
    renderModal();
    await ready();
    await waitFor(() => expect(api.requestsTo(STATE)).toHaveLength(1));
    expect(status()).toHaveTextContent('Waiting for your transfer');
    expect(status()).toHaveTextContent(
      'Send exactly 60.37 USDT in one transfer. It is found automatically once it confirms on the TRON network',
    );
    expect(dialog()).toHaveTextContent(`This amount is reserved for you until ${formatDateTime(ORDER_EXPIRES_AT)}.`);
    const txidGroup = within(dialog()).getByRole('group', { name: 'Already sent? Paste the transaction ID' });
    expect(txidGroup).toContainElement(txidField());
    expect(txidField()).toHaveAccessibleDescription(PAYMENT_FORM_MESSAGES.txidHint);
    expect(txidField()).not.toBeRequired();
  });

  it("asks every 10 s, and says 'Payment found' with the amount once the chain has it, with no TXID typed", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockCommerceApi({ [STATE]: [orderStateReply('waiting'), orderStateReply('found')] });
    const { user } = renderModal();
    await ready();
    await waitFor(() => expect(api.requestsTo(STATE)).toHaveLength(1));
    const statusReads = api.requestsTo('GET /api/payment/package-status').length;

    await act(() => vi.advanceTimersByTimeAsync(8_000));
    expect(api.requestsTo(STATE)).toHaveLength(1);
    expect(status()).toHaveTextContent('Waiting for your transfer');
    await nextPoll();
    await waitFor(() => expect(status()).toHaveTextContent('Payment found'));
    expect(api.requestsTo(STATE)).toHaveLength(2);
    expect(status()).toHaveTextContent(
      'We received your 60.37 USDT. It is being verified: your package is activated once the payment is approved, within 2 hours.',
    );
    // Nothing is left to send or paste.
    expect(screen.queryByLabelText('Wallet Address')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Transaction ID (TXID)')).not.toBeInTheDocument();
    expect(api.requestsTo('POST /api/payment/submit-usdt-payment')).toHaveLength(0);
    // The dashboard behind the window learns of the pending package.
    await waitFor(() => expect(api.requestsTo('GET /api/payment/package-status').length).toBeGreaterThan(statusReads));
    // Still asked while found: the approval shows the same way.
    await nextPoll();
    expect(api.requestsTo(STATE)).toHaveLength(3);

    await user.click(within(dialog()).getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('says when the payment is approved, and stops asking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockCommerceApi({ [STATE]: [orderStateReply('found'), orderStateReply('active')] });
    renderModal();
    await waitFor(() => expect(status()).toHaveTextContent('Payment found'));
    await nextPoll();
    await waitFor(() => expect(status()).toHaveTextContent('Payment approved'));
    expect(status()).toHaveTextContent('Your Basic Package is active. Thank you!');
    const asked = api.requestsTo(STATE).length;
    await act(() => vi.advanceTimersByTimeAsync(35_000));
    expect(api.requestsTo(STATE)).toHaveLength(asked);
  });

  it('keeps waiting through a failed poll, and asks again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockCommerceApi({ [STATE]: [errorResponse(500, 'boom'), orderStateReply('found')] });
    renderModal();
    await ready();
    await waitFor(() => expect(api.requestsTo(STATE)).toHaveLength(1));
    expect(status()).toHaveTextContent('Waiting for your transfer');
    expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
    await nextPoll();
    await waitFor(() => expect(status()).toHaveTextContent('Payment found'));
  });

  it('says when the order expired, hides the old amount, and gets a new one on request', async () => {
    const newOrder = jsonResponse({
      order: {
        orderId: 'order-renewed',
        packageName: PACKAGE_NAMES.basic,
        originalAmount: 60,
        price: 60,
        amount: 60.52,
        referralCode: null,
        expiresAt: '2026-11-23T14:30:00.000Z',
      },
    });
    const api = mockCommerceApi({
      'POST /api/payment/order': [orderReply(), newOrder],
      [STATE]: orderStateReply('expired'),
      'GET /api/payment/order/order-renewed': orderStateReply('waiting'),
    });
    const { user } = renderModal();
    await waitFor(() => expect(status()).toHaveTextContent('Payment order expired'));
    expect(status()).toHaveTextContent(
      'This order has closed, so its amount is no longer reserved for you. Please do not send it: get a new amount first.',
    );
    expect(screen.queryByLabelText('Wallet Address')).not.toBeInTheDocument();
    expect(screen.queryByTestId('amount-due')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Transaction ID (TXID)')).not.toBeInTheDocument();

    await user.click(within(dialog()).getByRole('button', { name: 'Get a new amount' }));
    await waitFor(() => expect(screen.getByTestId('amount-due')).toHaveTextContent('60.52 USDT'));
    expect(status()).toHaveTextContent('Send exactly 60.52 USDT');
    expect(api.requestsTo('POST /api/payment/order')).toHaveLength(2);
    expect(api.requestsTo('GET /api/payment/order/order-renewed').length).toBeGreaterThan(0);
  });

  it('says a transfer that came after the order expired will be matched by the team', async () => {
    mockCommerceApi({
      [STATE]: orderStateReply('expired', {
        lateTransfer: { txid: FOUND_TXID, amount: 60.37, confirmedAt: '2026-11-23T12:40:00.000Z' },
      }),
    });
    renderModal();
    await waitFor(() => expect(status()).toHaveTextContent('Payment order expired'));
    expect(status()).toHaveTextContent(
      'A transfer of 60.37 USDT arrived after the order expired. Our team will match it to your purchase: you do not need to pay again.',
    );
    expect(within(dialog()).queryByRole('button', { name: 'Get a new amount' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Transaction ID (TXID)')).not.toBeInTheDocument();
  });

  it('asks about the re-priced order once a referral code is applied, not the old one', async () => {
    const api = mockCommerceApi({
      'POST /api/payment/verify-referral': aliceReferral(),
    });
    const { user } = renderModal();
    await ready();
    await waitFor(() => expect(api.requestsTo(STATE)).toHaveLength(1));
    await user.type(referralField(), 'FRIEND10');
    await waitFor(() => expect(screen.getByTestId('amount-due')).toHaveTextContent('50.37 USDT'));
    await waitFor(() => expect(api.requestsTo('GET /api/payment/order/order-FRIEND10')).toHaveLength(1));
    expect(status()).toHaveTextContent('Send exactly 50.37 USDT');
  });
});
