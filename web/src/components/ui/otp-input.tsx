import { useId, useImperativeHandle, useRef, type ClipboardEvent, type KeyboardEvent, type Ref } from 'react';
import { AUTH } from '@goldbot/shared';
import { classNames } from '@/lib/class-names';
import './otp-input.css';

export interface OtpInputHandle {
  /** Moves the focus to a box (the first by default). */
  focus: (index?: number) => void;
}

export interface OtpInputProps {
  /** One entry per box, '' when empty. */
  digits: readonly string[];
  onChange: (digits: string[]) => void;
  /** Registration only: backspace on an empty box moves back. */
  backspaceMovesBack?: boolean;
  /** Labels the group of boxes. */
  label: string;
  /** Shown under the boxes and announced with them; marks every box invalid. */
  error?: string | undefined;
  disabled?: boolean;
  autoFocus?: boolean;
  ref?: Ref<OtpInputHandle>;
}

export const emptyOtp = (): string[] => Array.from({ length: AUTH.otpLength }, () => '');

const onlyDigits = (text: string) => text.replace(/\D/g, '');

/**
 * Four single-digit boxes: typing a digit moves to the next box, a pasted
 * (or autofilled) code fills every box, arrows move between boxes.
 */
export function OtpInput({
  digits,
  onChange,
  backspaceMovesBack = false,
  label,
  error,
  disabled = false,
  autoFocus = false,
  ref,
}: OtpInputProps) {
  const errorId = useId();
  const invalid = error !== undefined;
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  const length = digits.length;

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  useImperativeHandle(ref, () => ({ focus: (index = 0) => focusBox(index) }));

  /** Writes `text`'s digits from box `start` on and focuses the box after the last one written. */
  const fill = (start: number, text: string) => {
    const incoming = onlyDigits(text)
      .slice(0, length - start)
      .split('');
    if (incoming.length === 0) return;
    const next = [...digits];
    incoming.forEach((digit, offset) => {
      next[start + offset] = digit;
    });
    onChange(next);
    focusBox(Math.min(start + incoming.length, length - 1));
  };

  const handleInput = (index: number, value: string) => {
    if (value === '') {
      const next = [...digits];
      next[index] = '';
      onChange(next);
      return;
    }
    // A box already holding a digit receives two characters: keep the newly typed one.
    const previous = digits[index] ?? '';
    const typed =
      value.length === 2 && previous !== '' && value.includes(previous) ? value.replace(previous, '') : value;
    fill(index, typed);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && digits[index] === '' && backspaceMovesBack && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < length - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    // A whole code fills every box from the first, wherever it is pasted.
    const pasted = onlyDigits(event.clipboardData.getData('text'));
    if (pasted.length >= length) fill(0, pasted);
    else fill(boxes.current.indexOf(event.currentTarget), pasted);
  };

  return (
    <>
      <fieldset className="otp-input" aria-describedby={invalid ? errorId : undefined} disabled={disabled}>
        <legend className="otp-input__legend">{label}</legend>
        <div className="otp-input__boxes">
          {digits.map((digit, index) => (
            <input
              // The boxes never reorder: the index is their identity.
              key={index}
              ref={(element) => {
                boxes.current[index] = element;
              }}
              className={classNames('otp-input__box', invalid && 'otp-input__box--invalid')}
              type="text"
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete={index === 0 ? 'one-time-code' : 'off'}
              maxLength={length}
              aria-label={`Digit ${index + 1} of ${length}`}
              aria-invalid={invalid || undefined}
              value={digit}
              autoFocus={autoFocus && index === 0}
              onFocus={(event) => event.currentTarget.select()}
              onChange={(event) => handleInput(index, event.currentTarget.value)}
              onKeyDown={(event) => handleKeyDown(index, event)}
              onPaste={handlePaste}
            />
          ))}
        </div>
      </fieldset>
      {invalid && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </>
  );
}
