import { describe, expect, it } from 'vitest';
import { axisLabels, labelsThatFit } from './axisLabels.js';

// The reports' axis labels: thinned so they never print over each other (a month of days, in a
// narrow window, wrote "2026-2026-2026..." before).

const days = Array.from({ length: 30 }, (_, index) => `2026-11-${String(index + 1).padStart(2, '0')}`);

describe("a chart's axis labels", () => {
  it('given fewer bars than room, should write every label', () => {
    expect(axisLabels(['0', '1', '2'], 8)).toEqual(['0', '1', '2']);
  });

  it('given a month in room for 8, should write at most 8, evenly spread from the first', () => {
    const labels = axisLabels(days, 8);
    const written = labels.filter((label) => label !== null);
    expect(written.length).toBeLessThanOrEqual(8);
    expect(written[0]).toBe('2026-11-01');
    const at = labels.flatMap((label, index) => (label === null ? [] : [index]));
    const gaps = new Set(at.slice(1).map((index, position) => index - (at[position] ?? 0)));
    expect(gaps.size).toBe(1);
  });

  it('given the width of the chart, should give each label its room, and never fewer than two', () => {
    expect(labelsThatFit(560)).toBe(10);
    expect(labelsThatFit(300, 100)).toBe(3);
    expect(labelsThatFit(40)).toBe(2);
  });
});
