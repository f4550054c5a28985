import { agentRoutes, integrationRoutes, requestSchemas } from '@parley/chat-protocol';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { OPENAPI_PATH } from './plugins/openapi.js';
import { testDatabases } from './test/databases.js';
import { serverFor } from './test/harness.js';

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
    for (const [name, route] of [...Object.entries(agentRoutes), ...Object.entries(integrationRoutes)]) {
      const operation = paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
      expect(operation, `${name}: ${route.method} ${route.path}`).toBeDefined();
      const names = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]);
      const inPath = (operation.parameters ?? [])
        .filter((parameter: { in: string }) => parameter.in === 'path')
        .map((parameter: { name: string }) => parameter.name);
      expect(inPath.sort(), name).toEqual(names.sort());
    }
    expect(paths['/api/agent/poll'].get.security).toEqual([{ agentToken: [] }, { agentCookie: [] }]);
    expect(paths['/api/agent/poll'].get.responses['200'].content['application/json'].schema).toBeDefined();
    expect(paths['/api/integration/v1/conversations'].get.security).toEqual([{ integrationToken: [] }]);
    expect(paths['/api/agent/login'].post.security).toBeUndefined();
  });

  it("should hold every visitor call with the body schema the server checks, and none of the apps' files", async () => {
    const { paths } = await document();
    for (const call of Object.keys(requestSchemas)) {
      const operation = paths[`/api/chat/visitor/${call}`]?.post;
      expect(operation, call).toBeDefined();
      expect(operation.requestBody.content['application/json'].schema, call).toBeDefined();
    }
    expect(Object.keys(paths).filter((path) => /^\/(chat|agent)(\/|$)/.test(path))).toEqual([]);
  });
});
