export { Video, type VideoProps } from './Video.js';
