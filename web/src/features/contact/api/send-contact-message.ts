import {
  contactAddResponseSchema,
  contactMessageInputSchema,
  type ContactAddResponse,
  type ContactMessageInput,
} from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';

/** The same schema the contact-add handler validates with, so browser and server agree. */
export const sendContactMessageInputSchema = contactMessageInputSchema;
export type SendContactMessageInput = ContactMessageInput;
export type SendContactMessageResponse = ContactAddResponse;

/** POST /api/contact/add. Anonymous; a token is sent only if one is stored. */
export function sendContactMessage(
  input: SendContactMessageInput,
  options: { signal?: AbortSignal } = {},
): Promise<SendContactMessageResponse> {
  return apiRequest('contact-add', { body: input, schema: contactAddResponseSchema, signal: options.signal });
}
