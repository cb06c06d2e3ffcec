import type { Check } from './budget.js';

/**
 * What every section of `npm run bench` is: an id to select it (`npm run bench -- <id>`), a title,
 * its budget in words, and a run that measures and answers the markdown for docs/performance.md
 * plus one Check per figure. A section owns its budget: a section whose budget is not met yet
 * (work in progress elsewhere) can report its figures with verdict `reported` instead of failing
 * every run, and says so in its markdown.
 */
export interface BenchOptions {
  root: string;
  /** Records per data set of the capacity section's small and large seeds. */
  smallRecords: number;
  largeRecords: number;
  /** BatchWriteItem calls in flight while seeding. */
  seedParallel: number;
  /** Seconds and connections of each throughput run. */
  durationSeconds: number;
  connections: number;
}

export interface SectionContext {
  options: BenchOptions;
  log: (line: string) => void;
  /** Machine and toolchain, one line for the method notes. */
  machine: string;
  /** When this run started (UTC), for the "measured on" line. */
  startedAt: Date;
}

export interface SectionResult {
  /** The section's markdown (its own `###` heading, method, table, notes). */
  markdown: string;
  checks: Check[];
  /** Seconds the section took, printed and written. */
  seconds: number;
}

export interface BenchSection {
  id: string;
  title: string;
  /** The budget in words, e.g. "ratio of consumed RCU at 100k to 1k records ≤ 1.2". */
  budget: string;
  run(context: SectionContext): Promise<Omit<SectionResult, 'seconds'>>;
}
