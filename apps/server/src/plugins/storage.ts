import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { forgetBudgets } from '../budgets.js';
import { PollCache } from '../conversation/events.js';
import { ConversationStore } from '../conversation/store.js';
import * as uploads from '../conversation/uploads.js';
import { DAY_MS, expireReservations } from '../conversation/uploads.js';
import { type Db, openDatabase } from '../db/db.js';
import { randomId } from '../ids.js';
import { applySeed, readSeed, type Seed } from '../seed.js';
import { UploadStore } from '../uploads.js';

export interface StorageOptions {
  /** An open database (tests share one; it stays open), or where to open one. */
  db?: Db;
  databaseUrl?: string;
  dataDir?: string;
  uploadsDir?: string;
  seed?: Seed | string;
  /** Uploads older than this many days are deleted (hourly); 0 keeps them. */
  uploadRetentionDays: number;
  /** PostgreSQL: how long wake-ups for other instances are gathered into one NOTIFY (ms). */
  wakeWindowMs?: number;
  clock: () => number;
}

declare module 'fastify' {
  interface FastifyInstance {
    conversations: ConversationStore;
    db: Db;
    pollCache: PollCache;
    uploads: UploadStore;
    /** Deletes uploads past retention now (it also runs hourly); answers how many. */
    sweepUploads: () => Promise<number>;
  }
}

/**
 * The record: the database (PGlite, or PostgreSQL with `databaseUrl`) with the seed applied, the
 * poll cache that keeps empty polls out of SQL and hears other instances, the conversation rules
 * over both, and the upload store with its hourly sweep (retention, stale parts, reservations).
 */
export const storage = fastifyPlugin(
  async (app: FastifyInstance, options: StorageOptions) => {
    const ownsDb = !options.db;
    const db =
      options.db ??
      (await openDatabase({
        databaseUrl: options.databaseUrl,
        dataDir: options.dataDir ? join(options.dataDir, 'db') : undefined,
      }));
    if (options.seed) {
      await applySeed(db, typeof options.seed === 'string' ? readSeed(options.seed) : options.seed);
    }
    const cache = new PollCache(db, { wakeWindowMs: options.wakeWindowMs });
    await cache.start();
    const conversations = new ConversationStore(db, cache, options.clock);
    await conversations.followChannelChanges();
    const store = new UploadStore(
      options.uploadsDir ??
        (options.dataDir
          ? join(options.dataDir, 'uploads')
          : join(tmpdir(), `parley-uploads-${process.pid}`)),
      await uploadSecret(db),
    );
    const retentionMs = options.uploadRetentionDays * DAY_MS;
    const sweepUploads = async () => {
      await store.removeStaleParts(60 * 60 * 1000);
      await expireReservations(conversations);
      await forgetBudgets(db, options.clock() - 2 * DAY_MS);
      if (retentionMs <= 0) return 0;
      const expired = await uploads.expireUploads(conversations, retentionMs);
      await store.remove(expired);
      return expired.length;
    };
    const sweeper = setInterval(
      () => {
        sweepUploads().catch((error) => app.log.error({ err: error }, 'upload retention sweep failed'));
      },
      60 * 60 * 1000,
    );
    sweeper.unref();
    app.decorate('db', db);
    app.decorate('pollCache', cache);
    app.decorate('conversations', conversations);
    app.decorate('uploads', store);
    app.decorate('sweepUploads', sweepUploads);
    app.addHook('onReady', async () => {
      await sweepUploads();
    });
    app.addHook('onClose', async () => {
      clearInterval(sweeper);
      await cache.flush();
      if (ownsDb) await db.close();
    });
  },
  { name: 'parley-storage' },
);

/** The key that signs file URLs, shared by every instance on the same database. */
async function uploadSecret(db: Db): Promise<string> {
  await db.query(
    `insert into settings (key, value) values ('upload_secret', $1) on conflict (key) do nothing`,
    [randomId() + randomId()],
  );
  const [row] = await db.query<{ value: string }>(`select value from settings where key = 'upload_secret'`);
  return row?.value ?? '';
}
