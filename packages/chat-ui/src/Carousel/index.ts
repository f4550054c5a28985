export {
  CAROUSEL_AUTOPLAY_MS,
  CAROUSEL_CLICK_DRAG_THRESHOLD,
  CAROUSEL_DRAG_THRESHOLD,
  CAROUSEL_TRANSITION_MS,
  Carousel,
  type CarouselApi,
  type CarouselProps,
  EMBLA_DURATION,
  emblaTransitionMs,
} from './Carousel.js';
export { LazyCarousel } from './LazyCarousel.js';
