import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { integrationRoutes, integrationScopes } from './integration.js';
import { reportFigureNames } from './reports.js';
import { webhookEventTypes } from './webhooks.js';

const page = readFileSync(new URL('../../../../docs/contract.md', import.meta.url), 'utf8');

/** The rows of the table under a heading of docs/contract.md (header and rule left out), without backticks. */
function rows(heading: string): string[][] {
  const start = page.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`docs/contract.md has no "${heading}"`);
  const lines = page.slice(start + heading.length + 2).split('\n');
  const end = lines.findIndex((line) => line.startsWith('#'));
  return lines
    .slice(0, end < 0 ? undefined : end)
    .filter((line) => line.startsWith('|'))
    .slice(2)
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim().replaceAll('`', '')),
    );
}
const firstColumn = (heading: string) => rows(heading).map((row) => row[0]);

describe('docs/contract.md for operators', () => {
  it('should list every webhook event type the package names, and no other', () => {
    expect(firstColumn('### WebhookEvent')).toEqual([...webhookEventTypes]);
  });

  it('should list every figure of the report, in the CSV order', () => {
    expect(firstColumn('### ReportFigures')).toEqual(reportFigureNames);
  });

  it('should list every integration call with its method, path and scope, and every scope', () => {
    expect(rows('### Integration calls').map((row) => row.slice(0, 4))).toEqual(
      Object.entries(integrationRoutes).map(([name, route]) => [name, route.method, route.path, route.scope]),
    );
    expect(firstColumn('## The integration API')).toEqual([...integrationScopes]);
  });
});
