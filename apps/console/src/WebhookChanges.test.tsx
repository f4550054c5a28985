import { agentPath, WEBHOOK_CHANGE_KINDS, type WebhookChange } from '@parley/chat-protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { answerWith } from './api.js';
import { I18nProvider } from './i18n/I18nProvider.js';
import { WebhookChanges } from './WebhookChanges.js';
import Webhooks from './Webhooks.js';

// A webhook endpoint's record of changes, which the server keeps per endpoint (`webhookChanges`),
// apart from the administration's: each kind named in the console's language.

const endpoint = { id: 'e1', url: 'https://tools.example.com/hook' };
const time = Date.UTC(2026, 2, 18, 14, 30);

const change = (kind: WebhookChange['kind'], index: number): WebhookChange => ({
  id: String(index + 1),
  kind,
  target: endpoint.id,
  by: index === 0 ? null : { id: 'a1', nick: 'Amira' },
  changes: kind === 'webhookChanged' ? { url: { from: 'https://old.example.com', to: endpoint.url } } : {},
  time: time + index * 60_000,
});

let restore: ReturnType<typeof answerWith> | undefined;
afterEach(() => {
  if (restore) answerWith(restore);
  restore = undefined;
});

/** The endpoint's changes as the server answers them; every other call is refused. */
async function show(changes: WebhookChange[]) {
  const asked: string[] = [];
  restore = answerWith({
    request: async (method, path) => {
      asked.push(`${method} ${path}`);
      return method === 'GET' && path === agentPath('webhookChanges', { endpointId: endpoint.id })
        ? { code: 200, data: changes, message: 'ok' }
        : { code: 404, data: null, message: `not answered: ${path}` };
    },
  });
  const screen = await render(
    <I18nProvider>
      <WebhookChanges endpoint={endpoint} />
    </I18nProvider>,
  );
  return { screen, asked };
}

describe("a webhook endpoint's changes", () => {
  it('given one change of every kind, should name each kind, who made it and which fields changed', async () => {
    const { screen, asked } = await show(WEBHOOK_CHANGE_KINDS.map(change));
    const table = screen.getByRole('table', { name: 'Changes to https://tools.example.com/hook' });
    await expect.element(table).toBeVisible();
    const what = () =>
      [...table.element().querySelectorAll('tbody tr')].map((row) => row.children[2]?.textContent);
    expect(what()).toEqual([
      'Webhook added',
      'Webhook changed',
      'Webhook paused',
      'Webhook resumed',
      'Webhook turned on again',
      'Signing secret replaced',
      'Test event sent',
      'Webhook removed',
    ]);
    const first = table.element().querySelector('tbody tr');
    expect(first?.children[1]?.textContent).toBe('Command line');
    const changed = table.element().querySelectorAll('tbody tr')[1];
    expect(changed?.children[1]?.textContent).toBe('Amira');
    expect(changed?.children[3]?.textContent).toBe('url');
    expect(asked).toEqual(['GET /api/agent/admin/webhooks/e1/changes']);
  });

  it('given no change yet, should say so', async () => {
    const { screen } = await show([]);
    await expect.element(screen.getByText('No changes yet.')).toBeVisible();
    expect(screen.getByRole('table').elements()).toHaveLength(0);
  });

  it("given the administrator opens an endpoint's log, should show its deliveries and its changes", async () => {
    const view = {
      ...endpoint,
      channelId: null,
      events: [],
      description: null,
      createdAt: time,
      failures: 0,
      disabledAt: null,
      disabledReason: null,
      pausedAt: null,
      failingSince: null,
      previousSecretUntil: null,
    };
    restore = answerWith({
      request: async (method, path) => {
        const answers: Record<string, unknown> = {
          [agentPath('webhooks', {})]: [view],
          [agentPath('webhookDeliveries', { endpointId: endpoint.id })]: [],
          [agentPath('webhookChanges', { endpointId: endpoint.id })]: [change('webhookAdded', 0)],
        };
        return method === 'GET' && path in answers
          ? { code: 200, data: answers[path], message: 'ok' }
          : { code: 404, data: null, message: `not answered: ${path}` };
      },
    });
    const screen = await render(
      <I18nProvider>
        <Webhooks />
      </I18nProvider>,
    );
    await screen.getByRole('button', { name: 'Delivery log' }).click();
    const table = screen.getByRole('table', { name: 'Changes to https://tools.example.com/hook' });
    await expect.element(table).toBeVisible();
    expect(table.element().querySelector('tbody tr')?.children[2]?.textContent).toBe('Webhook added');
  });
});
