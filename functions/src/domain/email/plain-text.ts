/**
 * The plain-text part every mail carries next to its HTML: derived from the rendered
 * HTML, so an admin-edited template gets one too. Tags go, block ends become line breaks, a link
 * keeps its address ("Open your dashboard (https://…)"), list items get a dash, and entities are
 * decoded, numeric ones included. Small on purpose: mails are simple tables and paragraphs.
 */
const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  middot: '·',
  copy: '©',
  reg: '®',
  hellip: '…',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  euro: '€',
  pound: '£',
};

/** Decodes named (the common ones), decimal and hexadecimal entities; unknown ones stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

const attribute = (tag: string, name: string): string | null => {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3] ?? null) : null;
};

const stripTags = (html: string) => html.replace(/<[^>]*>/g, '');

/**
 * A link as text: its label and, when the label is not already the address, the address in
 * brackets. Entities stay encoded here (the whole text is decoded once at the end).
 */
function linkText(openTag: string, inner: string): string {
  const label = stripTags(inner).replace(/\s+/g, ' ').trim();
  const href = (attribute(openTag, 'href') ?? '').trim();
  const url = decodeEntities(href);
  if (!url || url.startsWith('#') || /^javascript:/i.test(url)) return label;
  const shown = href.replace(/^mailto:/i, '');
  const same = decodeEntities(label) === decodeEntities(shown) || decodeEntities(label) === url;
  if (!label || same) return shown;
  return `${label} (${shown})`;
}

export function htmlToText(html: string): string {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(head|style|script|title)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<a\b([^>]*)>([\s\S]*?)<\/a\s*>/gi, (_whole, attrs: string, inner: string) =>
      linkText(`<a ${attrs}>`, inner),
    )
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|tr|ul|ol|table|blockquote)\s*>/gi, '\n')
    .replace(/<\/t[dh]\s*>/gi, ' ')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
