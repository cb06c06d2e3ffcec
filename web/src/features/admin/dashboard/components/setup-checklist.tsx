import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Badge, Button, Flex, Text } from '@aws-amplify/ui-react';
import { ADMIN_WORK_MESSAGES, TOAST_MS, type SetupStep, type SetupStepState } from '@goldbot/shared';
import { paths } from '@/config/paths';
import { NoticeAlert } from '../../components/notice-alert';
import { useNotice } from '../../hooks/use-notice';
import { errorMessage } from '../../lib/error-message';
import { useSendTestMail, useSetupChecklist } from '../api/get-setup-checklist';
import { TitledCard } from '../../components/titled-card';

export const SETUP_CHECKLIST_TITLE = 'Finish setting up';
export const SEND_TEST_MAIL_LABEL = 'Send test mail';

interface StepText {
  title: string;
  /** What to do, while the step is not done. */
  todo: string;
  /** What it means now that it is done. */
  done: string;
  /** Why the step cannot be taken on this server, when it cannot. */
  unavailable?: string;
}

const STEP_TEXT: Record<SetupStep, StepText> = {
  totp: {
    title: 'Turn on two-factor sign-in',
    todo: 'Sign out and sign in again at the admin sign-in page: you will be asked to scan a QR code with an authenticator app.',
    done: 'Your sign-ins ask for a code from your authenticator app.',
    unavailable:
      'This server does not offer two-factor sign-in (ADMIN_MFA_REQUIRED is off, as on the local stack). Deployed, every administrator sets it up at their first sign-in.',
  },
  copyTradingLink: {
    title: "Set the free trial's copy-trading link",
    todo: 'Until it is set, customers see the free trial as Not Available and cannot start it.',
    done: 'Customers can start the free trial; its e-mail opens the link.',
  },
  trc20Wallet: {
    title: 'Activate a USDT wallet on TRC20',
    todo: 'Customers pay into the active wallet: without one, payments are unavailable.',
    done: 'Customers pay into the active USDT (TRC20) wallet.',
  },
  testMail: {
    title: 'Send a test mail to yourself',
    todo: 'Checks that mail from the site reaches you, as the notices of new work will.',
    done: 'A test mail went to your address.',
  },
};

function stepBadge(step: SetupStepState) {
  if (!step.available) return <Badge>Not on this server</Badge>;
  return step.done ? <Badge variation="success">Done</Badge> : <Badge variation="warning">To do</Badge>;
}

/**
 * The dashboard's first-run checklist, until every step is done: TOTP, the free trial's
 * copy-trading link, an active TRC20 wallet and a test mail to the admin. Each step's state comes
 * from the server (the admin's profile, the settings, the wallets), so it is the same in every
 * browser; once all are done the checklist is gone for good. A load that fails says so and offers
 * to try again; it never hides the dashboard.
 */
export function SetupChecklist() {
  const { data, error, mutate } = useSetupChecklist();
  const { send, isSending } = useSendTestMail();
  const notice = useNotice();

  const sendTestMail = async () => {
    notice.clear();
    try {
      const sent = await send();
      if (!sent) return;
      notice.show('success', sent.message, TOAST_MS.libraryDefault * 2);
      await mutate();
    } catch (failure) {
      notice.show('error', errorMessage(failure, ADMIN_WORK_MESSAGES.testMailFailed));
    }
  };

  if (!data) {
    if (error === undefined) return null;
    return (
      <Alert variation="warning">
        <Flex alignItems="center" gap="small" wrap="wrap">
          <Text as="span">{errorMessage(error, ADMIN_WORK_MESSAGES.checklistFailed)}</Text>
          <Button size="small" onClick={() => void mutate()}>
            Try Again
          </Button>
        </Flex>
      </Alert>
    );
  }
  // All done: only the answer to the click that finished it, while it shows.
  if (data.complete) return <NoticeAlert notice={notice.notice} onDismiss={notice.clear} />;

  const action = (step: SetupStepState): ReactNode => {
    if (step.done || !step.available) return null;
    switch (step.id) {
      case 'copyTradingLink':
        return <Link to={paths.admin.subscriptionSettings.getHref()}>Open Subscription Settings</Link>;
      case 'trc20Wallet':
        return <Link to={paths.admin.wallets.getHref()}>Open Payment Wallets</Link>;
      case 'testMail':
        return (
          <Button size="small" onClick={() => void sendTestMail()} isLoading={isSending} loadingText="Sending...">
            {SEND_TEST_MAIL_LABEL}
          </Button>
        );
      default:
        return null;
    }
  };

  return (
    <TitledCard titleId="setup-checklist-title" title={SETUP_CHECKLIST_TITLE} fontSize="xl">
      <Text color="font.secondary">
        A few steps make the site ready for customers. This list goes away once every step is done.
      </Text>
      <NoticeAlert notice={notice.notice} onDismiss={notice.clear} />
      <Flex as="ol" direction="column" gap="medium" margin="0" padding="0" style={{ listStyle: 'none' }}>
        {data.steps.map((step) => {
          const text = STEP_TEXT[step.id];
          const state = !step.available ? (text.unavailable ?? text.todo) : step.done ? text.done : text.todo;
          return (
            <Flex as="li" key={step.id} direction="column" gap="xxs" aria-label={text.title}>
              <Flex alignItems="center" gap="small" wrap="wrap">
                {stepBadge(step)}
                <Text as="span" fontWeight="bold">
                  {text.title}
                </Text>
              </Flex>
              <Text color="font.secondary" fontSize="small">
                {state}
              </Text>
              {action(step)}
            </Flex>
          );
        })}
      </Flex>
    </TitledCard>
  );
}
