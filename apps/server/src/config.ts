import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ipaddr from 'ipaddr.js';
import type { ServerOptions } from './app.js';
import { DEFAULT_WAKE_WINDOW_MS } from './conversation/events.js';
import { DEFAULT_LOCKOUT } from './loginLockout.js';
import { llmOverrideFromEnv } from './robot/settings.js';

const here = dirname(fileURLToPath(import.meta.url));
/** apps/server, from both src/ and dist/. */
export const serverRoot = join(here, '..');
export const repoRoot = join(serverRoot, '../..');

const number = (value: string | undefined, fallback: number): number => {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new Error(`not a positive number: ${value}`);
  return parsed;
};

/** A count that may be 0 (off). */
const count = (value: string | undefined, fallback: number): number => {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`not a whole number of 0 or more: ${value}`);
  return parsed;
};

/**
 * `TRUST_PROXY`: a hop count (`1`: the one proxy in front; the address it adds to
 * `X-Forwarded-For` is the client's, whatever the client wrote before it) or a comma-separated list
 * of the proxies' addresses and CIDR ranges. Unset, empty or `0` trusts none. `true`, which once
 * meant every hop (so a client chose its own address), now means one hop.
 */
export function trustProxyOf(value: string | undefined): number | string[] | false {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0' || text === 'false') return false;
  if (text === 'true') return 1;
  if (/^\d+$/.test(text)) return Number(text);
  const proxies = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const proxy of proxies) {
    const valid = proxy.includes('/') ? ipaddr.isValidCIDR(proxy) : ipaddr.isValid(proxy);
    if (!valid) {
      throw new Error(
        `TRUST_PROXY: "${proxy}" is not an address or CIDR range (a hop count, or a list such as 10.0.0.0/8,127.0.0.1)`,
      );
    }
  }
  return proxies;
}

export interface Settings extends ServerOptions {
  host: string;
  port: number;
  /** The seed file applied at start; undefined: none (a production start creates no agent). */
  seedFile: string | undefined;
  /** Demo mode (`PARLEY_DEMO=1`): the demo seed with its known logins, printed at start. */
  demo: boolean;
}

/** The demo seed: channels and agents with known passwords, for `npm start` and the tests only. */
export const DEMO_SEED_FILE = join(serverRoot, 'seed/demo.json');

/** The server's settings from the environment (see apps/server/README.md for each variable). */
export function settingsFromEnv(env: NodeJS.ProcessEnv = process.env): Settings {
  const demo = env.PARLEY_DEMO === '1' || env.PARLEY_DEMO === 'true';
  // Only demo mode loads the demo seed by itself; a deployment names its own seed, or none.
  const seedFile = env.SEED_FILE ? resolve(env.SEED_FILE) : demo ? DEMO_SEED_FILE : undefined;
  return {
    host: env.HOST ?? '127.0.0.1',
    // 0: the system picks a free port (the tests' servers), which the start banner names.
    port: count(env.PORT, 3000),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: resolve(env.DATA_DIR ?? join(repoRoot, '.parley/data')),
    uploadsDir: env.UPLOADS_DIR ? resolve(env.UPLOADS_DIR) : undefined,
    seed: seedFile,
    seedFile,
    demo,
    visitorDist: env.VISITOR_DIST ?? join(repoRoot, 'apps/visitor/dist'),
    consoleDist: env.CONSOLE_DIST ?? join(repoRoot, 'apps/console/dist'),
    logger: { level: env.LOG_LEVEL ?? 'info' },
    uploadLimit: Math.round(number(env.UPLOAD_LIMIT_MB, 20) * 1024 * 1024),
    uploadQuota: {
      perVisitor: Math.round(number(env.UPLOAD_QUOTA_VISITOR_MB, 200) * 1024 * 1024),
      perChannel: Math.round(number(env.UPLOAD_QUOTA_CHANNEL_MB, 5120) * 1024 * 1024),
      perAddress: Math.round(number(env.UPLOAD_QUOTA_ADDRESS_MB, 1024) * 1024 * 1024),
    },
    uploadRetentionDays: number(env.UPLOAD_RETENTION_DAYS, 90),
    rateLimits: {
      perIp: number(env.RATE_LIMIT_PER_IP, 3000),
      perVisitor: number(env.RATE_LIMIT_PER_VISITOR, 300),
      chatStart: number(env.RATE_LIMIT_CHAT_START, 60),
      login: number(env.RATE_LIMIT_LOGIN, 20),
      windowMs: number(env.RATE_LIMIT_WINDOW_MS, 60_000),
      loginLockout: {
        attempts: number(env.LOGIN_LOCKOUT_ATTEMPTS, DEFAULT_LOCKOUT.attempts),
        windowMs: number(env.LOGIN_LOCKOUT_MINUTES, DEFAULT_LOCKOUT.windowMs / 60_000) * 60_000,
        lockMs: number(env.LOGIN_LOCKOUT_MINUTES, DEFAULT_LOCKOUT.lockMs / 60_000) * 60_000,
      },
    },
    agentSessionMs: number(env.AGENT_SESSION_HOURS, 12) * 60 * 60 * 1000,
    presenceTimeoutMs: number(env.PRESENCE_TIMEOUT_S, 45) * 1000,
    frameAncestors: env.FRAME_ANCESTORS ? env.FRAME_ANCESTORS.split(/\s+/).filter(Boolean) : undefined,
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    requestTimeoutMs: number(env.REQUEST_TIMEOUT_S, 90) * 1000,
    connectionLimits: {
      perAddress: count(env.MAX_CONNECTIONS_PER_ADDRESS, 256),
      uploadsPerAddress: number(env.UPLOADS_PER_ADDRESS, 4),
      uploadsAtOnce: number(env.UPLOADS_AT_ONCE, 64),
    },
    metricsToken: env.METRICS_TOKEN || undefined,
    llm: llmOverrideFromEnv(env),
    integrationRateLimit: number(env.RATE_LIMIT_INTEGRATION, 600),
    mailLimits: {
      transcriptsPerAddressDay: number(env.TRANSCRIPTS_PER_ADDRESS_DAY, 10),
      transcriptsPerChannelDay: number(env.TRANSCRIPTS_PER_CHANNEL_DAY, 500),
      leftMessagesPerVisitorHour: number(env.LEFT_MESSAGES_PER_VISITOR_HOUR, 5),
      leftMessagesPerAddressHour: number(env.LEFT_MESSAGES_PER_ADDRESS_HOUR, 20),
    },
    mail: {
      smtpUrl: env.SMTP_URL || undefined,
      ...(env.MAIL_FROM && { from: env.MAIL_FROM }),
      // Demo mode without SMTP prints each mail to the log instead.
      print: demo && !env.SMTP_URL,
      ...(env.MAIL_INBOUND_ADDRESS && { inboundAddress: env.MAIL_INBOUND_ADDRESS }),
      ...(env.MAIL_INBOUND_PORT && { inboundPort: number(env.MAIL_INBOUND_PORT, 2525) }),
      ...(env.MAIL_INBOUND_HOST && { inboundHost: env.MAIL_INBOUND_HOST }),
      ...(env.MAIL_INBOUND_CHANNEL && { inboundChannel: env.MAIL_INBOUND_CHANNEL }),
    },
    webhooks: {
      // The server calls webhook URLs from inside the operator's network: outside demo mode a URL
      // that resolves to a private address is refused unless the operator allows it.
      allowPrivate: env.WEBHOOK_ALLOW_PRIVATE
        ? env.WEBHOOK_ALLOW_PRIVATE === '1' || env.WEBHOOK_ALLOW_PRIVATE === 'true'
        : demo,
      timeoutMs: number(env.WEBHOOK_TIMEOUT_S, 5) * 1000,
      ...(env.WEBHOOK_BACKOFF_MS && { backoffMs: number(env.WEBHOOK_BACKOFF_MS, 10_000) }),
      ...(env.WEBHOOK_INTERVAL_MS && { intervalMs: number(env.WEBHOOK_INTERVAL_MS, 1000) }),
      retentionDays: count(env.WEBHOOK_RETENTION_DAYS, 30),
      ...(env.WEBHOOK_DISABLE_AFTER_HOURS && {
        disableAfterMs: number(env.WEBHOOK_DISABLE_AFTER_HOURS, 72) * 60 * 60 * 1000,
      }),
    },
    wakeWindowMs: count(env.WAKE_WINDOW_MS, DEFAULT_WAKE_WINDOW_MS),
    drainMs: count(env.PARLEY_DRAIN_MS, 5000),
  };
}
