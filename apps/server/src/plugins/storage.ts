import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { forgetBudgets } from '../budgets.js';
import { PollCache } from '../conversation/events.js';
import { PRESENCE_SWEEP_MS, sweepPresence } from '../conversation/presence.js';
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
  /** How long a console session counts as alive after its last poll (presence.ts). */
  presenceTimeoutMs?: number;
  clock: () => number;
}

declare module 'fastify' {
  interface FastifyInstance {
    conversations: ConversationStore;
    db: Db;
    pollCache: PollCache;
    uploads: UploadStore;
    /**
     * Deletes uploads past retention, stale partial files and files without a record now (it also
     * runs at start and hourly); answers how many uploads went past retention.
     */
    sweepUploads: () => Promise<number>;
  }
}

/**
 * The record: the database (PGlite, or PostgreSQL with `databaseUrl`) with the seed applied, the
 * poll cache that keeps empty polls out of SQL and hears other instances, the conversation rules
 * over both, and the upload store with its sweep at start and hourly (retention, stale parts,
 * files without a record, reservations).
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
    if (options.presenceTimeoutMs) conversations.presenceTimeoutMs = options.presenceTimeoutMs;
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
      await reconcileUploads(conversations, store);
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
    // Presence: consoles that stopped polling go offline, offline agents' chats go back to the queue.
    const presenceSweeper = setInterval(() => {
      sweepPresence(conversations).catch((error) => app.log.error({ err: error }, 'presence sweep failed'));
    }, PRESENCE_SWEEP_MS);
    presenceSweeper.unref();
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
      clearInterval(presenceSweeper);
      await cache.flush();
      if (ownsDb) await db.close();
    });
  },
  { name: 'parley-storage' },
);

/** A file younger than this is not reconciled yet: its record may be on its way (see `storedFiles`). */
const RECONCILE_GRACE_MS = 60 * 1000;

/**
 * Deletes stored files that no upload record names, so the quotas, which count records, count
 * everything on disk. A file is recorded before it is moved into place, so only a crash or an
 * older server leaves one behind. Answers how many were deleted.
 */
async function reconcileUploads(conversations: ConversationStore, store: UploadStore): Promise<number> {
  const files = await store.storedFiles(RECONCILE_GRACE_MS);
  let removed = 0;
  for (let start = 0; start < files.length; start += 1000) {
    const strays = await uploads.unrecordedUploads(conversations, files.slice(start, start + 1000));
    await store.remove(strays);
    removed += strays.length;
  }
  return removed;
}

/** The key that signs file URLs, shared by every instance on the same database. */
async function uploadSecret(db: Db): Promise<string> {
  await db.query(
    `insert into settings (key, value) values ('upload_secret', $1) on conflict (key) do nothing`,
    [randomId() + randomId()],
  );
  const [row] = await db.query<{ value: string }>(`select value from settings where key = 'upload_secret'`);
  return row?.value ?? '';
}
