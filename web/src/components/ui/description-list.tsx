import type { ReactNode } from 'react';

/** One pair of a description list: its label and what it says. */
export type DescriptionRow = readonly [label: string, value: ReactNode];

interface DescriptionListProps {
  rows: readonly DescriptionRow[];
  className?: string;
  /** The class of each label-and-value pair's wrapper. */
  itemClassName?: string;
}

/**
 * Labelled values as a description list: a `<div>` per pair holding its `<dt>` and `<dd>`, so
 * each pair can be styled as one item (a grid cell, a receipt line) and screen readers still
 * announce the list.
 */
export function DescriptionList({ rows, className, itemClassName }: DescriptionListProps) {
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
