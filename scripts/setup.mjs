#!/usr/bin/env node
// Brings a fresh checkout to a runnable state, and does nothing when it already is.
// Dependency-free on purpose: it runs before any npm package is installed.
//
//   node scripts/setup.mjs             what `npm test` needs: npm packages, Chromium, fonts, PostgreSQL
//   node scripts/setup.mjs --for start what `npm start` needs: npm packages only
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { missingMessage, services, underCi } from '../config/services.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const purpose = process.argv.includes('--for') ? process.argv[process.argv.indexOf('--for') + 1] : 'test';

/** Debian packages the browser and database tests need. Fonts make visual baselines identical on every machine. */
const DEBIAN_PACKAGES = {
  test: [
    'chromium', // the one browser every browser test drives
    'fonts-dejavu-core', // Latin
    'fonts-wqy-microhei', // CJK
    'fonts-noto-core', // Arabic, Persian, Devanagari, Bengali, Myanmar, Khmer, Lao
    'postgresql', // the server's tests also run on a real PostgreSQL
  ],
  start: [],
};

const say = (message) => console.log(`[setup] ${message}`);

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.status !== 0) {
    console.error(`[setup] failed: ${command} ${args.join(' ')} (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`[setup] Node ${process.versions.node} is too old: Parley needs Node 20.19 or newer.`);
    process.exit(1);
  }
}

function installNpmPackages() {
  const stampFile = join(root, 'node_modules', '.parley-install-stamp');
  const lock = readFileSync(join(root, 'package-lock.json'));
  const wanted = createHash('sha256').update(lock).digest('hex');
  const have = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
  if (have === wanted) return say('npm packages are up to date.');
  say(
    have
      ? 'package-lock.json changed: reinstalling npm packages (npm ci).'
      : 'installing npm packages (npm ci).',
  );
  run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
  writeFileSync(stampFile, `${wanted}\n`);
}

function isInstalled(pkg) {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a dpkg-query format, not a template
  const result = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
  return result.status === 0 && result.stdout.includes('install ok installed');
}

function installDebianPackages() {
  const wanted = DEBIAN_PACKAGES[purpose] ?? [];
  if (wanted.length === 0) return;
  if (!existsSync('/usr/bin/dpkg-query')) {
    say(`not a Debian system: make sure these are installed yourself: ${wanted.join(', ')}.`);
    return;
  }
  const missing = wanted.filter((pkg) => !isInstalled(pkg));
  if (missing.length === 0) return say(`Debian packages present: ${wanted.join(', ')}.`);
  const asRoot = process.getuid?.() === 0;
  const sudo = asRoot ? [] : ['sudo', '-n'];
  say(`installing Debian packages: ${missing.join(', ')}.`);
  const apt = (...args) =>
    run(sudo[0] ?? 'apt-get', [...sudo.slice(1), ...(sudo.length ? ['apt-get'] : []), ...args], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  apt('update', '-qq');
  apt('install', '-y', '-qq', '--no-install-recommends', ...missing);
}

/**
 * The programs the tests drive, where the tests look for them (CHROMIUM_PATH, PG_BIN): under CI a
 * missing one stops the run here, before any test; elsewhere the tests that need it will skip.
 */
function checkServices() {
  if (purpose !== 'test') return;
  const missing = Object.keys(services).filter((key) => !services[key].present());
  if (missing.length === 0)
    return say(
      `found ${Object.values(services)
        .map((one) => `${one.name} (${one.where()})`)
        .join(' and ')}.`,
    );
  for (const key of missing) console.error(missingMessage(key));
  if (underCi) {
    console.error('[setup] under CI every test runs: install what is missing above.');
    process.exit(1);
  }
  console.error(
    '[setup] the tests that need it will be SKIPPED on this machine (under CI, CI=true, the run fails).',
  );
}

checkNode();
installNpmPackages();
installDebianPackages();
checkServices();
