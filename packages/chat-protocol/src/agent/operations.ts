// The routes that answer outside the `{ code, data, message }` envelope: health, readiness and
// metrics for the operator's load balancer and Prometheus, and the downloads (a report as CSV, a
// file by its signed link). The server registers them from this table, and the OpenAPI document
// says what each answers, so every route the server has is in one of the contract's tables.

import { describes, list, object, oneOf, optional, string } from '../build.js';
import type { Schema } from '../schema.js';
import { REPORTS_CSV_PATH, reportQuerySchema } from './reports.js';

export interface OperationsRoute {
  method: 'GET';
  path: string;
  /** Who may call: anyone, an agent (session), an administrator, or a bearer of the metrics token. */
  auth: 'none' | 'agent' | 'administrator' | 'metricsToken';
  query?: Schema;
  params?: Schema;
  /** A JSON answer's schema by HTTP status. */
  answers?: Record<number, Schema>;
  /** The media type of an answer that is not JSON (the file's own type: `*\/*`). */
  contentType?: string;
  /** What the route answers, for the document. */
  description: string;
}

/** Why the server is or is not ready: a load balancer reads the status code, a person the rest. */
export interface Readiness {
  status: 'ready' | 'shutting down' | 'migrations pending' | 'database unreachable';
  /** The migrations not yet applied (`migrations pending`). */
  pending?: string[];
  /** The database's error (`database unreachable`). */
  reason?: string;
}

const readiness = describes<Readiness>()(
  object(
    {
      status: oneOf(['ready', 'shutting down', 'migrations pending', 'database unreachable'] as const),
      pending: optional(list(string())),
      reason: optional(string()),
    },
    ['status'],
  ),
);

/**
 * Every route outside the envelope.
 *
 * @example
 * const { path } = operationsRoutes.readiness; // '/readyz'
 */
export const operationsRoutes = {
  health: {
    method: 'GET',
    path: '/healthz',
    auth: 'none',
    answers: { 200: object({ status: oneOf(['ok'] as const) }, ['status']) },
    description: 'Liveness: the process answers.',
  },
  readiness: {
    method: 'GET',
    path: '/readyz',
    auth: 'none',
    answers: { 200: readiness, 503: readiness },
    description:
      'Readiness: 200 when the database answers, every migration is applied and the server is not draining; 503 otherwise, saying why.',
  },
  metrics: {
    method: 'GET',
    path: '/metrics',
    auth: 'metricsToken',
    contentType: 'text/plain; version=0.0.4; charset=utf-8',
    description: 'Prometheus metrics (only when METRICS_TOKEN is set; 401 without it).',
  },
  reportCsv: {
    method: 'GET',
    path: REPORTS_CSV_PATH,
    auth: 'administrator',
    query: reportQuerySchema,
    contentType: 'text/csv; charset=utf-8',
    description: "The report's figures as CSV, one row per slice (docs/contract.md, Reports).",
  },
  file: {
    method: 'GET',
    path: '/uploads/:id',
    auth: 'none',
    params: object({ id: { type: 'string', minLength: 1, maxLength: 128 } }, ['id']),
    query: object({ sig: { type: 'string', maxLength: 256 } }),
    contentType: '*/*',
    description:
      'An uploaded file, by the signed link its message carries (`sig`), or for an agent who may read the conversation; 403 otherwise. Sandboxed, never run as a page.',
  },
} as const satisfies Record<string, OperationsRoute>;
