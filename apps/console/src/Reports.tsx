import { reportCsvPath } from '@parley/agent-core';
import type { Report, ReportFigures } from '@parley/chat-protocol';
import { BarChart } from 'chartist';
import 'chartist/dist/index.css';
import './Reports.css';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { call } from './api.js';
import { axisLabels, labelsThatFit } from './axisLabels.js';
import { type DataColumn, DataTable } from './DataTable.js';
import { useI18n } from './i18n/I18nProvider.js';
import type { MessageKey } from './i18n/translate.js';
import Webhooks from './Webhooks.js';

/** A day as `YYYY-MM-DD` in the browser's time zone. */
function localDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Writes the figures the way the console's language writes numbers, minutes and shares. */
function useFormat(locale: string) {
  return useMemo(() => {
    const count = new Intl.NumberFormat(locale);
    const minutes = new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: 'minute',
      unitDisplay: 'short',
      maximumFractionDigits: 1,
    });
    const share = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
    return {
      count: (value: number) => count.format(value),
      duration: (ms: number | null) => (ms === null ? '–' : minutes.format(ms / 60_000)),
      share: (value: number | null) => (value === null ? '–' : share.format(value)),
    };
  }, [locale]);
}

type Format = ReturnType<typeof useFormat>;

/** The figures of a slice in the order and words the console shows them. */
const FIGURES: [MessageKey, (figures: ReportFigures, format: Format) => string][] = [
  ['reports.conversations', (figures, format) => format.count(figures.conversations)],
  ['reports.firstResponse', (figures, format) => format.duration(figures.firstResponseMs)],
  ['reports.resolution', (figures, format) => format.duration(figures.resolutionMs)],
  ['reports.wait', (figures, format) => format.duration(figures.waitMs)],
  ['reports.csat', (figures, format) => format.share(figures.csat)],
  ['reports.ratings', (figures, format) => format.count(figures.ratings)],
  ['reports.handovers', (figures, format) => format.count(figures.handovers)],
  ['reports.missed', (figures, format) => format.count(figures.missed)],
];

const same = (key: string) => key;

/** A row of a chart's table: what the bar stands for (a day, an hour, a label) and its figures. */
type Row = { key: string; figures: ReportFigures };

/**
 * A bar chart of conversations (Chartist: small, SVG) with its table view: the same rows, every
 * figure, for screen readers and for reading exact numbers.
 */
function ChartWithTable({
  title,
  keyLabel,
  rows,
  format,
  tick = same,
}: {
  title: string;
  keyLabel: string;
  rows: Row[];
  format: Format;
  /** A row's key as the axis writes it, short (the table writes it whole). */
  tick?: (key: string) => string;
}) {
  const { t } = useI18n();
  const [asTable, setAsTable] = useState(false);
  const chart = useRef<HTMLDivElement>(null);
  const headingId = useId();
  useEffect(() => {
    if (asTable || !chart.current) return;
    // As many labels as the chart's width has room for, short: they never print over each other.
    const shown = axisLabels(
      rows.map((row) => tick(row.key)),
      labelsThatFit(chart.current.clientWidth),
    );
    const drawn = new BarChart(
      chart.current,
      { labels: shown.map((label) => label ?? ''), series: [rows.map((row) => row.figures.conversations)] },
      { axisY: { onlyInteger: true }, height: '220px' },
    );
    return () => {
      drawn.detach();
    };
  }, [asTable, rows, tick]);
  const columns: DataColumn<Row>[] = [
    { key: 'key', header: keyLabel, rowHeader: true, cell: (row) => row.key },
    ...FIGURES.map(([label, value]) => ({
      key: label,
      header: t(label),
      cell: (row: Row) => value(row.figures, format),
    })),
  ];
  return (
    <section className="console-report" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {title}{' '}
        <button
          className="console-button console-button--small"
          type="button"
          onClick={() => setAsTable(!asTable)}
        >
          {asTable ? t('reports.showChart') : t('reports.showTable')}
        </button>
      </h3>
      {asTable ? (
        <DataTable caption={title} rows={rows} rowKey={(row) => row.key} columns={columns} />
      ) : (
        <div ref={chart} className="console-report__chart" role="img" aria-label={title} />
      )}
    </section>
  );
}

/**
 * The reports of the agent's channels over a range of days in the browser's time zone: the totals,
 * conversations by day, by hour and by label (each a chart with a table view of every figure), and
 * the same numbers as CSV;
 * below them, for an administrator, the webhooks.
 */
export default function Reports({
  period,
  onPeriod,
  onClose,
}: {
  /** The period in the URL, first and last day; absent, the last 30 days. */
  period: { from?: string; to?: string };
  onPeriod: (period: { from: string; to: string }) => void;
  onClose: () => void;
}) {
  const { t, locale } = useI18n();
  const format = useFormat(locale);
  const timeZone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);
  const [defaults] = useState(() => ({
    from: localDay(new Date(Date.now() - 29 * 24 * 60 * 60 * 1000)),
    to: localDay(new Date()),
  }));
  const from = period.from ?? defaults.from;
  const to = period.to ?? defaults.to;
  const setFrom = (day: string) => onPeriod({ from: day, to });
  const setTo = (day: string) => onPeriod({ from, to: day });
  const [report, setReport] = useState<Report | null>(null);
  const [failed, setFailed] = useState(false);
  const headingId = useId();

  useEffect(() => {
    if (!from || !to || from > to) return;
    let current = true;
    setFailed(false);
    call('report', { query: { from, to, timeZone } }).then(
      (answer) => current && setReport(answer),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [from, to, timeZone]);

  const byDay = useMemo(() => report?.byDay.map((row) => ({ key: row.day, figures: row })) ?? [], [report]);
  const byHour = useMemo(
    () => report?.byHour.map((row) => ({ key: String(row.hour), figures: row })) ?? [],
    [report],
  );
  const byAgent = useMemo(
    () => report?.byAgent.map((row) => ({ key: row.nick ?? t('reports.noAgent'), figures: row })) ?? [],
    [report, t],
  );
  // A day on the axis as the language writes a short date ("28 Nov", "11月28日").
  const shortDay = useMemo(() => {
    const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    return (key: string) => day.format(new Date(`${key}T00:00:00Z`));
  }, [locale]);
  const byLabel = useMemo(
    () => report?.byLabel.map((row) => ({ key: row.label, figures: row })) ?? [],
    [report],
  );

  return (
    <section className="console-reports" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {t('reports.title')}{' '}
        <button className="console-button console-button--small" type="button" onClick={onClose}>
          {t('reports.close')}
        </button>
      </h2>
      <div className="console-reports__range">
        <label>
          {t('reports.from')}{' '}
          <input type="date" value={from} max={to} onChange={(event) => setFrom(event.target.value)} />
        </label>
        <label>
          {t('reports.to')}{' '}
          <input type="date" value={to} min={from} onChange={(event) => setTo(event.target.value)} />
        </label>
        <a className="console-button" href={reportCsvPath({ from, to, timeZone })} download>
          {t('reports.csv')}
        </a>
      </div>
      {failed ? <p role="alert">{t('reports.error')}</p> : null}
      {report ? (
        <>
          <dl className="console-reports__totals">
            {FIGURES.map(([label, value]) => (
              <div key={label}>
                <dt>{t(label)}</dt>
                <dd>{value(report.totals, format)}</dd>
              </div>
            ))}
          </dl>
          <ChartWithTable
            title={t('reports.byDay')}
            keyLabel={t('reports.day')}
            rows={byDay}
            format={format}
            tick={shortDay}
          />
          <ChartWithTable
            title={t('reports.byHour')}
            keyLabel={t('reports.hour')}
            rows={byHour}
            format={format}
          />
          {byAgent.length > 0 ? (
            <ChartWithTable
              title={t('reports.byAgent')}
              keyLabel={t('admin.roleAgent')}
              rows={byAgent}
              format={format}
            />
          ) : null}
          {byLabel.length > 0 ? (
            <ChartWithTable
              title={t('reports.byLabel')}
              keyLabel={t('inbox.label')}
              rows={byLabel}
              format={format}
            />
          ) : (
            <p className="console-empty">{t('reports.noLabels')}</p>
          )}
        </>
      ) : null}
      <Webhooks />
    </section>
  );
}
