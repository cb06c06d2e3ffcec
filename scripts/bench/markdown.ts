/**
 * Markdown for docs/performance.md: tables laid out exactly as prettier lays them out (so
 * `npm run format:check` stays green after a run), and the marker comments that delimit each
 * section `npm run bench` writes, so one section can be rewritten without touching the others or
 * the sections other scripts and people write.
 */
export type Align = 'left' | 'right';

/** Display width of a cell: every character here is one column (no wide CJK or emoji in our figures). */
const width = (text: string) => [...text].length;

const escapeCell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** A GitHub table whose columns are padded to the widest cell, dashes included (minimum 3). */
export function renderTable(headers: readonly string[], rows: readonly (readonly string[])[], align?: Align[]): string {
  const cells = [headers, ...rows].map((row) => headers.map((_, i) => escapeCell(row[i] ?? '')));
  const widths = headers.map((_, i) => Math.max(3, ...cells.map((row) => width(row[i] ?? ''))));
  const pad = (text: string, i: number) => {
    const fill = ' '.repeat((widths[i] ?? 3) - width(text));
    return align?.[i] === 'right' ? fill + text : text + fill;
  };
  const line = (row: readonly string[]) => `| ${row.map(pad).join(' | ')} |`;
  const rule = widths.map((w, i) => (align?.[i] === 'right' ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w)));
  const [head, ...body] = cells;
  return [line(head ?? []), `| ${rule.join(' | ')} |`, ...body.map(line)].join('\n');
}

export const BENCH_AREA_START = '<!-- bench:start -->';
export const BENCH_AREA_END = '<!-- bench:end -->';
export const sectionStart = (id: string) => `<!-- bench:${id}:start -->`;
export const sectionEnd = (id: string) => `<!-- bench:${id}:end -->`;

/**
 * Puts `content` between the markers of section `id`, replacing what a previous run wrote there.
 * A section not written before goes at the end of the bench area, after the sections of `order`
 * that precede it; a document without a bench area gets one at its end, opened by `areaIntro`.
 */
export function upsertSection(
  doc: string,
  id: string,
  content: string,
  options: { order: readonly string[]; areaIntro: string },
): string {
  const block = `${sectionStart(id)}\n\n${content.trim()}\n\n${sectionEnd(id)}`;
  const start = doc.indexOf(sectionStart(id));
  const end = doc.indexOf(sectionEnd(id));
  if (start !== -1 && end > start) return doc.slice(0, start) + block + doc.slice(end + sectionEnd(id).length);

  let text = doc;
  if (!text.includes(BENCH_AREA_START) || !text.includes(BENCH_AREA_END)) {
    text = `${text.trimEnd()}\n\n${BENCH_AREA_START}\n\n${options.areaIntro.trim()}\n\n${BENCH_AREA_END}\n`;
  }
  // Insert before the first later section already present, else before the end of the area.
  const later = options.order.slice(options.order.indexOf(id) + 1);
  const anchors = later.map((other) => text.indexOf(sectionStart(other))).filter((at) => at !== -1);
  const at = anchors.length > 0 ? Math.min(...anchors) : text.indexOf(BENCH_AREA_END);
  return `${text.slice(0, at)}${block}\n\n${text.slice(at)}`;
}

/** Replaces the intro of the bench area (between its start marker and the first section). */
export function replaceAreaIntro(doc: string, intro: string): string {
  const start = doc.indexOf(BENCH_AREA_START);
  if (start === -1) return doc;
  const from = start + BENCH_AREA_START.length;
  const next = doc.indexOf('<!-- bench:', from);
  if (next === -1) return doc;
  return `${doc.slice(0, from)}\n\n${intro.trim()}\n\n${doc.slice(next)}`;
}

/**
 * Wraps prose at `width` columns on spaces (prettier keeps markdown prose as written, so the
 * generated text is wrapped here, like the hand-written docs). A line that starts with `- ` is a
 * bullet: its continuation lines are indented by two spaces.
 */
export function wrap(text: string, width = 100): string {
  const bullet = text.startsWith('- ');
  const indent = bullet ? '  ' : '';
  const words = text.replace(/\s+/g, ' ').trim().split(' ');
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line === '' ? word : `${line} ${word}`;
    const limit = lines.length === 0 ? width : width - indent.length;
    // A line may not start with what markdown reads as a list item, a quote, a heading or a table.
    const risky = /^([-+*>#|]|\d+[.)])$/.test(word) || word.startsWith('|');
    if (candidate.length > limit && line !== '' && !risky) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line !== '') lines.push(line);
  return lines.map((l, i) => (i === 0 ? l : indent + l)).join('\n');
}

/** A tight bullet list, each item wrapped. */
export const list = (...items: string[]) => items.map((item) => wrap(`- ${item}`)).join('\n');

/** Blocks separated by blank lines: prose is wrapped; tables, headings and lists stay as they are. */
export function paragraphs(...blocks: string[]): string {
  return blocks.map((block) => (/^(\||#|- )/.test(block) ? block : wrap(block))).join('\n\n');
}
