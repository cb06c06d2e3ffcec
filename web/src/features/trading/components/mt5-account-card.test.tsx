import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MT5_MESSAGES, type Mt5State } from '@goldbot/shared';
import { mockApi } from '@/test/auth-helpers';
import { renderSignedIn } from '@/test/commerce-fixtures';
import { deferred, jsonResponse } from '@/test/test-utils';
import { MT5_TEXT, Mt5AccountCard } from './mt5-account-card';

const GET = 'GET /api/account/mt5';
const PUT = 'PUT /api/account/mt5';
const ACCOUNT = { broker: 'IC Markets', server: 'ICMarketsSC-MT5-2', accountNumber: '51234567' };

const state = (status: Mt5State['connection']['status'], overrides: Partial<Mt5State> = {}): Mt5State => ({
  account: null,
  connection: {
    status,
    packageName: status === 'no-package' ? null : 'Pro Package',
    subscriptionId: status === 'no-package' ? null : 'sub-1',
    connectedAt: null,
  },
  ...overrides,
});

const card = () => screen.getByRole('region', { name: 'MetaTrader 5 account' });

describe('the MetaTrader 5 card', () => {
  it('shows nothing without a paid package', async () => {
    const api = mockApi({ [GET]: jsonResponse(state('no-package')) });
    renderSignedIn(<Mt5AccountCard />);
    await waitFor(() => expect(api.requestsTo(GET)).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'MetaTrader 5 account' })).not.toBeInTheDocument();
  });

  it('asks for broker, server and account number, never a password, and says the team connects read-only', async () => {
    mockApi({ [GET]: jsonResponse(state('details-missing')) });
    renderSignedIn(<Mt5AccountCard />);
    expect(await screen.findByText(MT5_TEXT.intro('Pro Package'))).toBeInTheDocument();
    expect(within(card()).getByText(MT5_TEXT.missing)).toBeInTheDocument();
    expect(within(card()).getByText(MT5_TEXT.missingDetails)).toBeInTheDocument();
    expect(within(card()).getByText(MT5_MESSAGES.readOnlyNote)).toBeInTheDocument();
    const form = within(card()).getByRole('form', { name: 'MetaTrader 5 account' });
    expect(
      within(form)
        .getAllByRole('textbox')
        .map((box) => box.getAttribute('name')),
    ).toEqual(['broker', 'server', 'accountNumber']);
    expect(form.querySelector('input[type="password"]')).toBeNull();
    expect(within(form).queryByLabelText(/password/i)).not.toBeInTheDocument();
  });

  it('says what is wrong with each field, then saves and shows the team is to connect the bot', async () => {
    const answer = deferred<Response>();
    const api = mockApi({ [GET]: jsonResponse(state('details-missing')), [PUT]: () => answer.promise });
    const { user } = renderSignedIn(<Mt5AccountCard />);
    const form = await screen.findByRole('form', { name: 'MetaTrader 5 account' });
    await user.type(within(form).getByLabelText('Account number'), '12ab');
    await user.click(within(form).getByRole('button', { name: MT5_TEXT.save }));
    expect(within(form).getByText(MT5_MESSAGES.brokerRequired)).toBeInTheDocument();
    expect(within(form).getByText(MT5_MESSAGES.serverRequired)).toBeInTheDocument();
    expect(within(form).getByText(MT5_MESSAGES.accountInvalid)).toBeInTheDocument();
    expect(within(form).getByLabelText('Account number')).toHaveAttribute('aria-invalid', 'true');
    expect(api.requestsTo(PUT)).toHaveLength(0);

    await user.type(within(form).getByLabelText('Broker'), ' IC Markets ');
    await user.type(within(form).getByLabelText('Server'), 'ICMarketsSC-MT5-2');
    await user.clear(within(form).getByLabelText('Account number'));
    await user.type(within(form).getByLabelText('Account number'), '51234567');
    expect(within(form).queryByText(MT5_MESSAGES.accountInvalid)).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: MT5_TEXT.save }));
    expect(within(form).getByRole('button', { name: /Saving/ })).toBeDisabled();
    answer.resolve(jsonResponse({ ...state('waiting', { account: ACCOUNT }), message: MT5_MESSAGES.saved }));
    expect(await within(card()).findByText(MT5_MESSAGES.saved)).toBeInTheDocument();
    expect(api.requestsTo(PUT)[0]?.body).toEqual(ACCOUNT);
    expect(within(card()).getByText(MT5_TEXT.missingConnection)).toBeInTheDocument();
    expect(within(card()).getByText('51234567')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'MetaTrader 5 account' })).not.toBeInTheDocument();
  });

  it("shows the server's sentence at its field, or the failure above the form", async () => {
    mockApi({
      [GET]: jsonResponse(state('details-missing')),
      [PUT]: [
        jsonResponse({ message: 'x', errors: { server: MT5_MESSAGES.serverInvalid } }, 400),
        jsonResponse({ message: MT5_MESSAGES.needsPackage }, 409),
      ],
    });
    const { user } = renderSignedIn(<Mt5AccountCard />);
    const form = await screen.findByRole('form', { name: 'MetaTrader 5 account' });
    await user.type(within(form).getByLabelText('Broker'), 'IC Markets');
    await user.type(within(form).getByLabelText('Server'), 'ICMarketsSC-MT5-2');
    await user.type(within(form).getByLabelText('Account number'), '51234567');
    await user.click(within(form).getByRole('button', { name: MT5_TEXT.save }));
    expect(await within(form).findByText(MT5_MESSAGES.serverInvalid)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: MT5_TEXT.save }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(MT5_MESSAGES.needsPackage);
  });

  it("says 'Bot connected on <date>' with the account, and lets the customer change it", async () => {
    mockApi({
      [GET]: jsonResponse({
        account: ACCOUNT,
        connection: {
          status: 'connected',
          packageName: 'Pro Package',
          subscriptionId: 'sub-1',
          connectedAt: '2026-03-03T10:00:00.000Z',
        },
      }),
    });
    const { user } = renderSignedIn(<Mt5AccountCard />);
    expect(
      await within(await screen.findByRole('region', { name: 'MetaTrader 5 account' })).findByText(
        'Bot connected on Mar 3, 2026',
      ),
    ).toBeInTheDocument();
    expect(within(card()).queryByText(MT5_TEXT.missing)).not.toBeInTheDocument();
    await user.click(within(card()).getByRole('button', { name: MT5_TEXT.change }));
    const form = within(card()).getByRole('form', { name: 'MetaTrader 5 account' });
    expect(within(form).getByLabelText('Broker')).toHaveValue('IC Markets');
    await user.click(within(form).getByRole('button', { name: MT5_TEXT.cancel }));
    expect(within(card()).queryByRole('form')).not.toBeInTheDocument();
  });

  it('asks to confirm the account for a new package, prefilled', async () => {
    mockApi({ [GET]: jsonResponse(state('confirm-details', { account: ACCOUNT })) });
    renderSignedIn(<Mt5AccountCard />);
    expect(await screen.findByText(MT5_TEXT.confirmIntro('Pro Package'))).toBeInTheDocument();
    expect(within(card()).getByText(MT5_TEXT.missingConfirmation('Pro Package'))).toBeInTheDocument();
    expect(within(card()).getByLabelText('Server')).toHaveValue('ICMarketsSC-MT5-2');
    expect(within(card()).getByRole('button', { name: MT5_TEXT.confirm })).toBeInTheDocument();
  });

  it('says when the account cannot be loaded', async () => {
    mockApi({ [GET]: jsonResponse({ message: 'boom' }, 500) });
    renderSignedIn(<Mt5AccountCard />);
    expect(await screen.findByText(MT5_MESSAGES.loadFailed)).toBeInTheDocument();
  });
});
