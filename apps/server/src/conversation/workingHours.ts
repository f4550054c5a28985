/** One opening window: on these weekdays (0 = Sunday), from `from` to `to` (HH:MM, local time). */
export interface WorkingWindow {
  days: number[];
  from: string;
  to: string;
}

export interface WorkingHours {
  /** An IANA time zone; default UTC. */
  timeZone?: string;
  /** Empty: never open (a channel that is always outside working hours). */
  windows: WorkingWindow[];
}

const minutesOf = (hhmm: string): number => {
  const [hours = '0', minutes = '0'] = hhmm.split(':');
  return Number(hours) * 60 + Number(minutes);
};

/** The weekday, hour and minute of a moment in a time zone (24-hour clock, English names). */
function localFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: timeZone ?? 'UTC',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
}

/** The local weekday (0 = Sunday) and minute of the day of `at`, read with `localFormat`. */
function localClock(format: Intl.DateTimeFormat, at: number): { day: number; minute: number } {
  const parts = format.formatToParts(new Date(at));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    day: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(part('weekday')),
    minute: Number(part('hour')) * 60 + Number(part('minute')),
  };
}

/** Whether a channel with these hours is open at `now`; no hours configured means always open. */
export function isWorkingTime(hours: WorkingHours | undefined, now: number): boolean {
  if (!hours) return true;
  const { day, minute } = localClock(localFormat(hours.timeZone), now);
  return hours.windows.some(
    (window) =>
      window.days.includes(day) && minute >= minutesOf(window.from) && minute < minutesOf(window.to),
  );
}

/**
 * When a channel closed at `now` opens next (epoch ms, to the minute), within the coming 8 days;
 * undefined when it never opens (no windows) or is open now. Each window start of the coming days
 * is tried in order, so a time-zone change (summer time) on the way is counted.
 *
 * @example
 * nextOpening({ timeZone: 'Europe/Paris', windows: [{ days: [1], from: '09:00', to: '17:00' }] }, sundayNoon)
 */
export function nextOpening(hours: WorkingHours | undefined, now: number): number | undefined {
  if (!hours || hours.windows.length === 0 || isWorkingTime(hours, now)) return undefined;
  const format = localFormat(hours.timeZone);
  const start = Math.floor(now / 60_000) * 60_000;
  const here = localClock(format, start);
  let best: number | undefined;
  for (let ahead = 0; ahead <= 7; ahead += 1) {
    const day = (here.day + ahead) % 7;
    for (const window of hours.windows) {
      if (!window.days.includes(day)) continue;
      // The window's start, counted from this minute in local time; corrected below for an offset
      // that changed between now and then.
      const minutes = ahead * 1440 + minutesOf(window.from) - here.minute;
      if (minutes <= 0) continue;
      let at = start + minutes * 60_000;
      const there = localClock(format, at);
      const drift = there.minute - minutesOf(window.from);
      if (drift !== 0 && Math.abs(drift) <= 120) at -= drift * 60_000;
      if (best === undefined || at < best) best = at;
    }
    if (best !== undefined) return best;
  }
  return best;
}
