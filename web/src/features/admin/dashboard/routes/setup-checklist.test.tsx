import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_WORK_MESSAGES, type SetupChecklistResponse, type SetupStepState } from '@goldbot/shared';
import { mockApi } from '@/test/auth-helpers';
import { jsonResponse } from '@/test/test-utils';
import { renderAdminScreen } from '../../testing/render-admin';
import { SETUP_CHECKLIST_TITLE, SetupChecklist } from '../components/setup-checklist';
import AdminDashboardRoute from './admin-dashboard-route';

const CHECKLIST = 'GET /api/admin/setup-checklist';
const TEST_MAIL = 'POST /api/admin/test-mail';

const checklist = (
  done: Partial<Record<SetupStepState['id'], boolean>>,
  totpAvailable = true,
): SetupChecklistResponse => {
  const steps: SetupStepState[] = (['totp', 'copyTradingLink', 'trc20Wallet', 'testMail'] as const).map((id) => ({
    id,
    done: done[id] ?? false,
    available: id === 'totp' ? totpAvailable : true,
  }));
  return { success: true, steps, complete: steps.every((step) => step.done || !step.available) };
};

/** The test mail's answer: sent to the signed-in admin's address. */
const testMailSent = () =>
  jsonResponse({
    success: true,
    message: ADMIN_WORK_MESSAGES.testMailSent('admin@example.com'),
    sentTo: 'admin@example.com',
    sentAt: '2026-11-23T12:05:09.000Z',
  });
const card = () => within(screen.getByRole('region', { name: SETUP_CHECKLIST_TITLE }));
const step = (name: string) => within(card().getByRole('listitem', { name }));

describe('the first-run checklist', () => {
  it('shows every step with its state, from the server, and how to do what is left', async () => {
    mockApi({ [CHECKLIST]: jsonResponse(checklist({ trc20Wallet: true }, false)) });
    renderAdminScreen(<SetupChecklist />, '/admin/dashboard');
    expect(await screen.findByRole('heading', { level: 2, name: SETUP_CHECKLIST_TITLE })).toBeInTheDocument();
    expect(
      card()
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual([
      'Turn on two-factor sign-in',
      "Set the free trial's copy-trading link",
      'Activate a USDT wallet on TRC20',
      'Send a test mail to yourself',
    ]);
    expect(step('Turn on two-factor sign-in').getByText('Not on this server')).toBeInTheDocument();
    expect(step('Turn on two-factor sign-in').getByText(/ADMIN_MFA_REQUIRED is off/)).toBeInTheDocument();
    expect(step("Set the free trial's copy-trading link").getByText('To do')).toBeInTheDocument();
    expect(
      step("Set the free trial's copy-trading link").getByRole('link', { name: 'Open Subscription Settings' }),
    ).toHaveAttribute('href', '/admin/subscription-settings');
    expect(step('Activate a USDT wallet on TRC20').getByText('Done')).toBeInTheDocument();
    expect(step('Activate a USDT wallet on TRC20').queryByRole('link')).not.toBeInTheDocument();
    expect(step('Send a test mail to yourself').getByRole('button', { name: 'Send test mail' })).toBeEnabled();
  });

  it('sends the test mail, says where it went, and reads the checklist again', async () => {
    const api = mockApi({
      [CHECKLIST]: [jsonResponse(checklist({})), jsonResponse(checklist({ testMail: true }))],
      [TEST_MAIL]: testMailSent(),
    });
    const { user } = renderAdminScreen(<SetupChecklist />, '/admin/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Send test mail' }));
    expect(await screen.findByText(ADMIN_WORK_MESSAGES.testMailSent('admin@example.com'))).toBeInTheDocument();
    expect(api.requestsTo(TEST_MAIL)).toHaveLength(1);
    expect(api.requestsTo(TEST_MAIL)[0]?.body).toEqual({});
    await waitFor(() => expect(step('Send a test mail to yourself').getByText('Done')).toBeInTheDocument());
    expect(api.requestsTo(CHECKLIST)).toHaveLength(2);
  });

  it('says why a test mail was refused (the rate limit, the mail service)', async () => {
    mockApi({
      [CHECKLIST]: jsonResponse(checklist({})),
      [TEST_MAIL]: [
        jsonResponse({ message: 'Too many requests. Please wait a few minutes and try again.' }, 429),
        jsonResponse({ message: ADMIN_WORK_MESSAGES.testMailFailed }, 503),
      ],
    });
    const { user } = renderAdminScreen(<SetupChecklist />, '/admin/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Send test mail' }));
    expect(await screen.findByText('Too many requests. Please wait a few minutes and try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send test mail' }));
    expect(await screen.findByText(ADMIN_WORK_MESSAGES.testMailFailed)).toBeInTheDocument();
    expect(step('Send a test mail to yourself').getByText('To do')).toBeInTheDocument();
  });

  it('disappears once the last step is done, leaving the answer to that click', async () => {
    mockApi({
      [CHECKLIST]: [
        jsonResponse(checklist({ totp: true, copyTradingLink: true, trc20Wallet: true })),
        jsonResponse(checklist({ totp: true, copyTradingLink: true, trc20Wallet: true, testMail: true })),
      ],
      [TEST_MAIL]: testMailSent(),
    });
    const { user } = renderAdminScreen(<SetupChecklist />, '/admin/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Send test mail' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: SETUP_CHECKLIST_TITLE })).not.toBeInTheDocument());
    expect(screen.getByText(ADMIN_WORK_MESSAGES.testMailSent('admin@example.com'))).toBeInTheDocument();
  });

  it('is not on the dashboard once every step is done', async () => {
    const api = mockApi({
      [CHECKLIST]: jsonResponse(checklist({ copyTradingLink: true, trc20Wallet: true, testMail: true }, false)),
      'GET /api/admin/user-stats': jsonResponse({ userStats: { total: 1, active: 1, inactive: 0, newThisMonth: 1 } }),
      'GET /api/admin/payment-stats': jsonResponse({
        paymentStats: {
          total: { amount: 0, completedCount: 0, pendingCount: 0 },
          today: { amount: 0, count: 0 },
          thisMonth: { amount: 0, count: 0 },
          thisYear: { amount: 0, count: 0 },
        },
        revenueData: [],
        packageData: [],
      }),
    });
    renderAdminScreen(<AdminDashboardRoute />, '/admin/dashboard');
    expect(await screen.findByRole('heading', { level: 2, name: 'User Analytics' })).toBeInTheDocument();
    await waitFor(() => expect(api.requestsTo(CHECKLIST)).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: SETUP_CHECKLIST_TITLE })).not.toBeInTheDocument();
  });

  it('says when it cannot be read, and reads it again on Try Again', async () => {
    mockApi({
      [CHECKLIST]: [jsonResponse({ message: 'Something went wrong on our side.' }, 500), jsonResponse(checklist({}))],
    });
    const { user } = renderAdminScreen(<SetupChecklist />, '/admin/dashboard');
    expect(await screen.findByText('Something went wrong on our side.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 2, name: SETUP_CHECKLIST_TITLE })).toBeInTheDocument();
  });
});
