import { type AgentCallName, agentPath, agentRoutes, ErrorCode } from '@parley/chat-protocol';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from './db/db.js';
import type { Seed } from './seed.js';
import { createPostgresDatabase, testDatabases } from './test/databases.js';
import { type AgentClient, type Data, type Harness, harness, serverFor } from './test/harness.js';
import { needs } from './test/services.js';

// The administration from the console: agents and channels changed by administrators through the
// agent API, refused to everyone else, recorded, and in effect at once.

const person = (id: string, nick: string, extra: Partial<Seed['agents'][number]> = {}) => ({
  id,
  username: id,
  password: `pw-${id}-secret`,
  nick,
  capacity: 1,
  channels: ['desk'],
  ...extra,
});

const seed: Seed = {
  channels: [
    {
      id: 'desk',
      tenantId: 't',
      info: {
        titleDesc: 'Help desk',
        receiveMode: 3,
        faqMode: 1,
        faqConfig: [{ title: 'Returns', content: '30 days' }],
        groupConfig: [
          { groupId: 'sales', groupName: 'Sales' },
          { groupId: 'billing', groupName: 'Billing' },
        ],
      },
    },
    {
      id: 'vault',
      tenantId: 't',
      info: { receiveMode: 3 },
      identity: 'optional',
      identitySecret: 'vault-identity-secret-42',
    },
  ],
  agents: [
    person('ada', 'Ada', { role: 'admin', channels: ['desk', 'vault'] }),
    person('ana', 'Ana', { online: true }),
    person('max', 'Max'),
  ],
};

const admin = (path: string) => `/api/agent/admin${path}`;

/** A valid body for each administration call that takes one: a refusal is then about who asks. */
const fieldsOf = (username: string) => ({
  username,
  nick: 'Someone',
  role: 'agent',
  channels: ['desk'],
  groups: [],
  capacity: 1,
  avatar: null,
});

describe.each(testDatabases())('administration on $name', (database) => {
  const server = serverFor(database, seed);
  let ada: AgentClient;
  let ana: AgentClient;
  let channels: Data[];

  beforeAll(async () => {
    ada = await server().login('ada', 'pw-ada-secret');
    ana = await server().login('ana', 'pw-ana-secret');
    channels = (await ada.call('GET', admin('/channels'))).data;
  });

  const agentsNow = async () => (await ada.call('GET', admin('/agents'))).data as Data[];
  const agentNamed = async (username: string) => (await agentsNow()).find((a) => a.username === username);
  const settingsOf = (id: string) => channels.find((channel) => channel.id === id).settings;
  const changes = async () => (await ada.call('GET', admin('/changes'))).data as Data[];

  it('given an agent who is not an administrator, should refuse every administration call with 403', async () => {
    const bodies: Partial<Record<AgentCallName, object>> = {
      addAgent: fieldsOf('new-one'),
      updateAgent: fieldsOf('max'),
      resetPassword: {},
      updateChannel: settingsOf('desk'),
      addWebhook: { url: 'https://crm.example/hooks' },
      addIntegrationToken: { name: 'crm', scopes: ['conversations:read'] },
    };
    const names = Object.keys(agentRoutes).filter((name) =>
      agentRoutes[name as AgentCallName].path.startsWith('/api/agent/admin/'),
    ) as AgentCallName[];
    // The agents' and channels' nine, the webhooks' twelve and the API tokens' three.
    expect(names).toHaveLength(24);
    for (const name of names) {
      const route = agentRoutes[name];
      const path = agentPath(name, {
        agentId: 'max',
        channelId: 'desk',
        endpointId: 'wh_x',
        deliveryId: '1',
        tokenId: 'tok_x',
      } as never);
      const body = bodies[name] ?? (route.method === 'GET' ? undefined : {});
      const answer = await ana.call(route.method, path, body);
      expect(answer, name).toMatchObject({
        status: ErrorCode.forbidden,
        code: ErrorCode.forbidden,
        data: null,
      });
      const anonymous = await server().app.inject({ method: route.method, url: path, payload: body });
      expect(anonymous.statusCode, name).toBe(ErrorCode.unauthorized);
    }
    expect((await agentNamed('new-one'))?.username).toBeUndefined();
    expect((await agentNamed('max'))?.nick).toBe('Max');
  });

  it('given an administrator, should list agents and channels without password hashes or identity secrets', async () => {
    const agents = await agentsNow();
    expect(agents.map((agent) => agent.username)).toEqual(['ada', 'ana', 'max']);
    expect(agents.find((agent) => agent.username === 'ana')).toEqual({
      id: 'ana',
      username: 'ana',
      nick: 'Ana',
      avatar: null,
      role: 'agent',
      capacity: 1,
      channels: ['desk'],
      groups: [],
      online: true,
      away: false,
      disabled: false,
      openChats: 0,
    });
    const desk = channels.find((channel) => channel.id === 'desk');
    expect(desk).toMatchObject({
      tenantId: 't',
      identity: 'off',
      groups: [
        { groupId: 'sales', groupName: 'Sales' },
        { groupId: 'billing', groupName: 'Billing' },
      ],
      settings: {
        info: { titleDesc: 'Help desk', receiveMode: 3, evaluateMode: 0, userQueueMode: 1 },
        replyTargetMs: 300_000,
        workingHours: null,
        sites: [],
      },
    });
    expect(channels.find((channel) => channel.id === 'vault').identity).toBe('optional');
    const wire = JSON.stringify([agents, channels]);
    expect(wire).not.toMatch(/scrypt|password|vault-identity-secret-42/);
  });

  it('given a new agent without a password, should make one up, answer it once, and let them log in', async () => {
    const added = await ada.call('POST', admin('/agents'), {
      ...fieldsOf('lea'),
      nick: '  Léa ',
      role: 'agent',
      groups: ['sales'],
      capacity: 3,
      avatar: 'https://pictures.example/lea.png',
    });
    expect(added.status).toBe(200);
    expect(added.data.password).toMatch(/^[\w-]{16}$/);
    expect(added.data.agent).toMatchObject({
      username: 'lea',
      nick: 'Léa',
      groups: ['sales'],
      capacity: 3,
      avatar: 'https://pictures.example/lea.png',
      online: false,
      disabled: false,
    });
    const lea = await server().login('lea', added.data.password);
    expect((await lea.call('GET', '/api/agent/me')).data).toMatchObject({ nick: 'Léa', role: 'agent' });
    expect(JSON.stringify(await agentsNow())).not.toContain(added.data.password);

    const given = await ada.call('POST', admin('/agents'), {
      ...fieldsOf('leo'),
      role: 'admin',
      password: 'leo-chose-this-one',
    });
    expect(given.data).toMatchObject({ password: null, agent: { username: 'leo', role: 'admin' } });
    expect(
      (await (await server().login('leo', 'leo-chose-this-one')).call('GET', admin('/agents'))).status,
    ).toBe(200);
    const [latest] = await changes();
    expect(latest).toMatchObject({
      kind: 'agentAdded',
      target: given.data.agent.id,
      by: { id: 'ada', nick: 'Ada' },
      changes: { username: { from: null, to: 'leo' }, role: { from: null, to: 'admin' } },
      time: expect.any(Number),
    });
    expect(JSON.stringify(latest)).not.toContain('leo-chose-this-one');
  });

  it.each([
    ['a username with a space', { username: 'two words' }, 'username'],
    ['a capacity over 100', { capacity: 101 }, 'capacity'],
    ['a role that does not exist', { role: 'owner' }, 'role'],
    ['an avatar that is not a web address', { avatar: 'javascript:alert(1)' }, 'avatar'],
    ['a password under 8 characters', { password: 'short' }, 'password'],
    ['a blank name', { nick: '   ' }, 'nick'],
    ['a channel that does not exist', { channels: ['desk', 'nowhere'] }, 'channels'],
    ['no channels field', { channels: undefined }, 'channels'],
  ])('given %s, should refuse the new agent with 400 naming the field', async (_case, change, field) => {
    const answer = await ada.call('POST', admin('/agents'), { ...fieldsOf('refused'), ...change });
    expect(answer).toMatchObject({ status: 400, code: ErrorCode.badRequest, data: null });
    expect(answer.message).toContain(field);
    expect(await agentNamed('refused')).toBeUndefined();
  });

  it('given a username in use, should refuse a new agent or a rename with 409', async () => {
    expect((await ada.call('POST', admin('/agents'), fieldsOf('max'))).code).toBe(ErrorCode.conflict);
    const rename = await ada.call('PUT', admin('/agents/ana'), { ...fieldsOf('max'), nick: 'Ana' });
    expect(rename.code).toBe(ErrorCode.conflict);
    expect(rename.message).toContain('username');
    expect((await ada.call('PUT', admin('/agents/nobody'), fieldsOf('nobody'))).code).toBe(
      ErrorCode.notFound,
    );
  });

  it('given changes to an agent, should store them, say who made them, and route a waiting visitor into the room they give', async () => {
    // Ana is online with one chat, at her capacity: the next visitor waits in the queue.
    const first = await server().start('desk');
    await server().visitor('transferAgent', { userId: first.userId });
    const second = await server().start('desk');
    const queued = await server().visitor('transferAgent', { userId: second.userId });
    expect(queued.data.status).toBe(3);

    const changed = await ada.call('PUT', admin('/agents/ana'), {
      ...fieldsOf('ana'),
      nick: 'Ana B.',
      groups: ['billing'],
      capacity: 2,
    });
    expect(changed.data).toMatchObject({ nick: 'Ana B.', capacity: 2, groups: ['billing'], openChats: 2 });
    const poll = await server().visitor('getEventMsg', { userId: second.userId, pollId: second.pollId });
    expect(poll.data.status).toBe(2);
    const [latest] = await changes();
    expect(latest).toMatchObject({
      kind: 'agentChanged',
      target: 'ana',
      by: { id: 'ada' },
      changes: {
        nick: { from: 'Ana', to: 'Ana B.' },
        capacity: { from: 1, to: 2 },
        groups: { from: [], to: ['billing'] },
      },
    });
    expect(Object.keys(latest.changes).sort()).toEqual(['capacity', 'groups', 'nick']);
    for (const visitor of [first, second]) await server().visitor('chatClose', { userId: visitor.userId });
  });

  it('given a disabled agent, should sign them out at once and refuse their login until enabled', async () => {
    const max = await server().login('max', 'pw-max-secret');
    expect((await max.call('GET', '/api/agent/me')).status).toBe(200);
    const disabled = await ada.call('POST', admin('/agents/max/disable'));
    expect(disabled.data).toMatchObject({ username: 'max', disabled: true, online: false });
    expect((await max.call('GET', '/api/agent/me')).status).toBe(ErrorCode.unauthorized);
    expect((await max.poll()).status).toBe(ErrorCode.unauthorized);
    await expect(server().login('max', 'pw-max-secret')).rejects.toThrow('wrong username or password');
    expect((await changes())[0]).toMatchObject({ kind: 'agentDisabled', target: 'max', by: { id: 'ada' } });

    expect((await ada.call('POST', admin('/agents/max/enable'))).data.disabled).toBe(false);
    expect((await (await server().login('max', 'pw-max-secret')).call('GET', '/api/agent/me')).status).toBe(
      200,
    );
    expect((await changes())[0]).toMatchObject({ kind: 'agentEnabled', target: 'max' });
  });

  it('given a password reset, should sign the agent out and answer the new password once', async () => {
    const max = await server().login('max', 'pw-max-secret');
    const reset = await ada.call('POST', admin('/agents/max/password'), {});
    expect(reset.data.password).toMatch(/^[\w-]{16}$/);
    expect((await max.call('GET', '/api/agent/me')).status).toBe(ErrorCode.unauthorized);
    await expect(server().login('max', 'pw-max-secret')).rejects.toThrow('wrong username or password');
    await server().login('max', reset.data.password);
    const chosen = await ada.call('POST', admin('/agents/max/password'), { password: 'pw-max-secret' });
    expect(chosen.data).toEqual({ password: null });
    await server().login('max', 'pw-max-secret');
    expect((await changes())[0]).toMatchObject({ kind: 'agentPassword', target: 'max', changes: {} });
  });

  it('given the last administrator, should refuse to take their role or disable them, and allow it once another is one', async () => {
    // Leo, an administrator added above, is disabled: Ada is then the only one enabled.
    const leo = await agentNamed('leo');
    await ada.call('POST', admin(`/agents/${leo.id}/disable`));
    const demote = await ada.call('PUT', admin('/agents/ada'), {
      ...fieldsOf('ada'),
      nick: 'Ada',
      channels: ['desk', 'vault'],
      role: 'agent',
    });
    expect(demote).toMatchObject({ status: ErrorCode.conflict, code: ErrorCode.conflict });
    expect(demote.message).toContain('last administrator');
    expect((await ada.call('POST', admin('/agents/ada/disable'))).code).toBe(ErrorCode.conflict);
    expect((await ada.call('GET', '/api/agent/me')).data.role).toBe('admin');

    await ada.call('POST', admin(`/agents/${leo.id}/enable`));
    const stepDown = await ada.call('PUT', admin('/agents/ada'), {
      ...fieldsOf('ada'),
      nick: 'Ada',
      channels: ['desk', 'vault'],
      role: 'agent',
    });
    expect(stepDown.data.role).toBe('agent');
    expect((await ada.call('GET', admin('/agents'))).status).toBe(ErrorCode.forbidden);
    const leoClient = await server().login('leo', 'leo-chose-this-one');
    await leoClient.call('PUT', admin('/agents/ada'), {
      ...fieldsOf('ada'),
      nick: 'Ada',
      channels: ['desk', 'vault'],
      role: 'admin',
    });
    expect((await ada.call('GET', admin('/agents'))).status).toBe(200);
  });

  it('given a channel change, should answer it in channelInfo and on the first screen at once, the rest kept', async () => {
    // Read (and cached) before the change.
    const before = (await server().visitor('channelInfo', { id: 'desk' })).data;
    expect(before).toMatchObject({ titleDesc: 'Help desk', team: { replyTime: 300_000 } });
    const settings = settingsOf('desk');
    const changed = await ada.call('PUT', admin('/channels/desk'), {
      ...settings,
      info: {
        ...settings.info,
        titleDesc: 'Acme support ',
        receiveMode: 0,
        robotName: 'Acme bot',
        robotWelcomeMode: 1,
        robotWelcomeMsg: 'Hi, I am the Acme bot.',
        adminOfflineMode: 1,
        adminOfflineMsg: 'Nobody is here right now.',
        evaluateMode: 1,
      },
      replyTargetMs: 120_000,
      // Open on no day: the channel is closed now, whatever the clock says.
      workingHours: { timeZone: 'Europe/Paris', windows: [] },
      sites: ['https://shop.example/help', 'https://shop.example'],
    });
    expect(changed.status).toBe(200);
    expect(changed.data.settings).toMatchObject({
      info: { titleDesc: 'Acme support', receiveMode: 0 },
      replyTargetMs: 120_000,
      workingHours: { timeZone: 'Europe/Paris', windows: [] },
      sites: ['https://shop.example'],
    });
    const after = (await server().visitor('channelInfo', { id: 'desk' })).data;
    expect(after).toMatchObject({
      titleDesc: 'Acme support',
      receiveMode: 0,
      robotName: 'Acme bot',
      robotWelcomeMode: 1,
      robotWelcomeMsg: 'Hi, I am the Acme bot.',
      adminOfflineMsg: 'Nobody is here right now.',
      evaluateMode: 1,
      team: { online: false, replyTime: 120_000 },
    });
    // What the console does not edit stays as it was.
    expect(JSON.parse(after.faqConfig)).toEqual([{ title: 'Returns', content: '30 days' }]);
    const [latest] = await changes();
    expect(latest).toMatchObject({
      kind: 'channelChanged',
      target: 'desk',
      by: { id: 'ada' },
      changes: {
        titleDesc: { from: 'Help desk', to: 'Acme support' },
        replyTargetMs: { from: null, to: 120_000 },
        sites: { from: null, to: ['https://shop.example'] },
      },
    });

    await ada.call('PUT', admin('/channels/desk'), {
      ...changed.data.settings,
      workingHours: {
        timeZone: 'UTC',
        windows: [{ days: [0, 1, 2, 3, 4, 5, 6], from: '00:00', to: '24:00' }],
      },
    });
    expect((await server().visitor('channelInfo', { id: 'desk' })).data.team.online).toBe(true);
  });

  it.each([
    [
      'a time zone that does not exist',
      { workingHours: { timeZone: 'Mars/Olympus', windows: [] } },
      'timeZone',
    ],
    [
      'a window that ends before it starts',
      { workingHours: { timeZone: 'UTC', windows: [{ days: [1], from: '18:00', to: '09:00' }] } },
      'workingHours.windows[0]',
    ],
    [
      'a window at 25 o’clock',
      { workingHours: { timeZone: 'UTC', windows: [{ days: [1], from: '25:00', to: '26:00' }] } },
      'from',
    ],
    ['a site that is not a web origin', { sites: ['javascript:alert(1)'] }, 'sites'],
    ['a reply target of 10 ms', { replyTargetMs: 10 }, 'replyTargetMs'],
    ['a receive mode of 2', { info: { receiveMode: 2 } }, 'receiveMode'],
    ['a title over 200 characters', { info: { titleDesc: 'x'.repeat(201) } }, 'titleDesc'],
  ])('given %s, should refuse the channel change with 400 naming the field', async (_case, change, field) => {
    const settings = (await ada.call('GET', admin('/channels'))).data.find(
      (one: Data) => one.id === 'desk',
    ).settings;
    const { info, ...rest } = change as { info?: object };
    const answer = await ada.call('PUT', admin('/channels/desk'), {
      ...settings,
      ...rest,
      info: { ...settings.info, ...info },
    });
    expect(answer).toMatchObject({ status: 400, code: ErrorCode.badRequest });
    expect(answer.message).toContain(field);
    const now = (await ada.call('GET', admin('/channels'))).data.find(
      (one: Data) => one.id === 'desk',
    ).settings;
    expect(now).toEqual(settings);
  });

  it('given a channel that does not exist, should answer 404', async () => {
    const answer = await ada.call('PUT', admin('/channels/nowhere'), settingsOf('desk'));
    expect(answer.code).toBe(ErrorCode.notFound);
  });
});

const postgresUrl = inject('postgresAdminUrl');

describe.runIf(needs('postgres'))('administration across two instances on one PostgreSQL', () => {
  let one: Harness;
  let two: Harness;

  beforeAll(async () => {
    const url = await createPostgresDatabase(postgresUrl);
    one = await harness(await openDatabase({ databaseUrl: url }), seed);
    two = await harness(await openDatabase({ databaseUrl: url }), seed);
  });
  afterAll(async () => {
    for (const server of [one, two]) {
      await server?.app.close();
      await server?.app.db.close();
    }
  });

  it('given a channel changed through one instance, should serve the change from the other without a restart', async () => {
    const title = async () => (await two.visitor('channelInfo', { id: 'desk' })).data.titleDesc;
    expect(await title()).toBe('Help desk');
    const ada = await one.login('ada', 'pw-ada-secret');
    const [desk] = (await ada.call('GET', admin('/channels'))).data;
    await ada.call('PUT', admin('/channels/desk'), {
      ...desk.settings,
      info: { ...desk.settings.info, titleDesc: 'Changed on one' },
    });
    await expect.poll(title, { timeout: 5_000 }).toBe('Changed on one');
  });
});
