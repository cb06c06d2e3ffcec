import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES, type EmailTemplateView } from '@goldbot/shared';
import { deferred, jsonResponse } from '@/test/test-utils';
import { adminScreenOpener, nth } from '../../testing/render-admin';
import AdminEmailTemplatesRoute from './email-templates';

const GET = 'GET /api/settings/email-templates';
const PUT = 'PUT /api/settings/email-templates';
const FORCE = 'POST /api/settings/force-update-templates';
const PREVIEW = 'POST /api/settings/email-templates/preview';

const SUBSCRIPTION = ['username', 'packageName', 'startDate', 'endDate', 'dashboardLink'];

function view(overrides: Partial<EmailTemplateView> = {}): EmailTemplateView {
  return {
    subject: 'GoldBot: your {{packageName}} payment is verified',
    html: '<p>Hi {{username}},</p><p>Your <strong>{{packageName}}</strong> ends on {{endDate}}.</p>',
    placeholders: SUBSCRIPTION,
    isDefault: true,
    updatedAt: null,
    ...overrides,
  };
}

const TEMPLATES: Record<string, EmailTemplateView> = {
  // Deliberately out of the spec's order: the screen orders them.
  withdrawalApproved: view({
    subject: 'GoldBot: your withdrawal of ${{amount}} is approved',
    html: '<p>Hi {{username}},</p>{{#if adminNote}}<p class="note">{{adminNote}}</p>{{/if}}',
    placeholders: ['username', 'amount', 'adminNote', 'dashboardLink'],
  }),
  paymentPending: view({
    subject: 'GoldBot: payment received for your {{packageName}}',
    html: '<p>Hi {{username}}, we received your payment for the {{packageName}}.</p>',
    placeholders: ['username', 'packageName', 'dashboardLink'],
    isDefault: false,
    updatedAt: '2026-03-05T10:00:00.000Z',
  }),
  paymentVerified: view(),
};

const list = (templates: Record<string, EmailTemplateView> = TEMPLATES) => jsonResponse({ success: true, templates });
const saved = (templates: Record<string, EmailTemplateView>, message: string = SETTINGS_MESSAGES.templatesUpdated) =>
  jsonResponse({ success: true, message, templates });

/**
 * The server's preview, stood in for: each `{{name}}` of the draft filled from the sample values,
 * HTML-escaped in the body. The real rendering is the mail's own code
 * (functions/test/unit/template-preview.test.ts; e2e/email-template-preview.spec.ts).
 */
const SAMPLE: Record<string, string> = {
  username: 'trader42',
  packageName: 'Pro Package',
  endDate: 'Dec 31, 2026',
  amount: '20',
  adminNote: 'Sent in one transfer & confirmed <on-chain>',
};
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const fill = (source: string, html: boolean) =>
  source
    .replace(/\{\{#if (\w+)\}\}([\s\S]*?)\{\{\/if\}\}/g, (_, name: string, body: string) => (SAMPLE[name] ? body : ''))
    .replace(/\{\{(\w+)\}\}/g, (_, name: string) => (html ? escape(SAMPLE[name] ?? '') : (SAMPLE[name] ?? '')));
function fakePreview(request: { body?: unknown }) {
  const { subject, html } = request.body as { type: string; subject: string; html: string };
  return jsonResponse({
    success: true,
    subject: fill(subject, false),
    html: fill(html, true),
    text: fill(html, false).replace(/<[^>]*>/g, ''),
    problems: [],
    values: SAMPLE,
  });
}

const openScreen = adminScreenOpener(<AdminEmailTemplatesRoute />, {
  path: '/admin/email-templates',
  heading: 'Email Templates',
  routes: { [GET]: list(), [PREVIEW]: fakePreview },
});

const sidebar = () => within(screen.getByRole('navigation', { name: 'Email template types' }));
const typeButton = (label: RegExp) => sidebar().getByRole('button', { name: label });
const editor = () => within(screen.getByRole('region', { name: /Payment|Withdrawal/ }));
const htmlField = () => screen.getByRole('textbox', { name: 'HTML' });
const subjectField = () => screen.getByRole('textbox', { name: 'Subject' });
const frame = () => screen.getByTitle('Email preview');
const srcDoc = () => frame().getAttribute('srcdoc') ?? '';
const saveButton = () => screen.getByRole('button', { name: 'Save Template' });
const resetButton = () => screen.getByRole('button', { name: 'Reset Changes' });

// Typing into the editor is slow on a busy machine: every keystroke re-renders the preview.
describe('admin e-mail templates', { timeout: 15_000 }, () => {
  it('lists the types in the spec order with Default/Edited and opens the first', async () => {
    const { user } = await openScreen();
    await screen.findByRole('navigation', { name: 'Email template types' });
    const items = sidebar().getAllByRole('button');
    expect(items.map((item) => item.textContent)).toEqual([
      'Payment VerifiedDefault',
      'Payment PendingEdited',
      'Withdrawal ApprovedDefault',
    ]);
    expect(nth(items, 0)).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'Payment Verified' })).toBeInTheDocument();
    expect(subjectField()).toHaveValue(TEMPLATES.paymentVerified?.subject);
    expect(htmlField()).toHaveValue(TEMPLATES.paymentVerified?.html);
    for (const name of SUBSCRIPTION) {
      expect(screen.getByRole('button', { name: `Insert {{${name}}}` })).toHaveTextContent(`{{${name}}}`);
    }
    expect(saveButton()).toBeDisabled();
    expect(resetButton()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Force Update Templates' })).toBeEnabled();

    await user.click(typeButton(/^Payment Pending/));
    expect(screen.getByText(/^Edited Mar 5, 2026/)).toBeInTheDocument();
  });

  it("previews the server's rendering of the draft in a sandbox that allows nothing", async () => {
    const { api, user } = await openScreen();
    await waitFor(() =>
      expect(srcDoc()).toBe('<p>Hi trader42,</p><p>Your <strong>Pro Package</strong> ends on Dec 31, 2026.</p>'),
    );
    expect(frame()).toHaveAttribute('sandbox', '');
    expect(screen.getByTestId('preview-subject')).toHaveTextContent('GoldBot: your Pro Package payment is verified');
    expect(screen.getByText(/^Sample values: username = trader42, packageName = Pro Package/)).toBeInTheDocument();
    expect(nth(api.requestsTo(PREVIEW), 0).body).toEqual({
      type: 'paymentVerified',
      subject: TEMPLATES.paymentVerified?.subject,
      html: TEMPLATES.paymentVerified?.html,
    });

    await user.click(typeButton(/^Withdrawal Approved/));
    await waitFor(() =>
      expect(srcDoc()).toBe(
        '<p>Hi trader42,</p><p class="note">Sent in one transfer &amp; confirmed &lt;on-chain&gt;</p>',
      ),
    );
    expect(screen.getByTestId('preview-subject')).toHaveTextContent('GoldBot: your withdrawal of $20 is approved');
    expect(nth(api.requestsTo(PREVIEW), 1).body).toMatchObject({ type: 'withdrawalApproved' });

    // The admin's own markup is the template: it is HTML, and scripts in it cannot run (sandbox="").
    fireEvent.change(htmlField(), { target: { value: '<h2>Approved</h2><script>parent.alert(1)</script>' } });
    await waitFor(() => expect(srcDoc()).toBe('<h2>Approved</h2><script>parent.alert(1)</script>'));
    expect(frame()).toHaveAttribute('sandbox', '');
    expect(screen.getByTestId('preview-text')).toHaveTextContent('Approvedparent.alert(1)');
  });

  it('asks once the typing pauses, not per keystroke, and says while it is updating', async () => {
    const answer = deferred<Response>();
    const { api } = await openScreen();
    await waitFor(() => expect(api.requestsTo(PREVIEW)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    api.on(PREVIEW, () => answer.promise);
    for (const value of ['<p>a</p>', '<p>ab</p>', '<p>abc {{username}}</p>']) {
      fireEvent.change(htmlField(), { target: { value } });
    }
    expect(screen.getByRole('status')).toHaveTextContent('Updating preview…');
    await waitFor(() => expect(api.requestsTo(PREVIEW)).toHaveLength(2));
    expect(nth(api.requestsTo(PREVIEW), 1).body).toMatchObject({ html: '<p>abc {{username}}</p>' });
    // The previous answer stays on screen until the new one arrives.
    expect(srcDoc()).toContain('Pro Package');
    answer.resolve(fakePreview(nth(api.requestsTo(PREVIEW), 1)));
    await waitFor(() => expect(srcDoc()).toBe('<p>abc trader42</p>'));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(api.requestsTo(PREVIEW)).toHaveLength(2);
  });

  it('inserts a placeholder at the cursor and updates the preview', async () => {
    const { user } = await openScreen();
    const html = await screen.findByRole('textbox', { name: 'HTML' });
    await user.clear(html);
    await user.type(html, '<p>Dear , welcome</p>');
    (html as HTMLTextAreaElement).setSelectionRange('<p>Dear '.length, '<p>Dear '.length);
    await user.click(screen.getByRole('button', { name: 'Insert {{username}}' }));
    expect(html).toHaveValue('<p>Dear {{username}}, welcome</p>');
    expect(html).toHaveFocus();
    expect((html as HTMLTextAreaElement).selectionStart).toBe('<p>Dear {{username}}'.length);
    await waitFor(() => expect(srcDoc()).toBe('<p>Dear trader42, welcome</p>'));

    // After the subject was used, a placeholder goes into the subject.
    await user.click(subjectField());
    await user.keyboard('{End}');
    await user.click(screen.getByRole('button', { name: 'Insert {{endDate}}' }));
    expect(subjectField()).toHaveValue(`${TEMPLATES.paymentVerified?.subject ?? ''}{{endDate}}`);
    await waitFor(() =>
      expect(screen.getByTestId('preview-subject')).toHaveTextContent(
        'GoldBot: your Pro Package payment is verifiedDec 31, 2026',
      ),
    );
  });

  it("shows the server's reasons for a part it would not save, as the save words them", async () => {
    const reason = SETTINGS_MESSAGES.placeholderNotOffered('paymentPending', 'endDate', [
      'username',
      'packageName',
      'dashboardLink',
    ]);
    const { api, user } = await openScreen();
    await user.click(await screen.findByRole('button', { name: /^Payment Pending/ }));
    api.on(
      PREVIEW,
      jsonResponse({
        success: true,
        subject: 'GoldBot: payment received',
        html: null,
        text: null,
        problems: [{ part: 'html', message: reason }],
        values: SAMPLE,
      }),
    );
    fireEvent.change(htmlField(), { target: { value: '<p>{{endDate}}</p>' } });
    const heading = await screen.findByText('Template problems');
    expect(heading.closest('[role="alert"]')).toHaveTextContent(reason);
    expect(srcDoc()).toBe('');
    expect(screen.queryByTestId('preview-text')).not.toBeInTheDocument();
  });

  it('says when the preview cannot be had, with the server message', async () => {
    const { api } = await openScreen();
    await waitFor(() => expect(api.requestsTo(PREVIEW)).toHaveLength(1));
    api.on(PREVIEW, jsonResponse({ message: 'Administrator access is required.' }, 403));
    fireEvent.change(htmlField(), { target: { value: '<p>x</p>' } });
    const heading = await screen.findByText('Preview unavailable');
    expect(heading.closest('[role="alert"]')).toHaveTextContent('Administrator access is required.');
  });

  it('saves the selected template, says so, and shows it as Edited', async () => {
    const answer = deferred<Response>();
    const { api, user } = await openScreen({ [PUT]: () => answer.promise });
    const html = await screen.findByRole('textbox', { name: 'HTML' });
    await user.type(html, '<p>See you soon.</p>');
    expect(editor().getByText('Unsaved changes')).toBeInTheDocument();
    expect(typeButton(/^Payment Verified/)).toHaveTextContent('Unsaved');
    expect(saveButton()).toBeEnabled();

    await user.click(saveButton());
    const busy = screen.getByRole('button', { name: /Saving/ });
    expect(busy).toBeDisabled();
    await user.click(busy);
    expect(api.requestsTo(PUT)).toHaveLength(1);
    const edited = {
      subject: TEMPLATES.paymentVerified?.subject,
      html: `${TEMPLATES.paymentVerified?.html ?? ''}<p>See you soon.</p>`,
    };
    expect(nth(api.requestsTo(PUT), 0).body).toEqual({ templates: { paymentVerified: edited } });

    answer.resolve(
      saved({
        ...TEMPLATES,
        paymentVerified: view({ ...edited, isDefault: false, updatedAt: '2026-03-06T09:00:00.000Z' }),
      }),
    );
    expect(await screen.findByText('Email templates updated successfully')).toBeInTheDocument();
    expect(typeButton(/^Payment Verified/)).toHaveTextContent('Payment VerifiedEdited');
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    expect(htmlField()).toHaveValue(edited.html);
    expect(api.requestsTo(GET)).toHaveLength(1);
  });

  it("shows the server's reason when it refuses a template, and keeps the edit", async () => {
    const reason = 'The paymentVerified template does not compile: Parse error on line 1';
    const { api, user } = await openScreen({
      [PUT]: jsonResponse({ message: reason, errors: { 'templates.paymentVerified.html': reason } }, 400),
    });
    await user.type(await screen.findByRole('textbox', { name: 'HTML' }), '{{{{#if}}');
    await user.click(saveButton());
    const heading = await screen.findByText('Template not saved');
    expect(heading.closest('[role="alert"]')).toHaveTextContent(reason);
    expect(htmlField()).toHaveValue(`${TEMPLATES.paymentVerified?.html ?? ''}{{#if}}`);
    expect(htmlField()).toHaveAttribute('aria-invalid', 'true');
    expect(subjectField()).not.toHaveAttribute('aria-invalid', 'true');
    expect(saveButton()).toBeEnabled();

    api.on(PUT, new Response('', { status: 500 }));
    await user.click(saveButton());
    expect(await screen.findByText(SETTINGS_MESSAGES.templatesUpdateFailed)).toBeInTheDocument();
  });

  it('checks the subject before sending', async () => {
    const { api, user } = await openScreen();
    await user.clear(await screen.findByRole('textbox', { name: 'Subject' }));
    await user.type(subjectField(), '   ');
    await user.click(saveButton());
    expect(await screen.findByText('Subject is required')).toBeInTheDocument();
    expect(api.requestsTo(PUT)).toHaveLength(0);
  });

  it('keeps unsaved edits of several types while switching, and Reset Changes discards only the shown one', async () => {
    const { user } = await openScreen();
    await user.type(await screen.findByRole('textbox', { name: 'HTML' }), '<p>first</p>');
    await user.click(typeButton(/^Payment Pending/));
    expect(htmlField()).toHaveValue(TEMPLATES.paymentPending?.html);
    await user.type(htmlField(), '<p>second</p>');
    expect(typeButton(/^Payment Verified/)).toHaveTextContent('Unsaved');
    expect(typeButton(/^Payment Pending/)).toHaveTextContent('Unsaved');

    await user.click(typeButton(/^Payment Verified/));
    expect(htmlField()).toHaveValue(`${TEMPLATES.paymentVerified?.html ?? ''}<p>first</p>`);
    await user.click(resetButton());
    expect(screen.getByText('Template reset to original')).toBeInTheDocument();
    expect(htmlField()).toHaveValue(TEMPLATES.paymentVerified?.html);
    expect(resetButton()).toBeDisabled();
    expect(saveButton()).toBeDisabled();
    expect(typeButton(/^Payment Verified/)).not.toHaveTextContent('Unsaved');
    expect(typeButton(/^Payment Pending/)).toHaveTextContent('Unsaved');

    // Typing the saved text back is no change at all.
    await user.click(typeButton(/^Payment Pending/));
    await user.clear(htmlField());
    await user.click(htmlField());
    await user.paste(TEMPLATES.paymentPending?.html ?? '');
    expect(saveButton()).toBeDisabled();
  });

  it('re-reads the templates on Refresh, keeping unsaved edits', async () => {
    const { api, user } = await openScreen();
    await user.type(await screen.findByRole('textbox', { name: 'HTML' }), '<p>mine</p>');
    api.on(GET, list({ ...TEMPLATES, withdrawalApproved: view({ isDefault: false, placeholders: ['username'] }) }));
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(typeButton(/^Withdrawal Approved/)).toHaveTextContent('Edited'));
    expect(htmlField()).toHaveValue(`${TEMPLATES.paymentVerified?.html ?? ''}<p>mine</p>`);

    api.on(GET, jsonResponse({ message: 'Too many requests. Please wait a minute and try again.' }, 429));
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Too many requests. Please wait a minute and try again.')).toBeInTheDocument();
    api.on(GET, new Response('', { status: 502 }));
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.templatesLoadFailed)).toBeInTheDocument();
    expect(htmlField()).toHaveValue(`${TEMPLATES.paymentVerified?.html ?? ''}<p>mine</p>`);
  });

  it('restores every default after a confirmation, discarding unsaved edits', async () => {
    const defaults = Object.fromEntries(
      Object.entries(TEMPLATES).map(([type, template]) => [type, { ...template, isDefault: true, updatedAt: null }]),
    );
    const { api, user } = await openScreen({ [FORCE]: saved(defaults, SETTINGS_MESSAGES.templatesReset) });
    await user.type(await screen.findByRole('textbox', { name: 'HTML' }), '<p>mine</p>');

    await user.click(screen.getByRole('button', { name: 'Force Update Templates' }));
    let dialog = screen.getByRole('dialog', { name: 'Force Update Templates' });
    expect(
      within(dialog).getByText(/Restore every e-mail template to its default\? 1 edited template loses its edit\./),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Your unsaved changes to 1 template are discarded too.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requestsTo(FORCE)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Force Update Templates' }));
    dialog = screen.getByRole('dialog', { name: 'Force Update Templates' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, restore all defaults' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.templatesReset)).toBeInTheDocument();
    expect(api.requestsTo(FORCE)).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(typeButton(/^Payment Pending/)).toHaveTextContent('Payment PendingDefault');
    expect(htmlField()).toHaveValue(TEMPLATES.paymentVerified?.html);
    expect(saveButton()).toBeDisabled();
  });

  it('says when the restore fails', async () => {
    const { user } = await openScreen({ [FORCE]: new Response('', { status: 500 }) });
    await user.click(await screen.findByRole('button', { name: 'Force Update Templates' }));
    await user.click(screen.getByRole('button', { name: 'Yes, restore all defaults' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.templatesUpdateFailed)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says when the templates cannot be fetched, with the server message when there is one', async () => {
    const { api, user } = await openScreen({ [GET]: jsonResponse({ message: 'Database unavailable' }, 503) });
    expect(await screen.findByText(SETTINGS_MESSAGES.templatesFetchFailed)).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    api.on(GET, list());
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('textbox', { name: 'HTML' })).toBeInTheDocument();
  });
});
