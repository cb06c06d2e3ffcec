import type { ResponseSchema } from '@/lib/api-client';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A one-line answer (`{ message }`) of the account and sign-in routes. */
export interface MessageAnswer {
  /** The server's confirmation, when it sent one; pages fall back to their own text. */
  message?: string;
}

/** Reads a one-line answer; any other body reads as no message, so the page's own text shows. */
export const messageAnswerSchema: ResponseSchema<MessageAnswer> = {
  safeParse: (data) => ({
    success: true,
    data: isRecord(data) && typeof data.message === 'string' ? { message: data.message } : {},
  }),
};
