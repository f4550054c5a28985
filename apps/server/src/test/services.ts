// The one answer to "may these tests run here?" for the server's tests that need a service outside
// npm: Chromium for the console's browser tests, PostgreSQL for the blocks that need a real server.
// Missing under CI: the file fails, naming the service and how to install it. Missing on a
// developer's machine: the block skips, with a warning in the output (config/services.mjs).
import { inject } from 'vitest';
import { missing, needs as needsService, type ServiceKey } from '../../../../config/services.mjs';

/**
 * Whether the tests that need `service` run: `describe.runIf(needs('chromium'))('the inbox', ...)`.
 * PostgreSQL counts as present when the run has one (`postgres.setup.ts` started it, or
 * DATABASE_URL names one).
 */
export function needs(service: ServiceKey, what?: string): boolean {
  if (service !== 'postgres') return needsService(service, what);
  return Boolean(inject('postgresAdminUrl')) || missing('postgres', what);
}
