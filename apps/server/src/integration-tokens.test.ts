import { agentPath, ErrorCode, type IntegrationTokenView, integrationScopes } from '@parley/chat-protocol';
import { describe, expect, it } from 'vitest';
import { runAdmin } from './admin/commands.js';
import type { Seed } from './seed.js';
import { testDatabases } from './test/databases.js';
import { type AgentClient, serverFor, testAgent } from './test/harness.js';

// An administrator's integration API tokens from the console (the agent API's token calls): made
// with the token shown once, listed without it, revoked, and each change in the record of changes.

const seed: Seed = {
  channels: [
    { id: 'crm', tenantId: 't', info: { receiveMode: 3 } },
    { id: 'other', tenantId: 't', info: { receiveMode: 3 } },
  ],
  agents: [
    testAgent('amira', { channels: ['crm', 'other'], role: 'admin' }),
    testAgent('bruno', { channels: ['crm'] }),
  ],
};

const TOKENS = agentPath('integrationTokens', {});

describe.each(testDatabases())('integration API tokens from the console on $name', (database) => {
  const server = serverFor(database, seed);
  const amira = () => server().login('amira', 'pw-amira');

  const integration = async (secret: string) => {
    const response = await server().app.inject({
      method: 'GET',
      url: '/api/integration/v1/conversations?channelId=crm',
      headers: { authorization: `Bearer ${secret}` },
    });
    return response.statusCode;
  };

  const changesOf = async (admin: AgentClient, target: string) =>
    ((await admin.call('GET', agentPath('adminChanges', {}))).data as { kind: string; target: string }[])
      .filter((change) => change.target === target)
      .reverse();

  it('given an administrator makes a token, should answer it once, let it call, list it without it, and refuse it once revoked', async () => {
    const admin = await amira();
    const added = await admin.call('POST', TOKENS, {
      name: 'Helpdesk sync',
      scopes: ['conversations:read', 'messages:write'],
      channels: ['crm'],
      botName: 'Syncbot',
    });
    expect(added.status).toBe(200);
    const { token, secret } = added.data as { token: IntegrationTokenView; secret: string };
    expect(secret).toMatch(/^pt_[\w-]{43}$/);
    expect(token).toEqual({
      id: expect.stringMatching(/^tok_/),
      name: 'Helpdesk sync',
      scopes: ['conversations:read', 'messages:write'],
      channels: ['crm'],
      agent: null,
      botName: 'Syncbot',
      createdAt: expect.any(Number),
      lastUsedAt: null,
      revokedAt: null,
    });

    expect(await integration(secret)).toBe(200);

    const listed = await admin.call('GET', TOKENS);
    expect(listed.status).toBe(200);
    const mine = (listed.data as IntegrationTokenView[]).find((one) => one.id === token.id);
    expect(mine).toMatchObject({ name: 'Helpdesk sync', revokedAt: null, lastUsedAt: expect.any(Number) });
    expect(JSON.stringify(listed.data)).not.toContain(secret);

    const revoked = await admin.call('DELETE', agentPath('revokeIntegrationToken', { tokenId: token.id }));
    expect(revoked.status).toBe(200);
    expect(revoked.data.revokedAt).toEqual(expect.any(Number));
    expect(await integration(secret)).toBe(ErrorCode.unauthorized);
    const after = (await admin.call('GET', TOKENS)).data as IntegrationTokenView[];
    expect(after.find((one) => one.id === token.id)?.revokedAt).toBe(revoked.data.revokedAt);

    const changes = await changesOf(admin, token.id);
    expect(changes.map((change) => change.kind)).toEqual(['tokenAdded', 'tokenRevoked']);
    expect(changes[0]).toMatchObject({
      by: { id: 'amira', nick: 'Amira' },
      changes: {
        name: { from: null, to: 'Helpdesk sync' },
        scopes: { from: null, to: ['conversations:read', 'messages:write'] },
        botName: { from: null, to: 'Syncbot' },
      },
    });
    expect(JSON.stringify(changes)).not.toContain(secret);
  });

  it('given a token that posts as an agent, should name the agent by username', async () => {
    const admin = await amira();
    const added = await admin.call('POST', TOKENS, {
      name: 'Agent desk',
      scopes: ['messages:write'],
      agentUsername: 'bruno',
    });
    expect(added.status).toBe(200);
    expect(added.data.token).toMatchObject({ agent: { id: 'bruno', username: 'bruno' }, botName: null });
  });

  it('given a token revoked twice, should record it once', async () => {
    const admin = await amira();
    const { data } = await admin.call('POST', TOKENS, { name: 'Twice', scopes: ['contacts:write'] });
    const path = agentPath('revokeIntegrationToken', { tokenId: data.token.id });
    expect((await admin.call('DELETE', path)).status).toBe(200);
    expect((await admin.call('DELETE', path)).status).toBe(200);
    expect((await changesOf(admin, data.token.id)).map((change) => change.kind)).toEqual([
      'tokenAdded',
      'tokenRevoked',
    ]);
  });

  it('given the command line makes and revokes a token, should record both with nobody as who', async () => {
    const lines: string[] = [];
    const admin = (...argv: string[]) =>
      runAdmin(argv, { db: server().app.db, out: (line) => lines.push(line), readStdin: async () => '' });
    await admin('token', 'add', 'nightly export', '--scopes', 'conversations:read');
    const id = lines[0]?.match(/^token (tok_\S+)/)?.[1] ?? '';
    const secret = lines[1]?.match(/: (pt_[\w-]{43})$/)?.[1] ?? '';
    await admin('token', 'revoke', id);
    const changes = await changesOf(await amira(), id);
    expect(changes).toMatchObject([
      { kind: 'tokenAdded', by: null },
      { kind: 'tokenRevoked', by: null },
    ]);
    expect(JSON.stringify(changes)).not.toContain(secret);
  });

  it('given an agent who is not an administrator, should refuse every token call with 403', async () => {
    const bruno = await server().login('bruno', 'pw-bruno');
    expect((await bruno.call('GET', TOKENS)).status).toBe(ErrorCode.forbidden);
    expect((await bruno.call('POST', TOKENS, { name: 'Mine', scopes: ['contacts:write'] })).status).toBe(
      ErrorCode.forbidden,
    );
    const { data } = await (await amira()).call('POST', TOKENS, {
      name: 'Theirs',
      scopes: ['contacts:write'],
    });
    expect(
      (await bruno.call('DELETE', agentPath('revokeIntegrationToken', { tokenId: data.token.id }))).status,
    ).toBe(ErrorCode.forbidden);
    expect(await integration(data.secret)).not.toBe(ErrorCode.unauthorized);
  });

  it.each([
    [
      'an unknown scope',
      { name: 'x', scopes: ['admin:all'] },
      new RegExp(`scopes.*\\(${integrationScopes.join(', ')}\\)`),
    ],
    ['no scope', { name: 'x', scopes: [] }, /scopes/],
    ['a blank name', { name: '   ', scopes: ['contacts:write'] }, /name/],
    [
      'an unknown channel',
      { name: 'x', scopes: ['contacts:write'], channels: ['nowhere'] },
      /no channel nowhere/,
    ],
    [
      'an unknown agent',
      { name: 'x', scopes: ['messages:write'], agentUsername: 'nobody' },
      /no agent named nobody/,
    ],
    [
      'both an agent and a bot',
      { name: 'x', scopes: ['messages:write'], agentUsername: 'bruno', botName: 'Bot' },
      /not both/,
    ],
    ['messages:write with nobody to post as', { name: 'x', scopes: ['messages:write'] }, /agent or a bot/],
  ])('given %s, should answer 400 saying why and make nothing', async (_, body, why) => {
    const admin = await amira();
    const before = ((await admin.call('GET', TOKENS)).data as unknown[]).length;
    const answer = await admin.call('POST', TOKENS, body);
    expect(answer.status).toBe(ErrorCode.badRequest);
    expect(answer.message).toMatch(why);
    expect(((await admin.call('GET', TOKENS)).data as unknown[]).length).toBe(before);
  });

  it('given a token that does not exist, should answer 404', async () => {
    const answer = await (await amira()).call(
      'DELETE',
      agentPath('revokeIntegrationToken', { tokenId: 'tok_missing' }),
    );
    expect(answer.status).toBe(ErrorCode.notFound);
  });
});
