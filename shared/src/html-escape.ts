/**
 * handlebars' `escapeExpression` (its utils.js) for strings: the same seven characters and entities.
 * The mail renderer (functions/src/domain/email/render.ts) and the template editor's preview
 * (web/src/features/admin/email-templates/lib/render-template.ts) escape with it, so the preview
 * shows what the mail will say; neither bundles handlebars.
 */
const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
  '`': '&#x60;',
  '=': '&#x3D;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`=]/g, (character) => ENTITIES[character] ?? character);
}
