// The programs outside npm that the tests need (Chromium, PostgreSQL), found where
// scripts/setup.mjs installs them, and what happens when one is missing: under CI the run fails
// naming it and how to install it, so the suite never passes by running less; on a developer's
// machine the tests that need it skip, loudly. Plain JavaScript without dependencies, so the setup
// script (before `npm ci`), the configurations and the tests all read the same facts.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromiumPath } from './chromium.mjs';

/** Whether this run is CI's (`CI=true`, as `.ci/run` sets it). */
export const underCi = ['true', '1'].includes(String(process.env.CI ?? '').toLowerCase());

/**
 * The directory of PostgreSQL's programs (initdb, pg_ctl): PG_BIN when set, else the newest of
 * Debian's `/usr/lib/postgresql/<version>/bin` (the version follows the Debian release).
 */
export function postgresBin() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian)
    ? readdirSync(debian)
        .filter((version) => existsSync(join(debian, version, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return join(debian, versions[0] ?? '<version>', 'bin');
}

/** Each service: what it is called, where it is looked for, and how to get it. */
export const services = {
  chromium: {
    name: 'Chromium',
    where: () => chromiumPath,
    present: () => existsSync(chromiumPath),
    install:
      "run `node scripts/setup.mjs` (it installs Debian's chromium package), or set CHROMIUM_PATH to a Chromium binary",
  },
  postgres: {
    name: 'PostgreSQL',
    where: () => (process.env.DATABASE_URL ? 'DATABASE_URL' : postgresBin()),
    // A server DATABASE_URL names stands in for the programs that start one.
    present: () =>
      Boolean(process.env.DATABASE_URL) ||
      (existsSync(join(postgresBin(), 'initdb')) && existsSync(join(postgresBin(), 'pg_ctl'))),
    install:
      "run `node scripts/setup.mjs` (it installs Debian's postgresql package), or set PG_BIN to the directory of initdb and pg_ctl, or DATABASE_URL to a server the tests may create databases on",
  },
};

/** The line that says `service` is missing; scripts/test.mjs collects lines that start with `[services]`. */
export function missingMessage(key, what = `the tests that need ${services[key].name}`) {
  const service = services[key];
  return `[services] ${service.name} is missing (looked in ${service.where()}), so ${what} cannot run. To install it: ${service.install}.`;
}

/**
 * Whether `what` (the tests that need the service) can run. When the service is missing: under CI
 * an error naming it and how to install it; elsewhere `false` and a loud warning, and they skip.
 *
 * @example
 * describe.runIf(needs('chromium'))('the console in Chromium', () => {});
 */
export function needs(key, what = undefined) {
  return services[key].present() || missing(key, what);
}

/** What `needs` does when the service is missing: under CI it throws; elsewhere it warns and answers false. */
export function missing(key, what = undefined) {
  if (underCi) throw new Error(`${missingMessage(key, what)} Under CI a missing service fails the run.`);
  console.warn(`\n${missingMessage(key, what)} SKIPPED on this machine; under CI (CI=true) this fails.\n`);
  return false;
}

/** For what cannot skip (a browser test project, the e2e run): an error naming the service when it is missing. */
export function requireService(key, what) {
  if (!services[key].present()) throw new Error(missingMessage(key, what));
}
