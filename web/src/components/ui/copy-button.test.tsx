import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/toast/toast-provider';
import { CopyButton, type CopyButtonProps } from './copy-button';

// The wallet panel's texts, as the customer sees them.
const MESSAGES = {
  copied: 'Wallet address copied to clipboard!',
  copyFailed: 'Could not copy the address. Please select it and copy it by hand.',
};
const ADDRESS = 'TXYZ1234567890abcdefghijklmnopqrs';

function renderButton(props: Partial<CopyButtonProps> = {}) {
  // user-event's clipboard stands in for the browser's.
  const user = userEvent.setup();
  render(
    <ToastProvider>
      <CopyButton
        text={ADDRESS}
        label="Copy wallet address"
        copiedLabel="Wallet address copied"
        messages={MESSAGES}
        {...props}
      />
    </ToastProvider>,
  );
  return { user };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('CopyButton', () => {
  it('copies the text, says so, and reads Copied! for 2 s', async () => {
    const { user } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Copy wallet address' }));
    expect(await navigator.clipboard.readText()).toBe(ADDRESS);
    expect(await screen.findByText(MESSAGES.copied)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Wallet address copied' })).toHaveTextContent('Copied!');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Copy wallet address' })).toHaveTextContent('Copy'), {
      timeout: 3000,
    });
  });

  it('says what to do by hand when the clipboard is refused, and shows no Copied!', async () => {
    const { user } = renderButton();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy wallet address' }));
    expect(await screen.findByText(MESSAGES.copyFailed)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.copied)).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy wallet address' })).toHaveTextContent('Copy');
  });

  it('tells the outcome where the caller says instead of in a toast', async () => {
    const onOutcome = vi.fn();
    const user = userEvent.setup();
    // No ToastProvider: a caller that tells the outcome itself needs none.
    render(<CopyButton text="JBSWY3DPEHPK3PXP" messages={MESSAGES} onOutcome={onOutcome} />);
    // Without a label, its text names it.
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(onOutcome).toHaveBeenCalledWith({ variant: 'success', message: MESSAGES.copied });
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();

    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copied!' }));
    expect(onOutcome).toHaveBeenLastCalledWith({ variant: 'error', message: MESSAGES.copyFailed });
  });
});
