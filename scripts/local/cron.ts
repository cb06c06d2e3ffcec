/**
 * Five-field cron matching (minute hour day-of-month month day-of-week, UTC), the subset the
 * schedule table uses. Supports `*`, numbers, lists `a,b`, ranges `a-b` and steps `*\/n`.
 */
const FIELD_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 6],
];

function fieldMatches(field: string, value: number, [min, max]: readonly [number, number]): boolean {
  return field.split(',').some((part) => {
    const [rangePart = '*', stepPart] = part.split('/');
    const step = stepPart === undefined ? 1 : Number(stepPart);
    let from = min;
    let to = max;
    if (rangePart !== '*') {
      const [a, b] = rangePart.split('-');
      from = Number(a);
      to = b === undefined ? (stepPart === undefined ? from : max) : Number(b);
    }
    if (![from, to, step].every(Number.isInteger) || step < 1) throw new Error(`Invalid cron field "${field}"`);
    return value >= from && value <= to && (value - from) % step === 0;
  });
}

export function parseCron(expression: string): string[] {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5) throw new Error(`Cron "${expression}" must have 5 fields`);
  // Validate every field once so a bad expression fails at start-up, not at midnight.
  fields.forEach((f, i) => fieldMatches(f, FIELD_RANGES[i]?.[0] ?? 0, FIELD_RANGES[i] ?? [0, 0]));
  return fields;
}

export function cronMatches(expression: string, at: Date): boolean {
  const fields = parseCron(expression);
  const values = [at.getUTCMinutes(), at.getUTCHours(), at.getUTCDate(), at.getUTCMonth() + 1, at.getUTCDay()];
  return fields.every((field, i) => fieldMatches(field, values[i] ?? 0, FIELD_RANGES[i] ?? [0, 0]));
}
