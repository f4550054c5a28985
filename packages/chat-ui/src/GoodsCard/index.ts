export {
  formatPrice,
  GoodsCard,
  type GoodsCardProps,
  type GoodsCardType,
  type GoodsTag,
} from './GoodsCard.js';
