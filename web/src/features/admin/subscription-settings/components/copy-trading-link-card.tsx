import { useState, type FormEvent } from 'react';
import { Alert, Badge, Card, Flex, Heading, Text, TextField } from '@aws-amplify/ui-react';
import { copyTradingLinkInputSchema, SETTINGS_MESSAGES } from '@goldbot/shared';
import { NoticeAlert } from '../../components/notice-alert';
import { useSubscriptionSettings } from '../api/subscription-settings';
import { useSettingSave } from './use-setting-save';
import { SaveChangesButton } from './save-changes-button';
import { fieldErrorProps } from '../../components/field-error-props';

export const COPY_TRADING_LINK_LABEL = 'Copy-trading link';
export const COPY_TRADING_LINK_SAVE_NAME = 'Save copy-trading link';
/** Shown while no link is set: customers see the Free card as unavailable and the server refuses the trial. */
export const NO_COPY_TRADING_LINK_WARNING =
  'No copy-trading link is set: customers cannot start the free trial. Add the link to make it available.';

/**
 * The free trial's copy-trading link: the https address the free-trial mail's main button and the
 * customer's active Free card open. Empty removes it, which takes the free trial off offer.
 * Validated with the server's schema before it is sent; the server validates again and audits it.
 */
export function CopyTradingLinkCard() {
  const { data } = useSubscriptionSettings();
  const [draft, setDraft] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const { save, isSaving, notice } = useSettingSave();
  // The Basic card shows the loading and failure states of the settings.
  if (!data) return null;

  const saved = data.settings.copyTradingLink;
  const value = draft ?? saved ?? '';
  const changed = value.trim() !== (saved ?? '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    notice.clear();
    const parsed = copyTradingLinkInputSchema.safeParse(value);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? SETTINGS_MESSAGES.copyTradingLinkInvalid);
      return;
    }
    setFieldError(null);
    if (await save({ copyTradingLink: parsed.data })) setDraft(null);
  };

  return (
    <Card variation="outlined" as="section" aria-labelledby="copy-trading-title">
      <Flex as="form" direction="column" gap="medium" onSubmit={(event) => void submit(event)} noValidate>
        <Flex alignItems="center" gap="medium" wrap="wrap">
          <Heading level={2} fontSize="large" id="copy-trading-title">
            Free trial: copy trading
          </Heading>
          {saved ? <Badge variation="success">Available</Badge> : <Badge variation="error">Unavailable</Badge>}
        </Flex>
        {!saved && (
          <Alert variation="warning" role="status">
            {NO_COPY_TRADING_LINK_WARNING}
          </Alert>
        )}
        <NoticeAlert notice={notice.notice} onDismiss={notice.clear} />
        <TextField
          label={COPY_TRADING_LINK_LABEL}
          name="copyTradingLink"
          type="url"
          inputMode="url"
          placeholder="https://"
          value={value}
          onChange={(event) => {
            setDraft(event.target.value);
            setFieldError(null);
          }}
          {...fieldErrorProps(fieldError)}
          isDisabled={isSaving}
          descriptiveText="The https address of the broker's copy-trading page. The free-trial e-mail's main button and the customer's active Free Copy Trading card open it. Leave empty to take the free trial off offer."
        />
        <Text color="font.secondary" fontSize="small">
          Every change is written to the audit log.
        </Text>
        <SaveChangesButton name={COPY_TRADING_LINK_SAVE_NAME} changed={changed} isSaving={isSaving} />
      </Flex>
    </Card>
  );
}
