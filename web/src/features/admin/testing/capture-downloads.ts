import { vi } from 'vitest';

/** A file the page handed to the browser's "save": the `<a download>` it clicked and the bytes. */
export interface SavedFile {
  fileName: string;
  href: string;
  /** Whether the link was in the document when clicked (Firefox ignores detached links). */
  attached: boolean;
  blob: Blob;
}

/**
 * Replaces object URLs and link clicks (jsdom has neither downloads nor `createObjectURL`), and
 * records each file saved. Call it in a test or `beforeEach`; the stubs are undone after each test.
 */
export function captureDownloads() {
  const blobs = new Map<string, Blob>();
  const saved: SavedFile[] = [];
  const createObjectURL = vi.fn((blob: Blob) => {
    const href = `blob:http://localhost/${blobs.size + 1}`;
    blobs.set(href, blob);
    return href;
  });
  const revokeObjectURL = vi.fn();
  vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL, revokeObjectURL }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click(this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (!blob) throw new Error(`clicked ${this.href}, which is no object URL`);
    saved.push({ fileName: this.download, href: this.href, attached: document.body.contains(this), blob });
  });
  return { saved, revokeObjectURL };
}

/** A CSV answer of the export route, with the file name the server suggests. */
export const csvResponse = (text: string, fileName?: string) =>
  new Response(text, {
    status: 200,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      ...(fileName ? { 'Content-Disposition': `attachment; filename="${fileName}"` } : {}),
    },
  });
