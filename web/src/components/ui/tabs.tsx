import type { KeyboardEvent, ReactNode } from 'react';
import { classNames } from '@/lib/class-names';
import './tabs.css';

export interface TabItem<T extends string> {
  id: T;
  label: string;
}

const tabId = (prefix: string, id: string) => `${prefix}-tab-${id}`;
const panelId = (prefix: string, id: string) => `${prefix}-panel-${id}`;

export interface TabListProps<T extends string> {
  /** Names the tab list for screen readers. */
  label: string;
  /** Unique on the page: the tabs' and panels' ids derive from it. */
  idPrefix: string;
  items: readonly TabItem<T>[];
  value: T;
  onChange: (id: T) => void;
  className?: string;
}

/**
 * WAI-ARIA tabs with automatic activation: one tab stop, arrow keys (and Home/End) move between
 * tabs and select them.
 */
export function TabList<T extends string>({ label, idPrefix, items, value, onChange, className }: TabListProps<T>) {
  const moveTo = (index: number) => {
    const item = items[(index + items.length) % items.length];
    if (!item) return;
    onChange(item.id);
    document.getElementById(tabId(idPrefix, item.id))?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = items.findIndex((item) => item.id === value);
    const target = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: items.length - 1 }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    moveTo(target);
  };

  return (
    <div role="tablist" aria-label={label} className={classNames('tabs', className)} onKeyDown={onKeyDown}>
      {items.map((item) => {
        const selected = item.id === value;
        return (
          <button
            key={item.id}
            type="button"
            role="tab"
            id={tabId(idPrefix, item.id)}
            aria-selected={selected}
            aria-controls={panelId(idPrefix, item.id)}
            tabIndex={selected ? 0 : -1}
            className={classNames('tabs__tab', selected && 'tabs__tab--selected')}
            onClick={() => onChange(item.id)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}

export interface TabPanelProps {
  idPrefix: string;
  id: string;
  className?: string;
  children: ReactNode;
}

/** The panel of the selected tab (render only the selected one). */
export function TabPanel({ idPrefix, id, className, children }: TabPanelProps) {
  return (
    <div
      role="tabpanel"
      id={panelId(idPrefix, id)}
      aria-labelledby={tabId(idPrefix, id)}
      tabIndex={0}
      className={classNames('tabs__panel', className)}
    >
      {children}
    </div>
  );
}
