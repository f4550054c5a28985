import {
  agentRoutes,
  envelope,
  integrationRoutes,
  operationsRoutes,
  requestSchemas,
  visitorRoutes,
  webhookEventTypes,
} from '@parley/chat-protocol';
import { Validator } from '@seriousme/openapi-schema-validator';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { OPENAPI_PATH, REFERENCE_PATH } from './plugins/openapi.js';
import { heldAnswers, holdToDocument } from './test/answers.js';
import { testDatabases } from './test/databases.js';
import { serverFor } from './test/harness.js';
import { undocumented } from './test/receiver.js';

// The OpenAPI 3.1 document (plugins/openapi.ts): valid, and holding every call of the contract's
// tables with the method, parameters and security the server registers.

const [database] = testDatabases();
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI document', () => {
  const server = serverFor(database as NonNullable<typeof database>, { channels: [], agents: [] });
  const document = async () => {
    const answer = await server().app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(answer.statusCode).toBe(200);
    return answer.json();
  };

  it('should be a valid OpenAPI 3.1 document', async () => {
    const doc = await document();
    expect(doc.openapi).toBe('3.1.0');
    expect(await new Validator().validate(doc)).toEqual({ valid: true });
  });

  it('should hold every agent and integration call, with its path parameters and the token it takes', async () => {
    const { paths } = await document();
    const capitalised = (name: string) => `${name[0]?.toUpperCase()}${name.slice(1)}`;
    const calls = [
      ...Object.entries(agentRoutes).map(([name, route]) => ({ name, route, operationId: name })),
      ...Object.entries(integrationRoutes).map(([name, route]) => ({
        name,
        route,
        operationId: `integration${capitalised(name)}`,
      })),
    ];
    for (const { name, route, operationId } of calls) {
      const operation = paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
      expect(operation, `${name}: ${route.method} ${route.path}`).toBeDefined();
      const names = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]);
      const inPath = (operation.parameters ?? [])
        .filter((parameter: { in: string }) => parameter.in === 'path')
        .map((parameter: { name: string }) => parameter.name);
      expect(inPath.sort(), name).toEqual(names.sort());
      // A generated client names each method after the call.
      expect(operation.operationId, name).toBe(operationId);
    }
    for (const [name, route] of Object.entries(visitorRoutes)) {
      expect(paths[route.path]?.post?.operationId, name).toBe(`visitor${capitalised(name)}`);
    }
    expect(paths['/api/agent/poll'].get.security).toEqual([{ agentToken: [] }, { agentCookie: [] }]);
    expect(paths['/api/agent/poll'].get.responses['200'].content['application/json'].schema).toBeDefined();
    expect(paths['/api/integration/v1/conversations'].get.security).toEqual([{ integrationToken: [] }]);
    expect(paths['/api/agent/login'].post.security).toBeUndefined();
  });

  it("should hold only the contract's routes: each path and method of the document is one of its tables'", async () => {
    const { paths } = await document();
    const declared = new Set(
      [visitorRoutes, agentRoutes, integrationRoutes, operationsRoutes].flatMap((table) =>
        Object.values(table).map((route) => `${route.method} ${openApiPath(route.path)}`),
      ),
    );
    const documented = Object.entries(paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.filter((route) => !declared.has(route))).toEqual([]);
    expect(documented.length).toBe(declared.size);
    // The operations outside the envelope say what they answer.
    const ready = paths['/readyz'].get.responses;
    expect(ready['503'].content['application/json'].schema.properties.status.enum).toContain(
      'migrations pending',
    );
    expect(Object.keys(paths['/api/agent/reports.csv'].get.responses['200'].content)).toEqual([
      'text/csv; charset=utf-8',
    ]);
    expect(paths['/metrics'].get.security).toEqual([{ metricsToken: [] }]);
  });

  it('should give generated types that compile and hold a client to the calls (openapi-typescript)', async () => {
    const types = astToString(await openapiTS(await document()));
    // What an integrator's client would write against the generated types: a wrong one fails.
    const client = `
      import type { operations, paths, webhooks } from './parley';
      type Poll = paths['/api/agent/poll']['get'];
      export const cursor: NonNullable<Poll['parameters']['query']>['cursor'] = '0';
      type Me = operations['me']['responses'][200]['content']['application/json'];
      export const agentOf = (answer: Me): string | undefined => answer.data?.nick;
      type ReportQuery = operations['report']['parameters']['query'];
      export const month: ReportQuery = { from: '2026-01-01', to: '2026-01-31', timeZone: 'Europe/Paris' };
      // @ts-expect-error a report needs the end of its range
      export const open: ReportQuery = { from: '2026-01-01' };
      // The integrator's guide (apps/server/README.md) pages with these names.
      type Page = operations['integrationConversations']['responses'][200]['content']['application/json'];
      export const nextOf = (page: Page): string | null => page.data?.next ?? null;
      export const firstId = (page: Page): string | undefined => page.data?.conversations[0]?.id;
      type Join = operations['join']['parameters']['path'];
      export const chat: Join = { sessionId: 's1' };
      type Send = NonNullable<operations['visitorSendMsg']['requestBody']>['content']['application/json'];
      export const hello: Send = { userId: 'u1', msgContent: 'Hello', clientMsgId: 'c1' };
      // @ts-expect-error a visitor's message names its visitor
      export const nobody: Send = { msgContent: 'Hello' };
      type Left = webhooks['message.left']['post']['requestBody'];
      export const leftText = (left: NonNullable<Left>['content']['application/json']): string =>
        left.data.content;
    `;
    const files = new Map([
      ['/parley.ts', types],
      ['/client.ts', client],
    ]);
    const options = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, skipLibCheck: true };
    const host = ts.createCompilerHost(options);
    const read = host.getSourceFile.bind(host);
    host.getSourceFile = (name, language) => {
      const text = files.get(name);
      return text === undefined ? read(name, language) : ts.createSourceFile(name, text, language);
    };
    host.fileExists = (name) => files.has(name) || ts.sys.fileExists(name);
    host.readFile = (name) => files.get(name) ?? ts.sys.readFile(name);
    const program = ts.createProgram(['/client.ts'], options, host);
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((problem) => ts.flattenDiagnosticMessageText(problem.messageText, '\n'));
    expect(problems).toEqual([]);
  });

  it('should publish each webhook event type with the schema of its payload', async () => {
    const { webhooks } = await document();
    expect(Object.keys(webhooks).sort()).toEqual([...webhookEventTypes].sort());
    const created = webhooks['message.created'].post.requestBody.content['application/json'].schema;
    expect(created.properties.data.required).toEqual(
      expect.arrayContaining(['messageId', 'sender', 'msgContent']),
    );
    expect(created.properties.type.enum).toEqual(['message.created']);
    // The test receiver holds every delivery to these schemas (src/test/receiver.ts).
    const left = {
      id: '7',
      type: 'message.left',
      createdAt: 1,
      channelId: 'shop',
      conversationId: 'contact:ct_1',
      data: {
        leftMessageId: 3,
        contactId: 'ct_1',
        channelId: 'shop',
        name: null,
        phone: null,
        email: 'a@b.c',
        content: 'Hi',
        leftAt: 1,
      },
    };
    expect(undocumented(left)).toBeUndefined();
    expect(undocumented({ ...left, data: { ...left.data, content: 5 } })).toMatch(
      /payload\/data\/content must be string/,
    );
    expect(undocumented({ ...left, type: 'message.lost' })).toMatch(/does not name/);
  });

  it("should hold every visitor call with the body schema the server checks, and none of the apps' files", async () => {
    const { paths } = await document();
    for (const call of Object.keys(requestSchemas)) {
      const operation = paths[`/api/chat/visitor/${call}`]?.post;
      expect(operation, call).toBeDefined();
      expect(operation.requestBody.content['application/json'].schema, call).toBeDefined();
    }
    for (const [call, route] of Object.entries(visitorRoutes)) {
      if (call === 'upload' || call === 'uploadBase64') continue;
      const answer = paths[route.path]?.post.responses['200'].content['application/json'].schema;
      expect(answer?.properties?.data, `${call}: its answer`).toBeDefined();
    }
    expect(Object.keys(paths).filter((path) => /^\/(chat|agent)(\/|$)/.test(path))).toEqual([]);
  });

  it("should hold every answer the tests' servers give to the document, and refuse one it does not describe", async () => {
    const before = heldAnswers.checked;
    const answer = await server().app.inject({
      method: 'POST',
      url: '/api/chat/visitor/channelInfo',
      payload: { id: 'nowhere' },
    });
    expect(answer.json().code).not.toBe(200);
    await server().app.inject({ method: 'GET', url: '/healthz' });
    const login = await server().app.inject({ method: 'GET', url: '/api/agent/session' });
    expect(login.json()).toMatchObject({ code: 200, data: { agent: null } });
    expect(heldAnswers.checked).toBeGreaterThan(before);

    const me = { method: 'GET', url: agentRoutes.me.path, schema: envelope(agentRoutes.me.answer) };
    const agent = {
      id: 'a1',
      username: 'ada',
      nick: 'Ada',
      capacity: 2,
      channels: [],
      groups: [],
      online: true,
      away: false,
      role: 'admin',
    };
    expect(() => holdToDocument(me, { code: 200, data: agent, message: 'ok' })).not.toThrow();
    expect(() =>
      holdToDocument(me, { code: 200, data: { ...agent, capacity: 'two' }, message: 'ok' }),
    ).toThrow(
      /GET \/api\/agent\/me answered what its documented schema does not say: answer\/data\/capacity must be integer/,
    );
    const { username: _left, ...withoutName } = agent;
    expect(() => holdToDocument(me, { code: 200, data: withoutName, message: 'ok' })).toThrow(/username/);
  });

  it('should serve a readable reference of the same document, its scripts as files under the CSP', async () => {
    const page = await server().app.inject({ method: 'GET', url: REFERENCE_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<title>Parley API reference</title>');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    // No inline script: each script is a file the policy lets load.
    expect(page.body.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? []).toEqual([]);
    const scripts = [...page.body.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map(
      (match) => match[1] as string,
    );
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      const script = await server().app.inject({
        method: 'GET',
        url: new URL(src, `http://x${REFERENCE_PATH}/`).pathname,
      });
      expect(script.statusCode, src).toBe(200);
    }
    const shown = await server().app.inject({ method: 'GET', url: `${REFERENCE_PATH}/json` });
    expect(shown.json()).toEqual(await document());
  });
});
