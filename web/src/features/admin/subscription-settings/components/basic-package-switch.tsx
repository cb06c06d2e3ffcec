import { useState } from 'react';
import { Badge, Button, Card, Flex, Heading, SwitchField, Text } from '@aws-amplify/ui-react';
import { SETTINGS_MESSAGES, TOAST_MS } from '@goldbot/shared';
import { ListLoadFailed, ListLoading } from '../../components/list-states';
import { NoticeAlert } from '../../components/notice-alert';
import { useNotice } from '../../hooks/use-notice';
import { errorMessage } from '../../lib/error-message';
import { useSaveSubscriptionSettings, useSubscriptionSettings } from '../api/subscription-settings';

export const BASIC_SWITCH_LABEL = 'Monthly Subscription (Basic Package)';

/**
 * The Basic sales switch (admin §2, §3, §5, §8): 'Monthly Subscription (Basic Package)' with
 * Enabled/Disabled for the switch's position, and Save Changes, disabled until the position differs
 * from what the server has. With Basic off, customers see 'Subscription Unavailable' and the server
 * refuses Basic payments; the other packages still sell.
 */
export function BasicPackageSwitch({ onSaved }: { onSaved: (basicPackageEnabled: boolean) => void }) {
  const { data, error, isLoading, mutate } = useSubscriptionSettings();
  // The admin's choice before it is saved; null follows the server.
  const [choice, setChoice] = useState<boolean | null>(null);
  const { save, isSaving } = useSaveSubscriptionSettings();
  const notice = useNotice();

  let body;
  if (isLoading && !data) {
    body = <ListLoading text="Loading subscription settings..." />;
  } else if (!data) {
    body = (
      <ListLoadFailed error={error} fallback={SETTINGS_MESSAGES.settingsFetchFailed} onRetry={() => void mutate()} />
    );
  } else {
    const saved = data.settings.basicPackageEnabled;
    const enabled = choice ?? saved;
    const changed = enabled !== saved;

    const submit = async () => {
      notice.clear();
      try {
        const response = await save({ basicPackageEnabled: enabled });
        if (!response) return;
        await mutate({ success: true, settings: response.settings }, { revalidate: false });
        setChoice(null);
        onSaved(response.settings.basicPackageEnabled);
        notice.show('success', SETTINGS_MESSAGES.settingsUpdated, TOAST_MS.libraryDefault);
      } catch (failure) {
        notice.show('error', errorMessage(failure, SETTINGS_MESSAGES.settingsUpdateFailed));
      }
    };

    body = (
      <Flex direction="column" gap="medium">
        <Flex alignItems="center" gap="medium" wrap="wrap">
          <SwitchField
            label={BASIC_SWITCH_LABEL}
            name="basicPackageEnabled"
            isChecked={enabled}
            onChange={(event) => setChoice(event.target.checked)}
            labelPosition="end"
            isDisabled={isSaving}
          />
          <Badge variation={enabled ? 'success' : 'error'}>{enabled ? 'Enabled' : 'Disabled'}</Badge>
        </Flex>
        <Text color="font.secondary" fontSize="small">
          Off: customers cannot buy or extend the Basic Package and see &lsquo;Subscription Unavailable&rsquo;; the
          server refuses Basic payments. The other packages still sell, and Basic subscriptions already bought keep
          running.
        </Text>
        <Button
          variation="primary"
          alignSelf="flex-start"
          onClick={() => void submit()}
          isDisabled={!changed || isSaving}
          isLoading={isSaving}
          loadingText="Saving..."
        >
          Save Changes
        </Button>
      </Flex>
    );
  }

  return (
    <Card variation="outlined" as="section" aria-labelledby="basic-switch-title">
      <Flex direction="column" gap="medium">
        <Heading level={2} fontSize="large" id="basic-switch-title">
          Monthly Subscription
        </Heading>
        <NoticeAlert notice={notice.notice} onDismiss={notice.clear} />
        {body}
      </Flex>
    </Card>
  );
}
