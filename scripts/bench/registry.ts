import { bundleSizeSection } from './bundle-size-section.js';
import { capacitySection } from './capacity-section.js';
import { coldImportSection } from './cold-import-section.js';
import { exportSection } from './export-section.js';
import { paymentFoundSection } from './payment-found-section.js';
import { roundTripsSection } from './round-trips-section.js';
import type { BenchSection } from './section.js';
import { throughputSection } from './throughput-section.js';

/**
 * Every section of `npm run bench`, in the order a full run measures them and docs/performance.md
 * lists them. A new section is one module exporting a BenchSection and one line here; it gets
 * its own marked block in docs/performance.md and its own budget.
 */
export const SECTIONS: readonly BenchSection[] = [
  capacitySection,
  exportSection,
  roundTripsSection,
  throughputSection,
  paymentFoundSection,
  bundleSizeSection,
  coldImportSection,
];

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
    return { error: `unknown section "${name}". Sections: ${[...known].join(', ')}` };
  }
  return { sections: registry.filter((s) => names.includes(s.id)) };
}
