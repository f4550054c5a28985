/** This browser's local storage, or null where it is refused (even reading `localStorage` can throw). */
export function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** A stored value, or null when there is none or storage is refused. */
export function readStored(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores a value (null removes it); false when storage refused it (full, or off). */
export function writeStored(key: string, value: string | null): boolean {
  try {
    const store = storage();
    if (!store) return false;
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}
