import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { LocaleProvider } from '../LocaleProvider/LocaleProvider.js';
import arEG from '../locales/ar-EG.json' with { type: 'json' };
import {
  CAROUSEL_AUTOPLAY_MS,
  CAROUSEL_CLICK_DRAG_THRESHOLD,
  CAROUSEL_DRAG_THRESHOLD,
  CAROUSEL_TRANSITION_MS,
  Carousel,
  EMBLA_DURATION,
  emblaTransitionMs,
} from './Carousel.js';
import { LazyCarousel } from './LazyCarousel.js';

const slides = ['One', 'Two', 'Three'].map((name) => (
  <div key={name} style={{ blockSize: 80 }}>
    {name}
  </div>
));

const current = (container: HTMLElement) =>
  container.querySelector('[aria-roledescription="slide"][data-state="current"]')?.getAttribute('aria-label');

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Carousel constants', () => {
  it('should use the spec values', () => {
    expect(CAROUSEL_TRANSITION_MS).toBe(300);
    expect(CAROUSEL_DRAG_THRESHOLD).toBe(20);
    expect(CAROUSEL_CLICK_DRAG_THRESHOLD).toBe(10);
    expect(CAROUSEL_AUTOPLAY_MS).toBe(4000);
  });

  it('given embla duration units, should map to a 300 ms transition', () => {
    expect(emblaTransitionMs(EMBLA_DURATION)).toBe(CAROUSEL_TRANSITION_MS);
    expect(emblaTransitionMs(25)).toBeGreaterThan(CAROUSEL_TRANSITION_MS);
  });
});

describe('Carousel', () => {
  it('given slides, should label the carousel and each slide "n of m"', async () => {
    const screen = await render(<Carousel autoplay={false}>{slides}</Carousel>);
    const region = screen.getByRole('region', { name: 'Slides' });
    await expect.element(region).toHaveAttribute('aria-roledescription', 'carousel');
    await expect
      .element(screen.getByRole('group', { name: '2 of 3' }))
      .toHaveAttribute('aria-roledescription', 'slide');
    expect(current(screen.container)).toBe('1 of 3');
  });

  it('given loop (default), next on the last slide should go to the first', async () => {
    const screen = await render(<Carousel autoplay={false}>{slides}</Carousel>);
    const next = screen.getByRole('button', { name: 'Next slide' });
    await next.click();
    await next.click();
    await expect.poll(() => current(screen.container)).toBe('3 of 3');
    await next.click();
    await expect.poll(() => current(screen.container)).toBe('1 of 3');
  });

  it('given no loop, next on the last slide should stay and be disabled', async () => {
    const onSlideChange = vi.fn();
    const screen = await render(
      <Carousel autoplay={false} loop={false} onSlideChange={onSlideChange}>
        {slides}
      </Carousel>,
    );
    await expect.element(screen.getByRole('button', { name: 'Previous slide' })).toBeDisabled();
    await screen.getByRole('button', { name: 'Go to slide 3' }).click();
    await expect.poll(() => current(screen.container)).toBe('3 of 3');
    await expect.element(screen.getByRole('button', { name: 'Next slide' })).toBeDisabled();
    expect(onSlideChange).toHaveBeenLastCalledWith(2);
  });

  it('given dots, should mark the current one with aria-current', async () => {
    const screen = await render(<Carousel autoplay={false}>{slides}</Carousel>);
    await expect
      .element(screen.getByRole('button', { name: 'Go to slide 1' }))
      .toHaveAttribute('aria-current', 'true');
    await screen.getByRole('button', { name: 'Go to slide 2' }).click();
    await expect
      .element(screen.getByRole('button', { name: 'Go to slide 2' }))
      .toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Go to slide 1' }).element().hasAttribute('aria-current')).toBe(
      false,
    );
  });

  it('given embla, should pass it the 300 ms duration and the drag threshold 20', async () => {
    const setApi = vi.fn();
    await render(
      <Carousel autoplay={false} setApi={setApi}>
        {slides}
      </Carousel>,
    );
    await expect.poll(() => setApi.mock.calls.length).toBeGreaterThan(0);
    const options = setApi.mock.calls[0]?.[0].internalEngine().options;
    expect(options.dragThreshold).toBe(CAROUSEL_DRAG_THRESHOLD);
    expect(options.duration).toBe(EMBLA_DURATION);
    expect(options.loop).toBe(true);
  });

  it('given dots off, should render none', async () => {
    const screen = await render(
      <Carousel autoplay={false} dots={false}>
        {slides}
      </Carousel>,
    );
    expect(screen.container.querySelector('[data-slot="carousel-dot"]')).toBeNull();
  });

  it('given autoplay, should advance every 4000 ms and not before', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const screen = await render(
      <>
        <p>outside</p>
        <Carousel>{slides}</Carousel>
      </>,
    );
    await userEvent.hover(screen.getByText('outside'));
    await expect
      .poll(() => screen.container.querySelector('[data-autoplay]')?.getAttribute('data-autoplay'))
      .toBe('playing');
    vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS - 1);
    expect(current(screen.container)).toBe('1 of 3');
    vi.advanceTimersByTime(1);
    await expect.poll(() => current(screen.container)).toBe('2 of 3');
  });

  it('given the pointer over the carousel, should pause autoplay until it leaves', async () => {
    const screen = await render(
      <>
        <p>outside</p>
        <Carousel>{slides}</Carousel>
      </>,
    );
    const root = screen.container.querySelector('[data-slot="carousel"]') as HTMLElement;
    await userEvent.hover(screen.getByText('outside'));
    await expect.poll(() => root.getAttribute('data-autoplay')).toBe('playing');
    await userEvent.hover(root);
    await expect.poll(() => root.getAttribute('data-autoplay')).toBe('paused');
    await userEvent.hover(screen.getByText('outside'));
    await expect.poll(() => root.getAttribute('data-autoplay')).toBe('playing');
  });

  it('given autoplay, should offer a pause button that stops it until pressed again (WCAG 2.2.2)', async () => {
    const screen = await render(
      <>
        <button type="button">outside</button>
        <Carousel>{slides}</Carousel>
      </>,
    );
    const root = screen.container.querySelector('[data-slot="carousel"]') as HTMLElement;
    const outside = screen.getByRole('button', { name: 'outside' });
    await userEvent.hover(outside);
    await expect.poll(() => root.getAttribute('data-autoplay')).toBe('playing');
    await screen.getByRole('button', { name: 'Pause slideshow' }).click();
    // Away from it, pointer and focus both: it stays stopped, saying how to play again.
    await userEvent.hover(outside);
    (outside.element() as HTMLElement).focus();
    await expect.element(screen.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    expect(root.getAttribute('data-autoplay')).toBe('paused');
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS * 3);
    expect(current(screen.container)).toBe('1 of 3');
    vi.useRealTimers();
    await screen.getByRole('button', { name: 'Play slideshow' }).click();
    await userEvent.hover(outside);
    (outside.element() as HTMLElement).focus();
    await expect.poll(() => root.getAttribute('data-autoplay')).toBe('playing');
    await expect.element(screen.getByRole('button', { name: 'Pause slideshow' })).toBeVisible();
  });

  it('given autoplay off, or a single slide, should show no pause button', async () => {
    const off = await render(<Carousel autoplay={false}>{slides}</Carousel>);
    await expect.element(off.getByRole('button', { name: 'Next slide' })).toBeVisible();
    expect(off.container.querySelector('[data-slot="carousel-rotation"]')).toBeNull();
    const single = await render(<Carousel>{slides[0]}</Carousel>);
    expect(single.container.querySelector('[data-slot="carousel-rotation"]')).toBeNull();
  });

  it('given autoplay without arrows or dots, should still offer the pause button, named in the visitor language', async () => {
    const screen = await render(
      <LocaleProvider locale="ar-EG" messages={arEG}>
        <Carousel arrows={false} dots={false}>
          {slides}
        </Carousel>
      </LocaleProvider>,
    );
    await expect.element(screen.getByRole('button', { name: arEG['carousel.pause'] })).toBeVisible();
  });

  it('given focus within, should pause autoplay', async () => {
    const screen = await render(<Carousel>{slides}</Carousel>);
    await userEvent.keyboard('{Tab}');
    const root = screen.container.querySelector('[data-slot="carousel"]') as HTMLElement;
    await expect.poll(() => root.getAttribute('data-autoplay')).toBe('paused');
  });

  it('given reduced motion, should not autoplay and should move without animation', async () => {
    const real = window.matchMedia.bind(window);
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
      query.includes('reduced-motion')
        ? ({
            ...real(query),
            matches: true,
            addEventListener() {},
            removeEventListener() {},
          } as MediaQueryList)
        : real(query),
    );
    const setApi = vi.fn();
    const screen = await render(<Carousel setApi={setApi}>{slides}</Carousel>);
    const root = screen.container.querySelector('[data-slot="carousel"]') as HTMLElement;
    await expect.poll(() => root.getAttribute('data-autoplay')).toBe('paused');
    // nothing plays, so there is nothing to pause
    expect(root.querySelector('[data-slot="carousel-rotation"]')).toBeNull();
    // no animated transition: embla's duration 0 moves instantly
    await expect.poll(() => setApi.mock.lastCall?.[0].internalEngine().options.duration).toBe(0);
    await screen.getByRole('button', { name: 'Next slide' }).click();
    await expect.poll(() => current(screen.container)).toBe('2 of 3');
  });

  it('given arrow keys, should move to the next and previous slides', async () => {
    const screen = await render(<Carousel autoplay={false}>{slides}</Carousel>);
    await userEvent.keyboard('{Tab}{ArrowRight}');
    await expect.poll(() => current(screen.container)).toBe('2 of 3');
    await userEvent.keyboard('{ArrowLeft}');
    await expect.poll(() => current(screen.container)).toBe('1 of 3');
  });

  it('given right to left, ArrowLeft should go to the next slide', async () => {
    const rtl = await render(
      <LocaleProvider locale="ar-EG" messages={arEG}>
        <div dir="rtl">
          <Carousel autoplay={false}>{slides}</Carousel>
        </div>
      </LocaleProvider>,
    );
    await userEvent.keyboard('{Tab}{ArrowLeft}');
    await expect
      .poll(() => current(rtl.container))
      .toBe(arEG['carousel.slide'].replace('{index}', '2').replace('{count}', '3'));
  });

  it('given a click after the pointer moved 10 px or more, should swallow it; under 10 px it is a click', async () => {
    const onClick = vi.fn();
    const screen = await render(
      <Carousel autoplay={false}>
        <button type="button" onClick={onClick}>
          Open
        </button>
      </Carousel>,
    );
    const open = screen.getByRole('button', { name: 'Open' });
    await expect.element(open).toBeVisible();
    const button = open.element();
    const press = (dx: number) => {
      button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, clientX: 100, clientY: 10 }));
      button.dispatchEvent(
        new MouseEvent('click', { bubbles: true, clientX: 100 + dx, clientY: 10, detail: 1 }),
      );
    };
    press(CAROUSEL_CLICK_DRAG_THRESHOLD - 1);
    expect(onClick).toHaveBeenCalledTimes(1);
    press(CAROUSEL_CLICK_DRAG_THRESHOLD);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

describe('LazyCarousel', () => {
  it('given slides, should show the first slide, then the full carousel once loaded', async () => {
    const screen = await render(<LazyCarousel autoplay={false}>{slides}</LazyCarousel>);
    await expect.element(screen.getByText('One')).toBeVisible();
    await expect.element(screen.getByRole('region', { name: 'Slides' })).toBeVisible();
    await expect.element(screen.getByRole('group', { name: '3 of 3' })).toBeInTheDocument();
  });
});
