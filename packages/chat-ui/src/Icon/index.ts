export { createIcon, type IconProps } from './createIcon.js';
export * from './icons.js';
