import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Modal } from './modal';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open dialog
      </button>
      {open && (
        <Modal title="Example dialog" onClose={() => setOpen(false)}>
          <a href="#one">First link</a>
          <button type="button">Last button</button>
        </Modal>
      )}
    </>
  );
}

async function openDialog() {
  const user = userEvent.setup();
  render(<Harness />);
  await user.click(screen.getByRole('button', { name: 'Open dialog' }));
  return user;
}

const scrollLocked = () => document.documentElement.style.overflow === 'hidden';

describe('Modal', () => {
  it('sends focus that leaves an embedded frame forwards back to the start of the dialog', async () => {
    await openDialog();
    // The browser moves focus out of an iframe to the next element after it, without a keydown
    // the dialog could see: that element is the sentinel at the dialog's end.
    const sentinel = screen.getByRole('dialog').querySelector<HTMLElement>('[data-focus-sentinel]');
    expect(sentinel).not.toBeNull();
    sentinel?.focus();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('never counts the sentinel as the last stop of the Tab cycle', async () => {
    const user = await openDialog();
    screen.getByRole('button', { name: 'Last button' }).focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('is a named modal dialog that takes focus and locks page scroll', async () => {
    await openDialog();
    const dialog = screen.getByRole('dialog', { name: 'Example dialog' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    expect(scrollLocked()).toBe(true);
  });

  it('keeps Tab and Shift+Tab inside', async () => {
    const user = await openDialog();
    await user.tab();
    expect(screen.getByRole('link', { name: 'First link' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Last button' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Last button' })).toHaveFocus();
  });

  it.each([
    [
      'its close button',
      async (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Close' })),
    ],
    ['Escape', async (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
    [
      'a click on the overlay',
      async (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByTestId('modal-overlay')),
    ],
  ])('closes by %s, unlocks scroll and returns focus', async (_how, close) => {
    const user = await openDialog();
    await close(user);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(scrollLocked()).toBe(false);
    expect(screen.getByRole('button', { name: 'Open dialog' })).toHaveFocus();
  });

  it('stays open on a click inside it, or a press that starts inside and ends outside', async () => {
    const user = await openDialog();
    await user.click(screen.getByRole('dialog'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    fireEvent.mouseDown(screen.getByRole('dialog'));
    fireEvent.click(screen.getByTestId('modal-overlay'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
