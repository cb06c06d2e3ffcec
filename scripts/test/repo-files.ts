import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';

/** Every file under `dir` (recursively) whose name ends with one of `endings`, as full paths. */
export const filesUnder = (dir: string, endings: readonly string[]): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesUnder(join(dir, entry.name), endings)
      : endings.some((ending) => entry.name.endsWith(ending))
        ? [join(dir, entry.name)]
        : [],
  );

/** Every file name carried by more than one of `files`, with the files that carry it. */
export function sharedNames(files: readonly string[]): Record<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const file of files) byName.set(basename(file), [...(byName.get(basename(file)) ?? []), file]);
  return Object.fromEntries([...byName].filter(([, paths]) => paths.length > 1));
}
