export { isEmbedded, readUrlParams, type UrlParams } from './urlParams.js';
