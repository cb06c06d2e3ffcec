import { useState } from 'react';
import { CheckboxField, Flex, Text } from '@aws-amplify/ui-react';
import {
  NEW_WORK_MAIL,
  WORK_KIND_LABELS,
  switchedKinds,
  type NewWorkMailSwitches,
  type WorkKind,
} from '@goldbot/shared';
import { NoticeAlert } from '../../components/notice-alert';
import { useSubscriptionSettings } from '../api/subscription-settings';
import { useSettingSave } from './use-setting-save';
import { SaveChangesButton } from './save-changes-button';
import { TitledCard } from '../../components/titled-card';

export const NEW_WORK_MAIL_TITLE = 'Mail to administrators about new work';
/** The button reads 'Save Changes' like the other cards'; its accessible name says which card it saves. */
export const NEW_WORK_MAIL_SAVE_NAME = 'Save Changes to the mail about new work';

/**
 * Which kinds of new work every administrator is mailed about (each on unless turned off here). The
 * server sends a switch for each kind it can mail about, so a kind this server does not have gets
 * none. Shown once the settings have loaded; the Basic card says when they could not be read.
 */
export function NewWorkMailCard() {
  const { data } = useSubscriptionSettings();
  // The admin's choices before they are saved; a kind not in here follows the server.
  const [choices, setChoices] = useState<NewWorkMailSwitches>({});
  const { save, isSaving, notice } = useSettingSave();
  if (!data) return null;
  const saved = data.settings.newWorkMail;
  const kinds = switchedKinds(saved);
  if (kinds.length === 0) return null;

  const isOn = (kind: WorkKind) => choices[kind] ?? saved[kind] === true;
  const changed = kinds.filter((kind) => isOn(kind) !== (saved[kind] === true));

  const submit = async () => {
    const settings = await save({ newWorkMail: Object.fromEntries(changed.map((kind) => [kind, isOn(kind)])) });
    if (settings) setChoices({});
  };

  return (
    <TitledCard titleId="new-work-mail-title" title={NEW_WORK_MAIL_TITLE}>
      <NoticeAlert notice={notice.notice} onDismiss={notice.clear} />
      <Text color="font.secondary" fontSize="small">
        Every administrator is mailed what arrived since the last mail of its kind, at most once every{' '}
        {NEW_WORK_MAIL.minIntervalMinutes} minutes per kind, so new work is seen within the 2-hour activation promise
        without watching the back-office. The counts in the navigation do not depend on these switches.
      </Text>
      <Flex as="fieldset" direction="column" gap="small" margin="0" padding="0" style={{ border: 0 }}>
        <legend className="visually-hidden">Mail about</legend>
        {kinds.map((kind) => (
          <CheckboxField
            key={kind}
            name={kind}
            value="on"
            label={WORK_KIND_LABELS[kind]}
            checked={isOn(kind)}
            isDisabled={isSaving}
            onChange={(event) => setChoices((current) => ({ ...current, [kind]: event.target.checked }))}
          />
        ))}
      </Flex>
      <SaveChangesButton
        name={NEW_WORK_MAIL_SAVE_NAME}
        changed={changed.length > 0}
        isSaving={isSaving}
        onSave={() => void submit()}
      />
    </TitledCard>
  );
}
