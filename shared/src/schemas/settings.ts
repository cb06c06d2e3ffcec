import { REFERRAL } from '../constants.js';
import * as z from '../zod.js';
import { catalogPackageSchema } from './packages.js';
import { WORK_KINDS, type WorkKind } from './admin-work.js';
import { schema } from './schema.js';

/**
 * Configuration (the admin's E-mail templates and Subscription settings screens).
 */
export const SETTINGS_MESSAGES = {
  templatesUpdated: 'Email templates updated successfully',
  templatesReset: 'Email templates restored to defaults',
  templateReset: 'Template reset to original',
  templatesFetchFailed: 'Failed to fetch email templates',
  templatesLoadFailed: 'Failed to load templates',
  templatesUpdateFailed: 'Failed to update email templates',
  settingsUpdated: 'Subscription settings updated successfully',
  settingsFetchFailed: 'Failed to fetch subscription settings',
  settingsUpdateFailed: 'Failed to update subscription settings',
  packageUpdated: 'Package updated successfully',
  packageNotFound: 'Package not found',
  /** A package whose on-sale flag is off (Basic keeps PAYMENT_MESSAGES.basicUnavailable, the spec's sentence). */
  packageUnavailable: (packageName: string) =>
    `The ${packageName} is not available for purchase right now. Please choose another package.`,
  packageChanged: 'The package was changed in another session meanwhile. Refresh and try again.',
  templatesChanged: 'The templates were changed in another session meanwhile. Refresh and try again.',
  unknownTemplate: (type: string) => `Unknown email template type: ${type}`,
  templateInvalid: (type: string, reason: string) => `The ${type} template does not compile: ${reason}`,
  placeholderNotOffered: (type: string, name: string, offered: readonly string[]) =>
    `The ${type} template uses {{${name}}}, which this e-mail does not offer. Available: ${offered.map((p) => `{{${p}}}`).join(', ')}`,
  freeTrialPrice: 'The Free Trial is always free: its price stays $0',
  basicMinimumPrice: `The Basic Package costs at least $${REFERRAL.discountUsd + REFERRAL.rewardUsd}: a referral code takes $${REFERRAL.discountUsd} off it and pays its owner $${REFERRAL.rewardUsd}.`,
  copyTradingLinkInvalid: 'The copy-trading link must be a full https:// address, e.g. https://broker.example/copy/123',
  copyTradingLinkTooLong: 'The copy-trading link must be at most 2,048 characters',
  priceWhole: 'Price must be a whole number of dollars between 0 and 100,000',
} as const;

export const TEMPLATE_SUBJECT_MAX_LENGTH = 200;
export const TEMPLATE_HTML_MAX_LENGTH = 12_000;
/**
 * The body cap of PUT /api/settings/email-templates (the general cap is 16 KB): every editable type
 * at its longest, JSON-escaped, fits. A client that sends the whole set in one save stays under it.
 */
export const EMAIL_TEMPLATES_PUT_MAX_BODY_BYTES = 384 * 1024;

/** A type's template as the editor sees it. */
export const emailTemplateViewSchema = /* @__PURE__ */ schema(() =>
  z.object({
    subject: z.string(),
    html: z.string(),
    /** Placeholder names without braces, e.g. ['username', 'packageName']. */
    placeholders: z.array(z.string()),
    /** True while no admin edit is stored for this type. */
    isDefault: z.boolean(),
    updatedAt: z.nullable(z.string()),
  }),
);
export type EmailTemplateView = z.infer<typeof emailTemplateViewSchema>;
export const emailTemplatesResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({
    success: z.literal(true),
    templates: z.record(z.string(), emailTemplateViewSchema),
  }),
);
export type EmailTemplatesResponse = z.infer<typeof emailTemplatesResponseSchema>;

const templateHtml = /* @__PURE__ */ schema(() =>
  z.string({ error: 'Template HTML is required' }).check(
    z.minLength(1, { error: 'Template HTML is required', abort: true }),
    z.maxLength(TEMPLATE_HTML_MAX_LENGTH, {
      error: `Template HTML must be at most ${TEMPLATE_HTML_MAX_LENGTH} characters`,
    }),
  ),
);
const templateSubject = /* @__PURE__ */ schema(() =>
  z.string().check(
    z.trim(),
    z.minLength(1, { error: 'Subject is required', abort: true }),
    z.maxLength(TEMPLATE_SUBJECT_MAX_LENGTH, {
      error: `Subject must be at most ${TEMPLATE_SUBJECT_MAX_LENGTH} characters`,
    }),
  ),
);
/** A type mapped to an HTML string (the spec's client) or to `{subject?, html}`. */
export const templateEditSchema = /* @__PURE__ */ schema(() =>
  z.union([templateHtml, z.object({ subject: z.optional(templateSubject), html: templateHtml })]),
);
/** Any subset of the types; unknown types are refused by the server with SETTINGS_MESSAGES.unknownTemplate. */
export const emailTemplatesPutInputSchema = /* @__PURE__ */ schema(() =>
  z.object({
    templates: z
      .record(z.string().check(z.maxLength(64)), templateEditSchema, {
        error: 'templates must map template types to HTML',
      })
      .check(
        z.refine((value) => Object.keys(value).length > 0, { error: 'Send at least one template' }),
        z.refine((value) => Object.keys(value).length <= 32, { error: 'Too many templates in one request' }),
      ),
  }),
);
export type EmailTemplatesPutInput = z.infer<typeof emailTemplatesPutInputSchema>;
/** PUT /api/settings/email-templates and POST /api/settings/force-update-templates: every type as it now is. */
export const emailTemplatesSaveResponseSchema = /* @__PURE__ */ schema(() =>
  z.extend(emailTemplatesResponseSchema, { message: z.string() }),
);
export type EmailTemplatesSaveResponse = z.infer<typeof emailTemplatesSaveResponseSchema>;

/** The longest copy-trading link an admin may save (a browser's practical URL limit). */
export const COPY_TRADING_LINK_MAX_LENGTH = 2048;

/** True for an absolute https URL with a host: what a customer's browser can open safely. */
export function isHttpsLink(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && !/\s/.test(value);
  } catch {
    return false;
  }
}

/**
 * The free trial's copy-trading link as an admin saves it: trimmed, an https URL, or empty to
 * remove it (null). Without a link the free trial cannot be activated.
 */
export const copyTradingLinkInputSchema = /* @__PURE__ */ schema(() =>
  z.pipe(
    z.nullable(
      z.string({ error: SETTINGS_MESSAGES.copyTradingLinkInvalid }).check(
        z.trim(),
        z.maxLength(COPY_TRADING_LINK_MAX_LENGTH, { error: SETTINGS_MESSAGES.copyTradingLinkTooLong, abort: true }),
        z.refine((value) => value === '' || isHttpsLink(value), { error: SETTINGS_MESSAGES.copyTradingLinkInvalid }),
      ),
    ),
    z.transform((value: string | null) => (value ? value : null)),
  ),
);

/**
 * POST /api/settings/email-templates/preview: a draft of one type's template, as the editor holds
 * it while the admin types (either part may be empty then). The caps are the save's.
 */
export const emailTemplatePreviewInputSchema = /* @__PURE__ */ schema(() =>
  z.object({
    type: z.string({ error: 'type is required' }).check(z.maxLength(64)),
    subject: z.string({ error: 'subject is required' }).check(
      z.maxLength(TEMPLATE_SUBJECT_MAX_LENGTH, {
        error: `Subject must be at most ${TEMPLATE_SUBJECT_MAX_LENGTH} characters`,
      }),
    ),
    html: z.string({ error: 'html is required' }).check(
      z.maxLength(TEMPLATE_HTML_MAX_LENGTH, {
        error: `Template HTML must be at most ${TEMPLATE_HTML_MAX_LENGTH} characters`,
      }),
    ),
  }),
);
export type EmailTemplatePreviewInput = z.infer<typeof emailTemplatePreviewInputSchema>;
/** The preview's body cap: one template at its longest, JSON-escaped, in any script (up to 3 bytes a character). */
export const EMAIL_TEMPLATE_PREVIEW_MAX_BODY_BYTES = 64 * 1024;
/**
 * The draft rendered as the mail would be (subject, HTML and plain-text part), with the sample
 * values shown next to it. A part the save would refuse is not rendered (null); its reason,
 * worded as the save words it, is in `problems`.
 */
export const emailTemplatePreviewResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({
    success: z.literal(true),
    subject: z.nullable(z.string()),
    html: z.nullable(z.string()),
    /** The plain-text part the mail carries next to the HTML. */
    text: z.nullable(z.string()),
    problems: z.array(z.object({ part: z.enum(['subject', 'html']), message: z.string() })),
    values: z.record(z.string(), z.string()),
  }),
);
export type EmailTemplatePreviewResponse = z.infer<typeof emailTemplatePreviewResponseSchema>;

/** On or off per kind of work, any subset of the kinds. */
export const newWorkMailSwitchesSchema = /* @__PURE__ */ schema(
  () =>
    z.object({
      pendingPayments: z.optional(z.boolean({ error: 'pendingPayments must be true or false' })),
      pendingWithdrawals: z.optional(z.boolean({ error: 'pendingWithdrawals must be true or false' })),
      refundRequests: z.optional(z.boolean({ error: 'refundRequests must be true or false' })),
      unreadMessages: z.optional(z.boolean({ error: 'unreadMessages must be true or false' })),
      unmatchedTransfers: z.optional(z.boolean({ error: 'unmatchedTransfers must be true or false' })),
    }) satisfies z.ZodMiniType<Partial<Record<WorkKind, boolean>>>,
);
export type NewWorkMailSwitches = Partial<Record<WorkKind, boolean>>;
/** The kinds a switch names, in WORK_KINDS order. */
export const switchedKinds = (switches: NewWorkMailSwitches) =>
  WORK_KINDS.filter((kind) => switches[kind] !== undefined);

/**
 * `basicPackageEnabled`: the spec's Basic sales switch. `autoApproveOnMatch` (off by
 * default): a payment whose on-chain check is a 'match' is approved by the system, through the same
 * conditional transaction as an admin's approval. An answer without it (an older server) reads as off.
 */
export const subscriptionSettingsSchema = /* @__PURE__ */ schema(() =>
  z.object({
    basicPackageEnabled: z.boolean(),
    autoApproveOnMatch: z._default(z.boolean(), false),
    /** The link the free trial delivers; null while none is set (the trial is then unavailable). */
    copyTradingLink: z._default(z.nullable(z.string()), null),
    /**
     * Whether the new-work mail to every administrator reports each kind (on unless turned off).
     * Only the kinds this server has are present: a kind it lacks has no switch.
     */
    newWorkMail: z._default(newWorkMailSwitchesSchema, {}),
  }),
);
export const subscriptionSettingsResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({
    success: z.literal(true),
    settings: subscriptionSettingsSchema,
  }),
);
/** Any of the settings, at least one: the spec's client sends `{settings: {basicPackageEnabled}}` only. */
export const subscriptionSettingsPutInputSchema = /* @__PURE__ */ schema(() =>
  z.object({
    settings: z
      .object({
        basicPackageEnabled: z.optional(z.boolean({ error: 'basicPackageEnabled must be true or false' })),
        autoApproveOnMatch: z.optional(z.boolean({ error: 'autoApproveOnMatch must be true or false' })),
        copyTradingLink: z.optional(copyTradingLinkInputSchema),
        /** The new-work mail's switches the save names; the kinds it leaves out keep theirs. */
        newWorkMail: z.optional(newWorkMailSwitchesSchema),
      })
      .check(
        z.refine(
          (value) =>
            value.basicPackageEnabled !== undefined ||
            value.autoApproveOnMatch !== undefined ||
            value.copyTradingLink !== undefined ||
            (value.newWorkMail !== undefined && switchedKinds(value.newWorkMail).length > 0),
          { error: 'Send basicPackageEnabled, autoApproveOnMatch, copyTradingLink, newWorkMail or a combination' },
        ),
      ),
  }),
);
export type SubscriptionSettingsPutInput = z.infer<typeof subscriptionSettingsPutInputSchema>;
export const subscriptionSettingsSaveResponseSchema = /* @__PURE__ */ schema(() =>
  z.extend(subscriptionSettingsResponseSchema, {
    message: z.string(),
  }),
);

/** The path of PUT /api/admin/packages/{packageId}: any id reaches the server, which answers 404 for a non-package. */
export const packagePathSchema = /* @__PURE__ */ schema(() =>
  z.object({
    packageId: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { error: 'packageId is required' }),
        z.maxLength(64, { error: 'packageId is too long' }),
      ),
  }),
);

/** PUT /api/admin/packages/{packageId}: whole dollars 0-100,000; Free Trial stays 0. */
export const MAX_PACKAGE_PRICE_USD = 100_000;
export const packageUpdateInputSchema = /* @__PURE__ */ schema(() =>
  z
    .object({
      priceUsd: z.optional(
        z
          .number({ error: SETTINGS_MESSAGES.priceWhole })
          .check(
            z.int({ error: SETTINGS_MESSAGES.priceWhole }),
            z.gte(0, { error: SETTINGS_MESSAGES.priceWhole }),
            z.lte(MAX_PACKAGE_PRICE_USD, { error: SETTINGS_MESSAGES.priceWhole }),
          ),
      ),
      onSale: z.optional(z.boolean({ error: 'onSale must be true or false' })),
    })
    .check(
      z.refine((value) => value.priceUsd !== undefined || value.onSale !== undefined, {
        error: 'Send a priceUsd, an onSale flag or both',
      }),
    ),
);
export type PackageUpdateInput = z.infer<typeof packageUpdateInputSchema>;
/** The edited catalog entry, as `packages-list` shows it. */
export const packageUpdateResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({
    success: z.literal(true),
    message: z.string(),
    package: catalogPackageSchema,
  }),
);
export type PackageUpdateResponse = z.infer<typeof packageUpdateResponseSchema>;
