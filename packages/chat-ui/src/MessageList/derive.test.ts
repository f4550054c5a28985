import { describe, expect, it } from 'vitest';
import { MESSAGE_GROUP_GAP, MESSAGE_TIME_GAP, type MessageInput } from '../Message/model.js';
import { deriveRows, sameInput } from './derive.js';

const t0 = Date.UTC(2026, 2, 18, 10);
const minute = 60_000;
const message = (id: string, at: number, extra: Partial<MessageInput> = {}): MessageInput => ({
  _id: id,
  content: `Text of ${id}`,
  createdAt: t0 + at,
  ...extra,
});
const shown = (rows: ReturnType<typeof deriveRows>) =>
  rows.items.filter((row) => row.hasTime).map((row) => row._id);

describe('deriveRows', () => {
  it('given the 5-minute rule, should show a time only more than 300 000 ms after the last shown one', () => {
    expect(MESSAGE_TIME_GAP).toBe(300_000);
    const rows = deriveRows(null, [
      message('a', 0),
      message('b', 2 * minute),
      message('c', 4 * minute),
      message('d', MESSAGE_TIME_GAP), // exactly 5 minutes after a: not more
      message('e', MESSAGE_TIME_GAP + 1),
      message('f', MESSAGE_TIME_GAP + 1 + 4 * minute),
    ]);
    expect(shown(rows)).toEqual(['a', 'e']);
  });

  it('given one message appended, should make one model, decide its time from its predecessor and keep every other model', () => {
    const first = deriveRows(null, [message('a', 0), message('b', 4 * minute)]);
    const next = deriveRows(first, [...first.inputs, message('c', 6 * minute)]);
    expect(next.changed).toEqual([2]);
    expect(next.items[0]).toBe(first.items[0]);
    expect(next.items[1]).toBe(first.items[1]);
    // 6 minutes after a (the last shown), though only 2 after b.
    expect(shown(next)).toEqual(['a', 'c']);
  });

  it('given new objects equal to the old ones (a caller mapping on each change), should keep every model', () => {
    const inputs = [
      message('a', 0, { user: { name: 'Alice' } }),
      message('b', minute, { createdAt: new Date(t0 + minute) }),
      message('c', 2 * minute, { type: 'custom', content: { kind: 'card', id: 7 } }),
    ];
    const first = deriveRows(null, inputs);
    const copies = inputs.map((input) => ({
      ...input,
      user: input.user && { ...input.user },
      createdAt: input.createdAt instanceof Date ? new Date(input.createdAt) : input.createdAt,
      content: typeof input.content === 'object' ? { ...(input.content as object) } : input.content,
    }));
    const next = deriveRows(first, copies);
    expect(next.items).toBe(first.items);
    expect(next.changed).toEqual([]);
  });

  it('given a message changed in place, should make that model anew and keep its time decision', () => {
    const first = deriveRows(null, [
      message('a', 0),
      message('b', 6 * minute, { position: 'right', status: 'pending' }),
    ]);
    const next = deriveRows(first, [
      first.inputs[0] as MessageInput,
      message('b', 6 * minute, { position: 'right', status: 'fail' }),
    ]);
    expect(next.changed).toEqual([1]);
    expect(next.items[0]).toBe(first.items[0]);
    expect(next.items[1]).not.toBe(first.items[1]);
    expect(next.items[1]?.status).toBe('fail');
    expect(shown(next)).toEqual(['a', 'b']);
  });

  it('given history prepended, should make models for the page only, report where the old first message went and move no shown time', () => {
    const first = deriveRows(null, [message('c', 0), message('d', minute)]);
    const next = deriveRows(first, [message('a', -4 * minute), message('b', -3 * minute), ...first.inputs]);
    expect(next.keptFrom).toBe(2);
    expect(next.changed).toEqual([0, 1]);
    expect(next.items[2]).toBe(first.items[0]);
    // c is only 3 minutes after a, yet keeps the time it already showed.
    expect(shown(next)).toEqual(['a', 'c']);
  });

  it('given a list put in place of another, should report nothing kept', () => {
    const first = deriveRows(null, [message('a', 0)]);
    const next = deriveRows(first, [message('x', 0), message('y', minute)]);
    expect(next.keptFrom).toBe(-1);
    expect(next.changed).toEqual([0, 1]);
  });

  it('given a time decision in the input, should keep it', () => {
    const rows = deriveRows(null, [
      message('a', 0, { hasTime: false }),
      message('b', minute, { hasTime: true }),
    ]);
    expect(shown(rows)).toEqual(['b']);
  });
});

describe('sameInput', () => {
  it('given a different value, an extra key or a different author, should say they differ', () => {
    const base = message('a', 0, { user: { name: 'Alice' } });
    expect(sameInput(base, { ...base })).toBe(true);
    expect(sameInput(base, { ...base, content: 'Other' })).toBe(false);
    expect(sameInput(base, { ...base, status: 'sent' })).toBe(false);
    expect(sameInput(base, { ...base, user: { name: 'Bob' } })).toBe(false);
    expect(sameInput(base, { ...base, user: { name: 'Alice', avatar: 'https://x.test/a.png' } })).toBe(false);
    const { user: _user, ...withoutUser } = base;
    expect(sameInput(base, withoutUser)).toBe(false);
  });
});

describe('deriveRows groups', () => {
  const alice = { name: 'Alice' };
  const from = (id: string, at: number, extra: Partial<MessageInput> = {}) =>
    message(id, at, { user: alice, hasTime: false, ...extra });
  const groups = (rows: ReturnType<typeof deriveRows>) => rows.items.map((row) => row.group);

  it('given messages from one sender, should group them within 180 000 ms (3 minutes) and no longer', () => {
    expect(MESSAGE_GROUP_GAP).toBe(180_000);
    const rows = deriveRows(null, [
      from('a', 0),
      from('b', minute),
      from('c', minute + MESSAGE_GROUP_GAP), // exactly 3 minutes after b: still grouped
      from('d', minute + 2 * MESSAGE_GROUP_GAP + 1), // one ms more: a new group
    ]);
    expect(groups(rows)).toEqual(['first', 'middle', 'last', 'single']);
  });

  it('given another author, the other side, a notice or a time label between, should start a new group', () => {
    const rows = deriveRows(null, [
      from('a', 0),
      from('b', 1000, { user: { name: 'Bob' } }),
      from('c', 2000, { user: { name: 'Bob', avatar: 'https://x.test/bob.png' } }),
      from('d', 3000, { position: 'right', user: undefined }),
      from('e', 4000, { position: 'right', user: undefined }),
      from('f', 5000, { type: 'system', position: 'pop', user: undefined }),
      from('g', 6000),
      from('h', 7000, { hasTime: true }),
    ]);
    expect(groups(rows)).toEqual([
      'single',
      'single',
      'single',
      'first',
      'last',
      'single',
      'single',
      'single',
    ]);
  });

  it('given a message appended to a group, should remake only it and the one before (no longer last)', () => {
    const first = deriveRows(null, [from('a', 0), from('b', 1000), from('c', 2000)]);
    expect(groups(first)).toEqual(['first', 'middle', 'last']);
    const next = deriveRows(first, [...first.inputs, from('d', 3000)]);
    expect(groups(next)).toEqual(['first', 'middle', 'middle', 'last']);
    expect(next.items[0]).toBe(first.items[0]);
    expect(next.items[1]).toBe(first.items[1]);
    expect(next.items[2]).not.toBe(first.items[2]);
  });

  it('given history prepended by the same sender, should join it to the group below', () => {
    const first = deriveRows(null, [from('c', 0), from('d', 1000)]);
    const next = deriveRows(first, [from('a', -2000), from('b', -1000), ...first.inputs]);
    expect(groups(next)).toEqual(['first', 'middle', 'middle', 'last']);
  });

  it('given the last message removed, should make the new last message close its group', () => {
    const first = deriveRows(null, [from('a', 0), from('b', 1000), from('c', 2000)]);
    const next = deriveRows(first, first.inputs.slice(0, 2));
    expect(groups(next)).toEqual(['first', 'last']);
  });

  it('given grouping off (a gap of 0), should leave every message alone', () => {
    const rows = deriveRows(null, [from('a', 0), from('b', 1000)], { groupGap: 0 });
    expect(groups(rows)).toEqual([undefined, undefined]);
  });
});
