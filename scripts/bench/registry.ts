import { bundleSizeSection } from './bundle-size-section.js';
import { capacitySection } from './capacity-section.js';
import type { BenchSection } from './section.js';
import { throughputSection } from './throughput-section.js';

/**
 * Every section of `npm run bench`, in the order a full run measures them and docs/performance.md
 * lists them. A new section is one module exporting a BenchSection and one line here; it gets
 * its own marked block in docs/performance.md and its own budget.
 *
 * Planned by issue 12 and not built yet: `cold-import` (per function, pairwise against a bundle
 * that loads only the DynamoDB document client, median of 7, ≤ 1.5×; esbuildOptions() and the
 * baseline entry of bundle-size-section.ts build both sides) and `round-trips` (DynamoDB requests
 * per customer route during the integration flows, ≤ 3; capacity-meter.ts counts requests). Until
 * the lean-bundle work lands, the bundle sections report their figures (verdict `reported`)
 * instead of failing the default run (BUNDLE_BUDGET_ENFORCED).
 */
export const SECTIONS: readonly BenchSection[] = [capacitySection, throughputSection, bundleSizeSection];

export const PLANNED_SECTIONS = ['cold-import', 'round-trips'] as const;

export type SectionSelection = { sections: BenchSection[] } | { error: string };

/** The sections named on the command line (all of them when none is named), in registry order. */
export function selectSections(
  names: readonly string[],
  registry: readonly BenchSection[] = SECTIONS,
): SectionSelection {
  if (names.length === 0) return { sections: [...registry] };
  const known = new Set(registry.map((s) => s.id));
  for (const name of names) {
    if (known.has(name)) continue;
    const planned = (PLANNED_SECTIONS as readonly string[]).includes(name);
    return {
      error: planned
        ? `section "${name}" is planned (issue 12) but not built yet. Built: ${[...known].join(', ')}`
        : `unknown section "${name}". Sections: ${[...known].join(', ')}`,
    };
  }
  return { sections: registry.filter((s) => names.includes(s.id)) };
}
