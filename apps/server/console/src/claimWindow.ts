/** How long a console tab waits for other tabs' claims on an alert before deciding (see tabs.ts). */
export const CLAIM_WINDOW_MS = 250;
