import { useRef, useState } from 'react';
import { AUTH } from '@goldbot/shared';
import { emptyOtp, type OtpInputHandle } from '@/components/ui/otp-input';

const OTP_PATTERN = new RegExp(`^\\d{${AUTH.otpLength}}$`);

/**
 * What a code form keeps about its boxes (OtpInput): the digits, the error under them and the
 * handle that moves the focus. `field` wires the OtpInput; typing clears the error.
 */
export function useOtpCode() {
  const [digits, setDigits] = useState<string[]>(emptyOtp);
  const [error, setError] = useState<string | undefined>();
  const input = useRef<OtpInputHandle>(null);
  const code = digits.join('');
  return {
    code,
    /** Every box holds a digit. */
    wellFormed: OTP_PATTERN.test(code),
    complete: digits.every((digit) => digit !== ''),
    setError,
    /** Shows `message` under the boxes and focuses the first empty one (or the first box). */
    refuse: (message: string) => {
      setError(message);
      input.current?.focus(Math.max(0, digits.indexOf('')));
    },
    /** Empties the boxes and focuses the first, for the code to be typed again. */
    clear: () => {
      setDigits(emptyOtp());
      input.current?.focus(0);
    },
    field: {
      ref: input,
      digits,
      error,
      onChange: (next: string[]) => {
        setDigits(next);
        setError(undefined);
      },
    },
  };
}
