import { createFakeAgentServer } from '@parley/agent-core/testing';
import {
  type AdminAgent,
  type AdminChannel,
  agentPath,
  type IntegrationTokenView,
  integrationScopes,
} from '@parley/chat-protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { AdminTokens } from './AdminTokens.js';
import { answerWith } from './api.js';
import { I18nProvider } from './i18n/I18nProvider.js';
import { renderConsole } from './test/renderConsole.js';

// The administrators' integration API tokens page, answered by a small server of its own: making a
// token shows it once, revoking one asks first, and a refusal is said in the form.

const time = Date.UTC(2026, 2, 18, 14, 30);
const SECRET = `pt_${'s'.repeat(43)}`;

const agents = [{ id: 'a1', username: 'ana', nick: 'Ana', disabled: false }] as AdminAgent[];
const channels = [
  { id: 'shop', groups: [], settings: { info: { titleDesc: '' } } },
] as unknown as AdminChannel[];

const view = (fields: Partial<IntegrationTokenView>): IntegrationTokenView => ({
  id: 'tok_1',
  name: 'Helpdesk sync',
  scopes: ['conversations:read'],
  channels: null,
  agent: null,
  botName: null,
  createdAt: time,
  lastUsedAt: null,
  revokedAt: null,
  ...fields,
});

let restore: ReturnType<typeof answerWith> | undefined;
afterEach(() => {
  if (restore) answerWith(restore);
  restore = undefined;
  vi.restoreAllMocks();
});

/** The page over a server holding `tokens`; `refuse` answers a new token with a 400 saying it. */
async function show(tokens: IntegrationTokenView[], refuse?: string) {
  const asked: { method: string; path: string; body: unknown }[] = [];
  restore = answerWith({
    request: async (method, path, body) => {
      asked.push({ method, path, body });
      if (method === 'GET' && path === agentPath('integrationTokens', {}))
        return { code: 200, data: tokens, message: 'ok' };
      if (method === 'POST' && path === agentPath('addIntegrationToken', {})) {
        if (refuse) return { code: 400, data: null, message: refuse };
        const input = body as { name: string; scopes: IntegrationTokenView['scopes']; botName?: string };
        const made = view({
          id: 'tok_2',
          name: input.name,
          scopes: input.scopes,
          botName: input.botName ?? null,
        });
        tokens.push(made);
        return { code: 200, data: { token: made, secret: SECRET }, message: 'ok' };
      }
      const revoked = tokens.find(
        (token) => path === agentPath('revokeIntegrationToken', { tokenId: token.id }),
      );
      if (method === 'DELETE' && revoked) {
        revoked.revokedAt = time + 60_000;
        return { code: 200, data: revoked, message: 'ok' };
      }
      return { code: 404, data: null, message: `not answered: ${method} ${path}` };
    },
  });
  const screen = await render(
    <I18nProvider>
      <AdminTokens agents={agents} channels={channels} />
    </I18nProvider>,
  );
  const changes = () => asked.filter((call) => call.method !== 'GET');
  return { screen, changes };
}

describe('the API tokens page', () => {
  it('given tokens, should list each with what it may do, where, as whom and whether it is live', async () => {
    const { screen } = await show([
      view({ scopes: ['conversations:read', 'messages:write'], channels: ['shop'], botName: 'Syncbot' }),
      view({ id: 'tok_0', name: 'Old export', agent: { id: 'a1', username: 'ana' }, revokedAt: time }),
    ]);
    const table = screen.getByRole('table', { name: 'API tokens' });
    await expect.element(table).toBeVisible();
    const rows = [...table.element().querySelectorAll('tbody tr')].map((row) =>
      [...row.children].map((cell) => cell.textContent),
    );
    expect(rows[0]?.slice(0, 4)).toEqual([
      'Helpdesk sync',
      'conversations:read, messages:write',
      'shop',
      'Bot Syncbot',
    ]);
    expect(rows[0]?.[5]).toBe('Never');
    expect(rows[0]?.[6]).toBe('Active');
    expect(rows[1]?.[3]).toBe('Agent ana');
    expect(rows[1]?.[6]).toMatch(/^Revoked /);
    // A revoked token has nothing left to revoke.
    expect(screen.getByRole('button', { name: /^Revoke / }).elements()).toHaveLength(1);
  });

  it('given the administrator makes a token, should send what was chosen and show the token once, to copy', async () => {
    const copied = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    const { screen, changes } = await show([]);
    await expect.element(screen.getByText('No API tokens yet.')).toBeVisible();
    await screen.getByRole('button', { name: 'Make a token' }).click();
    const dialog = screen.getByRole('dialog', { name: 'Make a token' });
    // Every scope the contract has, then the channels.
    for (const scope of integrationScopes)
      await expect.element(dialog.getByRole('checkbox', { name: scope, exact: true })).toBeVisible();
    expect(dialog.getByRole('checkbox').elements()).toHaveLength(integrationScopes.length + channels.length);
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Helpdesk sync');
    await dialog.getByRole('checkbox', { name: 'messages:write' }).click();
    await dialog.getByRole('checkbox', { name: 'conversations:read' }).click();
    await dialog.getByRole('radio', { name: 'A bot' }).click();
    await dialog.getByRole('textbox', { name: "Bot's name" }).fill('Syncbot');
    await dialog.getByRole('button', { name: 'Make', exact: true }).click();

    const shown = screen.getByRole('dialog', { name: 'The token Helpdesk sync' });
    await expect.element(shown.getByText(SECRET)).toBeVisible();
    await expect.element(shown.getByText(/you will not see it again/)).toBeVisible();
    await expect.element(shown.getByRole('button', { name: 'Copy' })).toHaveFocus();
    expect(changes()).toEqual([
      {
        method: 'POST',
        path: '/api/agent/admin/tokens',
        body: { name: 'Helpdesk sync', scopes: ['conversations:read', 'messages:write'], botName: 'Syncbot' },
      },
    ]);
    await shown.getByRole('button', { name: 'Copy' }).click();
    expect(copied).toHaveBeenCalledWith(SECRET);

    // The dialog's own close button, then the one under the token.
    await shown.getByRole('button', { name: 'Close' }).last().click();
    await expect.element(screen.getByRole('table', { name: 'API tokens' })).toBeVisible();
    await expect.element(screen.getByRole('rowheader', { name: 'Helpdesk sync' })).toBeVisible();
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('given a form without a name, a scope or whom a posting token posts as, should say what is missing and send nothing', async () => {
    const { screen, changes } = await show([]);
    await screen.getByRole('button', { name: 'Make a token' }).click();
    const dialog = screen.getByRole('dialog', { name: 'Make a token' });
    await dialog.getByRole('button', { name: 'Make', exact: true }).click();
    await expect.element(dialog.getByText('Give the token a name.')).toBeVisible();
    await expect.element(dialog.getByText('Choose at least one thing it may do.')).toBeVisible();
    await dialog.getByRole('checkbox', { name: 'messages:write' }).click();
    await dialog.getByRole('button', { name: 'Make', exact: true }).click();
    await expect
      .element(dialog.getByText('To post messages it needs an agent or a bot to post as.'))
      .toBeVisible();
    expect(changes()).toEqual([]);
  });

  it('given the server refuses the token, should say why in the form and show no token', async () => {
    const { screen } = await show([], 'no channel shop');
    await screen.getByRole('button', { name: 'Make a token' }).click();
    const dialog = screen.getByRole('dialog', { name: 'Make a token' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Helpdesk sync');
    await dialog.getByRole('checkbox', { name: 'contacts:write' }).click();
    await dialog.getByRole('checkbox', { name: 'shop' }).click();
    await dialog.getByRole('button', { name: 'Make', exact: true }).click();
    await expect.element(dialog.getByText(/no channel shop/)).toBeVisible();
    expect(dialog.getByRole('alert').element().textContent).toContain('no channel shop');
    expect(screen.getByRole('dialog', { name: /^The token/ }).elements()).toHaveLength(0);
  });

  it('given the administrator revokes a token, should ask first and revoke it only once confirmed', async () => {
    const { screen, changes } = await show([view({})]);
    await screen.getByRole('button', { name: 'Revoke Helpdesk sync' }).click();
    const question = screen.getByRole('alertdialog', { name: 'Revoke Helpdesk sync?' });
    await expect.element(question).toBeVisible();
    expect(changes()).toEqual([]);
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect.element(question).not.toBeInTheDocument();
    expect(changes()).toEqual([]);

    await screen.getByRole('button', { name: 'Revoke Helpdesk sync' }).click();
    await screen
      .getByRole('alertdialog', { name: 'Revoke Helpdesk sync?' })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await expect
      .poll(changes)
      .toEqual([{ method: 'DELETE', path: '/api/agent/admin/tokens/tok_1', body: undefined }]);
    await expect.element(screen.getByRole('cell', { name: /^Revoked / })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Revoke Helpdesk sync' }).elements()).toHaveLength(0);
    await expect.element(screen.getByRole('heading', { name: 'API tokens' })).toHaveFocus();
  });

  it("given the URL of the settings' tokens page, should open it from the settings' parts", async () => {
    const server = createFakeAgentServer({ agent: { role: 'admin' } });
    // The administration's lists from here; the rest of the console from agent-core's fake.
    const answers: Record<string, unknown> = {
      [agentPath('adminAgents', {})]: [],
      [agentPath('adminChannels', {})]: [],
      [agentPath('integrationTokens', {})]: [view({})],
    };
    const { screen, path } = await renderConsole(
      {
        transport: {
          request: async (method, url, body, signal) =>
            method === 'GET' && url in answers
              ? { code: 200, data: answers[url], message: 'ok' }
              : server.transport.request(method, url, body, signal),
        },
      },
      '/agent/settings/agents',
    );
    await screen.getByRole('button', { name: 'API tokens' }).click();
    await expect.poll(path).toBe('/agent/settings/tokens');
    await expect
      .element(screen.getByRole('button', { name: 'API tokens' }))
      .toHaveAttribute('aria-pressed', 'true');
    await expect.element(screen.getByRole('rowheader', { name: 'Helpdesk sync' })).toBeVisible();
  });
});
