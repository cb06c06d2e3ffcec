import type { ReactNode } from 'react';
import { ColumnHeaders, type ColumnHeader } from '@/components/ui/column-headers';

/**
 * The pieces of the customer dashboard's cards that show loaded data (the billing history, the
 * withdrawal history): the loading, failed and empty states, and the scrolling table. The classes
 * are the dashboard's (features/dashboard/components/dashboard.css).
 */

/** A card's failure, announced as an alert. */
export function CardAlert({ children }: { children: ReactNode }) {
  return (
    <p className="dashboard-card__error" role="alert">
      {children}
    </p>
  );
}

interface CardStatesProps<T> {
  /** The answer; null or undefined (once loaded, nothing failing) shows `emptyText`. */
  data: T | null | undefined;
  loading: boolean;
  loadingText: string;
  /** What a failed load shows instead (a CardAlert, maybe with a retry); falsy when nothing failed. */
  failure: ReactNode;
  emptyText: string;
  /** An answer that counts as empty too (an empty list). */
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

/** Loading, then failed, then empty, else the data as `children` renders it. */
export function CardStates<T>({
  data,
  loading,
  loadingText,
  failure,
  emptyText,
  isEmpty,
  children,
}: CardStatesProps<T>) {
  if (loading) {
    return (
      <p className="dashboard-card__muted" role="status">
        {loadingText}
      </p>
    );
  }
  if (failure) return failure;
  if (data === null || data === undefined || isEmpty?.(data))
    return <p className="dashboard-card__muted">{emptyText}</p>;
  return children(data);
}

/** A card's table of rows: scrolls sideways on a narrow screen; the caption is for screen readers. */
export function CardTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: readonly ColumnHeader[];
  children: ReactNode;
}) {
  return (
    <div className="billing-table__scroll">
      <table className="billing-table">
        <caption className="visually-hidden">{caption}</caption>
        <ColumnHeaders columns={columns} />
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
