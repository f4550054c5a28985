export { TipCard, type TipCardLink, type TipCardProps } from './TipCard.js';
