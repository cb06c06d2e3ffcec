/**
 * Defines a module-level schema that a bundler may drop when nothing uses it. Every schema in
 * shared/src is written `export const x = <the @__PURE__ annotation comment> schema(() => ...)`.
 * `schema` calls `define` at once and returns what it builds: the schema is exactly the one inside.
 *
 * Why (lean bundles, docs/performance.md): esbuild drops an unused `export const x = <expression>` only if
 * evaluating the expression has no side effects, and building a schema never looks that way: zod's
 * constructors are not marked pure, and `.check(...)` is a method call. So every function that
 * imported one schema from shared built and carried nearly all of them. The `@__PURE__` comment
 * before the call means "drop this call if its value is unused"; the call's only argument is an
 * arrow function, which is pure to create, so an unused definition goes whole, with everything
 * inside the arrow. The comment must sit at each call site: esbuild honours `@__NO_SIDE_EFFECTS__`
 * on a function only for calls in the same file (evanw/esbuild#4369). That annotation is on `schema`
 * and on the factories (requiredText, emailSchema, otpSchema) all the same, for same-file calls and
 * for Rollup. scripts/test/bench-bundle-size.test.ts pins the annotations and their effect.
 */
export const schema = /* @__NO_SIDE_EFFECTS__ */ <T>(define: () => T): T => define();
