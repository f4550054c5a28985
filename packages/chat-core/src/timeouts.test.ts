import { describe, expect, it } from 'vitest';
import { advance, agentEvent, installFakeClock, started } from './test/fakeServer.js';

installFakeClock();

const both = { adminTimeoutMode: 1, adminTimeoutTime: 1, userTimeoutMode: 1, userTimeoutTime: 2 };

describe('timeouts', () => {
  it('given status 2, should start the timer after 300 ms', async () => {
    const { state } = await started({ start: { status: 2 }, channel: both });
    await advance(299);
    expect(state().timeoutTimerSignal).toBe(false);
    await advance(1);
    expect(state().timeoutTimerSignal).toBe(true);
  });

  it('given the visitor speaks, should count the agent down from minutes x 60, one per second, then show the message', async () => {
    const { session, state, server } = await started({ start: { status: 2 }, channel: both });
    await advance(300);
    await session.sendText('hello?');
    expect(state().adminTimeoutTime).toBe(60);
    expect(state().userTimeoutTime).toBe(-1);
    await advance(1000);
    expect(state().adminTimeoutTime).toBe(59);
    await advance(58_000);
    expect(state().messages.some((message) => message.msgContent === 'The agent has not answered')).toBe(
      false,
    );
    await advance(1000);
    expect(state()).toMatchObject({ adminTimeoutTime: -1, userTimeoutTime: -1 });
    expect(state().messages.at(-1)?.msgContent).toBe('The agent has not answered');
    await advance(1000);
    expect(server.bodies('sysMsg').map((body) => body.msgContent)).toEqual(['The agent has not answered']);
  });

  it('given the agent speaks, should count the visitor down and show the visitor timeout message at 0', async () => {
    const { server, state } = await started({ start: { status: 2 }, channel: both });
    server.queueEvents(agentEvent('m1', 'Can I help?'));
    await advance(2000);
    expect(state().userTimeoutTime).toBe(120);
    await advance(120_000);
    expect(state()).toMatchObject({ adminTimeoutTime: -1, userTimeoutTime: -1 });
    expect(state().messages.at(-1)?.msgContent).toBe('Are you still there?');
  });

  it('given adminTimeoutMode 0, should keep the agent countdown off', async () => {
    const { session, state } = await started({
      start: { status: 2 },
      channel: { ...both, adminTimeoutMode: 0 },
    });
    await session.sendText('hello?');
    expect(state().adminTimeoutTime).toBe(-1);
  });

  it('given userTimeoutMode 0, should keep the visitor countdown off', async () => {
    const { server, state } = await started({
      start: { status: 2 },
      channel: { ...both, userTimeoutMode: 0 },
    });
    server.queueEvents(agentEvent('m1', 'Hi'));
    await advance(2000);
    expect(state().userTimeoutTime).toBe(-1);
  });

  it('given no agent yet, should not count down', async () => {
    const { session, state } = await started({ channel: both });
    await session.sendText('hello?');
    expect(state().adminTimeoutTime).toBe(-1);
  });

  it('given the chat closes, should stop the timers', async () => {
    const { session, state } = await started({ start: { status: 2 }, channel: both });
    await advance(300);
    await session.sendText('hello?');
    await session.close();
    expect(state()).toMatchObject({ timeoutTimerSignal: false, adminTimeoutTime: -1 });
    await advance(120_000);
    expect(state().messages.some((message) => message.msgContent === 'The agent has not answered')).toBe(
      false,
    );
  });
});
