/** Where skipped tests are: Vitest names the file, Playwright the test too. */
export interface Skip {
  file: string;
  title?: string;
  count: number;
}
/** What the test runners in a task's log ran. */
export interface TestCounts {
  passed: number;
  failed: number;
  skipped: number;
  skips: Skip[];
  /** The `[services]` lines of a missing service. */
  services: string[];
}
/** An entry of scripts/allowed-skips.json: why, and how many tests may skip there (1 when left out). */
export interface AllowedSkip {
  reason: string;
  skipped?: number;
}
/** What the test runners in `log` (colours removed) ran; `undefined` when no runner reported. */
export declare function testCounts(log: string): TestCounts | undefined;
/**
 * A task's skips against its entries in scripts/allowed-skips.json: the allowed ones, the problems,
 * and the entries nothing skipped under (stale).
 */
export declare function checkSkips(
  task: TestCounts,
  entries: Record<string, AllowedSkip>,
): { allowedSkips: { key: string; count: number; reason: string }[]; unallowed: string[]; stale: string[] };
