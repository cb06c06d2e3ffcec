import type { WorkCounts, WorkKind } from '@goldbot/shared';

/**
 * How many of a kind wait, for its navigation entry: null while the counts are not loaded, when
 * nothing waits, when the entry has no kind, or when the server keeps no count of it (null).
 */
export function waitingCount(counts: WorkCounts | undefined, kind: WorkKind | undefined): number | null {
  const count = kind === undefined ? null : (counts?.[kind] ?? null);
  return count !== null && count > 0 ? count : null;
}

/** The id of the text that describes an entry's count ("3 waiting"), for the link's aria-describedby. */
export const workCountDescriptionId = (kind: WorkKind) => `admin-nav-waiting-${kind}`;

/**
 * The count beside a navigation entry. The figure is decoration; the link keeps its name (the
 * section's title) and is described by "3 waiting", so screen readers hear the count and the
 * entry's name stays the same whatever waits.
 */
export function WorkCountBadge({ count, kind }: { count: number; kind: WorkKind }) {
  return (
    <>
      <span className="admin-layout__count" aria-hidden="true">
        {count > 99 ? '99+' : count}
      </span>
      <span id={workCountDescriptionId(kind)} hidden>
        {count} waiting
      </span>
    </>
  );
}
