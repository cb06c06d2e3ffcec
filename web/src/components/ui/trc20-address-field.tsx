import { TextField, type TextFieldProps } from './text-field';

/**
 * Where a customer types the TRC20 address a payout is sent to (a withdrawal, a refund): no
 * autocomplete, capitals or spelling fixes, which would change an address. Any prop given wins.
 */
export function Trc20AddressField(props: Omit<TextFieldProps, 'label'> & { label?: string }) {
  return (
    <TextField
      label="TRC20 Wallet Address"
      name="trc20Address"
      placeholder="T..."
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={64}
      {...props}
    />
  );
}
