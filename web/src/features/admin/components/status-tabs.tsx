import type { ReactNode } from 'react';
import { Badge, Flex, Tabs, type BadgeProps } from '@aws-amplify/ui-react';

export interface StatusTab<T extends string> {
  value: T;
  label: string;
  /** How many rows wait under the tab, as a badge beside its label; no badge when not given. */
  count?: number;
  badge?: BadgeProps['variation'];
}

/** The tabs with their counts from the server's `counts` by status (0 until they arrive). */
export const countedTabs = <T extends string>(
  tabs: ReadonlyArray<StatusTab<T>>,
  counts: Record<T, number> | undefined,
): StatusTab<T>[] => tabs.map((tab) => ({ ...tab, count: counts ? counts[tab.value] : 0 }));

interface StatusTabsProps<T extends string> {
  tabs: ReadonlyArray<StatusTab<T>>;
  value: T;
  onChange: (value: T) => void;
  /** What a tab shows (its list); drawn only once the tab is opened. */
  children: (tab: StatusTab<T>) => ReactNode;
}

/** The back-office's tabs over one list by status (pending, approved, ...), each with its count. */
export function StatusTabs<T extends string>({ tabs, value, onChange, children }: StatusTabsProps<T>) {
  return (
    <Tabs.Container value={value} onValueChange={(next) => onChange(next as T)} isLazy>
      <Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Item key={tab.value} value={tab.value}>
            {tab.count === undefined ? (
              tab.label
            ) : (
              <Flex as="span" alignItems="center" gap="xs">
                {tab.label}
                <Badge size="small" variation={tab.badge}>
                  {tab.count}
                </Badge>
              </Flex>
            )}
          </Tabs.Item>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value} paddingBlock="medium">
          {children(tab)}
        </Tabs.Panel>
      ))}
    </Tabs.Container>
  );
}
