import { useState, type ComponentProps, type ReactNode } from 'react';
import { Badge, Flex, SwitchField, Text } from '@aws-amplify/ui-react';
import { SETTINGS_MESSAGES } from '@goldbot/shared';
import { ListLoadFailed, ListLoading } from '../../components/list-states';
import { NoticeAlert } from '../../components/notice-alert';
import { useSubscriptionSettings } from '../api/subscription-settings';
import { useSettingSave } from './use-setting-save';
import { SaveChangesButton } from './save-changes-button';
import { TitledCard } from '../../components/titled-card';

/** The subscription settings' switches, each saved on its own (the other keeps its value on the server). */
export type SwitchSetting = 'basicPackageEnabled' | 'autoApproveOnMatch';

interface SettingSwitchCardProps {
  setting: SwitchSetting;
  title: string;
  titleId: string;
  label: string;
  /** The badge beside the switch, for its position. */
  badge: (on: boolean) => { text: string; variation?: ComponentProps<typeof Badge>['variation'] };
  /** What the switch does, under it. */
  explanation: ReactNode;
  /** The Save Changes button's accessible name, where the visible text alone would not say which card it saves. */
  saveName?: string;
  /** Loading and load-failure states while the settings are not there; without it the card is not shown then. */
  withLoadStates?: boolean;
  onSaved?: (on: boolean) => void;
}

/**
 * One switch of the subscription settings in its own card: the position the admin picks
 * (following the server until then), Save Changes disabled until it differs from what the server
 * has, one save at a time, and the 'Settings updated' or error notice.
 */
export function SettingSwitchCard({
  setting,
  title,
  titleId,
  label,
  badge,
  explanation,
  saveName,
  withLoadStates = false,
  onSaved,
}: SettingSwitchCardProps) {
  const { data, error, isLoading, mutate } = useSubscriptionSettings();
  // The admin's choice before it is saved; null follows the server.
  const [choice, setChoice] = useState<boolean | null>(null);
  const { save, isSaving, notice } = useSettingSave();
  if (!data && !withLoadStates) return null;

  let body;
  if (isLoading && !data) {
    body = <ListLoading text="Loading subscription settings..." />;
  } else if (!data) {
    body = (
      <ListLoadFailed error={error} fallback={SETTINGS_MESSAGES.settingsFetchFailed} onRetry={() => void mutate()} />
    );
  } else {
    const saved = data.settings[setting];
    const on = choice ?? saved;
    const changed = on !== saved;
    const shown = badge(on);

    const submit = async () => {
      const settings = await save(
        setting === 'basicPackageEnabled' ? { basicPackageEnabled: on } : { autoApproveOnMatch: on },
      );
      if (!settings) return;
      setChoice(null);
      onSaved?.(settings[setting]);
    };

    body = (
      <Flex direction="column" gap="medium">
        <Flex alignItems="center" gap="medium" wrap="wrap">
          <SwitchField
            label={label}
            name={setting}
            isChecked={on}
            onChange={(event) => setChoice(event.target.checked)}
            labelPosition="end"
            isDisabled={isSaving}
          />
          <Badge variation={shown.variation}>{shown.text}</Badge>
        </Flex>
        <Text color="font.secondary" fontSize="small">
          {explanation}
        </Text>
        <SaveChangesButton name={saveName} changed={changed} isSaving={isSaving} onSave={() => void submit()} />
      </Flex>
    );
  }

  return (
    <TitledCard titleId={titleId} title={title}>
      <NoticeAlert notice={notice.notice} onDismiss={notice.clear} />
      {body}
    </TitledCard>
  );
}
