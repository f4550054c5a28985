#!/usr/bin/env node
// Publishes Storybook to Chromatic, for review in its web app. Optional: CI's own visual
// regression (committed baselines, `npm run test:stories`) never needs it.
import { spawnSync } from 'node:child_process';

if (!process.env.CHROMATIC_PROJECT_TOKEN) {
  console.log(
    [
      '[chromatic] Nothing published: CHROMATIC_PROJECT_TOKEN is not set.',
      '[chromatic] Set it to your Chromatic project token to publish Storybook there, e.g.',
      '[chromatic]   CHROMATIC_PROJECT_TOKEN=chpt_... npm run chromatic',
      "[chromatic] CI's visual regression does not need it: it compares against the committed baselines.",
    ].join('\n'),
  );
  process.exit(0);
}

// Without a reachable Chromatic the CLI can wait forever: bound it.
const TEN_MINUTES = 10 * 60 * 1000;
const build = spawnSync('npm', ['run', 'build-storybook'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const result = spawnSync(
  'npx',
  [
    'chromatic',
    '--storybook-build-dir',
    'storybook-static',
    '--exit-zero-on-changes',
    '--exit-once-uploaded',
  ],
  { stdio: 'inherit', timeout: TEN_MINUTES },
);
if (result.error) {
  console.error(`[chromatic] gave up: ${result.error.message}`);
  process.exit(1);
}
process.exit(result.status ?? 1);
