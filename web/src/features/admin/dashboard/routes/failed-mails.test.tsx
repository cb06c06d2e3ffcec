import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FAILED_MAIL_MESSAGES, type FailedMail, type FailedMailsResponse } from '@goldbot/shared';
import { mockApi } from '@/test/auth-helpers';
import { jsonResponse } from '@/test/test-utils';
import { renderAdminScreen } from '../../testing/render-admin';
import { FAILED_MAILS_TITLE, FailedMails, NO_FAILED_MAILS } from '../components/failed-mails';

const LIST = 'GET /api/admin/failed-mails';
const resendOf = (id: string) => `POST /api/admin/failed-mails/${id}/resend`;

const MAIL: FailedMail = {
  _id: 'Qm9vdGhNYWlsT3V0Ym94MD',
  to: 'jane.doe@example.com',
  kind: 'withdrawalApproved',
  entityId: '01KDX6R4F2N8W3T7Q5M9P1Z0RA',
  createdAt: '2026-03-10T06:00:00.000Z',
  failedAt: '2026-03-10T08:07:00.000Z',
  attempts: 8,
  lastError: 'ThrottlingException: Maximum sending rate exceeded.',
};
const listed = (mails: FailedMail[]): FailedMailsResponse => ({ mails, total: mails.length, nextCursor: null });

const panel = () => within(screen.getByRole('region', { name: FAILED_MAILS_TITLE }));

describe('the failed mails on the dashboard', () => {
  it('shows how many mails failed, and for each its recipient, kind, attempts and last error', async () => {
    mockApi({ [LIST]: jsonResponse(listed([MAIL])) });
    renderAdminScreen(<FailedMails />, '/admin/dashboard');
    const row = within(await screen.findByRole('row', { name: /jane\.doe@example\.com/ }));
    expect(panel().getByLabelText('1 failed mails')).toHaveTextContent('1');
    expect(row.getByText('Withdrawal approved')).toBeInTheDocument();
    expect(row.getByText('8')).toBeInTheDocument();
    expect(row.getByText(MAIL.lastError)).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Resend to jane.doe@example.com' })).toBeEnabled();
  });

  it('says when no mail failed', async () => {
    mockApi({ [LIST]: jsonResponse(listed([])) });
    renderAdminScreen(<FailedMails />, '/admin/dashboard');
    expect(await screen.findByText(NO_FAILED_MAILS)).toBeInTheDocument();
    expect(panel().getByLabelText('0 failed mails')).toHaveTextContent('0');
  });

  it('sends a mail again once however often Resend is clicked, and reads the list again', async () => {
    const api = mockApi({
      [LIST]: [jsonResponse(listed([MAIL])), jsonResponse(listed([]))],
      [resendOf(MAIL._id)]: jsonResponse({ message: FAILED_MAIL_MESSAGES.resent, mail: MAIL }),
    });
    const { user } = renderAdminScreen(<FailedMails />, '/admin/dashboard');
    const resend = await screen.findByRole('button', { name: 'Resend to jane.doe@example.com' });
    await Promise.all([user.click(resend), user.click(resend)]);
    expect(await screen.findByText(FAILED_MAIL_MESSAGES.resent)).toBeInTheDocument();
    expect(api.requestsTo(resendOf(MAIL._id))).toHaveLength(1);
    expect(await screen.findByText(NO_FAILED_MAILS)).toBeInTheDocument();
  });

  it("shows the server's answer when the mail service still refuses, and keeps the mail listed", async () => {
    mockApi({
      [LIST]: jsonResponse(listed([MAIL])),
      [resendOf(MAIL._id)]: new Response(JSON.stringify({ message: FAILED_MAIL_MESSAGES.sendFailed }), {
        status: 503,
        headers: { 'content-type': 'application/json', 'Retry-After': '60' },
      }),
    });
    const { user } = renderAdminScreen(<FailedMails />, '/admin/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Resend to jane.doe@example.com' }));
    expect(await screen.findByText(FAILED_MAIL_MESSAGES.sendFailed)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('row', { name: /jane\.doe@example\.com/ })).toBeInTheDocument());
  });
});
