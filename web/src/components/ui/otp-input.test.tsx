import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { emptyOtp, OtpInput } from './otp-input';

function Harness({ backspaceMovesBack = false }: { backspaceMovesBack?: boolean }) {
  const [digits, setDigits] = useState<string[]>(emptyOtp);
  return (
    <>
      <OtpInput label="Code" digits={digits} onChange={setDigits} backspaceMovesBack={backspaceMovesBack} />
      <output>{digits.join('')}</output>
    </>
  );
}

const boxes = () => screen.getAllByRole('textbox');

/** Renders the harness with a user-event session, the first box not yet focused. */
function renderHarness(props: { backspaceMovesBack?: boolean } = {}) {
  const user = userEvent.setup();
  render(<Harness {...props} />);
  return user;
}

describe('OtpInput', () => {
  it('has four labelled boxes in a named group', () => {
    render(<Harness />);
    expect(screen.getByRole('group', { name: 'Code' })).toBeInTheDocument();
    expect(boxes()).toHaveLength(4);
    expect(screen.getByLabelText('Digit 1 of 4')).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.getByLabelText('Digit 4 of 4')).toHaveAttribute('inputmode', 'numeric');
  });

  it('moves to the next box after each digit and ignores anything else', async () => {
    const user = renderHarness();
    await user.click(boxes()[0] as HTMLElement);
    await user.keyboard('1a2');
    expect(boxes()[2]).toHaveFocus();
    await user.keyboard('34');
    expect(screen.getByRole('status')).toHaveTextContent('1234');
    expect(boxes()[3]).toHaveFocus();
  });

  it('replaces a digit when typing over it', async () => {
    const user = renderHarness();
    await user.click(boxes()[0] as HTMLElement);
    await user.keyboard('12');
    await user.click(boxes()[0] as HTMLElement);
    await user.keyboard('9');
    expect(screen.getByRole('status')).toHaveTextContent('92');
    expect(boxes()[1]).toHaveFocus();
  });

  it('fills every box from a pasted code, wherever it is pasted', async () => {
    const user = renderHarness();
    await user.click(boxes()[2] as HTMLElement);
    await user.paste('Code: 4 8 1 5');
    expect(boxes().map((box) => (box as HTMLInputElement).value)).toEqual(['4', '8', '1', '5']);
    expect(boxes()[3]).toHaveFocus();
  });

  it('moves back on backspace in an empty box when asked to (registration)', async () => {
    const user = renderHarness({ backspaceMovesBack: true });
    await user.click(boxes()[0] as HTMLElement);
    await user.keyboard('12');
    expect(boxes()[2]).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(boxes()[1]).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(screen.getByRole('status')).toHaveTextContent(/^1$/);
  });

  it('stays put on backspace in an empty box otherwise (reset)', async () => {
    const user = renderHarness();
    await user.click(boxes()[0] as HTMLElement);
    await user.keyboard('12');
    await user.keyboard('{Backspace}');
    expect(boxes()[2]).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('12');
  });
});
