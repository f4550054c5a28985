export { formatClockTime, formatRelativeTime, Time, type TimeProps } from './Time.js';
