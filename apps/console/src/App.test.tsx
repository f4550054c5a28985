import { createFakeAgentServer, type FakeAgentServer } from '@parley/agent-core/testing';
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { renderConsole } from './test/renderConsole.js';

// The console as an agent meets it, against agent-core's fake server (no server, no database):
// the login, and a URL for every view (a reload, Back and Forward, a link, a wrong query).

const open = renderConsole;

/** The queries of the inbox calls the console made, in order. */
const inboxCalls = (server: FakeAgentServer) =>
  server.calls.filter((call) => call.name === 'inbox').map((call) => call.query);

describe('the login', () => {
  it('given a wrong password, should say so without saying which field, and keep the username', async () => {
    const server = createFakeAgentServer({
      loggedIn: false,
      agent: { username: 'ada' },
      password: 'right-one',
    });
    const { screen } = await open(server);
    await screen.getByLabelText(/^Username/).fill('ada');
    await screen.getByLabelText(/^Password/).fill('wrong-one');
    await userEvent.keyboard('{Enter}');
    await expect.element(screen.getByText('Wrong username or password.')).toBeVisible();
    await expect.element(screen.getByLabelText(/^Username/)).toHaveValue('ada');
    expect(server.calls.filter((call) => call.name === 'login')).toHaveLength(1);
  });

  it('given a link to a conversation and the right pair, should log in and open that conversation', async () => {
    const server = createFakeAgentServer({ loggedIn: false, agent: { username: 'ada', nick: 'Ada' } });
    server.giveChat('s1', 'Vera');
    server.visitorWrites('s1', 'Where is my parcel?');
    const { screen, path } = await open(server, '/agent/conversations/s1');
    await screen.getByLabelText(/^Username/).fill('ada');
    await screen.getByLabelText(/^Password/).fill('secret');
    await screen.getByRole('button', { name: 'Log in' }).click();
    await expect.element(screen.getByRole('log').getByText('Where is my parcel?')).toBeVisible();
    expect(path()).toBe('/agent/conversations/s1');
  });
});

describe("the console's URLs", () => {
  it('given a conversation opened from the list, should name it in the URL; Back goes to where the agent was, Forward returns', async () => {
    const server = createFakeAgentServer();
    server.giveChat('s1', 'Vera');
    server.visitorWrites('s1', 'Hello there');
    const { screen, router, path } = await open(server);
    await screen.getByRole('button', { name: /Vera/ }).first().click();
    await expect.element(screen.getByText('Hello there').first()).toBeVisible();
    expect(path()).toBe('/agent/conversations/s1');
    router.history.back();
    await expect.poll(path).toBe('/agent/');
    await expect.element(screen.getByRole('heading', { name: 'Your day' })).toBeVisible();
    router.history.forward();
    await expect.poll(path).toBe('/agent/conversations/s1');
    await expect.element(screen.getByRole('log')).toBeVisible();
  });

  it("given the inbox's filters in the URL, should show that list; changing a filter should change the URL", async () => {
    const server = createFakeAgentServer();
    const { screen, path } = await open(server, '/agent/?view=all&status=resolved&sort=waiting');
    await expect
      .poll(() => inboxCalls(server).at(-1))
      .toMatchObject({ view: 'all', status: 'resolved', sort: 'waiting' });
    await expect
      .element(screen.getByRole('button', { name: /^All/ }))
      .toHaveAttribute('aria-pressed', 'true');
    await screen.getByRole('button', { name: /^Unassigned/ }).click();
    await expect.poll(path).toContain('view=unassigned');
    expect(path()).toContain('status=resolved');
    await expect
      .poll(() => inboxCalls(server).at(-1))
      .toMatchObject({ view: 'unassigned', status: 'resolved' });
  });

  it('given a wrong query parameter, should show the default list rather than an error', async () => {
    const server = createFakeAgentServer();
    const { screen } = await open(server, '/agent/?view=everything&status=%3Cscript%3E&sort=1');
    await expect.poll(() => inboxCalls(server).length).toBeGreaterThan(0);
    const last = inboxCalls(server).at(-1) ?? {};
    expect(last.view).toBe('mine');
    expect(last).not.toHaveProperty('status');
    expect(last).not.toHaveProperty('sort');
    await expect
      .element(screen.getByRole('button', { name: /^Mine/ }))
      .toHaveAttribute('aria-pressed', 'true');
  });

  it('given a search in the URL, should search for it and show the words in the box', async () => {
    const server = createFakeAgentServer();
    const { screen } = await open(server, '/agent/?q=parcel');
    await expect.poll(() => server.calls.find((call) => call.name === 'search')?.query.q).toBe('parcel');
    await expect.element(screen.getByRole('searchbox')).toHaveValue('parcel');
  });

  it('given the mentions, the reports or a settings page in the URL, should show that view; an admin-only view is not found for an agent', async () => {
    const admin = createFakeAgentServer({ agent: { role: 'admin' } });
    const mentions = await open(admin, '/agent/mentions');
    await expect.element(mentions.screen.getByRole('heading', { name: /Mentions/ })).toBeVisible();

    const reports = await open(admin, '/agent/reports?from=2026-11-01&to=2026-11-07');
    await expect.element(reports.screen.getByLabelText('From')).toHaveValue('2026-11-01');
    await expect.element(reports.screen.getByLabelText('To')).toHaveValue('2026-11-07');
    await reports.screen.getByLabelText('From').fill('2026-10-25');
    await expect.poll(reports.path).toContain('from=2026-10-25');

    const channels = await open(admin, '/agent/settings/channels');
    await expect
      .element(channels.screen.getByRole('button', { name: 'Channels' }))
      .toHaveAttribute('aria-pressed', 'true');
    const first = await open(admin, '/agent/settings');
    await expect.poll(first.path).toBe('/agent/settings/agents');

    const agent = createFakeAgentServer({ agent: { role: 'agent' } });
    const settings = await open(agent, '/agent/settings/agents');
    await expect.element(settings.screen.getByText(/This page does not exist/)).toBeVisible();
    await settings.screen.getByRole('link', { name: 'Back to the inbox' }).click();
    await expect.poll(settings.path).toBe('/agent/');
  });

  it('given a path the console has no view for, should say so and link back to the inbox', async () => {
    const server = createFakeAgentServer();
    const { screen } = await open(server, '/agent/no/such/view');
    await expect.element(screen.getByText(/This page does not exist/)).toBeVisible();
    await expect.element(screen.getByRole('navigation', { name: 'Conversations' })).toBeVisible();
  });
});

describe("the agent's menu and the rail", () => {
  it('given the avatar menu, should set Away, then Offline, say so in the header, and log out to the login', async () => {
    const server = createFakeAgentServer({ agent: { nick: 'Ada' } });
    const { screen } = await open(server);
    const avatar = screen.getByRole('button', { name: 'Ada: status and settings' });
    await avatar.click();
    await expect
      .element(screen.getByRole('menuitemradio', { name: 'Online' }))
      .toHaveAttribute('aria-checked', 'true');
    await screen.getByRole('menuitemradio', { name: 'Away' }).click();
    await expect.element(screen.getByText('Ada: Away')).toBeVisible();
    expect(server.calls.filter((call) => call.name === 'status').at(-1)?.body).toEqual({ away: true });
    await avatar.click();
    await screen.getByRole('menuitemradio', { name: 'Offline' }).click();
    await expect.element(screen.getByText('Ada: Offline')).toBeVisible();
    await avatar.click();
    await screen.getByRole('menuitem', { name: 'Log out' }).click();
    await expect.element(screen.getByLabelText(/^Password/)).toBeVisible();
  });

  it("given each view, should mark its link in the rail as the current page, and show an administrator's links to administrators only", async () => {
    const admin = createFakeAgentServer({ agent: { role: 'admin' } });
    const { screen } = await open(admin, '/agent/settings/channels');
    const rail = screen.getByRole('navigation', { name: 'Views' });
    await expect
      .element(rail.getByRole('link', { name: 'Administration' }))
      .toHaveAttribute('aria-current', 'page');
    await rail.getByRole('link', { name: 'Mentions' }).click();
    await expect
      .element(rail.getByRole('link', { name: 'Mentions' }))
      .toHaveAttribute('aria-current', 'page');
    expect(
      rail.getByRole('link', { name: 'Administration' }).element().getAttribute('aria-current'),
    ).toBeNull();

    const agent = createFakeAgentServer({ agent: { role: 'agent' } });
    const other = await open(agent);
    const links = () =>
      [...other.screen.container.querySelectorAll('nav.console-rail a')].map((link) => link.textContent);
    await expect.poll(links).toEqual(['Inbox', 'Mentions']);
  });
});
