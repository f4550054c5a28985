import type { ChatMessage } from '@parley/chat-core';
import { describe, expect, it } from 'vitest';
import { looksLikeMarkup, toMessageInput } from './messageView.js';

const t = ((key: string, values?: Record<string, unknown>) =>
  values && 'name' in values ? `${key}:${values.name}` : key) as never;

const message = (fields: Partial<ChatMessage>): ChatMessage => ({
  id: 'm1',
  userId: 'u1',
  senderType: 2,
  msgType: 1,
  msgContent: 'Hello',
  msgTime: 1000,
  ...fields,
});

const NO_NAMES = { robotName: '' };
const ROBO = { robotName: 'Robo' };

describe('toMessageInput', () => {
  it('given the visitor, should sit on the right with its delivery status', () => {
    expect(toMessageInput(message({ senderType: 1, status: 'fail' }), t, NO_NAMES)).toMatchObject({
      _id: 'm1',
      position: 'right',
      status: 'fail',
      type: 'text',
      content: 'Hello',
      createdAt: 1000,
    });
  });

  it('given a system message with a key, should be a translated system row', () => {
    const row = toMessageInput(
      message({ senderType: 4, noticeKey: 'chat.agentJoined', noticeParams: { name: 'Ann' } }),
      t,
      NO_NAMES,
    );
    expect(row).toMatchObject({ type: 'system', content: 'chat.agentJoined:Ann' });
  });

  it('given an agent, should sit on the left under the agent name', () => {
    expect(toMessageInput(message({ senderName: 'Ann' }), t, NO_NAMES)).toMatchObject({
      position: 'left',
      user: { name: 'Ann' },
      status: undefined,
    });
  });

  it('given the agent welcome (a system message carrying the agent name), should show the agent speaking, not a notice', () => {
    const row = toMessageInput(
      message({ senderType: 4, msgType: 3, senderName: 'Alice', msgContent: 'Hello, I am Alice.' }),
      t,
      { robotName: '', agent: { nick: 'Alice', avatar: 'https://cdn.example/alice.png' } },
    );
    expect(row).toMatchObject({
      type: 'text',
      position: 'left',
      content: 'Hello, I am Alice.',
      user: { name: 'Alice', avatar: 'https://cdn.example/alice.png' },
    });
  });

  it('given a system message without a sender (a timeout, the queue), should stay a centred notice', () => {
    expect(
      toMessageInput(message({ senderType: 4, msgType: 3, msgContent: 'Are you still there?' }), t, NO_NAMES),
    ).toMatchObject({
      type: 'system',
      content: 'Are you still there?',
    });
    expect(
      toMessageInput(
        message({ senderType: 4, msgType: 3, senderName: '  ', msgContent: 'Closed' }),
        t,
        NO_NAMES,
      ),
    ).toMatchObject({ type: 'system' });
  });

  it("given the serving agent's card, should give that agent's messages its avatar and others initials only", () => {
    const agent = { nick: 'Alice', avatar: 'https://cdn.example/alice.png' };
    expect(toMessageInput(message({ senderName: 'Alice' }), t, { robotName: '', agent }).user).toEqual({
      name: 'Alice',
      avatar: 'https://cdn.example/alice.png',
    });
    expect(toMessageInput(message({ senderName: 'Bob' }), t, { robotName: '', agent }).user).toEqual({
      name: 'Bob',
    });
    expect(
      toMessageInput(message({ senderName: 'Alice' }), t, { robotName: '', agent: { nick: 'Alice' } }).user,
    ).toEqual({
      name: 'Alice',
    });
  });

  it('given a pending robot answer, should show typing under the robot name, drawn as a robot', () => {
    expect(toMessageInput(message({ senderType: 3, status: 'pending' }), t, ROBO)).toMatchObject({
      type: 'typing',
      user: { name: 'Robo', bot: true },
    });
  });

  it("given the channel's robot avatar, should give it to the robot's messages and to no agent", () => {
    const senders = { robotName: 'Robo', robotAvatar: '/robot.png' };
    expect(toMessageInput(message({ senderType: 3, msgContent: 'Hi' }), t, senders).user).toEqual({
      name: 'Robo',
      avatar: '/robot.png',
      bot: true,
    });
    expect(toMessageInput(message({ senderName: 'Robo' }), t, senders).user).toEqual({ name: 'Robo' });
  });

  it("given an agent message carrying its writer's avatar, should show it; a javascript: one, initials", () => {
    const agent = { nick: 'Alice', avatar: 'https://cdn.example/alice.png' };
    const bob = message({ senderName: 'Bob', senderAvatar: 'https://cdn.example/bob.png' });
    expect(toMessageInput(bob, t, { robotName: '', agent }).user).toEqual({
      name: 'Bob',
      avatar: 'https://cdn.example/bob.png',
    });
    const hostile = message({ senderName: 'Eve', senderAvatar: 'javascript:alert(1)' });
    expect(toMessageInput(hostile, t, NO_NAMES).user).toEqual({ name: 'Eve' });
  });

  it('given the visitor message an agent read, should say it was read; pending or failed ones keep their status', () => {
    expect(toMessageInput(message({ senderType: 1, status: 'sent', readAt: 5 }), t, NO_NAMES).status).toBe(
      'read',
    );
    expect(toMessageInput(message({ senderType: 1, readAt: 5 }), t, NO_NAMES).status).toBe('read');
    expect(toMessageInput(message({ senderType: 1, status: 'sent' }), t, NO_NAMES).status).toBe('sent');
    expect(toMessageInput(message({ senderType: 1, status: 'fail', readAt: 5 }), t, NO_NAMES).status).toBe(
      'fail',
    );
  });

  it.each([
    [2, 'image'],
    [4, 'file'],
    [5, 'audio'],
    [6, 'video'],
  ] as const)('given msgType %s with a file, should draw it as %s', (msgType, kind) => {
    const row = toMessageInput(message({ msgType, fileUrl: '/uploads/x', fileName: 'x' }), t, NO_NAMES);
    expect(row).toMatchObject({ type: 'custom', content: { kind } });
  });

  it('given a robot answer in markdown, should use the markdown renderer; plain, plain text', () => {
    const rich = toMessageInput(message({ senderType: 3, msgContent: 'Use **bold** here' }), t, ROBO);
    const plain = toMessageInput(message({ senderType: 3, msgContent: 'Free from 50 EUR.' }), t, ROBO);
    expect(rich).toMatchObject({ type: 'custom', content: { kind: 'rich' } });
    expect(plain).toMatchObject({ type: 'text', content: 'Free from 50 EUR.' });
  });
});

describe('looksLikeMarkup', () => {
  it.each(['**bold**', '# Title', '- item', '1. first', '[link](https://x.example)', '<b>x</b>', '`code`'])(
    'given %j, should see markup',
    (text) => {
      expect(looksLikeMarkup(text)).toBe(true);
    },
  );

  it.each([
    'Hi! I am the Parley bot. How can I help?',
    'Visit https://example.com/returns, thanks.',
    '30 days',
  ])('given %j, should see plain text', (text) => {
    expect(looksLikeMarkup(text)).toBe(false);
  });
});
