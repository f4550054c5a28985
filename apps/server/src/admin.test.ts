import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminError, runAdmin, USAGE } from './admin/commands.js';
import { serverRoot } from './config.js';
import type { Db } from './db/types.js';
import { testDatabases } from './test/databases.js';
import { type Harness, harness } from './test/harness.js';

const [database] = testDatabases();

describe('the admin commands', () => {
  let db: Db;
  let server: Harness;
  let lines: string[] = [];
  let stdin = '';
  const admin = (...argv: string[]) => {
    lines = [];
    return runAdmin(argv, {
      db,
      out: (line) => lines.push(line),
      readStdin: async () => stdin,
      env: { SHOP_SECRET: 'a-secret-from-the-environment' },
    });
  };

  beforeAll(async () => {
    if (!database) throw new Error('no database');
    db = await database.open();
    // The server on the same database, as an operator's running instance would be.
    server = await harness(db, { channels: [], agents: [] });
  });
  afterAll(async () => {
    await server.app.close();
    await db.close();
  });

  it('given agent add, should store only a hash, show a made-up password once, and let the agent log in', async () => {
    await admin('agent', 'add', 'ines', '--nick', 'Inès', '--channels', 'shop, support', '--capacity', '4');
    expect(lines[0]).toBe('agent ines added (Inès, 4 chats, channels shop, support)');
    const password = lines[1]?.replace('password (shown once): ', '') ?? '';
    expect(password).toMatch(/^[\w-]{16}$/);
    const [row] = await db.query<{ password_hash: string; channels: string[] }>(
      'select password_hash, channels from agents where username = $1',
      ['ines'],
    );
    expect(row?.password_hash).toMatch(/^scrypt\$/);
    expect(row?.password_hash).not.toContain(password);
    expect(row?.channels).toEqual(['shop', 'support']);
    const agent = await server.login('ines', password);
    expect((await agent.call('GET', '/api/agent/me')).data.nick).toBe('Inès');
  });

  it('given agent password, should set a new one, sign the agent out everywhere, and refuse the old one', async () => {
    stdin = 'first-password-1\n';
    await admin('agent', 'add', 'omar', '--nick', 'Omar', '--channels', 'shop', '--password-stdin');
    expect(lines).toEqual(['agent omar added (Omar, 1 chat, channels shop)']);
    const before = await server.login('omar', 'first-password-1');
    stdin = 'second-password-2\n';
    await admin('agent', 'password', 'omar', '--password-stdin');
    expect(lines).toEqual(['password of omar changed; signed out everywhere']);
    expect((await before.call('GET', '/api/agent/me')).code).toBe(401);
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/agent/login',
      payload: { username: 'omar', password: 'first-password-1' },
    });
    expect(login.statusCode).toBe(401);
    expect((await (await server.login('omar', 'second-password-2')).call('GET', '/api/agent/me')).code).toBe(
      200,
    );
  });

  it.each([
    [['agent', 'add', 'ines', '--nick', 'Again', '--channels', 'shop'], 'an agent named ines exists'],
    [['agent', 'add', 'x', '--channels', 'shop'], 'agent add needs <username>, --nick and --channels'],
    [
      ['agent', 'add', 'y', '--nick', 'Y', '--channels', 'a', '--capacity', 'lots'],
      '--capacity is a whole number',
    ],
    [['agent', 'password', 'nobody'], 'no agent named nobody'],
    [['channel', 'update', 'nope'], 'no channel nope'],
    [['channel', 'create', 'c', '--tenant', 't', '--sites', 'javascript:alert(1)'], 'lists web origins'],
    [['channel', 'create', 'c', '--tenant', 't', '--info', '[1]'], '--info is a JSON object'],
    [['channel', 'create', 'c', '--tenant', 't', '--identity', 'required'], 'needs a secret'],
    [['teleport', 'now'], 'Parley server administration'],
  ])('given %j, should refuse with a message for the operator', async (argv, message) => {
    const failure = admin(...argv);
    await expect(failure).rejects.toBeInstanceOf(AdminError);
    await expect(failure).rejects.toThrow(message);
  });

  it('given a short password on stdin, should refuse it', async () => {
    stdin = 'short\n';
    await expect(
      admin('agent', 'add', 'zoe', '--nick', 'Zoe', '--channels', 's', '--password-stdin'),
    ).rejects.toThrow('at least 8 characters');
  });

  it('given channel create and update, should store what the server serves, secret from the environment', async () => {
    await admin(
      'channel',
      'create',
      'shop',
      '--tenant',
      'acme',
      '--info',
      '{"titleDesc":"Acme help"}',
      '--sites',
      'https://acme.example/help',
      '--identity',
      'optional',
      '--identity-secret-env',
      'SHOP_SECRET',
    );
    expect(lines).toEqual(['channel shop created (tenant acme, identity optional)']);
    await admin('channel', 'update', 'shop', '--info', '{"receiveMode":0}');
    const info = (await server.visitor('channelInfo', { id: 'shop' })).data;
    expect(info).toMatchObject({ titleDesc: 'Acme help', receiveMode: 0, tenantId: 'acme' });
    expect(JSON.stringify(info)).not.toContain('a-secret-from-the-environment');
    const [row] = await db.query<{ identity: string; identity_secret: string; config: { sites: string[] } }>(
      'select identity, identity_secret, config from channels where id = $1',
      ['shop'],
    );
    expect(row).toMatchObject({ identity: 'optional', identity_secret: 'a-secret-from-the-environment' });
    expect(row?.config.sites).toEqual(['https://acme.example']);
    await admin('channel', 'list');
    expect(lines).toContain('shop\tacme\tidentity optional\tsites https://acme.example');
    await expect(admin('channel', 'create', 'shop', '--tenant', 'acme')).rejects.toThrow(
      'channel shop exists',
    );
  });

  it('given agent list, should list agents without anything secret', async () => {
    await admin('agent', 'list');
    expect(lines).toContain('ines\tInès\t4 chats\tshop,support\toffline');
    expect(lines.join('\n')).not.toContain('scrypt');
  });

  it('given agent disable, should sign the agent out, refuse their token and password, and enable them again', async () => {
    stdin = 'disable-me-1234\n';
    await admin('agent', 'add', 'dora', '--nick', 'Dora', '--channels', 'shop', '--password-stdin');
    const before = await server.login('dora', 'disable-me-1234');
    expect((await before.call('GET', '/api/agent/me')).status).toBe(200);
    await admin('agent', 'disable', 'dora');
    expect(lines[0]).toBe('agent dora disabled: signed out everywhere; every login and token is refused');
    expect((await before.call('GET', '/api/agent/me')).status).toBe(401);
    await expect(server.login('dora', 'disable-me-1234')).rejects.toThrow('wrong username or password');
    await admin('agent', 'list');
    expect(lines).toContain('dora\tDora\t1 chat\tshop\tdisabled');
    await admin('agent', 'enable', 'dora');
    expect((await (await server.login('dora', 'disable-me-1234')).call('GET', '/api/agent/me')).status).toBe(
      200,
    );
    await expect(admin('agent', 'disable', 'nobody')).rejects.toThrow('no agent named nobody');
  });

  it('given agent add --role admin and agent role, should make administrators who read what the command line changed', async () => {
    stdin = 'the-boss-password\n';
    await admin(
      'agent',
      'add',
      'boss',
      '--nick',
      'Boss',
      '--channels',
      'shop',
      '--role',
      'admin',
      '--password-stdin',
    );
    const boss = await server.login('boss', 'the-boss-password');
    expect((await boss.call('GET', '/api/agent/me')).data.role).toBe('admin');
    await admin('agent', 'role', 'ines', 'admin');
    expect(lines).toEqual(['agent ines is an administrator']);
    const changes = (await boss.call('GET', '/api/agent/admin/changes')).data;
    expect(changes[0]).toMatchObject({
      kind: 'agentChanged',
      by: null,
      changes: { role: { from: 'agent', to: 'admin' } },
    });
    expect(changes[1]).toMatchObject({ kind: 'agentAdded', by: null, changes: { username: { to: 'boss' } } });
    expect(changes.map((change: { kind: string }) => change.kind)).toEqual(
      expect.arrayContaining([
        'agentDisabled',
        'agentEnabled',
        'agentPassword',
        'channelAdded',
        'channelChanged',
      ]),
    );
    expect(JSON.stringify(changes)).not.toMatch(/the-boss-password|scrypt/);
    await expect(admin('agent', 'role', 'ines', 'owner')).rejects.toThrow('the role is agent or admin');
  });

  it('should print its usage', () => {
    expect(USAGE).toContain('npm run admin');
  });
});

describe('npm run admin, as a process', () => {
  const dir = mkdtempSync(join(tmpdir(), 'parley-admin-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('given the embedded database, should add an agent from a password piped in and list it', () => {
    const run = (args: string[], input?: string) =>
      spawnSync(
        process.execPath,
        ['--conditions=@parley/source', '--import', 'tsx', 'src/admin.ts', ...args],
        {
          cwd: serverRoot,
          env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' },
          input,
          encoding: 'utf8',
        },
      );
    const added = run(
      ['agent', 'add', 'pia', '--nick', 'Pia', '--channels', 'demo', '--password-stdin'],
      'a-long-password\n',
    );
    expect(added.stderr).toBe('');
    expect(added.stdout).toContain('agent pia added (Pia, 1 chat, channels demo)');
    expect(added.stdout).not.toContain('a-long-password');
    const listed = run(['agent', 'list']);
    expect(listed.stdout).toContain('pia\tPia');
    const wrong = run(['agent', 'frobnicate']);
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain('Parley server administration');
  }, 60_000);
});
