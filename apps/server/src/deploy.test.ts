import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { operationsRoutes } from '@parley/chat-protocol';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { repoRoot, serverRoot } from './config.js';

// The container image and the compose topology cannot run on the test machines (no container
// runtime); what can go wrong silently is checked here: a variable the files set that the server
// never reads (a typo, a renamed setting), or a path they copy that does not exist.

const read = (path: string) => readFileSync(join(repoRoot, path), 'utf8');

/** Every environment variable the server reads. */
function variablesTheServerReads(): Set<string> {
  const names = new Set(['NODE_ENV']);
  for (const file of ['apps/server/src/config.ts', 'apps/server/src/db/postgres.ts']) {
    for (const match of read(file).matchAll(/\b(?:process\.)?env\.([A-Z][A-Z0-9_]*)/g))
      names.add(match[1] as string);
  }
  return names;
}

describe('the Dockerfile and compose.yaml', () => {
  const known = variablesTheServerReads();

  it('should know the variables of the server it checks against', () => {
    for (const name of ['DATABASE_URL', 'TRUST_PROXY', 'UPLOADS_DIR', 'METRICS_TOKEN', 'PG_POOL_SIZE']) {
      expect(known).toContain(name);
    }
  });

  it("given the image's ENV, should set only variables the server reads", () => {
    const dockerfile = read('Dockerfile');
    const set = [...dockerfile.matchAll(/^ENV\s+([\s\S]*?)(?<!\\)\n/gm)].flatMap((match) =>
      [...(match[1] as string).matchAll(/([A-Z][A-Z0-9_]*)=/g)].map((name) => name[1] as string),
    );
    expect(set).toEqual(expect.arrayContaining(['HOST', 'PORT', 'DATA_DIR', 'VISITOR_DIST', 'CONSOLE_DIST']));
    expect(set.filter((name) => !known.has(name))).toEqual([]);
  });

  it('given compose.yaml, should give both instances the same settings, each one the server reads', () => {
    const compose = parse(read('compose.yaml'), { merge: true }) as {
      services: Record<string, { environment?: Record<string, string>; build?: string }>;
    };
    const instances = Object.entries(compose.services).filter(([, service]) => service.build === '.');
    expect(instances.map(([name]) => name)).toEqual(['parley-a', 'parley-b']);
    const [a, b] = instances.map(([, service]) => service.environment ?? {});
    expect(a).toEqual(b);
    expect(Object.keys(a ?? {}).filter((name) => !known.has(name))).toEqual([]);
    // what the scale-out needs: one database, shared uploads, the proxy's client address
    expect(a).toMatchObject({ TRUST_PROXY: '1', UPLOADS_DIR: '/uploads' });
    expect(a?.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\//);
  });

  it('given the proxy, should send traffic only to ready instances, by the route the server answers', () => {
    const caddyfile = read('deploy/Caddyfile');
    expect(caddyfile).toContain('health_uri /readyz');
    expect(caddyfile).toMatch(/reverse_proxy parley-a:3000 parley-b:3000/);
    expect(read('apps/server/src/plugins/health.ts')).toContain('operationsRoutes.readiness.path');
    expect(operationsRoutes.readiness.path).toBe('/readyz');
  });

  it('given what the Dockerfile copies from the repository, should find each path', () => {
    const copies = [...read('Dockerfile').matchAll(/^COPY (?!--from)(.+) (\S+)$/gm)].flatMap((match) =>
      (match[1] as string).split(/\s+/),
    );
    expect(copies.length).toBeGreaterThan(3);
    for (const path of copies.filter((path) => path !== '.'))
      expect(existsSync(join(repoRoot, path)), path).toBe(true);
    const built = [...read('Dockerfile').matchAll(/^COPY --from=build \/app\/(\S+) /gm)].map(
      (match) => match[1] as string,
    );
    for (const path of built.filter((path) => !path.includes('/dist'))) {
      expect(existsSync(join(repoRoot, path)), path).toBe(true);
    }
    expect(read('apps/server/tsconfig.build.json')).toContain('"outDir"');
    expect(existsSync(join(serverRoot, 'src/main.ts'))).toBe(true);
  });
});
