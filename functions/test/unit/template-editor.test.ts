import { describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES, emailTemplatesSaveResponseSchema, type EmailTemplatesPutInput } from '@goldbot/shared';
import type { StoredTemplate } from '../../src/domain/email/stored-template.js';
import {
  listTemplates,
  restoreDefaultTemplates,
  type TemplateEditorStore,
  type TemplateResetPlan,
  type TemplateSavePlan,
} from '../../src/domain/email/template-editor.js';
import { ADMIN_TEMPLATE_TYPES, TEMPLATE_PLACEHOLDERS } from '../../src/domain/email/template-rules.js';
import { saveTemplates } from '../../src/domain/email/template-save.js';
import { DEFAULT_EMAIL_TEMPLATES } from '../../src/domain/email/templates.js';
import type { DomainError } from '../../src/domain/errors.js';
import { refusal } from '../helpers/refusal.js';

/** The template editor's use cases over an in-memory store that behaves like the table (versions, conditions). */
const NOW = new Date('2026-11-23T10:15:00.000Z');
const ADMIN = { userId: 'admin-1', email: 'admin@example.com' };

function memoryStore(initial: StoredTemplate[] = []) {
  const items = new Map(initial.map((t) => [t.type, { ...t }]));
  const saves: TemplateSavePlan[] = [];
  const resets: TemplateResetPlan[] = [];
  let interfere: (() => void) | null = null;
  const store: TemplateEditorStore = {
    async listStored() {
      return new Map([...items].map(([type, t]) => [type, { ...t }]));
    },
    async commitSave(plan) {
      interfere?.();
      for (const write of plan.writes) {
        const current = items.get(write.type);
        const ok = write.expectedVersion === null ? !current : current?.version === write.expectedVersion;
        if (!ok) return 'changed';
      }
      saves.push(plan);
      for (const write of plan.writes) {
        items.set(write.type, {
          type: write.type,
          ...write.template,
          isDefault: write.isDefault,
          version: write.version,
          updatedAt: plan.at,
        });
      }
      return 'committed';
    },
    async commitReset(plan) {
      resets.push(plan);
      for (const type of plan.types) {
        items.set(type, {
          type,
          ...DEFAULT_EMAIL_TEMPLATES[type],
          isDefault: true,
          version: (items.get(type)?.version ?? 0) + 1,
          updatedAt: plan.at,
        });
      }
    },
  };
  return {
    store,
    items,
    saves,
    resets,
    interfereWith: (run: () => void) => {
      interfere = run;
    },
  };
}

const deps = (store: TemplateEditorStore) => ({ store, now: () => NOW, newId: () => 'AUDIT1' });

const edited = (type: string, html: string, version = 3): StoredTemplate => ({
  type,
  subject: 'Edited subject {{username}}',
  html,
  isDefault: false,
  version,
  updatedAt: '2026-11-01T00:00:00.000Z',
});

describe('listTemplates', () => {
  it('maps every admin type to the default, or the admin’s edit, with its placeholders', async () => {
    const { store } = memoryStore([
      edited('paymentPending', '<p>Edited {{username}}</p>'),
      // A seeded (default) marker: the code's default is what counts.
      { ...edited('freeTrial', '<p>old seed</p>', 0), isDefault: true, updatedAt: '2026-10-01T00:00:00.000Z' },
    ]);
    const { templates } = await listTemplates(store);
    expect(Object.keys(templates)).toEqual([...ADMIN_TEMPLATE_TYPES]);
    expect(templates.paymentPending).toEqual({
      subject: 'Edited subject {{username}}',
      html: '<p>Edited {{username}}</p>',
      placeholders: ['username', 'packageName', 'amount', 'dashboardLink'],
      isDefault: false,
      updatedAt: '2026-11-01T00:00:00.000Z',
    });
    expect(templates.freeTrial).toMatchObject({
      html: DEFAULT_EMAIL_TEMPLATES.freeTrial.html,
      isDefault: true,
      updatedAt: '2026-10-01T00:00:00.000Z',
    });
    expect(templates.subscriptionExpiryReminder).toEqual({
      ...DEFAULT_EMAIL_TEMPLATES.subscriptionExpiryReminder,
      placeholders: [...TEMPLATE_PLACEHOLDERS.subscriptionExpiryReminder],
      isDefault: true,
      updatedAt: null,
    });
  });
});

describe('saveTemplates', () => {
  it('saves an HTML string keeping the subject, and {subject, html}, in one commit with one audit entry', async () => {
    const memory = memoryStore([edited('paymentPending', '<p>Old {{username}}</p>', 3)]);
    const input: EmailTemplatesPutInput = {
      templates: {
        paymentPending: '<p>New {{username}}</p>',
        proPackagePaymentVerified: {
          subject: 'Pro for {{username}}',
          html: '<p>{{packageName}} until {{endDate}}</p>',
        },
      },
    };
    const result = await saveTemplates(deps(memory.store), input, ADMIN);
    expect(emailTemplatesSaveResponseSchema.parse(result)).toBeTruthy();
    expect(result.message).toBe(SETTINGS_MESSAGES.templatesUpdated);
    expect(result.templates.paymentPending).toMatchObject({
      subject: 'Edited subject {{username}}',
      html: '<p>New {{username}}</p>',
      isDefault: false,
      updatedAt: NOW.toISOString(),
    });
    expect(result.templates.proPackagePaymentVerified).toMatchObject({
      subject: 'Pro for {{username}}',
      isDefault: false,
    });
    expect(memory.saves).toHaveLength(1);
    const plan = memory.saves[0];
    expect(plan?.writes.map((w) => [w.type, w.expectedVersion, w.version])).toEqual([
      ['paymentPending', 3, 4],
      ['proPackagePaymentVerified', null, 1],
    ]);
    expect(plan?.audit).toEqual({
      _id: 'AUDIT1',
      actor: 'admin-1',
      actorEmail: 'admin@example.com',
      action: 'templates.update',
      target: { type: 'template', id: 'paymentPending,proPackagePaymentVerified' },
      details: {
        types: ['paymentPending', 'proPackagePaymentVerified'],
        changes: {
          paymentPending: { from: 'edited', to: 'edited', subjectChanged: false },
          proPackagePaymentVerified: { from: 'default', to: 'edited', subjectChanged: true },
        },
      },
      at: NOW.toISOString(),
    });
  });

  it('writes nothing for templates that did not change', async () => {
    const memory = memoryStore();
    const result = await saveTemplates(
      deps(memory.store),
      { templates: { paymentPending: DEFAULT_EMAIL_TEMPLATES.paymentPending.html } },
      ADMIN,
    );
    expect(memory.saves).toEqual([]);
    expect(result.templates.paymentPending?.isDefault).toBe(true);
  });

  it('marks a save identical to the default as the default again', async () => {
    const memory = memoryStore([edited('freeTrial', '<p>{{username}}</p>')]);
    const result = await saveTemplates(
      deps(memory.store),
      { templates: { freeTrial: { ...DEFAULT_EMAIL_TEMPLATES.freeTrial } } },
      ADMIN,
    );
    expect(memory.saves[0]?.writes[0]).toMatchObject({ isDefault: true, expectedVersion: 3, version: 4 });
    expect(memory.saves[0]?.audit.details).toMatchObject({ changes: { freeTrial: { from: 'edited', to: 'default' } } });
    expect(result.templates.freeTrial?.isDefault).toBe(true);
  });

  it('refuses unknown types, naming each, before reading anything', async () => {
    const memory = memoryStore();
    const error = await refusal(
      saveTemplates(deps(memory.store), { templates: { otpVerification: '<p>x</p>', nope: '<p>y</p>' } }, ADMIN),
    );
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe(
      `${SETTINGS_MESSAGES.unknownTemplate('otpVerification')} ${SETTINGS_MESSAGES.unknownTemplate('nope')}`,
    );
  });

  it('checks every template first and reports every problem, writing nothing', async () => {
    const memory = memoryStore();
    const error = await refusal(
      saveTemplates(
        deps(memory.store),
        {
          templates: {
            paymentPending: '<p>Hi {{username}}</p>',
            freeTrial: '<p>{{packageName}}</p>',
            paymentVerified: { subject: 'Hi {{{username}}}', html: '<p>{{#if username}}open</p>' },
          },
        },
        ADMIN,
      ),
    );
    expect(error.statusCode).toBe(400);
    const fields = (error as DomainError & { fieldErrors: Record<string, string> }).fieldErrors;
    expect(Object.keys(fields)).toEqual([
      'templates.freeTrial.html',
      'templates.paymentVerified.subject',
      'templates.paymentVerified.html',
    ]);
    expect(fields['templates.freeTrial.html']).toBe(
      SETTINGS_MESSAGES.placeholderNotOffered('freeTrial', 'packageName', TEMPLATE_PLACEHOLDERS.freeTrial),
    );
    expect(fields['templates.paymentVerified.html']).toBe(
      SETTINGS_MESSAGES.templateInvalid('paymentVerified', '{{#if}} is never closed: add {{/if}} (line 1)'),
    );
    expect(error.message).toContain(fields['templates.freeTrial.html']);
    expect(memory.saves).toEqual([]);
  });

  it('answers 409 when another save changed a template between the read and the write', async () => {
    const memory = memoryStore([edited('paymentPending', '<p>A {{username}}</p>', 2)]);
    memory.interfereWith(() => {
      const current = memory.items.get('paymentPending');
      if (current) memory.items.set('paymentPending', { ...current, version: 3 });
    });
    const error = await refusal(
      saveTemplates(deps(memory.store), { templates: { paymentPending: '<p>B {{username}}</p>' } }, ADMIN),
    );
    expect(error.statusCode).toBe(409);
    expect(error.message).toBe(SETTINGS_MESSAGES.templatesChanged);
  });
});

describe('restoreDefaultTemplates', () => {
  it('restores every type in one commit, audits which edits it discarded, and answers the defaults', async () => {
    const memory = memoryStore([
      edited('paymentPending', '<p>A {{username}}</p>'),
      edited('withdrawalApproved', '<p>B {{username}}</p>'),
    ]);
    const result = await restoreDefaultTemplates(deps(memory.store), ADMIN);
    expect(result.message).toBe(SETTINGS_MESSAGES.templatesReset);
    expect(memory.resets).toHaveLength(1);
    expect(memory.resets[0]?.types).toEqual(ADMIN_TEMPLATE_TYPES);
    expect(memory.resets[0]?.audit).toMatchObject({
      action: 'templates.reset',
      target: { type: 'template', id: 'all' },
      details: { from: { edited: ['paymentPending', 'withdrawalApproved'] }, to: 'default' },
    });
    for (const type of ADMIN_TEMPLATE_TYPES) {
      expect(result.templates[type]).toMatchObject({
        ...DEFAULT_EMAIL_TEMPLATES[type],
        isDefault: true,
        updatedAt: NOW.toISOString(),
      });
    }
    expect((await listTemplates(memory.store)).templates.paymentPending?.html).toBe(
      DEFAULT_EMAIL_TEMPLATES.paymentPending.html,
    );
  });
});
