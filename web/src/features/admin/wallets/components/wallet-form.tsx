import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Alert, Button, Card, Flex, Heading, SwitchField, Text, TextField } from '@aws-amplify/ui-react';
import { PAYMENT, PAYMENT_MESSAGES, WALLET_CURRENCIES, type Wallet } from '@goldbot/shared';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '../../lib/error-message';
import {
  useSaveWallet,
  walletSaveInputSchema,
  type WalletSaveInput,
  type WalletSaveResponse,
} from '../api/save-wallet';
import { WalletTotpConfirm, needsFreshTotp } from './wallet-totp-confirm';
import { ChoiceField, plainChoices } from '../../components/choice-field';
import { fieldErrorProps } from '../../components/field-error-props';

type Field = 'address' | 'network' | 'currency';
type FieldValues = Record<Field, string>;
type FieldErrors = Partial<Record<Field, string>>;

interface WalletFormProps {
  /** The wallet being edited; none to add one. */
  wallet: Wallet | null;
  onSaved: (response: WalletSaveResponse, added: boolean) => void;
  onCancel: () => void;
}

const FIELDS: readonly Field[] = ['address', 'network', 'currency'];
const isField = (key: unknown): key is Field => typeof key === 'string' && (FIELDS as readonly string[]).includes(key);

/** Client-side check with the server's schema: the first message per field. */
function validate(values: FieldValues): FieldErrors {
  const errors: FieldErrors = {};
  if (values.currency === '') errors.currency = PAYMENT_MESSAGES.currencyRequired;
  const result = walletSaveInputSchema.safeParse({ ...values, isActive: false });
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if (isField(field) && !errors[field]) errors[field] = issue.message;
    }
  }
  return errors;
}

/**
 * Adds or edits a wallet: address, network, currency (USDT, BTC or ETH) and an
 * active switch. All three are required; the address and the currency are read-only once saved. Only one wallet per
 * currency can be active, which the form says next to the switch.
 */
export function WalletForm({ wallet, onSaved, onCancel }: WalletFormProps) {
  const editing = wallet !== null;
  const [values, setValues] = useState<FieldValues>({
    address: wallet?.address ?? '',
    network: wallet?.network ?? PAYMENT.walletNetwork,
    currency: wallet?.currency ?? 'USDT',
  });
  const [isActive, setIsActive] = useState(wallet?.isActive ?? false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  /** A save the server refused until a fresh sign-in with a TOTP code, and its message. */
  const [awaitingTotp, setAwaitingTotp] = useState<{ input: WalletSaveInput; reason: string } | null>(null);
  const { save, isSaving } = useSaveWallet();
  const { currency } = values;

  const setValue = (field: Field, value: string) => setValues((current) => ({ ...current, [field]: value }));
  /** What each field of the form is given alike: its name, value and error. */
  const fieldProps = (field: Field) => ({
    name: field,
    value: values[field],
    ...fieldErrorProps(fieldErrors[field]),
  });
  const onInput = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => setValue(field, event.target.value);

  const send = async (parsed: WalletSaveInput) => {
    try {
      const response = await save(parsed);
      if (response) onSaved(response, !editing);
    } catch (error) {
      if (needsFreshTotp(error)) {
        setAwaitingTotp({ input: parsed, reason: error.message });
        return;
      }
      const serverFields: FieldErrors = {};
      if (error instanceof ApiError) {
        for (const [key, message] of Object.entries(error.fieldErrors)) if (isField(key)) serverFields[key] = message;
      }
      setFieldErrors(serverFields);
      if (Object.keys(serverFields).length === 0) setFormError(errorMessage(error, 'Failed to save wallet'));
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSaving) return;
    const errors = validate(values);
    setFieldErrors(errors);
    setFormError(null);
    if (Object.keys(errors).length > 0) return;
    await send(walletSaveInputSchema.parse({ ...values, isActive, ...(wallet ? { _id: wallet._id } : {}) }));
  };

  if (awaitingTotp) {
    return (
      <Card variation="outlined" as="section" aria-labelledby="wallet-totp-title">
        <WalletTotpConfirm
          reason={awaitingTotp.reason}
          onConfirmed={() => {
            setAwaitingTotp(null);
            void send(awaitingTotp.input);
          }}
          onCancel={() => setAwaitingTotp(null)}
        />
      </Card>
    );
  }

  return (
    <Card variation="outlined" as="section" aria-labelledby="wallet-form-title">
      <Flex as="form" direction="column" gap="medium" onSubmit={(event) => void submit(event)} noValidate>
        <Heading level={2} fontSize="large" id="wallet-form-title">
          {editing ? 'Edit Wallet' : 'Add Wallet'}
        </Heading>
        {formError && (
          <Alert variation="error" isDismissible onDismiss={() => setFormError(null)}>
            {formError}
          </Alert>
        )}
        <TextField
          label="Wallet address"
          {...fieldProps('address')}
          onChange={onInput('address')}
          isReadOnly={editing}
          isRequired
          autoComplete="off"
          spellCheck={false}
          maxLength={128}
          descriptiveText={editing ? 'The address cannot be changed once saved.' : undefined}
        />
        <TextField
          label="Network"
          {...fieldProps('network')}
          onChange={onInput('network')}
          isRequired
          autoComplete="off"
          maxLength={32}
          descriptiveText="For example TRC20 (USDT on TRON)."
        />
        <ChoiceField
          label="Currency"
          {...fieldProps('currency')}
          // 'Select a currency' first, as a placeholder would be: choosing it empties the field, which validation names.
          choices={[{ value: '', label: 'Select a currency' }, ...plainChoices(WALLET_CURRENCIES)]}
          onChoose={(chosen) => setValue('currency', chosen)}
          isRequired
          // Like the address, a saved wallet's currency is fixed: the server refuses another one.
          isDisabled={editing}
          descriptiveText={editing ? 'The currency cannot be changed once saved.' : undefined}
        />
        <SwitchField
          label="Active"
          name="isActive"
          isChecked={isActive}
          onChange={(event) => setIsActive(event.target.checked)}
          labelPosition="end"
        />
        <Text fontSize="small" color="font.secondary">
          Only one wallet per currency can be active: activating this wallet deactivates the other{' '}
          {currency || 'same-currency'} wallets.
        </Text>
        <Flex gap="small" wrap="wrap">
          <Button
            type="submit"
            variation="primary"
            isLoading={isSaving}
            isDisabled={isSaving}
            loadingText={editing ? 'Updating...' : 'Adding...'}
          >
            {editing ? 'Update Wallet' : 'Add Wallet'}
          </Button>
          <Button onClick={onCancel} isDisabled={isSaving}>
            Cancel
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
