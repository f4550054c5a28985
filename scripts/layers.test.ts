import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The import layers of docs/architecture.md are noRestrictedImports rules in biome.json. Each case
// plants one import in a file at a path of the repository's shape, in a scratch copy that has the
// real biome.json, and asks Biome whether the rule fires there.

const root = join(import.meta.dirname, '..');
const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');

type Case = { file: string; from: string };

/** Imports across a layer or from one app into the other: each must fail the lint. */
const FORBIDDEN: Case[] = [
  { file: 'packages/chat-protocol/src/planted.ts', from: '@parley/chat-core' },
  { file: 'packages/chat-protocol/src/planted.ts', from: '../../chat-ui/src/index.ts' },
  { file: 'packages/languages/src/planted.ts', from: '@parley/chat-ui/Bubble' },
  { file: 'packages/languages/src/planted.ts', from: '@parley/chat-ui' },
  { file: 'packages/languages/src/planted.ts', from: '@parley/chat-core' },
  { file: 'packages/chat-core/src/planted.ts', from: 'react' },
  { file: 'packages/chat-core/src/planted.ts', from: 'react-dom/client' },
  { file: 'packages/chat-core/src/planted.ts', from: '@parley/chat-ui/Bubble' },
  { file: 'packages/agent-core/src/planted.ts', from: 'react' },
  { file: 'packages/agent-core/src/planted.ts', from: '@parley/chat-core' },
  { file: 'packages/agent-core/src/planted.ts', from: '@parley/chat-ui/Bubble' },
  { file: 'packages/agent-core/src/planted.ts', from: '../../../apps/console/src/App.tsx' },
  { file: 'packages/chat-core/src/planted.ts', from: '@parley/agent-core' },
  { file: 'packages/chat-ui/src/Bubble/planted.ts', from: '@parley/agent-core' },
  { file: 'packages/chat-ui/src/Bubble/planted.ts', from: '@parley/chat-core' },
  { file: 'packages/chat-ui/src/Bubble/planted.ts', from: '@parley/chat-protocol' },
  { file: 'packages/chat-ui/src/Bubble/planted.ts', from: '@parley/languages' },
  { file: 'packages/chat-ui/src/Bubble/planted.ts', from: '../../../chat-core/src/index.ts' },
  { file: 'packages/chat-core/src/planted.ts', from: '../../../apps/visitor/src/App.tsx' },
  { file: 'packages/languages/src/planted.ts', from: '@parley/server' },
  { file: 'apps/console/src/i18n/planted.ts', from: '../../../visitor/src/i18n/languages.js' },
  { file: 'apps/console/src/planted.ts', from: '../../server/src/config.js' },
  { file: 'apps/console/src/planted.ts', from: '@parley/server' },
  { file: 'apps/server/src/planted.ts', from: '../../console/src/claimWindow.js' },
  { file: 'apps/server/src/test/planted.ts', from: '../../../console/src/tabs.js' },
  { file: 'apps/server/src/planted.ts', from: '@parley/console' },
  { file: 'apps/server/src/planted.ts', from: '../../visitor/src/App.tsx' },
  { file: 'apps/visitor/src/planted.ts', from: '../../console/src/App.tsx' },
  { file: 'apps/visitor/src/planted.ts', from: '@parley/server' },
];

/** Imports the layers allow: the rules must leave them alone. */
const ALLOWED: Case[] = [
  { file: 'packages/chat-protocol/src/planted.ts', from: './codes.js' },
  { file: 'packages/chat-core/src/planted.ts', from: '@parley/chat-protocol' },
  { file: 'packages/agent-core/src/planted.ts', from: '@parley/chat-protocol' },
  { file: 'apps/console/src/planted.ts', from: '@parley/agent-core' },
  { file: 'apps/server/src/test/planted.ts', from: '@parley/agent-core' },
  { file: 'packages/chat-ui/src/Bubble/planted.ts', from: '../locales/keys.js' },
  { file: 'packages/languages/src/planted.ts', from: '@parley/chat-ui/locales/zh-CN.json' },
  { file: 'packages/languages/src/planted.ts', from: 'react' },
  { file: 'apps/visitor/src/planted.ts', from: '@parley/chat-ui/Bubble' },
  { file: 'apps/visitor/src/planted.ts', from: '@parley/languages' },
  { file: 'apps/visitor/src/planted.ts', from: 'react-dom/server' },
  { file: 'apps/console/src/planted.ts', from: '@parley/languages/kit' },
  { file: 'apps/server/src/planted.ts', from: './routes/visitor.js' },
];

let scratch: string;
/** Import specifier -> the rule messages Biome gave for it, per planted file. */
const reported = new Map<string, string[]>();

const key = ({ file, from }: Case) => `${file} <- ${from}`;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'parley-layers-'));
  copyFileSync(join(root, 'biome.json'), join(scratch, 'biome.json'));
  // One file per case, so a diagnostic names its case by its path.
  const planted = [...FORBIDDEN, ...ALLOWED].map((entry, index) => {
    const file = entry.file.replace('planted.ts', `planted${index}.ts`);
    mkdirSync(join(scratch, dirname(file)), { recursive: true });
    writeFileSync(
      join(scratch, file),
      `import { value } from '${entry.from}';\n\nexport const planted = value;\n`,
    );
    return { file, entry };
  });
  const output = runBiome(planted.map(({ file }) => file));
  const diagnostics: { category: string; message: string; location: { path: string } }[] =
    JSON.parse(output).diagnostics;
  for (const { file, entry } of planted) {
    const messages = diagnostics
      .filter((diagnostic) => diagnostic.location.path.endsWith(file))
      .filter((diagnostic) => diagnostic.category === 'lint/style/noRestrictedImports')
      .map((diagnostic) => diagnostic.message);
    reported.set(key(entry), messages);
  }
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function runBiome(files: string[]): string {
  const args = [biome, 'lint', '--vcs-enabled=false', '--reporter=json', '--max-diagnostics=none', ...files];
  try {
    return execFileSync(process.execPath, args, { cwd: scratch, encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    // Biome exits 1 when it reports an error, which the forbidden cases are meant to cause.
    const { stdout } = error as { stdout?: string };
    if (!stdout) throw error;
    return stdout;
  }
}

describe('given the import layers in biome.json', () => {
  it.each(FORBIDDEN.map((entry) => [key(entry), entry] as const))(
    'when %s is planted, should fail the lint with the layer rule',
    (_, entry) => {
      expect(reported.get(key(entry))).toEqual([expect.stringMatching(/\w/)]);
    },
  );

  it.each(ALLOWED.map((entry) => [key(entry), entry] as const))(
    'when %s is planted, should let it pass',
    (_, entry) => {
      expect(reported.get(key(entry))).toEqual([]);
    },
  );
});
