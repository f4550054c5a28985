import { act, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderHook } from 'vitest-browser-react';
import type { MessageInput } from '../Message/model.js';
import { useMessageInputs } from './useMessageInputs.js';

interface Note {
  id: string;
  text: string;
}
const note = (id: string): Note => ({ id, text: `Note ${id}` });

describe('useMessageInputs', () => {
  it('given messages appended and prepended, should map each message once and keep the others as the same objects', async () => {
    const toInput = vi.fn((item: Note): MessageInput => ({ _id: item.id, content: item.text }));
    const { result, act: run } = await renderHook(() => {
      const [notes, setNotes] = useState([note('b'), note('c')]);
      return { inputs: useMessageInputs(notes, toInput), setNotes };
    });
    const first = result.current.inputs;
    expect(first.map((input) => input._id)).toEqual(['b', 'c']);
    expect(toInput).toHaveBeenCalledTimes(2);

    run(() => result.current.setNotes((notes) => [...notes, note('d')]));
    expect(toInput).toHaveBeenCalledTimes(3);
    expect(result.current.inputs[0]).toBe(first[0]);
    expect(result.current.inputs[1]).toBe(first[1]);

    run(() => result.current.setNotes((notes) => [note('a'), ...notes]));
    expect(toInput).toHaveBeenCalledTimes(4);
    expect(result.current.inputs.map((input) => input._id)).toEqual(['a', 'b', 'c', 'd']);
    expect(result.current.inputs[1]).toBe(first[0]);

    // One message replaced in place (a status change): only it is mapped again.
    run(() =>
      result.current.setNotes((notes) => notes.map((item) => (item.id === 'c' ? { ...item } : item))),
    );
    expect(toInput).toHaveBeenCalledTimes(5);
    expect(result.current.inputs[1]).toBe(first[0]);
  });

  it('given a new mapping function (another language), should map every message anew', async () => {
    const notes = [note('a'), note('b')];
    const { result, rerender } = await renderHook(
      (props?: { suffix: string }) =>
        useMessageInputs(
          notes,
          (item: Note): MessageInput => ({ _id: item.id, content: item.text + (props?.suffix ?? '') }),
        ),
      { initialProps: { suffix: '!' } },
    );
    expect(result.current.map((input) => input.content)).toEqual(['Note a!', 'Note b!']);
    await act(async () => rerender({ suffix: '?' }));
    expect(result.current.map((input) => input.content)).toEqual(['Note a?', 'Note b?']);
  });
});
