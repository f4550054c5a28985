import { useMemo, useRef } from 'react';
import type { MessageInput } from '../Message/model.js';

interface Mapped<Source extends object, Input> {
  toInput: (item: Source) => Input;
  byItem: WeakMap<Source, Input>;
  source: readonly Source[];
  inputs: Input[];
}

/**
 * Maps an app's own messages to `MessageList` inputs once per message, so a change costs what
 * changed: an item kept as the same object (as immutable stores do) keeps its input, found by its
 * place (appended or prepended messages shift nothing else) or else by identity. A new `toInput`
 * (a new language, say) maps everything anew, so keep it stable with `useCallback`.
 *
 * @example
 * const toInput = useCallback((m: Order) => ({ _id: m.id, content: m.text, createdAt: m.at }), []);
 * const inputs = useMessageInputs(messages, toInput);
 * <MessageList messages={inputs} />
 */
export function useMessageInputs<Source extends object, Input extends MessageInput = MessageInput>(
  source: readonly Source[],
  toInput: (item: Source) => Input,
): Input[] {
  const mapped = useRef<Mapped<Source, Input> | null>(null);
  return useMemo(() => {
    const last = mapped.current?.toInput === toInput ? mapped.current : null;
    const byItem = last?.byItem ?? new WeakMap<Source, Input>();
    // Where the last list's first item is now: 0 after an append, the page's length after a prepend.
    const shift = last ? source.length - last.source.length : 0;
    const offset = last && shift > 0 && source[shift] === last.source[0] ? shift : 0;
    const before = last?.source ?? [];
    const made = last?.inputs ?? [];
    const inputs = new Array<Input>(source.length);
    for (let index = 0; index < source.length; index += 1) {
      const item = source[index] as Source;
      const at = index - offset;
      if (at >= 0 && at < before.length && before[at] === item) {
        inputs[index] = made[at] as Input;
        continue;
      }
      let input = byItem.get(item);
      if (!input) {
        input = toInput(item);
        byItem.set(item, input);
      }
      inputs[index] = input;
    }
    mapped.current = { toInput, byItem, source, inputs };
    return inputs;
  }, [source, toInput]);
}
