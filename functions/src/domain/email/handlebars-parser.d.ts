/// <reference types="handlebars" />

/**
 * Types for the two parts of handlebars that render.ts loads on their own (the package declares
 * only its whole entry and `handlebars/runtime`, which bundle the template compiler). Both are
 * the very functions the full package exposes as `Handlebars.parse` and `Handlebars.Utils`.
 */
declare module 'handlebars/dist/cjs/handlebars/compiler/base.js' {
  /** The parser with its whitespace control (`~` and standalone lines) applied, as `Handlebars.compile` parses. */
  export function parse(input: string): hbs.AST.Program;
}

declare module 'handlebars/dist/cjs/handlebars/utils.js' {
  /** HTML escaping of a `{{value}}`: `& < > " ' \` =` become entities; null and undefined become ''. */
  export function escapeExpression(value: unknown): string;
  /** Handlebars' emptiness for `#if`/`#unless`: falsy values other than 0, and empty arrays. */
  export function isEmpty(value: unknown): boolean;
}
