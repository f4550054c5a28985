// The storage interface, on its own so the drivers and the opener do not import each other.

export type Row = Record<string, unknown>;

/** Something SQL can be sent to: the database itself or an open transaction. */
export interface Queryable {
  query<T = Row>(sql: string, params?: unknown[]): Promise<T[]>;
}

/** The storage the server needs, on PGlite (embedded) or a PostgreSQL server (pg Pool). */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * PostgreSQL only: calls `onMessage` for every NOTIFY on `channel` from any server instance, and
   * `onReset` when the listening connection was lost (notifications may have been missed).
   */
  listen?(channel: string, onMessage: (payload: string) => void, onReset: () => void): Promise<void>;
  close(): Promise<void>;
}
