import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { WITHDRAWAL_MESSAGES } from '@goldbot/shared';
import { errorResponse, renderSignedIn } from '@/test/commerce-fixtures';
import { mockApi } from '@/test/auth-helpers';
import { deferred, jsonResponse } from '@/test/test-utils';
import { requested, TRC20_ADDRESS, withdrawal } from '@/test/withdrawal-fixtures';
import { WITHDRAWAL_NOTES, WithdrawalModal, type WithdrawalModalProps } from './withdrawal-modal';

const onClose = vi.fn();
const onRequested = vi.fn();

beforeEach(() => {
  onClose.mockReset();
  onRequested.mockReset();
});

function renderModal(props: Partial<WithdrawalModalProps> = {}) {
  return renderSignedIn(<WithdrawalModal available={50} onClose={onClose} onRequested={onRequested} {...props} />);
}

const dialog = () => screen.getByRole('dialog', { name: 'Withdraw Earnings' });
const amountField = () => within(dialog()).getByLabelText('Amount (USD)');
const addressField = () => within(dialog()).getByLabelText('TRC20 Wallet Address');
const submitButton = () => within(dialog()).getByRole('button', { name: /Submit Request|Submitting/ });
const errorArea = () => within(dialog()).getByRole('alert');

async function fill(user: ReturnType<typeof renderModal>['user'], amount: string, address: string) {
  if (amount) await user.type(amountField(), amount);
  if (address) await user.type(addressField(), address);
}

describe('withdrawal modal: what it shows', () => {
  it('shows the available earnings, the amount (min 20, max the earnings, step 1), the address, the actions and the notes', () => {
    mockApi();
    renderModal({ available: 34 });
    expect(within(dialog()).getByTestId('withdrawal-available')).toHaveTextContent('$34');
    expect(within(dialog()).getByText('Available Earnings')).toBeInTheDocument();
    expect(amountField()).toHaveAttribute('type', 'number');
    expect(amountField()).toHaveAttribute('min', '20');
    expect(amountField()).toHaveAttribute('max', '34');
    expect(amountField()).toHaveAttribute('step', '1');
    expect(addressField()).toHaveValue('');
    expect(errorArea()).toBeEmptyDOMElement();
    expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(submitButton()).toHaveTextContent('Submit Request');

    const notes = within(within(dialog()).getByRole('region', { name: 'Please note' })).getAllByRole('listitem');
    expect(notes.map((item) => item.textContent)).toEqual([...WITHDRAWAL_NOTES]);
    expect(notes.map((item) => item.textContent)).toEqual([
      'Minimum withdrawal amount is $20.',
      'Withdrawals are paid in USDT on the TRC20 network only.',
      'Requests are reviewed within 24 hours.',
      'Payment is processed within 24-48 hours after approval.',
      'You can have only one pending withdrawal request at a time.',
    ]);
  });

  it('keeps focus inside and closes on Escape, Cancel and Close', async () => {
    mockApi();
    const { user } = renderModal();
    expect(dialog()).toContainElement(document.activeElement as HTMLElement);
    for (let step = 0; step < 8; step += 1) {
      await user.tab();
      expect(dialog()).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    await user.click(within(dialog()).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(3);
  });
});

describe('withdrawal modal: the checks before sending', () => {
  it.each([
    ['', 'Please enter your TRC20 address'],
    ['TJRabPrwbZy45sbavfcjin', 'Please enter a valid TRC20 address (starts with T and 34 characters long)'],
    [`${TRC20_ADDRESS.slice(0, 33)}O`, 'Please enter a valid TRC20 address (starts with T and 34 characters long)'],
  ])('refuses the address %j with the spec message', async (address, message) => {
    const api = mockApi();
    const { user } = renderModal();
    await fill(user, '20', address);
    await user.click(submitButton());
    expect(await within(dialog()).findByText(message)).toBeInTheDocument();
    expect(addressField()).toHaveAttribute('aria-invalid', 'true');
    expect(addressField()).toHaveAccessibleDescription(message);
    expect(addressField()).toHaveFocus();
    expect(api.requestsTo('POST /api/withdrawal/request')).toHaveLength(0);
  });

  it("says 'Minimum withdrawal amount is $20' under $20", async () => {
    const api = mockApi();
    const { user } = renderModal();
    await fill(user, '19', TRC20_ADDRESS);
    await user.click(submitButton());
    expect(await within(dialog()).findByText('Minimum withdrawal amount is $20')).toBeInTheDocument();
    expect(amountField()).toHaveAttribute('aria-invalid', 'true');
    expect(amountField()).toHaveFocus();
    expect(api.requestsTo('POST /api/withdrawal/request')).toHaveLength(0);
  });

  it("says 'Amount exceeds your available earnings' above the balance", async () => {
    const api = mockApi();
    const { user } = renderModal({ available: 26 });
    await fill(user, '27', TRC20_ADDRESS);
    await user.click(submitButton());
    expect(await within(dialog()).findByText('Amount exceeds your available earnings')).toBeInTheDocument();
    expect(api.requestsTo('POST /api/withdrawal/request')).toHaveLength(0);
  });

  it('asks for an amount and for whole dollars', async () => {
    mockApi();
    const { user } = renderModal();
    await fill(user, '', TRC20_ADDRESS);
    await user.click(submitButton());
    expect(await within(dialog()).findByText(WITHDRAWAL_MESSAGES.amountRequired)).toBeInTheDocument();
    await user.type(amountField(), '20.5');
    await user.click(submitButton());
    expect(await within(dialog()).findByText(WITHDRAWAL_MESSAGES.amountWhole)).toBeInTheDocument();
  });

  it('shows both fields’ messages at once, and clears a message when its field is edited', async () => {
    mockApi();
    const { user } = renderModal();
    await fill(user, '5', '');
    await user.click(submitButton());
    expect(await within(dialog()).findByText(WITHDRAWAL_MESSAGES.minimum)).toBeInTheDocument();
    expect(within(dialog()).getByText(WITHDRAWAL_MESSAGES.addressRequired)).toBeInTheDocument();
    await user.type(addressField(), 'T');
    expect(within(dialog()).queryByText(WITHDRAWAL_MESSAGES.addressRequired)).not.toBeInTheDocument();
    expect(within(dialog()).getByText(WITHDRAWAL_MESSAGES.minimum)).toBeInTheDocument();
  });
});

describe('withdrawal modal: sending', () => {
  it('posts the amount and the trimmed address, toasts the spec success message, hands the answer over and closes', async () => {
    const created = withdrawal({ _id: 'wd-9', amount: 30 });
    const api = mockApi({ 'POST /api/withdrawal/request': requested(created, 20, 30) });
    const { user } = renderModal();
    await fill(user, '30', `  ${TRC20_ADDRESS} `);
    await user.click(submitButton());

    expect(
      await screen.findByText('Withdrawal request submitted successfully! We will review it within 24 hours.'),
    ).toBeInTheDocument();
    const [request] = api.requestsTo('POST /api/withdrawal/request');
    expect(request?.body).toEqual({ trc20Address: TRC20_ADDRESS, amount: 30 });
    expect(request?.headers.get('Authorization')).toBe('Bearer test-token');
    expect(onRequested).toHaveBeenCalledWith(
      expect.objectContaining({ withdrawal: created, referralEarnings: 20, referralHeld: 30 }),
    );
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("shows 'Submitting...', sends one request however often it is submitted, and does not close meanwhile", async () => {
    const answer = deferred<Response>();
    const api = mockApi({ 'POST /api/withdrawal/request': () => answer.promise });
    const { user } = renderModal();
    await fill(user, '20', TRC20_ADDRESS);
    await user.click(submitButton());

    expect(submitButton()).toHaveTextContent('Submitting...');
    expect(submitButton()).toBeDisabled();
    expect(amountField()).toBeDisabled();
    expect(addressField()).toBeDisabled();
    expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.click(submitButton());
    const form = submitButton().closest('form');
    act(() => form?.requestSubmit());
    await user.keyboard('{Escape}');
    await user.click(within(dialog()).getByRole('button', { name: 'Close' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(api.requestsTo('POST /api/withdrawal/request')).toHaveLength(1);

    await act(async () => answer.resolve(requested(withdrawal(), 0, 20)));
    expect(onRequested).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows the server’s field errors on their fields', async () => {
    mockApi({
      'POST /api/withdrawal/request': [
        errorResponse(400, 'Validation failed', { amount: WITHDRAWAL_MESSAGES.exceeds }),
        errorResponse(400, 'Validation failed', { trc20Address: WITHDRAWAL_MESSAGES.addressInvalid }),
      ],
    });
    const { user } = renderModal();
    await fill(user, '20', TRC20_ADDRESS);
    await user.click(submitButton());
    expect(await within(dialog()).findByText(WITHDRAWAL_MESSAGES.exceeds)).toBeInTheDocument();
    expect(amountField()).toHaveAttribute('aria-invalid', 'true');
    expect(errorArea()).toBeEmptyDOMElement();

    await user.click(submitButton());
    expect(await within(dialog()).findByText(WITHDRAWAL_MESSAGES.addressInvalid)).toBeInTheDocument();
    expect(addressField()).toHaveFocus();
    expect(onClose).not.toHaveBeenCalled();
    expect(onRequested).not.toHaveBeenCalled();
  });

  it('shows the server’s message in the error area: a pending request (409), a refused amount (400)', async () => {
    mockApi({
      'POST /api/withdrawal/request': [
        errorResponse(409, WITHDRAWAL_MESSAGES.pendingExists),
        errorResponse(400, WITHDRAWAL_MESSAGES.minimum),
      ],
    });
    const { user } = renderModal();
    await fill(user, '20', TRC20_ADDRESS);
    await user.click(submitButton());
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      'You already have a pending withdrawal request. Please wait for it to be processed.',
    );
    await user.click(submitButton());
    expect(await within(dialog()).findByText(WITHDRAWAL_MESSAGES.minimum)).toBeInTheDocument();
    expect(errorArea()).toHaveTextContent(WITHDRAWAL_MESSAGES.minimum);
    expect(submitButton()).toBeEnabled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("says 'Failed to submit withdrawal request.' when the server gives no message, or cannot be reached", async () => {
    mockApi({
      'POST /api/withdrawal/request': [
        new Response('', { status: 502 }),
        () => Promise.reject(new TypeError('Failed to fetch')),
      ],
    });
    const { user } = renderModal();
    await fill(user, '20', TRC20_ADDRESS);
    await user.click(submitButton());
    expect(await within(dialog()).findByText('Failed to submit withdrawal request.')).toBeInTheDocument();

    await user.type(addressField(), '{Backspace}8');
    expect(errorArea()).toBeEmptyDOMElement();
    await user.click(submitButton());
    expect(await within(dialog()).findByText('Failed to submit withdrawal request.')).toBeInTheDocument();
    expect(onRequested).not.toHaveBeenCalled();
  });

  it('refuses an answer that does not match the contract', async () => {
    mockApi({ 'POST /api/withdrawal/request': jsonResponse({ message: 'ok' }, 201) });
    const { user } = renderModal();
    await fill(user, '20', TRC20_ADDRESS);
    await user.click(submitButton());
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('Failed to submit withdrawal request.');
    expect(onRequested).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});
