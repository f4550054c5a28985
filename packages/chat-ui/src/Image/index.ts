export { Image, type ImageProps } from './Image.js';
