import { useState } from 'react';
import { Badge, Button, Card, Flex, Heading, SwitchField, Text } from '@aws-amplify/ui-react';
import { SETTINGS_MESSAGES, TOAST_MS } from '@goldbot/shared';
import { NoticeAlert } from '../../components/notice-alert';
import { useNotice } from '../../hooks/use-notice';
import { errorMessage } from '../../lib/error-message';
import { useSaveSubscriptionSettings, useSubscriptionSettings } from '../api/subscription-settings';

export const AUTO_APPROVE_LABEL = 'Approve on-chain matches automatically';
/** The button reads 'Save Changes' like the Basic card's; its accessible name says which card it saves. */
export const AUTO_APPROVE_SAVE_NAME = 'Save Changes to automatic approval';

/**
 * The autoApproveOnMatch setting (issue 13, off by default): with it on, a payment whose on-chain
 * check is a Match is approved by the system through the admin's own approval (the same
 * transaction, the same mail, audited as the system). Shown once the settings have loaded; the Basic
 * card above says when they could not be read.
 */
export function AutoApproveSwitch() {
  const { data, mutate } = useSubscriptionSettings();
  const [choice, setChoice] = useState<boolean | null>(null);
  const { save, isSaving } = useSaveSubscriptionSettings();
  const notice = useNotice();
  if (!data) return null;

  const saved = data.settings.autoApproveOnMatch;
  const on = choice ?? saved;
  const changed = on !== saved;

  const submit = async () => {
    notice.clear();
    try {
      const response = await save({ autoApproveOnMatch: on });
      if (!response) return;
      await mutate({ success: true, settings: response.settings }, { revalidate: false });
      setChoice(null);
      notice.show('success', SETTINGS_MESSAGES.settingsUpdated, TOAST_MS.libraryDefault);
    } catch (failure) {
      notice.show('error', errorMessage(failure, SETTINGS_MESSAGES.settingsUpdateFailed));
    }
  };

  return (
    <Card variation="outlined" as="section" aria-labelledby="auto-approve-title">
      <Flex direction="column" gap="medium">
        <Heading level={2} fontSize="large" id="auto-approve-title">
          Automatic approval
        </Heading>
        <NoticeAlert notice={notice.notice} onDismiss={notice.clear} />
        <Flex alignItems="center" gap="medium" wrap="wrap">
          <SwitchField
            label={AUTO_APPROVE_LABEL}
            name="autoApproveOnMatch"
            isChecked={on}
            onChange={(event) => setChoice(event.target.checked)}
            labelPosition="end"
            isDisabled={isSaving}
          />
          <Badge variation={on ? 'warning' : undefined}>{on ? 'On' : 'Off'}</Badge>
        </Flex>
        <Text color="font.secondary" fontSize="small">
          Every USDT payment&rsquo;s transaction id is looked up on the TRON network and the verdict shows on Admin
          Payments. On: a Match (a confirmed USDT transfer to the payment wallet, of at least the amount due, in the
          payment window) is approved by the system exactly as you would approve it: the package starts, a referrer is
          credited, the customer gets the verified e-mail and the audit log names the system. Anything else still waits
          for you. Off (the default): every payment waits for you.
        </Text>
        <Button
          variation="primary"
          alignSelf="flex-start"
          aria-label={AUTO_APPROVE_SAVE_NAME}
          onClick={() => void submit()}
          isDisabled={!changed || isSaving}
          isLoading={isSaving}
          loadingText="Saving..."
        >
          Save Changes
        </Button>
      </Flex>
    </Card>
  );
}
