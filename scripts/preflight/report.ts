/** One line of the preflight report: OK, or the exact next step before the first deploy. */
export interface CheckResult {
  /** What was checked, e.g. "CDK bootstrap (eu-central-1)". */
  readonly name: string;
  readonly ok: boolean;
  /** What was found, in a few words. */
  readonly detail: string;
  /** Only when not OK: a command to run or a console page to visit. */
  readonly nextStep?: string;
}

export const ok = (name: string, detail: string): CheckResult => ({ name, ok: true, detail });

export const todo = (name: string, detail: string, nextStep: string): CheckResult => ({
  name,
  ok: false,
  detail,
  nextStep,
});

/** The report as printed: one line per check, its next step indented below it, then a summary. */
export function formatReport(header: string, results: readonly CheckResult[]): string {
  const lines = [header, ''];
  for (const result of results) {
    lines.push(`${result.ok ? 'OK  ' : 'TODO'}  ${result.name}: ${result.detail}`);
    if (result.nextStep) lines.push(`      next: ${result.nextStep}`);
  }
  const open = results.filter((result) => !result.ok).length;
  lines.push(
    '',
    open === 0
      ? `All ${results.length} checks OK: ready for npx cdk deploy --all.`
      : `${open} of ${results.length} checks need a step before the first deploy.`,
  );
  return lines.join('\n');
}

/** Exit code of `npm run preflight`: 0 only when every check is OK. */
export const exitCode = (results: readonly CheckResult[]): number => (results.every((result) => result.ok) ? 0 : 1);
