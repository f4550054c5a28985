// Vitest 5's reporter calls Map.groupBy, which Node 20 lacks: without this a failing test crashes
// the reporter and hides its details. Imported at the top of every vitest config.
declare global {
  interface MapConstructor {
    groupBy<K, T>(items: Iterable<T>, keySelector: (item: T, index: number) => K): Map<K, T[]>;
  }
}

if (typeof Map.groupBy !== 'function') {
  Map.groupBy = <K, T>(items: Iterable<T>, keySelector: (item: T, index: number) => K) => {
    const groups = new Map<K, T[]>();
    let index = 0;
    for (const item of items) {
      const key = keySelector(item, index++);
      const group = groups.get(key);
      if (group) group.push(item);
      else groups.set(key, [item]);
    }
    return groups;
  };
}

export {};
