// Vitest global setup: one folder for the whole run where the console's browser tests share one
// build of the console (test/consoleBrowser.ts builds it there the first time a test asks, so a run
// without browser tests builds nothing). Deleted after the run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's folder for the console build the browser tests share. */
    consoleBuildDir: string;
  }
}

export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'parley-console-run-'));
  project.provide('consoleBuildDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
