/**
 * A WHERE clause built one condition at a time, each value a numbered parameter after those the
 * query already has, so the inbox's lists and its search filter the same way.
 *
 * @example
 * const where = visibleTo(new Where([]), agent);
 * where.value((n) => `s.channel_id = ${n}`, channelId);
 * if (label) where.label(label);
 * await db.query(`select … where ${where.sql}`, where.params);
 */
export class Where {
  constructor(
    readonly params: unknown[],
    private readonly conditions: string[] = [],
  ) {}

  /** A condition with no value of its own. */
  add(condition: string): this {
    this.conditions.push(condition);
    return this;
  }

  /** A condition on one value: `condition` is given the value's placeholder (`$4`). */
  value(condition: (placeholder: string) => string, value: unknown): this {
    this.params.push(value);
    return this.add(condition(`$${this.params.length}`));
  }

  /** The conversation (`s`, a sessions row) carries the inbox label. */
  label(label: string): this {
    return this.value(
      (n) => `exists (select 1 from session_labels l where l.session_id = s.id and l.label = ${n})`,
      label,
    );
  }

  get sql(): string {
    return this.conditions.length ? this.conditions.join(' and ') : 'true';
  }
}
