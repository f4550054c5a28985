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

/** Whether a channel with these hours is open at `now`; no hours configured means always open. */
export function isWorkingTime(hours: WorkingHours | undefined, now: number): boolean {
  if (!hours) return true;
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: hours.timeZone ?? 'UTC',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(now));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(part('weekday'));
  const minute = Number(part('hour')) * 60 + Number(part('minute'));
  return hours.windows.some(
    (window) =>
      window.days.includes(day) && minute >= minutesOf(window.from) && minute < minutesOf(window.to),
  );
}
