import { createFakeAgentServer } from '@parley/agent-core/testing';
import { agentRoutes, type Report, type ReportFigures } from '@parley/chat-protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { renderConsole } from './test/renderConsole.js';
import '@parley/chat-ui/styles.css';
import './console.css';

// The reports as a team lead reads them: a month of days whose labels never print over each
// other, readable axes in the dark theme, and the per-agent view.

const figures = (conversations: number): ReportFigures => ({
  conversations,
  firstResponseMs: null,
  firstResponses: 0,
  resolutionMs: null,
  resolved: 0,
  waitMs: null,
  taken: 0,
  ratings: 0,
  csat: null,
  handovers: 0,
  missed: 0,
});

const month: Report = {
  from: '2026-11-01',
  to: '2026-11-30',
  timeZone: 'UTC',
  totals: figures(90),
  byDay: Array.from({ length: 30 }, (_, index) => ({
    day: `2026-11-${String(index + 1).padStart(2, '0')}`,
    ...figures(index % 7),
  })),
  byHour: Array.from({ length: 24 }, (_, hour) => ({ hour, ...figures(hour % 5) })),
  byChannel: [],
  byGroup: [],
  byAgent: [
    { agentId: 'a1', nick: 'Ada', ...figures(50) },
    { agentId: null, nick: null, ...figures(40) },
  ],
  byLabel: [],
};

/** The console of an administrator whose reports call answers `report`. */
async function reportsOf(report: Report, url: string) {
  const server = createFakeAgentServer({ agent: { role: 'admin' } });
  return renderConsole(
    {
      transport: {
        request: (method, path, body, signal) =>
          path.startsWith(agentRoutes.report.path)
            ? Promise.resolve({ code: 200, data: structuredClone(report), message: 'ok' })
            : server.transport.request(method, path, body, signal),
      },
    },
    url,
  );
}

/** Whether two boxes share any pixel. */
const overlap = (a: DOMRect, b: DOMRect) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** WCAG's contrast ratio of two `rgb(...)` colours. */
function contrast(first: string, second: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
      const channel = Number(part) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

describe('the reports', () => {
  afterEach(async () => {
    document.documentElement.removeAttribute('data-parley-theme');
    await page.viewport(1280, 800);
  });

  for (const width of [1280, 700]) {
    it(`given a month of days at ${width} px, should write day labels that never overlap`, async () => {
      await page.viewport(width, 800);
      const { screen } = await reportsOf(month, '/agent/reports?from=2026-11-01&to=2026-11-30');
      const byDay = screen.getByRole('region', { name: /Conversations by day/ });
      await expect.element(byDay).toBeVisible();
      await expect
        .poll(() => byDay.element().querySelectorAll('.ct-label.ct-horizontal').length)
        .toBeGreaterThan(0);
      const labels = [...byDay.element().querySelectorAll<HTMLElement>('.ct-label.ct-horizontal')]
        .filter((label) => label.textContent?.trim())
        .map((label) => ({
          text: label.textContent?.trim(),
          box: (label.firstElementChild ?? label).getBoundingClientRect(),
        }));
      expect(labels.length).toBeGreaterThan(1);
      expect(labels[0]?.text).toMatch(/^1\b|\b1$/);
      for (const [index, label] of labels.entries())
        for (const other of labels.slice(index + 1))
          expect(overlap(label.box, other.box), `${label.text} / ${other.text}`).toBe(false);
    });
  }

  it('given the dark theme, should draw axis labels readable on the page (4.5:1 at least)', async () => {
    document.documentElement.setAttribute('data-parley-theme', 'dark');
    const { screen } = await reportsOf(month, '/agent/reports?from=2026-11-01&to=2026-11-30');
    const byHour = screen.getByRole('region', { name: /Conversations by hour/ });
    await expect.poll(() => byHour.element().querySelector('.ct-label')).not.toBeNull();
    const label = byHour.element().querySelector('.ct-label') as HTMLElement;
    const background = getComputedStyle(document.body).backgroundColor;
    expect(contrast(getComputedStyle(label).color, background)).toBeGreaterThanOrEqual(4.5);
  });

  it('given conversations by agent, should show them per agent, the unassigned ones named so, with a table view', async () => {
    const { screen } = await reportsOf(month, '/agent/reports?from=2026-11-01&to=2026-11-30');
    const byAgent = screen.getByRole('region', { name: /Conversations by agent/ });
    await expect.element(byAgent).toBeVisible();
    await byAgent.getByRole('button', { name: 'Show as table' }).click();
    await expect.element(byAgent.getByRole('rowheader', { name: 'Ada' })).toBeVisible();
    await expect.element(byAgent.getByRole('rowheader', { name: 'No agent' })).toBeVisible();
    const ada = byAgent.getByRole('rowheader', { name: 'Ada' }).element().closest('tr');
    expect(ada?.querySelector('td')?.textContent).toBe('50');
  });
});
