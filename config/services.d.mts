export type ServiceKey = 'chromium' | 'postgres';
/** Whether this run is CI's (`CI=true`, as `.ci/run` sets it). */
export declare const underCi: boolean;
/** The directory of PostgreSQL's programs: PG_BIN, else the newest of Debian's `/usr/lib/postgresql/<version>/bin`. */
export declare function postgresBin(): string;
/** Each service: what it is called, where it is looked for, and how to get it. */
export declare const services: Record<
  ServiceKey,
  { name: string; where(): string; present(): boolean; install: string }
>;
/** The line that says `service` is missing; scripts/test.mjs collects lines that start with `[services]`. */
export declare function missingMessage(key: ServiceKey, what?: string): string;
/**
 * Whether `what` (the tests that need the service) can run. When the service is missing: under CI
 * an error naming it and how to install it; elsewhere `false` and a loud warning, and they skip.
 *
 * @example
 * describe.runIf(needs('chromium'))('the console in Chromium', () => {});
 */
export declare function needs(key: ServiceKey, what?: string): boolean;
/** What `needs` does when the service is missing: under CI it throws; elsewhere it warns and answers false. */
export declare function missing(key: ServiceKey, what?: string): false;
/** For what cannot skip (a browser test project, the e2e run): an error naming the service when it is missing. */
export declare function requireService(key: ServiceKey, what: string): void;
