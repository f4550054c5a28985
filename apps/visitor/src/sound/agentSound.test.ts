import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AgentSound, createAgentSound } from './agentSound.js';

const created: AgentSound[] = [];
function tab(lockName: string) {
  const playTone = vi.fn();
  const sound = createAgentSound({ locks: navigator.locks, playTone, lockName });
  created.push(sound);
  return { sound, playTone };
}
/** Resolves once a tab holds the lock (Web Locks grant it asynchronously). */
const leading = (sound: AgentSound) => vi.waitFor(() => expect(sound.isLeader()).toBe(true));

afterEach(() => {
  for (const sound of created.splice(0)) sound.dispose();
});

describe('agent message sound', () => {
  it('given two open tabs, should play in one tab only', async () => {
    const first = tab('lock-a');
    const second = tab('lock-a');
    await leading(first.sound);
    first.sound.play('m1');
    second.sound.play('m1');
    expect(first.playTone).toHaveBeenCalledTimes(1);
    expect(second.playTone).not.toHaveBeenCalled();
  });

  it('when the playing tab closes, should let the next tab play', async () => {
    const first = tab('lock-b');
    const second = tab('lock-b');
    await leading(first.sound);
    first.sound.dispose();
    await leading(second.sound);
    second.sound.play('m2');
    expect(second.sound.isLeader()).toBe(true);
    expect(second.playTone).toHaveBeenCalledTimes(1);
  });

  it('given the same message twice, should play once', async () => {
    const only = tab('lock-c');
    await leading(only.sound);
    only.sound.play('m3');
    only.sound.play('m3');
    only.sound.play('m4');
    expect(only.playTone).toHaveBeenCalledTimes(2);
  });

  it('given no Web Locks, should play in every tab', () => {
    const playTone = vi.fn();
    const sound = createAgentSound({ locks: null, playTone });
    sound.play('m5');
    expect(playTone).toHaveBeenCalledTimes(1);
  });
});
