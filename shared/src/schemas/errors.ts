import * as z from '../zod.js';
import { schema } from './schema.js';

/** Every error body: the spec's clients read `message` or `msg`, so both carry the same text. */
export const apiErrorSchema = /* @__PURE__ */ schema(() =>
  z.object({
    message: z.string(),
    msg: z.string(),
    errors: z.optional(z.record(z.string(), z.string())),
  }),
);
export type ApiError = z.infer<typeof apiErrorSchema>;

export const healthResponseSchema = /* @__PURE__ */ schema(() =>
  z.object({
    status: z.literal('ok'),
    time: z.string(),
  }),
);
export type HealthResponse = z.infer<typeof healthResponseSchema>;
