import { lazy, type ComponentType } from 'react';

/**
 * A lazy page whose tree fetches with SWR: its chunk and the SWR settings (`SwrDefaults`, which
 * brings SWR itself) load together, so SWR never weighs on the pages that do not use it.
 */
export function lazyWithSwr(load: () => Promise<{ default: ComponentType }>) {
  return lazy(async () => {
    const [{ SwrDefaults }, { default: Page }] = await Promise.all([import('@/lib/swr-defaults'), load()]);
    return {
      default: function WithSwrDefaults() {
        return (
          <SwrDefaults>
            <Page />
          </SwrDefaults>
        );
      },
    };
  });
}
