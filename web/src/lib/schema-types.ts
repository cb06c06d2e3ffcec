/** The parsed type of a shared zod schema, without the web workspace importing zod itself. */
export type Infer<S extends { parse: (value: unknown) => unknown }> = ReturnType<S['parse']>;
