/**
 * The labels a chart's axis writes under its bars: at most `most` of them, evenly spread from the
 * first (the others left blank), so they never overlap however many bars the period has.
 *
 * @example
 * axisLabels(['1', '2', '3', '4', '5'], 3) // ['1', null, '3', null, '5']
 */
export function axisLabels(keys: readonly string[], most: number): (string | null)[] {
  const step = Math.max(1, Math.ceil(keys.length / Math.max(1, most)));
  return keys.map((key, index) => (index % step === 0 ? key : null));
}

/** How many labels fit a chart `width` px wide, each given `room` px (a short day: "28 Nov"). */
export const labelsThatFit = (width: number, room = 56) => Math.max(2, Math.floor(width / room));
