export { Bubble, type BubblePosition, type BubbleProps } from './Bubble.js';
