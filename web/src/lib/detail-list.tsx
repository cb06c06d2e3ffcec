import type { ReactNode } from 'react';

/** One line of a detail list: its label and what it says. */
export type DetailRow = readonly [label: string, value: ReactNode];

interface DetailListProps {
  rows: readonly DetailRow[];
  className?: string;
  /** The class of each label-and-value pair's wrapper. */
  itemClassName?: string;
}

/**
 * Labelled values as a description list: a `<div>` per pair holding its `<dt>` and `<dd>`, so
 * each pair can be styled as one item (a grid cell, a receipt line) and screen readers still
 * announce the list.
 */
export function DetailList({ rows, className, itemClassName }: DetailListProps) {
  return (
    <dl className={className}>
      {rows.map(([label, value]) => (
        <div key={label} className={itemClassName}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
