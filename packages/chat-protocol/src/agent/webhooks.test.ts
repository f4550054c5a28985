import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { webhookEventTypes } from './webhooks.js';

const page = readFileSync(new URL('../../../../docs/contract.md', import.meta.url), 'utf8');

describe('the webhook events in docs/contract.md', () => {
  it('should list every event type the package names, and no other', () => {
    const section = page.slice(page.indexOf('\n### WebhookEvent\n'));
    const rows = section
      .split('\n')
      .slice(1)
      .filter((line) => line.startsWith('| `'))
      .map((line) => line.split('|')[1]?.trim().replaceAll('`', ''));
    expect(rows).toEqual([...webhookEventTypes]);
  });
});
