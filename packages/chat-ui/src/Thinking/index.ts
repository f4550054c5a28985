export { Thinking, type ThinkingProps } from './Thinking.js';
