import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Wallet } from '@goldbot/shared';
import { sessionResponse } from '@/test/auth-helpers';
import { columnHeaders, deferred, jsonResponse } from '@/test/test-utils';
import { adminScreenOpener, makeWallet, nth } from '../../testing/render-admin';
import AdminWalletsRoute from './wallets';

const LIST = 'GET /api/payment/wallets';
const SAVE = 'POST /api/payment/wallet';

const active = makeWallet();
const btc = makeWallet({
  _id: 'wallet-2',
  address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
  network: 'Bitcoin',
  currency: 'BTC',
  isActive: false,
});

const list = (wallets: Wallet[]) => jsonResponse({ wallets });

const openScreen = adminScreenOpener(<AdminWalletsRoute />, {
  path: '/admin/wallets',
  heading: 'Payment Wallets',
  routes: { [LIST]: list([active, btc]) },
});

const walletTable = () => screen.findByRole('table', { name: 'Payment wallets' });
const form = () => screen.getByRole('region', { name: /Wallet$/ });

describe('admin wallets', () => {
  it('lists the wallets with Status, Address, Network, Currency, Last Updated and edit', async () => {
    await openScreen();
    const table = await walletTable();
    expect(columnHeaders(table)).toEqual(['Status', 'Address', 'Network', 'Currency', 'Last Updated', 'Edit']);
    const rows = within(table).getAllByRole('row');
    const first = nth(rows, 1);
    const second = nth(rows, 2);
    expect(within(first).getByText('Active')).toBeInTheDocument();
    expect(within(first).getByText(active.address)).toBeInTheDocument();
    expect(within(first).getByText('TRC20')).toBeInTheDocument();
    expect(within(first).getByText('USDT')).toBeInTheDocument();
    expect(within(first).getByText(/Feb 1, 2026/)).toBeInTheDocument();
    expect(within(second).getByText('Inactive')).toBeInTheDocument();
    expect(within(second).getByText('BTC')).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: `Edit wallet ${btc.address}` })).toBeInTheDocument();
  });

  it('says when there are no wallets yet', async () => {
    await openScreen({ [LIST]: list([]) });
    expect(await screen.findByText('No wallets found. Add your first wallet to accept payments.')).toBeInTheDocument();
  });

  it('says when the wallets cannot be fetched, with the server message when there is one', async () => {
    await openScreen({ [LIST]: new Response('', { status: 500 }) });
    expect(await screen.findByText('Failed to fetch wallets')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('adds an active wallet, says so for 3 s and reloads the list', async () => {
    const answer = deferred<Response>();
    const added = makeWallet({ _id: 'wallet-3', address: 'TNewAddress1234567890', isActive: true });
    const { api, user } = await openScreen({ [SAVE]: () => answer.promise });
    await walletTable();
    await user.click(screen.getByRole('button', { name: 'Add Wallet' }));
    const section = within(form());
    expect(section.getByLabelText(/Network/)).toHaveValue('TRC20');
    expect(section.getByLabelText(/Currency/)).toHaveValue('USDT');
    expect(
      section.getByText(
        'Only one wallet per currency can be active: activating this wallet deactivates the other USDT wallets.',
      ),
    ).toBeInTheDocument();

    await user.type(section.getByLabelText(/Wallet address/), '  TNewAddress1234567890 ');
    await user.click(section.getByRole('switch', { name: 'Active' }));
    api.on(LIST, list([{ ...active, isActive: false }, btc, added]));
    await user.click(section.getByRole('button', { name: 'Add Wallet' }));
    const busy = section.getByRole('button', { name: /Adding/ });
    expect(busy).toBeDisabled();
    await user.click(busy);
    expect(api.requestsTo(SAVE)).toHaveLength(1);
    expect(nth(api.requestsTo(SAVE), 0).body).toEqual({
      address: 'TNewAddress1234567890',
      network: 'TRC20',
      currency: 'USDT',
      isActive: true,
    });

    answer.resolve(jsonResponse({ message: 'Wallet added', wallet: added }, 201));
    expect(await screen.findByText('Wallet added successfully')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Wallet$/ })).not.toBeInTheDocument();
    expect(await within(await walletTable()).findByText(added.address)).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByText('Inactive')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByText('Wallet added successfully')).not.toBeInTheDocument(), {
      timeout: 5000,
    });
  }, 15_000);

  it('edits a wallet with its address locked', async () => {
    const { api, user } = await openScreen({
      [SAVE]: jsonResponse({ message: 'Wallet updated', wallet: { ...btc, isActive: true } }),
    });
    await user.click(within(await walletTable()).getByRole('button', { name: `Edit wallet ${btc.address}` }));
    const section = within(screen.getByRole('region', { name: 'Edit Wallet' }));
    const address = section.getByLabelText(/Wallet address/);
    expect(address).toHaveValue(btc.address);
    expect(address).toHaveAttribute('readonly');
    expect(section.getByText('The address cannot be changed once saved.')).toBeInTheDocument();
    const currency = section.getByLabelText(/Currency/);
    expect(currency).toHaveValue('BTC');
    // The currency is locked like the address: the server refuses another one for a saved wallet.
    expect(currency).toBeDisabled();
    expect(section.getByText('The currency cannot be changed once saved.')).toBeInTheDocument();
    expect(section.getByText(/deactivates the other BTC wallets/)).toBeInTheDocument();
    expect(section.getByRole('switch', { name: 'Active' })).not.toBeChecked();

    await user.type(address, 'changed');
    expect(address).toHaveValue(btc.address);
    await user.click(section.getByRole('switch', { name: 'Active' }));
    await user.click(section.getByRole('button', { name: 'Update Wallet' }));
    expect(await screen.findByText('Wallet updated successfully')).toBeInTheDocument();
    expect(nth(api.requestsTo(SAVE), 0).body).toEqual({
      _id: btc._id,
      address: btc.address,
      network: 'Bitcoin',
      currency: 'BTC',
      isActive: true,
    });
  });

  it('requires the address and the network before sending anything', async () => {
    const { api, user } = await openScreen();
    await walletTable();
    await user.click(screen.getByRole('button', { name: 'Add Wallet' }));
    const section = within(form());
    await user.clear(section.getByLabelText(/Network/));
    await user.type(section.getByLabelText(/Wallet address/), '   ');
    await user.click(section.getByRole('button', { name: 'Add Wallet' }));
    expect(section.getByText('Address is required')).toBeInTheDocument();
    expect(section.getByText('Network is required')).toBeInTheDocument();
    expect(api.requestsTo(SAVE)).toHaveLength(0);
  });

  it("shows the server's field errors", async () => {
    const { user } = await openScreen({
      [SAVE]: jsonResponse(
        { message: 'Validation failed', errors: { currency: 'Currency must be USDT, BTC or ETH' } },
        400,
      ),
    });
    await walletTable();
    await user.click(screen.getByRole('button', { name: 'Add Wallet' }));
    const section = within(form());
    await user.type(section.getByLabelText(/Wallet address/), 'TSomeAddress');
    await user.click(section.getByRole('button', { name: 'Add Wallet' }));
    expect(await section.findByText('Currency must be USDT, BTC or ETH')).toBeInTheDocument();
  });

  it("shows a 409's message, and 'Failed to save wallet' when the server gives none", async () => {
    const { api, user } = await openScreen({
      [SAVE]: jsonResponse({ message: 'A wallet with this address already exists.' }, 409),
    });
    await walletTable();
    await user.click(screen.getByRole('button', { name: 'Add Wallet' }));
    const section = within(form());
    await user.type(section.getByLabelText(/Wallet address/), active.address);
    await user.click(section.getByRole('button', { name: 'Add Wallet' }));
    expect(await section.findByText('A wallet with this address already exists.')).toBeInTheDocument();

    api.on(SAVE, new Response('', { status: 500 }));
    await user.click(section.getByRole('button', { name: 'Add Wallet' }));
    expect(await section.findByText('Failed to save wallet')).toBeInTheDocument();
    expect(section.getByRole('button', { name: 'Add Wallet' })).toBeEnabled();
  });

  it('closes the form on Cancel without saving', async () => {
    const { api, user } = await openScreen();
    await walletTable();
    await user.click(screen.getByRole('button', { name: 'Add Wallet' }));
    await user.click(within(form()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('region', { name: /Wallet$/ })).not.toBeInTheDocument();
    expect(api.requestsTo(SAVE)).toHaveLength(0);
  });

  it('asks for the password and an authenticator code when the server wants a fresh sign-in, then saves again', async () => {
    const FRESH = 'Enter your password and a code from your authenticator app to activate a wallet.';
    const added = makeWallet({ _id: 'wallet-3', address: 'TNewAddress1234567890', isActive: true });
    const { api, user } = await openScreen({
      [SAVE]: [
        jsonResponse({ message: FRESH, msg: FRESH, totpRequired: true }, 403),
        jsonResponse({ message: 'Wallet added', wallet: added }, 201),
      ],
      'POST /api/auth/login': jsonResponse({
        mfaRequired: true,
        email: 'admin@example.com',
        session: 'cognito-challenge-session',
        message: 'Enter the 6-digit code from your authenticator app.',
      }),
      'POST /api/auth/mfa/verify': jsonResponse(
        sessionResponse({ userId: 'admin-1', email: 'admin@example.com', username: 'admin', isAdmin: true }),
      ),
    });
    await walletTable();
    await user.click(screen.getByRole('button', { name: 'Add Wallet' }));
    const section = within(form());
    await user.type(section.getByLabelText(/Wallet address/), 'TNewAddress1234567890');
    await user.click(section.getByRole('switch', { name: 'Active' }));
    await user.click(section.getByRole('button', { name: 'Add Wallet' }));

    const confirm = within(await screen.findByRole('region', { name: 'Confirm with your authenticator app' }));
    expect(confirm.getByText(FRESH)).toBeInTheDocument();
    const submit = confirm.getByRole('button', { name: 'Confirm and save' });
    expect(submit).toBeDisabled();
    await user.type(confirm.getByLabelText(/^Password/), 'Admin$123');
    await user.type(confirm.getByLabelText(/6-digit code/), '12a3456');
    await user.click(submit);

    expect(await screen.findByText('Wallet added successfully')).toBeInTheDocument();
    expect(nth(api.requestsTo('POST /api/auth/login'), 0).body).toEqual({
      email: 'admin@example.com',
      password: 'Admin$123',
    });
    expect(nth(api.requestsTo('POST /api/auth/mfa/verify'), 0).body).toEqual({
      email: 'admin@example.com',
      session: 'cognito-challenge-session',
      code: '123456',
    });
    // The same save, sent again with the new session.
    const saves = api.requestsTo(SAVE);
    expect(saves).toHaveLength(2);
    expect(nth(saves, 1).body).toEqual(nth(saves, 0).body);
  }, 15_000);
});
