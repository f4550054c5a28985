import { Children, lazy, Suspense } from 'react';
import type { CarouselProps } from './Carousel.js';

const CarouselChunk = lazy(() => import('./Carousel.js').then((module) => ({ default: module.Carousel })));

/**
 * `Carousel` loaded on first render, so products that never show one never download embla.
 * Until it arrives, the first slide shows on its own.
 */
export function LazyCarousel(props: CarouselProps) {
  const first = Children.toArray(props.children)[0];
  return (
    <Suspense fallback={<div className="parley-carousel parley-carousel--fallback">{first}</div>}>
      <CarouselChunk {...props} />
    </Suspense>
  );
}
