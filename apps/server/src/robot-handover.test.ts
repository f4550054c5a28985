import { SenderType } from '@parley/chat-protocol';
import { describe, expect, it } from 'vitest';
import { DEMO_SEED_FILE } from './config.js';
import { readSeed, type Seed } from './seed.js';
import { testDatabases } from './test/databases.js';
import { type Data, serverFor } from './test/harness.js';

// The keyword robot's one instruction for reaching a person: the demo's greeting, fallback and FAQ
// say to type a word, and typing it hands the chat to a person (robot/handover.ts), as the
// language-model robot does.

const demo = readSeed(DEMO_SEED_FILE).channels.find((channel) => channel.id === 'demo');
if (!demo) throw new Error('the demo seed has no "demo" channel');

const seed: Seed = {
  channels: [demo],
  agents: [
    {
      id: 'ana',
      username: 'ana',
      password: 'pw-ana',
      nick: 'Ana',
      capacity: 2,
      channels: ['demo'],
      online: true,
    },
  ],
};

/** The word the text tells the visitor to type (`type "agent"`). */
const typedWord = (text: unknown) => /type "([^"]+)"/i.exec(String(text))?.[1];

describe.each(testDatabases())('the robot asked for a person on $name', (database) => {
  const server = serverFor(database, seed);

  it("given the greeting's instruction, should name one word in the greeting, the fallback and the FAQ, and hand over who types it", async () => {
    const word = typedWord(demo.info.robotWelcomeMsg);
    expect(word).toBe('agent');
    expect(typedWord(demo.robot?.fallback)).toBe(word);
    const person = demo.robot?.answers.find((entry) => entry.keywords.includes('person'));
    expect(typedWord(person?.answer)).toBe(word);

    const ana = await server().login('ana', 'pw-ana');
    await ana.poll();
    const visitor = await server().start('demo');
    await server().visitor('sendMsg', { userId: visitor.userId, msgContent: word, clientMsgId: 'q1' });
    const reply = await server().visitor('robotAsk', {
      userId: visitor.userId,
      msgContent: word,
      msgId: 'q1',
    });
    expect(reply.data).toMatchObject({
      senderType: SenderType.robot,
      msgContent: 'I am passing you to a person: they will see our conversation.',
    });
    // Ana has the chat, handed on by the robot with the visitor's words.
    const chats = (await ana.poll()).data.chats as Data[];
    expect(chats.find((chat) => chat.sessionId === visitor.sessionId)).toMatchObject({
      transferredFrom: 'Parley bot',
      transferNote: 'The visitor asked for a person: "agent"',
    });
  });

  it('given nobody online, should say so when the visitor types the word', async () => {
    const visitor = await server().start('demo');
    const ana = await server().login('ana', 'pw-ana');
    await ana.online(false);
    await server().visitor('sendMsg', {
      userId: visitor.userId,
      msgContent: 'Agent please',
      clientMsgId: 'q1',
    });
    const reply = await server().visitor('robotAsk', {
      userId: visitor.userId,
      msgContent: 'Agent please',
      msgId: 'q1',
    });
    expect(reply.data.msgContent).toBe(demo.info.adminOfflineMsg);
    await ana.online(true);
  });
});
