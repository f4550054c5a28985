import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { agentRoutes } from './agent/routes.js';
import { agentAnswerSchemas } from './agent/schemas.js';
import { deskEventTypes } from './agent/types.js';
import { answerSchemas } from './answers.js';
import {
  AgentEvent,
  ChatStatus,
  ErrorCode,
  MsgType,
  OutType,
  SenderType,
  TransferStatus,
  VisitorEvent,
} from './codes.js';
import { requestSchemas } from './requests.js';

// The project's contract page (docs/contract.md) against the package: a code, a call or a required
// field that changes here and not there fails this test.

const page = readFileSync(new URL('../../../docs/contract.md', import.meta.url), 'utf8');

/** The rows of the first table after a heading, as lists of cells without backticks. */
function table(heading: string): string[][] {
  const start = page.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`docs/contract.md has no "${heading}"`);
  const rows: string[][] = [];
  for (const line of page.slice(start + heading.length + 2).split('\n')) {
    if (line.startsWith('#')) break;
    if (!line.startsWith('|')) {
      if (rows.length) break;
      continue;
    }
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim().replaceAll('`', ''));
    if (!cells.every((cell) => /^-+$/.test(cell))) rows.push(cells);
  }
  return rows.slice(1);
}

const CODES = {
  ChatStatus,
  ErrorCode,
  TransferStatus,
  VisitorEvent,
  OutType,
  SenderType,
  MsgType,
  AgentEvent,
};

describe('docs/contract.md', () => {
  it.each(Object.entries(CODES))('should list every %s code with its value, and no other', (name, codes) => {
    const documented = Object.fromEntries(table(`### ${name}`).map(([key, value]) => [key, value]));
    expect(documented).toEqual(
      Object.fromEntries(Object.entries(codes).map(([key, value]) => [key, String(value)])),
    );
  });

  it('should list every call with the fields the server requires', () => {
    const documented = Object.fromEntries(table('## Calls').map(([call, required]) => [call, required]));
    const expected = Object.fromEntries(
      Object.entries(requestSchemas).map(([call, schema]) => [call, (schema.required ?? []).join(', ')]),
    );
    expect(Object.keys(documented).sort()).toEqual(Object.keys(answerSchemas).sort());
    expect({ ...documented, upload: undefined }).toEqual({ ...expected, upload: undefined });
  });

  it('should list every agent call with its method, path and the body fields the server requires', () => {
    const documented = table('### Agent calls').map(([call, method, path, required]) => [
      call,
      method,
      path,
      call === 'sendFile' ? '' : required,
    ]);
    const expected = Object.entries(agentRoutes).map(([call, route]) => [
      call,
      route.method,
      route.path,
      (route.body?.required ?? []).join(', '),
    ]);
    expect(documented).toEqual(expected);
  });
  it('should list every desk event type, and only fields a desk event has', () => {
    const rows = table('### Desk events');
    expect(rows.map(([type]) => type)).toEqual([...deskEventTypes]);
    const events = agentAnswerSchemas.poll.properties?.events;
    const fields = Object.keys(events?.items?.properties ?? {});
    for (const [type, carries = ''] of rows) {
      // The fields named before the colon, e.g. "replyTo, message: the robot's ...".
      const named = carries.includes(':') ? (carries.split(':')[0] ?? '').split(', ') : [];
      for (const field of named) expect(fields, `${type} carries ${field}`).toContain(field);
    }
  });

  it("should list the poll's query parameters", () => {
    const poll = table('### Agent calls').find(([call]) => call === 'poll');
    const documented = [...(poll?.[4] ?? '').matchAll(/query (.*)/g)].flatMap((match) =>
      (match[1] ?? '').split(', ').map((name) => name.split(' ')[0]),
    );
    expect(documented).toEqual(Object.keys(agentRoutes.poll.query?.properties ?? {}));
  });
});
