import { type Report, type ReportFigures, reportFigureNames } from '@parley/chat-protocol';
import { stringify } from 'csv-stringify/sync';

/**
 * A text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, return first) gets a
 * leading apostrophe: names come from agents and administrators.
 */
const cell = (value: string | null) =>
  value !== null && /^[=+\-@\t\r]/.test(value) ? `'${value}` : (value ?? '');

const figures = (row: ReportFigures) =>
  reportFigureNames.map((name) => (row[name] === null ? '' : String(row[name])));

/**
 * The report as CSV: one line per row of each slice (`slice,key,label` and the figures in
 * `reportFigureNames` order), the same numbers the JSON answer and the console's tables have.
 */
export function reportCsv(report: Report): string {
  const lines: string[][] = [['slice', 'key', 'label', ...reportFigureNames]];
  lines.push(['totals', '', '', ...figures(report.totals)]);
  for (const row of report.byDay) lines.push(['day', row.day, '', ...figures(row)]);
  for (const row of report.byHour) lines.push(['hour', String(row.hour), '', ...figures(row)]);
  for (const row of report.byChannel) lines.push(['channel', cell(row.channelId), '', ...figures(row)]);
  for (const row of report.byGroup) lines.push(['group', cell(row.groupId), '', ...figures(row)]);
  for (const row of report.byAgent) lines.push(['agent', cell(row.agentId), cell(row.nick), ...figures(row)]);
  for (const row of report.byLabel) lines.push(['label', cell(row.label), '', ...figures(row)]);
  return stringify(lines, { record_delimiter: '\r\n' });
}
