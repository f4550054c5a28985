import pg from 'pg';
import type { Db, Queryable } from './types.js';

// Ids from bigserial columns and epoch-millisecond times fit in a double.
pg.types.setTypeParser(20, Number);

/** A PostgreSQL server through a connection pool; several server instances may share it. */
export async function openPostgres(connectionString: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: Number(process.env.PG_POOL_SIZE ?? 10) });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  // One listening connection per `listen` call (each notification channel has its own).
  const listeners = new Set<pg.Client>();
  let closed = false;
  const db: Db = {
    kind: 'postgres',
    query: async (sql, params) => (await pool.query(sql, params)).rows,
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const scoped: Queryable = { query: async (sql, params) => (await client.query(sql, params)).rows };
        const result = await work(scoped);
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => {
      await pool.query(sql);
    },
    listen: async (channel, onMessage, onReset) => {
      // A notification sent while no connection listened is lost: `onReset` runs when the
      // connection goes and again once a new one listens, so nothing read in the gap is trusted.
      const connect = async (again: boolean): Promise<void> => {
        const client = new pg.Client({ connectionString });
        client.on('notification', (message) => {
          if (message.channel === channel && message.payload) onMessage(message.payload);
        });
        client.on('error', () => {
          listeners.delete(client);
          client.end().catch(() => {});
          if (closed) return;
          onReset();
          retry();
        });
        await client.connect();
        await client.query(`listen ${channel}`);
        listeners.add(client);
        if (again) onReset();
      };
      const retry = (): void => {
        setTimeout(() => {
          if (!closed) connect(true).catch(retry);
        }, 1000).unref();
      };
      await connect(false);
    },
    close: async () => {
      closed = true;
      await Promise.all([...listeners].map((client) => client.end().catch(() => {})));
      await pool.end();
    },
  };
  // Fail at start, not at the first request, when the server is unreachable.
  await pool.query('select 1');
  return db;
}
