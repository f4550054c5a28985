import { REPORTS_CSV_PATH, type ReportQuery } from '@parley/chat-protocol';

// The report itself, left messages' answers by email and the webhooks are calls of the agent API
// (`createAgentApi`: `api('report', { query })`); the CSV is a download, not a call.

/** The query string of a report, encoded by hand (no DOM library in this package). */
export function reportQueryString(query: ReportQuery): string {
  return Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
}

/**
 * The address of a report as CSV (the same figures as the `report` call, a row per slice), for a
 * download link.
 *
 * @example
 * link.href = reportCsvPath({ from: '2026-01-01', to: '2026-01-31', timeZone: 'Europe/Paris' });
 */
export function reportCsvPath(query: ReportQuery): string {
  return `${REPORTS_CSV_PATH}?${reportQueryString(query)}`;
}
