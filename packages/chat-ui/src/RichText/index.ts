export { LazyRichText } from './LazyRichText.js';
export { RichText, type RichTextProps } from './RichText.js';
