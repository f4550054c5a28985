import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DeskAlert } from '@parley/agent-core';
import { generatedName } from '@parley/chat-protocol';
import { describe, expect, it } from 'vitest';
import { describeAlert } from './alertText.js';
import { createTranslate, type Pack } from './i18n/translate.js';

// The visitor's name in the console's alerts (alertText.ts): the one the inbox shows,
// theirs or the one made from their id, never "Visitor" for a visitor the console knows.

const english: Pack = JSON.parse(readFileSync(join(import.meta.dirname, 'locales/en.json'), 'utf8'));
const t = createTranslate(english, english);

const alert = (kind: DeskAlert['kind'], extra: Partial<DeskAlert> = {}): DeskAlert => ({
  id: `${kind}:s1`,
  kind,
  sessionId: 's1',
  visitorName: '',
  visitorId: 'v_8c1f',
  channelId: 'shop',
  ...extra,
});

describe("the alerts' visitor names", () => {
  const made = generatedName('v_8c1f');

  it('given a visitor who gave no name, should name them as the inbox does in every kind of alert', () => {
    expect(describeAlert(alert('queue'), t).title).toBe(`${made} is waiting in the queue`);
    expect(describeAlert(alert('chat'), t).title).toBe(`New chat with ${made}`);
    expect(describeAlert(alert('chat', { from: 'Tess' }), t).title).toBe(
      `Tess transferred a chat with ${made} to you`,
    );
    expect(
      describeAlert(
        alert('message', {
          message: {
            id: 'm1',
            userId: 'v_8c1f',
            senderType: 1,
            msgType: '1',
            msgContent: 'Hello?',
            msgTime: 1,
          },
        }),
        t,
      ),
    ).toEqual({ title: `New message from ${made}`, body: 'Hello?' });
  });

  it('given a visitor who gave a name, should use it', () => {
    expect(describeAlert(alert('queue', { visitorName: 'Vera' }), t).title).toBe(
      'Vera is waiting in the queue',
    );
  });

  it("given a mention in a colleague's conversation, should say who mentioned the agent", () => {
    expect(describeAlert(alert('mention', { visitorId: '', from: 'Ben', note: 'see @ada' }), t)).toEqual({
      title: 'Ben mentioned you in a note',
      body: 'see @ada',
    });
  });
});
