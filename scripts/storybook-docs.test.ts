import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as kit from '@parley/chat-ui';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';

// Reads the built Storybook (`npm run build-storybook`, storybook-static/) the way its docs pages
// do: react-docgen-typescript attaches `Component.__docgenInfo` to each component in the built
// JavaScript, and the props table of a docs page is drawn from it. Every component the kit exports
// (and every compound part, `Composer.Root`) must be there with a description for each prop, and a
// prop whose description names a default must fill the table's Default column (`@default`).

const root = join(import.meta.dirname, '..');
const built = join(root, 'storybook-static');

/** Public components with no docs page of their own, and where their props are documented. */
const DOCUMENTED_ELSEWHERE: Record<string, string> = {
  LazyCarousel: 'takes CarouselProps: the Carousel page',
  LazyRichText: 'takes RichTextProps: the RichText page',
};

interface DocgenProp {
  name: string;
  description: string;
  defaultValue: { value: unknown } | null;
}

interface Docgen {
  displayName: string;
  /** Relative to the repository. */
  filePath: string;
  props: Record<string, DocgenProp>;
}

type Node = { type: string; [key: string]: unknown };

/** The value of a literal expression as the minifier wrote it (`!0`, template strings, ...). */
function literal(node: Node): unknown {
  switch (node.type) {
    case 'ObjectExpression':
      return Object.fromEntries(
        (node.properties as { key: { name?: string; value?: string }; value: Node }[]).map((property) => [
          property.key.name ?? property.key.value,
          literal(property.value),
        ]),
      );
    case 'ArrayExpression':
      return (node.elements as Node[]).map(literal);
    case 'Literal':
      return node.value;
    case 'TemplateLiteral':
      return (node.quasis as { value: { cooked: string } }[]).map((quasi) => quasi.value.cooked).join('');
    case 'UnaryExpression':
      if (node.operator === '!') return !literal(node.argument as Node);
      if (node.operator === '-') return -(literal(node.argument as Node) as number);
      if (node.operator === 'void') return undefined;
  }
  throw new Error(`not a literal: ${node.type}`);
}

/** Every `X.__docgenInfo = {...}` in the built chunks. */
function readDocgen(): Docgen[] {
  const found: Docgen[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (!node || typeof node !== 'object' || typeof (node as Node).type !== 'string') return;
    const { type, left, right } = node as Node & { left?: Node; right?: Node };
    if (type === 'AssignmentExpression' && left?.type === 'MemberExpression' && right) {
      const property = left.property as Node;
      if (property.type === 'Identifier' && property.name === '__docgenInfo') {
        const docgen = literal(right) as Docgen;
        found.push(docgen);
      }
    }
    for (const child of Object.values(node)) if (child && typeof child === 'object') visit(child);
  };
  const assets = join(built, 'assets');
  for (const file of readdirSync(assets)) {
    if (!file.endsWith('.js')) continue;
    const code = readFileSync(join(assets, file), 'utf8');
    if (code.includes('__docgenInfo')) visit(parseAst(code));
  }
  return found;
}

const REACT_TYPES = new Set<unknown>(
  ['react.forward_ref', 'react.memo', 'react.lazy'].map((name) => Symbol.for(name)),
);

/** A function component (not a class), or what forwardRef, memo and lazy return. */
function isComponent(value: unknown): boolean {
  if (typeof value === 'function') return !Function.prototype.toString.call(value).startsWith('class');
  return (
    typeof value === 'object' && value !== null && REACT_TYPES.has((value as { $$typeof?: symbol }).$$typeof)
  );
}

/** The kit's exported components and their compound parts, by the name a product writes. */
function publicComponents(): [string, unknown][] {
  const components: [string, unknown][] = [];
  for (const [name, value] of Object.entries(kit)) {
    if (!/^[A-Z][a-z]/.test(name) || !isComponent(value)) continue;
    components.push([name, value]);
    for (const [part, partValue] of Object.entries(value as object)) {
      if (/^[A-Z]/.test(part) && isComponent(partValue)) components.push([`${name}.${part}`, partValue]);
    }
  }
  return components;
}

// The kit's modules, so a docgen entry (a file and an export name) leads to the component itself.
const modules = import.meta.glob<Record<string, unknown>>([
  '../packages/chat-ui/src/**/*.tsx',
  '!**/*.test.tsx',
  '!**/*.stories.tsx',
]);

if (!existsSync(join(built, 'index.json'))) {
  throw new Error(
    'storybook-static/ is missing: run `npm run build-storybook` first (`npm run test:docs` does)',
  );
}

const docgenOf = new Map<unknown, Docgen[]>();
for (const docgen of readDocgen()) {
  const load = modules[`../${docgen.filePath}`];
  if (!load) continue;
  const component = (await load())[docgen.displayName];
  docgenOf.set(component, [...(docgenOf.get(component) ?? []), docgen]);
}

const components = publicComponents();

describe('the built Storybook documents the kit', () => {
  it("names source files relative to the repository, not by the build machine's folders", () => {
    const assets = join(built, 'assets');
    const leaking = readdirSync(assets).filter((file) =>
      readFileSync(join(assets, file), 'utf8').includes(root),
    );
    expect(leaking).toEqual([]);
  });

  it('gives every widget with stories a docs page', () => {
    const index = JSON.parse(readFileSync(join(built, 'index.json'), 'utf8')) as {
      entries: Record<string, { type: string; importPath: string; componentPath?: string }>;
    };
    const entries = Object.values(index.entries);
    const storyFiles = new Set(
      entries
        .filter((entry) => entry.type === 'story' && entry.componentPath?.startsWith('./packages/chat-ui/'))
        .map((entry) => entry.importPath),
    );
    const docsPages = new Set(
      entries.filter((entry) => entry.type === 'docs').map((entry) => entry.importPath),
    );
    expect(storyFiles.size).toBeGreaterThan(30);
    expect([...storyFiles].filter((file) => !docsPages.has(file))).toEqual([]);
  });

  it('has the props of every exported component', () => {
    const missing = components
      .filter(([name, component]) => !docgenOf.has(component) && !(name in DOCUMENTED_ELSEWHERE))
      .map(([name]) => name);
    expect(missing, 'components with no props table in the built Storybook').toEqual([]);
    expect(Object.keys(DOCUMENTED_ELSEWHERE).filter((name) => !(name in kit))).toEqual([]);
  });

  it.for(
    components
      .filter(([, component]) => docgenOf.has(component))
      .map(([name, component]) => ({ name, component })),
  )('$name: every prop has a description, and a stated default shows as the default', ({ component }) => {
    const props = (docgenOf.get(component) ?? []).flatMap((docgen) => Object.values(docgen.props));
    const undescribed = props.filter((prop) => !prop.description.trim()).map((prop) => prop.name);
    expect(undescribed, 'props without a JSDoc description').toEqual([]);
    const defaultInProse = props
      .filter((prop) => /\bDefault\b/.test(prop.description) && prop.defaultValue === null)
      .map((prop) => prop.name);
    expect(defaultInProse, 'props whose default is only in the text: give it as `@default`').toEqual([]);
  });
});
