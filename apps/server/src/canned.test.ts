import { ErrorCode } from '@parley/chat-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Seed } from './seed.js';
import { testDatabases } from './test/databases.js';
import { type AgentClient, type Harness, harness } from './test/harness.js';

const agent = (id: string, nick: string, channels: string[]) => ({
  id,
  username: id,
  password: `pw-${id}`,
  nick,
  capacity: 1,
  channels,
  online: false,
});

const seed: Seed = {
  channels: [
    { id: 'desk', tenantId: 't', info: { receiveMode: 3 } },
    { id: 'shop', tenantId: 't', info: { receiveMode: 3 } },
    { id: 'full', tenantId: 't', info: { receiveMode: 3 } },
  ],
  agents: [
    agent('ana', 'Ana', ['desk', 'shop', 'full']),
    agent('ben', 'Ben', ['desk']),
    { ...agent('ada', 'Ada', ['desk', 'shop']), role: 'admin' },
  ],
};

describe.each(testDatabases())('canned replies on $name', (database) => {
  let server: Harness;
  let ana: AgentClient;
  let ben: AgentClient;

  beforeAll(async () => {
    server = await harness(await database.open(), seed);
    ana = await server.login('ana', 'pw-ana');
    ben = await server.login('ben', 'pw-ben');
  });
  afterAll(async () => {
    await server.app.close();
    await server.app.db.close();
  });

  const list = (client: AgentClient, channelId?: string) =>
    client.call('GET', `/api/agent/canned${channelId ? `?channelId=${channelId}` : ''}`);
  const add = (client: AgentClient, body: object) => client.call('POST', '/api/agent/canned', body);
  const titles = async (client: AgentClient, channelId?: string) =>
    (await list(client, channelId)).data.map((reply: { title: string }) => reply.title);

  it('given replies added, changed and deleted, should list what is left, oldest first, per channel', async () => {
    const shipping = await add(ana, {
      channelId: 'desk',
      title: 'Shipping',
      text: 'Orders ship within 2 days.',
    });
    expect(shipping).toMatchObject({
      code: 200,
      data: {
        id: expect.any(String),
        channelId: 'desk',
        title: 'Shipping',
        text: 'Orders ship within 2 days.',
        createdAt: expect.any(Number),
        updatedAt: expect.any(Number),
      },
    });
    const returns = await add(ana, { channelId: 'desk', title: '  Returns ', text: ' Within 30 days. ' });
    expect(returns.data).toMatchObject({ title: 'Returns', text: 'Within 30 days.' });
    await add(ana, { channelId: 'shop', title: 'Gift cards', text: 'We sell them from 10 EUR.' });
    expect(await titles(ana, 'desk')).toEqual(['Shipping', 'Returns']);
    expect(await titles(ana, 'shop')).toEqual(['Gift cards']);
    expect(await titles(ana)).toEqual(['Shipping', 'Returns', 'Gift cards']);

    const changed = await ana.call('PUT', `/api/agent/canned/${returns.data.id}`, {
      title: 'Returns',
      text: 'Returns are free within 30 days.',
    });
    expect(changed.data).toMatchObject({ id: returns.data.id, text: 'Returns are free within 30 days.' });
    expect((await ana.call('DELETE', `/api/agent/canned/${shipping.data.id}`)).code).toBe(ErrorCode.ok);
    expect((await list(ana, 'desk')).data).toEqual([
      expect.objectContaining({ title: 'Returns', text: 'Returns are free within 30 days.' }),
    ]);
  });

  it("given another agent's replies, should neither list, change nor delete them", async () => {
    const own = await add(ana, { channelId: 'desk', title: 'Mine', text: 'Only Ana sees this.' });
    expect(await titles(ben, 'desk')).not.toContain('Mine');
    const change = await ben.call('PUT', `/api/agent/canned/${own.data.id}`, { title: 'x', text: 'y' });
    expect(change.code).toBe(ErrorCode.notFound);
    expect((await ben.call('DELETE', `/api/agent/canned/${own.data.id}`)).code).toBe(ErrorCode.notFound);
    expect((await ana.call('DELETE', '/api/agent/canned/no-such-reply')).code).toBe(ErrorCode.notFound);
    expect(await titles(ana, 'desk')).toContain('Mine');
  });

  it('given a channel the agent does not serve, should refuse to list or add there', async () => {
    expect((await list(ben, 'shop')).code).toBe(ErrorCode.forbidden);
    const answer = await add(ben, { channelId: 'shop', title: 'Hi', text: 'Hello' });
    expect(answer.code).toBe(ErrorCode.forbidden);
    expect(answer.message).toContain('channelId');
  });

  it('given no agent session, should answer 401', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/agent/canned' });
    expect(response.statusCode).toBe(ErrorCode.unauthorized);
  });

  it.each([
    ['a title over 80 characters', { title: 'x'.repeat(81), text: 'Hello' }, 'title'],
    ['a blank title', { title: '   ', text: 'Hello' }, 'title'],
    ['no title', { text: 'Hello' }, 'title'],
    ['an empty text', { title: 'Hi', text: '' }, 'text'],
    ['a blank text', { title: 'Hi', text: ' \n ' }, 'text'],
    ['a text over 2000 characters', { title: 'Hi', text: 'x'.repeat(2001) }, 'text'],
    ['a text that is not text', { title: 'Hi', text: 42 }, 'text'],
  ])('given %s, should answer 400 naming the field', async (_case, body, field) => {
    const answer = await add(ana, {
      channelId: 'desk',
      ...body,
      ...(field === 'channelId' && { channelId: undefined }),
    });
    expect(answer).toMatchObject({ status: 400, code: 400, data: null });
    expect(answer.message).toContain(field);
  });

  it('given no channel, should keep a reply of her own on every channel she serves, and nobody else sees it', async () => {
    const everywhere = await add(ana, { title: 'Thanks', text: 'Thank you for waiting.' });
    expect(everywhere.data).toMatchObject({ channelId: null, team: false });
    expect(await titles(ana, 'desk')).toContain('Thanks');
    expect(await titles(ana, 'shop')).toContain('Thanks');
    expect(await titles(ben, 'desk')).not.toContain('Thanks');
    await ana.call('DELETE', `/api/agent/canned/${everywhere.data.id}`);
  });

  it("given a team reply, should let only an admin add, change and delete it, and show it to the channel's agents", async () => {
    const ada = await server.login('ada', 'pw-ada');
    const refused = await add(ana, { channelId: 'desk', team: true, title: 'Team', text: 'Not hers to add' });
    expect(refused.code).toBe(ErrorCode.forbidden);
    expect((await add(ada, { team: true, title: 'Team', text: 'Which channel?' })).code).toBe(
      ErrorCode.badRequest,
    );
    const team = await add(ada, {
      channelId: 'desk',
      team: true,
      title: 'Greeting',
      text: 'Hello from us all',
    });
    expect(team.data).toMatchObject({ channelId: 'desk', team: true });
    expect(await titles(ben, 'desk')).toContain('Greeting');
    expect(await titles(ana, 'shop')).not.toContain('Greeting');
    // An agent uses it but cannot change or delete it; the admin can.
    const path = `/api/agent/canned/${team.data.id}`;
    expect((await ben.call('PUT', path, { title: 'Mine now', text: 'x' })).code).toBe(ErrorCode.notFound);
    expect((await ben.call('DELETE', path)).code).toBe(ErrorCode.notFound);
    expect((await ada.call('PUT', path, { title: 'Greeting', text: 'Hello from the team' })).code).toBe(
      ErrorCode.ok,
    );
    expect((await ada.call('DELETE', path)).code).toBe(ErrorCode.ok);
    expect(await titles(ben, 'desk')).not.toContain('Greeting');
  });

  it('given a change with a bad field, should answer 400 naming it and keep the reply', async () => {
    const reply = await add(ana, { channelId: 'desk', title: 'Keep', text: 'Kept as it is.' });
    const answer = await ana.call('PUT', `/api/agent/canned/${reply.data.id}`, {
      title: 'Keep',
      text: 'x'.repeat(2001),
    });
    expect(answer.code).toBe(ErrorCode.badRequest);
    expect(answer.message).toContain('text');
    expect((await list(ana, 'desk')).data).toContainEqual(
      expect.objectContaining({ text: 'Kept as it is.' }),
    );
  });

  it('given the longest title and text, counted in characters, should keep them', async () => {
    const answer = await add(ana, { channelId: 'shop', title: '😀'.repeat(80), text: '😀'.repeat(2000) });
    expect(answer.code).toBe(ErrorCode.ok);
  });

  it('given 200 replies on a channel, should refuse a 201st there and still take one elsewhere', async () => {
    for (let n = 1; n <= 200; n++) {
      const answer = await add(ana, { channelId: 'full', title: `Reply ${n}`, text: `Text ${n}` });
      expect(answer.code).toBe(ErrorCode.ok);
    }
    const over = await add(ana, { channelId: 'full', title: 'One more', text: 'Too many' });
    expect(over.code).toBe(ErrorCode.conflict);
    expect(over.message).toContain('200');
    expect((await list(ana, 'full')).data).toHaveLength(200);
    expect(
      (await add(ana, { channelId: 'shop', title: 'Elsewhere', text: 'Room on another channel' })).code,
    ).toBe(ErrorCode.ok);
    const [first] = (await list(ana, 'full')).data;
    await ana.call('DELETE', `/api/agent/canned/${first.id}`);
    expect((await add(ana, { channelId: 'full', title: 'One more', text: 'Room again' })).code).toBe(
      ErrorCode.ok,
    );
  });
});
