import {
  createMessage,
  MESSAGE_GROUP_GAP,
  MESSAGE_TIME_GAP,
  type MessageGroupPosition,
  type MessageInput,
  type MessageModel,
  type MessageUser,
} from '../Message/model.js';

/**
 * What `MessageList` keeps between two renders to turn its `messages` prop into row models at the
 * cost of what changed: each message's model is made once and reused while the message is the same
 * (the same object, or an equal one with the same `_id`, as a caller mapping its own messages on
 * every change hands in), and its time label is decided once, from its predecessor only.
 */
export interface DerivedRows {
  /** The inputs these rows were made from. */
  readonly inputs: readonly MessageInput[];
  /** One model per input, the same objects as before where the input did not change. */
  readonly items: readonly MessageModel[];
  /** Where the models made in this pass (new or changed messages) are in `items`, ascending. */
  readonly changed: readonly number[];
  /**
   * Where the previously first message now is (history prepended above it moves it down), or -1
   * when it is gone or this is the first pass.
   */
  readonly keptFrom: number;
  /** Time decisions by message id, so a message updated in place or moved never changes its label. */
  readonly timed: Map<string, boolean>;
  /** The group gap these rows were grouped with. */
  readonly groupGap: number;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** Whether two records have the same keys with the same values (`deep` compares plain objects one level down). */
function sameRecord(a: Record<string, unknown>, b: Record<string, unknown>, deep: boolean): boolean {
  // for...in rather than Object.keys: this runs for every message of a list handed new objects.
  // A key set to undefined counts as absent.
  let keys = 0;
  for (const key in a) {
    const left = a[key];
    if (left !== undefined) keys += 1;
    const right = b[key];
    if (Object.is(left, right)) continue;
    if (!deep) return false;
    if (left instanceof Date || right instanceof Date) {
      if (new Date(left as Date).getTime() !== new Date(right as Date).getTime()) return false;
    } else if (!isPlainObject(left) || !isPlainObject(right) || !sameRecord(left, right, false)) {
      return false;
    }
  }
  for (const key in b) if (b[key] !== undefined) keys -= 1;
  return keys === 0;
}

/** Whether two inputs describe the same message (a caller may make a new object for each render). */
export function sameInput(a: MessageInput, b: MessageInput): boolean {
  return (
    a === b ||
    sameRecord(a as unknown as Record<string, unknown>, b as unknown as Record<string, unknown>, true)
  );
}

/** Where the previously first message sits in the new inputs: found by identity, then by id. */
function findKept(previous: DerivedRows, inputs: readonly MessageInput[]): number {
  const firstInput = previous.inputs[0];
  const firstId = previous.items[0]?._id;
  if (firstInput === undefined || firstId === undefined) return -1;
  for (let index = 0; index < inputs.length; index += 1) {
    const input = inputs[index] as MessageInput;
    if (input === firstInput || (input._id !== undefined && input._id === firstId)) return index;
  }
  return -1;
}

const sameAuthor = (a: MessageUser | undefined, b: MessageUser | undefined) =>
  a === b || (a?.name === b?.name && a?.avatar === b?.avatar && a?.url === b?.url);

/** Whether `next` continues `previous`'s group: same side and author, no notice or time label between, close in time. */
function joins(previous: MessageModel | undefined, next: MessageModel | undefined, gap: number): boolean {
  if (!previous || !next || next.hasTime) return false;
  if (previous.type === 'system' || next.type === 'system' || next.position === 'pop') return false;
  if (previous.position !== next.position || !sameAuthor(previous.user, next.user)) return false;
  const elapsed = next.createdAt - previous.createdAt;
  return elapsed >= 0 && elapsed <= gap;
}

function groupAt(items: readonly MessageModel[], index: number, gap: number): MessageGroupPosition {
  const after = joins(items[index - 1], items[index], gap);
  const before = joins(items[index], items[index + 1], gap);
  if (after) return before ? 'middle' : 'last';
  return before ? 'first' : 'single';
}

/** How rows are derived: the time-label gap, and the group gap (0: no groups). */
export interface DeriveOptions {
  timeGap?: number;
  groupGap?: number;
}

/**
 * Turns `inputs` into row models, reusing `previous` (see {@link DerivedRows}). A list that
 * changed nothing gets `previous` back, so nothing downstream renders again. The walk over the
 * inputs compares references only where the caller keeps its objects; new models and time
 * decisions are made only for messages that are new or changed.
 *
 * @example
 * let rows = deriveRows(null, messages);
 * rows = deriveRows(rows, [...messages, next]); // makes one model, looks at one predecessor
 */
export function deriveRows(
  previous: DerivedRows | null,
  inputs: readonly MessageInput[],
  { timeGap = MESSAGE_TIME_GAP, groupGap = MESSAGE_GROUP_GAP }: DeriveOptions = {},
): DerivedRows {
  const reusable = previous?.groupGap === groupGap ? previous : null;
  if (reusable && reusable.inputs === inputs) return reusable;
  const timed = previous?.timed ?? new Map<string, boolean>();
  const keptFrom = reusable ? findKept(reusable, inputs) : -1;
  const before = reusable && keptFrom >= 0 ? reusable : null;
  const items = new Array<MessageModel>(inputs.length);
  const changed: number[] = [];
  let lastShown = Number.NEGATIVE_INFINITY;
  let same = before !== null && keptFrom === 0 && inputs.length === before.inputs.length;
  for (let index = 0; index < inputs.length; index += 1) {
    const input = inputs[index] as MessageInput;
    const at = index - keptFrom;
    const oldInput = before && at >= 0 ? before.inputs[at] : undefined;
    const old = before && at >= 0 ? before.items[at] : undefined;
    let model: MessageModel;
    if (
      old !== undefined &&
      oldInput !== undefined &&
      (input === oldInput || (input._id !== undefined && input._id === old._id && sameInput(input, oldInput)))
    ) {
      model = old;
    } else {
      same = false;
      const made = createMessage(input);
      const decided = made.hasTime ?? timed.get(made._id) ?? made.createdAt - lastShown > timeGap;
      timed.set(made._id, decided);
      model = made.hasTime === decided ? made : { ...made, hasTime: decided };
      changed.push(index);
    }
    if (model.hasTime) lastShown = model.createdAt;
    items[index] = model;
  }
  // Groups: a message's place depends on its neighbours, so only the rows beside a change (and the
  // ends, for a list that shrank) can move; the rest keep their models.
  const last = items.length - 1;
  const fresh = new Set(changed);
  const around = before
    ? [0, last, ...changed.flatMap((index) => [index - 1, index, index + 1])]
    : items.keys();
  for (const index of around) {
    const model = items[index];
    if (!model) continue;
    const group = groupGap > 0 ? groupAt(items, index, groupGap) : undefined;
    if (model.group === group) continue;
    if (fresh.has(index))
      model.group = group; // made in this pass: nobody has seen it yet
    else {
      items[index] = { ...model, group };
      same = false;
    }
  }
  if (same && before) return { ...before, inputs, changed: [], keptFrom: 0 };
  return { inputs, items, changed, keptFrom, timed, groupGap };
}
