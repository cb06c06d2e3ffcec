import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under `dir` (recursively) whose name ends with one of `endings`, as full paths. */
export const filesUnder = (dir: string, endings: readonly string[]): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesUnder(join(dir, entry.name), endings)
      : endings.some((ending) => entry.name.endsWith(ending))
        ? [join(dir, entry.name)]
        : [],
  );
