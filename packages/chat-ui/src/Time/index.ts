export {
  formatClockTime,
  formatFullDateTime,
  formatRelativeTime,
  formatShortTime,
  Time,
  type TimeProps,
} from './Time.js';
