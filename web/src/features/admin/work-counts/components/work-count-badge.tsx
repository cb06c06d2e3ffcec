import type { WorkCounts, WorkKind } from '@goldbot/shared';

/**
 * How many of a kind wait, beside its navigation entry: nothing while the counts are not loaded,
 * when nothing waits, or when the server has no such kind (null). Screen readers hear
 * "(3 waiting)" after the entry's name; the number itself is decoration.
 */
export function WorkCountBadge({ counts, kind }: { counts: WorkCounts | undefined; kind: WorkKind | undefined }) {
  const count = kind === undefined ? null : (counts?.[kind] ?? null);
  if (count === null || count <= 0) return null;
  const shown = count > 99 ? '99+' : String(count);
  return (
    <>
      <span className="admin-layout__count" aria-hidden="true">
        {shown}
      </span>
      <span className="visually-hidden"> ({count} waiting)</span>
    </>
  );
}
