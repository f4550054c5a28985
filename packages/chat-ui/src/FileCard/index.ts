export { FileCard, type FileCardProps, type FileKind, fileKindOf, formatFileSize } from './FileCard.js';
