import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { reportFigureNames } from './reports.js';
import { webhookEventTypes } from './webhooks.js';

const page = readFileSync(new URL('../../../../docs/contract.md', import.meta.url), 'utf8');

/** The first cells of the table under a heading of docs/contract.md, without backticks. */
function firstColumn(heading: string): string[] {
  const start = page.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`docs/contract.md has no "${heading}"`);
  const lines = page.slice(start + heading.length + 2).split('\n');
  const end = lines.findIndex((line) => line.startsWith('#'));
  return lines
    .slice(0, end < 0 ? undefined : end)
    .filter((line) => line.startsWith('| `'))
    .map((line) => line.split('|')[1]?.trim().replaceAll('`', '') ?? '');
}

describe('docs/contract.md for operators', () => {
  it('should list every webhook event type the package names, and no other', () => {
    expect(firstColumn('### WebhookEvent')).toEqual([...webhookEventTypes]);
  });

  it('should list every figure of the report, in the CSV order', () => {
    expect(firstColumn('### ReportFigures')).toEqual(reportFigureNames);
  });
});
