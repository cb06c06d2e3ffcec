import * as z from '../zod.js';
import { pageQuerySchema } from './contact.js';
import { schema } from './schema.js';
import { requiredText } from './text.js';

/**
 * The customer's MetaTrader 5 account, which the bot trades on (the dashboard's MetaTrader 5 card;
 * the admin's Activations screen): broker, trade server and account number, never a password. The
 * team connects the bot with read-only access and marks the subscription connected; until then the
 * customer sees what is missing.
 */
export const MT5_LIMITS = { nameMaxLength: 80, accountMinDigits: 4, accountMaxDigits: 16 } as const;

export const MT5_MESSAGES = {
  brokerRequired: "Please enter your broker's name, as MetaTrader 5 shows it (e.g. IC Markets).",
  brokerInvalid: `The broker's name is 2 to ${MT5_LIMITS.nameMaxLength} characters: letters, digits, spaces and . , & ' ( ) -`,
  serverRequired: 'Please enter the trade server of your account (e.g. ICMarketsSC-MT5-2).',
  serverInvalid: `The server is 2 to ${MT5_LIMITS.nameMaxLength} characters: letters, digits, spaces and . - _ ( ) as MetaTrader 5 shows it.`,
  accountRequired: 'Please enter your MetaTrader 5 account number (your login).',
  accountInvalid: `The account number is your MetaTrader 5 login: ${MT5_LIMITS.accountMinDigits} to ${MT5_LIMITS.accountMaxDigits} digits.`,
  noPassword: 'Never send a password: our team connects the bot with read-only access and never needs your password.',
  /** On the form itself: what the team does and what it never asks for. */
  readOnlyNote:
    'Never enter your password here. Our team arranges a read-only connection to this account and e-mails you once the bot is connected.',
  needsPackage: 'Your MetaTrader 5 account is asked for once a paid package is active.',
  saved:
    'Your MetaTrader 5 account is saved. Our team will connect the bot (read-only) and e-mail you when it is done.',
  unchanged: 'Your MetaTrader 5 account is saved as it is.',
  loadFailed: 'Failed to load your MetaTrader 5 account',
  saveFailed: 'Failed to save your MetaTrader 5 account',
  changedMeanwhile: 'Your MetaTrader 5 account changed meanwhile (another tab?). Please reload and try again.',
} as const;

/** The keys a password could travel under: refused, whatever their value. */
export const MT5_PASSWORD_KEYS = ['password', 'masterPassword', 'investorPassword', 'mt5Password'] as const;

const name = /* @__NO_SIDE_EFFECTS__ */ (required: string, invalid: string, pattern: RegExp) =>
  requiredText(
    required,
    z.minLength(2, { error: invalid, abort: true }),
    z.maxLength(MT5_LIMITS.nameMaxLength, { error: invalid, abort: true }),
    z.regex(pattern, { error: invalid }),
  );

/**
 * PUT /api/account/mt5 `{broker, server, accountNumber}`, each trimmed and checked with its own
 * sentence; a password under any of MT5_PASSWORD_KEYS is refused (400), never stored.
 */
export const mt5AccountInputSchema = /* @__PURE__ */ schema(() =>
  z
    .looseObject({
      broker: name(MT5_MESSAGES.brokerRequired, MT5_MESSAGES.brokerInvalid, /^[\p{L}\p{N}][\p{L}\p{N} .,&'()-]*$/u),
      server: name(MT5_MESSAGES.serverRequired, MT5_MESSAGES.serverInvalid, /^[\p{L}\p{N}][\p{L}\p{N} ._()-]*$/u),
      accountNumber: requiredText(
        MT5_MESSAGES.accountRequired,
        z.regex(new RegExp(`^\\d{${MT5_LIMITS.accountMinDigits},${MT5_LIMITS.accountMaxDigits}}$`), {
          error: MT5_MESSAGES.accountInvalid,
        }),
      ),
    })
    .check(
      z.refine((input) => !MT5_PASSWORD_KEYS.some((key) => key in input), {
        error: MT5_MESSAGES.noPassword,
        path: ['password'],
        when: ({ value }) => typeof value === 'object' && value !== null,
      }),
    ),
);
/** The three fields the account is made of (the input without anything else it carried). */
export type Mt5AccountInput = Pick<z.infer<typeof mt5AccountInputSchema>, 'broker' | 'server' | 'accountNumber'>;

export const mt5AccountSchema = /* @__PURE__ */ schema(() =>
  z.object({ broker: z.string(), server: z.string(), accountNumber: z.string() }),
);
export type Mt5Account = z.infer<typeof mt5AccountSchema>;

/**
 * Where the customer stands: no paid package yet (nothing is asked); the account is missing; it was
 * given for an earlier package and needs confirming for this one; the team has yet to connect the
 * bot; the bot is connected.
 */
export const MT5_CONNECTION_STATUSES = [
  'no-package',
  'details-missing',
  'confirm-details',
  'waiting',
  'connected',
] as const;
export type Mt5ConnectionStatus = (typeof MT5_CONNECTION_STATUSES)[number];

export const mt5StateSchema = /* @__PURE__ */ schema(() =>
  z.object({
    account: z.nullable(mt5AccountSchema),
    connection: z.object({
      status: z.enum(MT5_CONNECTION_STATUSES),
      /** The current paid package (null without one). */
      packageName: z.nullable(z.string()),
      /** The subscription the connection is for (null without a paid package). */
      subscriptionId: z.nullable(z.string()),
      /** When the team connected the bot (ISO-8601 UTC), only while connected. */
      connectedAt: z.nullable(z.string()),
    }),
  }),
);
export type Mt5State = z.infer<typeof mt5StateSchema>;
export const mt5SaveResponseSchema = /* @__PURE__ */ schema(() => z.extend(mt5StateSchema, { message: z.string() }));
export type Mt5SaveResponse = z.infer<typeof mt5SaveResponseSchema>;

// --- The admin's side: connections on the Activations screen ----------------------------------

export const BOT_CONNECTION_STATUSES = ['waiting', 'connected'] as const;
export type BotConnectionStatus = (typeof BOT_CONNECTION_STATUSES)[number];

export const BOT_CONNECTION_MESSAGES = {
  notFound: 'No MetaTrader 5 account was given for this subscription yet.',
  superseded:
    'The customer has given their MetaTrader 5 account again since (a new package or new details): connect the newer request.',
  changedMeanwhile:
    'The customer changed their MetaTrader 5 account meanwhile. Please reload and connect the new details.',
  connected: (username: string) => `Marked as connected. ${username} has been e-mailed.`,
  alreadyConnected: 'This subscription was already marked as connected.',
  fetchFailed: 'Failed to fetch the bot connections',
  connectFailed: 'Failed to mark the bot as connected',
} as const;

/** A customer's request to connect the bot to their MetaTrader 5 account, for one subscription. */
export const botConnectionSchema = /* @__PURE__ */ schema(() =>
  z.object({
    subscriptionId: z.string(),
    userId: z.object({ _id: z.string(), username: z.string(), email: z.string() }),
    packageName: z.string(),
    broker: z.string(),
    server: z.string(),
    accountNumber: z.string(),
    status: z.enum(BOT_CONNECTION_STATUSES),
    requestedAt: z.string(),
    connectedAt: z.nullable(z.string()),
  }),
);
export type BotConnection = z.infer<typeof botConnectionSchema>;

/** Waiting requests oldest first (the work queue), connected ones newest first. */
export const botConnectionsQuerySchema = /* @__PURE__ */ schema(() =>
  z.extend(pageQuerySchema, {
    status: z._default(z.enum(BOT_CONNECTION_STATUSES, { error: 'status must be waiting or connected' }), 'waiting'),
  }),
);
export type BotConnectionsQuery = z.infer<typeof botConnectionsQuerySchema>;
export const botConnectionsResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({ connections: z.array(botConnectionSchema), nextCursor: z.nullable(z.string()) }),
);

export const subscriptionIdPathSchema = /* @__PURE__ */ schema(() =>
  z.object({
    subscriptionId: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { error: 'subscriptionId is required' }),
        z.maxLength(64, { error: 'subscriptionId is too long' }),
      ),
  }),
);
export const botConnectedResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({ message: z.string(), connection: botConnectionSchema }),
);
