import useEmblaCarousel, { type UseEmblaCarouselType } from 'embla-carousel-react';
import {
  Children,
  forwardRef,
  type HTMLAttributes,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { IconChevronEnd, IconChevronStart, IconPause, IconPlay } from '../Icon/icons.js';
import { cn } from '../internal/cn.js';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';

/** The spec's carousel constants. */
export const CAROUSEL_TRANSITION_MS = 300;
export const CAROUSEL_DRAG_THRESHOLD = 20;
export const CAROUSEL_CLICK_DRAG_THRESHOLD = 10;
export const CAROUSEL_AUTOPLAY_MS = 4000;

// Embla's friction (its default) and its fixed 60 Hz physics step.
const EMBLA_FRICTION = 0.68;
const EMBLA_STEP_MS = 1000 / 60;

/**
 * How long embla's scroll takes, in ms, for an embla `duration` (which is not ms but the
 * stiffness of a damped spring: each step velocity += distance / duration, then *= friction).
 * Measured as the time until 99 % of the distance is covered.
 */
export function emblaTransitionMs(duration: number): number {
  let position = 0;
  let velocity = 0;
  for (let step = 1; step < 1000; step += 1) {
    velocity = (velocity + (1 - position) / duration) * EMBLA_FRICTION;
    position += velocity;
    if (Math.abs(1 - position) < 0.01) return Math.round(step * EMBLA_STEP_MS);
  }
  return Number.POSITIVE_INFINITY;
}

/**
 * The embla `duration` whose transition takes 300 ms: 15 (emblaTransitionMs(15) === 300). The
 * spring starts fast and slows down, close to CSS `ease`'s deceleration.
 */
export const EMBLA_DURATION = 15;

function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia?.('(prefers-reduced-motion: reduce)');
    if (!query) return;
    setReduced(query.matches);
    const onChange = () => setReduced(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return reduced;
}

export interface CarouselProps extends Omit<HTMLAttributes<HTMLElement>, 'onChange'> {
  /** The slides: each child is one slide. */
  children: ReactNode;
  /** Wrap from the last slide to the first and back. Default true; without it the ends clamp. */
  loop?: boolean;
  /** Show a dot per slide. Default true. */
  dots?: boolean;
  /**
   * Advance every `interval` ms. Default true; paused on hover and on focus within, off under
   * reduced motion, and a pause button (WCAG 2.2.2) stops it until pressed again.
   */
  autoplay?: boolean;
  /** Autoplay interval in ms. Default 4000. */
  interval?: number;
  /** Show previous/next buttons. Default true. */
  arrows?: boolean;
  /** The carousel's accessible name. Without it, the locale's "Slides". */
  'aria-label'?: string;
  /** Called with the index of the slide that became current. */
  onSlideChange?: (index: number) => void;
  /** Receives embla's API once it is ready, for custom controls. */
  setApi?: (api: CarouselApi) => void;
}

/** Embla's carousel API, as `setApi` hands it over. */
export type CarouselApi = NonNullable<UseEmblaCarouselType[1]>;

/**
 * A carousel of cards or images on embla: 300 ms transitions, drag threshold 20 px, a click on a
 * slide counts only if the pointer moved less than 10 px, autoplay every 4000 ms (paused on hover
 * and focus within, off under reduced motion, with a pause/play button while it can play), loop
 * on by default, dots, previous/next buttons and arrow keys (mirrored right to left). Slides are
 * labelled "n of m".
 *
 * It costs embla in the bundle: use `LazyCarousel` to load it on first use.
 *
 * @example
 * <Carousel aria-label="Recommended products">{products.map((p) => <GoodsCard key={p.id} {...p} />)}</Carousel>
 */
export const Carousel = forwardRef<HTMLElement, CarouselProps>(function Carousel(
  {
    children,
    loop = true,
    dots = true,
    autoplay = true,
    interval = CAROUSEL_AUTOPLAY_MS,
    arrows = true,
    'aria-label': label,
    onSlideChange,
    setApi,
    className,
    onMouseEnter,
    onMouseLeave,
    onFocus,
    onBlur,
    onKeyDown,
    ...rest
  },
  ref,
) {
  const { t, dir } = useLocale();
  const reducedMotion = usePrefersReducedMotion();
  const slides = Children.toArray(children);
  const [viewportRef, api] = useEmblaCarousel({
    loop,
    direction: dir,
    duration: reducedMotion ? 0 : EMBLA_DURATION,
    dragThreshold: CAROUSEL_DRAG_THRESHOLD,
  });
  const [selected, setSelected] = useState(0);
  const [edges, setEdges] = useState({ prev: loop, next: slides.length > 1 });
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const changeRef = useRef(onSlideChange);
  changeRef.current = onSlideChange;

  useEffect(() => {
    if (api) setApi?.(api);
  }, [api, setApi]);

  useEffect(() => {
    if (!api) return;
    const update = () => {
      const index = api.selectedScrollSnap();
      setSelected((previous) => {
        if (previous !== index) changeRef.current?.(index);
        return index;
      });
      setEdges({ prev: api.canScrollPrev(), next: api.canScrollNext() });
    };
    update();
    api.on('select', update).on('reInit', update);
    return () => {
      api.off('select', update).off('reInit', update);
    };
  }, [api]);

  const jump = reducedMotion;
  const prev = useCallback(() => api?.scrollPrev(jump), [api, jump]);
  const next = useCallback(() => api?.scrollNext(jump), [api, jump]);

  // Autoplay can be stopped by the visitor (the pause button), not only held by hover and focus.
  const [stopped, setStopped] = useState(false);
  const rotates = autoplay && !reducedMotion && slides.length > 1;
  const playing = rotates && !stopped && !hovered && !focused;
  useEffect(() => {
    if (!playing || !api) return;
    const timer = setInterval(() => {
      if (api.canScrollNext()) api.scrollNext();
      else api.scrollTo(0);
    }, interval);
    return () => clearInterval(timer);
  }, [playing, api, interval]);

  // A click on a slide after the pointer moved 10 px or more is a drag, not a click.
  const pointerStart = useRef<{ x: number; y: number } | null>(null);
  const onPointerDownCapture = (event: PointerEvent) => {
    pointerStart.current = { x: event.clientX, y: event.clientY };
  };
  const onClickCapture = (event: MouseEvent) => {
    const start = pointerStart.current;
    pointerStart.current = null;
    if (!start || event.detail === 0) return;
    if (Math.hypot(event.clientX - start.x, event.clientY - start.y) >= CAROUSEL_CLICK_DRAG_THRESHOLD) {
      event.preventDefault();
      event.stopPropagation();
    }
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    const forward = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    if (event.key === forward) next();
    else if (event.key === backward) prev();
    else return;
    event.preventDefault();
  };

  return (
    // biome-ignore lint/a11y/noNoninteractiveElementInteractions: hover/focus pause autoplay; arrow keys move between slides
    <section
      ref={ref}
      aria-roledescription="carousel"
      aria-label={label ?? t('carousel.label')}
      {...rest}
      data-slot="carousel"
      className={cn('parley-carousel', className)}
      data-autoplay={playing ? 'playing' : 'paused'}
      onMouseEnter={(event) => {
        onMouseEnter?.(event);
        setHovered(true);
      }}
      onMouseLeave={(event) => {
        onMouseLeave?.(event);
        setHovered(false);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        setFocused(true);
      }}
      onBlur={(event) => {
        onBlur?.(event);
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={handleKeyDown}
    >
      <div className="parley-carousel__viewport" ref={viewportRef}>
        <div
          className="parley-carousel__container"
          aria-live={playing ? 'off' : 'polite'}
          onPointerDownCapture={onPointerDownCapture}
          onClickCapture={onClickCapture}
        >
          {slides.map((slide, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern's slide is a group
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: slides are positional
              key={index}
              role="group"
              aria-roledescription="slide"
              aria-label={t('carousel.slide', { index: index + 1, count: slides.length })}
              className="parley-carousel__slide"
              data-state={index === selected ? 'current' : undefined}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      {(arrows || dots || rotates) && slides.length > 1 && (
        <div className="parley-carousel__controls">
          {rotates && (
            <button
              type="button"
              data-slot="carousel-rotation"
              className="parley-carousel__arrow"
              data-state={stopped ? 'stopped' : 'playing'}
              aria-label={t(stopped ? 'carousel.play' : 'carousel.pause')}
              onClick={() => setStopped((was) => !was)}
            >
              {stopped ? <IconPlay /> : <IconPause />}
            </button>
          )}
          {arrows && (
            <button
              type="button"
              className="parley-carousel__arrow"
              aria-label={t('carousel.previous')}
              disabled={!edges.prev}
              onClick={prev}
            >
              <IconChevronStart className="parley-icon--mirror" />
            </button>
          )}
          {dots && (
            <div className="parley-carousel__dots">
              {slides.map((_, index) => (
                <button
                  // biome-ignore lint/suspicious/noArrayIndexKey: one dot per slide position
                  key={index}
                  type="button"
                  data-slot="carousel-dot"
                  className="parley-carousel__dot"
                  aria-label={t('carousel.goTo', { index: index + 1 })}
                  aria-current={index === selected ? 'true' : undefined}
                  onClick={() => api?.scrollTo(index, jump)}
                />
              ))}
            </div>
          )}
          {arrows && (
            <button
              type="button"
              className="parley-carousel__arrow"
              aria-label={t('carousel.next')}
              disabled={!edges.next}
              onClick={next}
            >
              <IconChevronEnd className="parley-icon--mirror" />
            </button>
          )}
        </div>
      )}
    </section>
  );
});
