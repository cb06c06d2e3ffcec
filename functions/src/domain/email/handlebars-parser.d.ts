/// <reference types="handlebars" />

/**
 * Types for the part of handlebars that template-check.ts loads on its own (the package declares
 * only its whole entry and `handlebars/runtime`, which bundle the template compiler): the very
 * function the full package exposes as `Handlebars.parse`. Mail never loads it (template-parser.ts).
 */
declare module 'handlebars/dist/cjs/handlebars/compiler/base.js' {
  /** The parser with its whitespace control (`~` and standalone lines) applied, as `Handlebars.compile` parses. */
  export function parse(input: string): hbs.AST.Program;
}
