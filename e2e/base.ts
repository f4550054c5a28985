/**
 * The e2e server's address, once it has started: it listens on a port the system picked, which
 * playwright.config.ts reads from its start banner into E2E_PORT.
 */
export function e2eBase(): string {
  if (!process.env.E2E_PORT) throw new Error('the e2e server has not said its port yet (E2E_PORT)');
  return `http://127.0.0.1:${process.env.E2E_PORT}`;
}
