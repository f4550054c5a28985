export { Audio, type AudioProps, formatDuration } from './Audio.js';
