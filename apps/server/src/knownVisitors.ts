/**
 * Visitor ids this instance has answered, so the per-visitor rate limit can tell a real visitor
 * from a made-up id without a database query: a known id has its own budget, anything else
 * (a new visitor's first calls, a rotated fake id) counts against its IP address. Bounded: the
 * oldest entry goes first, so a flood of ids cannot grow it.
 *
 * @example
 * const known = new KnownVisitors(2);
 * known.add('a'); known.add('b'); known.add('c');
 * known.has('a'); // false: the oldest went first
 */
export class KnownVisitors {
  private readonly ids = new Set<string>();

  constructor(private readonly max = 100_000) {}

  has(id: string): boolean {
    return this.ids.has(id);
  }

  add(id: string): void {
    if (this.ids.has(id)) return;
    this.ids.add(id);
    if (this.ids.size > this.max) {
      const oldest = this.ids.values().next().value;
      if (oldest !== undefined) this.ids.delete(oldest);
    }
  }
}
