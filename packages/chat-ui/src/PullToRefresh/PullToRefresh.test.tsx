import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { PullToRefresh } from './PullToRefresh.js';
import {
  PULL_LOADING,
  PULL_MAX,
  PULL_RATIO,
  PULL_TRIGGER,
  pullDistance,
  pullStateFor,
} from './usePullToRefresh.js';

describe('pull constants', () => {
  it('should be the spec values', () => {
    expect([PULL_TRIGGER, PULL_LOADING, PULL_MAX, PULL_RATIO]).toEqual([20, 30, 60, 2]);
  });

  it('given a pointer travel, should divide it by the ratio and cap it at the maximum', () => {
    expect(pullDistance(-10)).toBe(0);
    expect(pullDistance(10)).toBe(5);
    expect(pullDistance(PULL_MAX * PULL_RATIO)).toBe(60);
    expect(pullDistance(500)).toBe(60);
  });

  it('given a distance, should be pull below 20 and active from 20', () => {
    expect(pullStateFor(0)).toBe('pending');
    expect(pullStateFor(19.5)).toBe('pull');
    expect(pullStateFor(20)).toBe('active');
    expect(pullStateFor(60)).toBe('active');
  });
});

function deferred() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

async function setup(onRefresh: () => Promise<unknown>) {
  const screen = await render(
    <PullToRefresh onRefresh={onRefresh} style={{ blockSize: 200, overflow: 'auto' }}>
      <p>Message</p>
    </PullToRefresh>,
  );
  const root = screen.container.querySelector('[data-slot="pull"]') as HTMLElement;
  const indicator = root.querySelector('[data-slot="pull-indicator"]') as HTMLElement;
  const pointer = (type: string, y: number) =>
    root.dispatchEvent(
      new PointerEvent(type, { bubbles: true, pointerType: 'touch', clientY: y, pointerId: 1 }),
    );
  return { screen, root, indicator, pointer };
}

describe('PullToRefresh', () => {
  it('given a touch pull under 40 px of travel, should be "pull" and spring back on release', async () => {
    const onRefresh = vi.fn(async () => {});
    const { root, indicator, pointer } = await setup(onRefresh);
    pointer('pointerdown', 100);
    pointer('pointermove', 100 + 2 * PULL_TRIGGER - 1);
    await expect.poll(() => root.dataset.state).toBe('pull');
    expect(indicator.style.blockSize).toBe(`${PULL_TRIGGER - 0.5}px`);
    pointer('pointerup', 139);
    await expect.poll(() => root.dataset.state).toBe('pending');
    expect(onRefresh).not.toHaveBeenCalled();
  });

  it('given a pull of 20 px, should be active; past the maximum it stays at 60 px', async () => {
    const { root, indicator, pointer } = await setup(async () => {});
    pointer('pointerdown', 100);
    pointer('pointermove', 100 + 2 * PULL_TRIGGER);
    await expect.poll(() => root.dataset.state).toBe('active');
    pointer('pointermove', 400);
    await expect.poll(() => indicator.style.blockSize).toBe(`${PULL_MAX}px`);
    await expect
      .element(root.querySelector('[data-slot="pull-hint"]') as HTMLElement)
      .toHaveTextContent('Release to load');
  });

  it('given a release when active, should load at 30 px until onRefresh settles, announcing it', async () => {
    const gate = deferred();
    const onRefresh = vi.fn(() => gate.promise);
    const { screen, root, indicator, pointer } = await setup(onRefresh);
    pointer('pointerdown', 100);
    pointer('pointermove', 200);
    await expect.poll(() => root.dataset.state).toBe('active');
    pointer('pointerup', 200);
    await expect.poll(() => root.dataset.state).toBe('loading');
    expect(onRefresh).toHaveBeenCalledOnce();
    expect(indicator.style.blockSize).toBe(`${PULL_LOADING}px`);
    await expect.element(screen.getByRole('status')).toHaveTextContent('Loading earlier messages…');
    gate.resolve();
    await expect.poll(() => root.dataset.state).toBe('pending');
    expect(indicator.style.blockSize).toBe('0px');
  });

  it('given a mouse drag, should not pull (the button serves the mouse)', async () => {
    const { root } = await setup(async () => {});
    root.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerType: 'mouse', clientY: 0 }));
    root.dispatchEvent(
      new PointerEvent('pointermove', { bubbles: true, pointerType: 'mouse', clientY: 200 }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(root.dataset.state).toBe('pending');
  });

  it('given touch events, should pull and refresh too', async () => {
    const onRefresh = vi.fn(async () => {});
    const { root } = await setup(onRefresh);
    const touch = (type: string, y: number) =>
      root.dispatchEvent(
        new TouchEvent(type, {
          bubbles: true,
          touches: type === 'touchend' ? [] : [new Touch({ identifier: 1, target: root, clientY: y })],
        }),
      );
    touch('touchstart', 0);
    touch('touchmove', 100);
    await expect.poll(() => root.dataset.state).toBe('active');
    touch('touchend', 100);
    await expect.poll(() => onRefresh.mock.calls.length).toBe(1);
  });

  it('given the keyboard, the "Load earlier messages" button should refresh once while loading', async () => {
    const gate = deferred();
    const onRefresh = vi.fn(() => gate.promise);
    const { screen, root } = await setup(onRefresh);
    await userEvent.keyboard('{Tab}');
    const button = screen.getByRole('button', { name: 'Load earlier messages' });
    await expect.element(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => root.dataset.state).toBe('loading');
    await expect.element(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{Enter}');
    expect(onRefresh).toHaveBeenCalledOnce();
    gate.resolve();
    await expect.poll(() => root.dataset.state).toBe('pending');
  });

  it('given the content scrolled down, should not start a pull', async () => {
    const screen = await render(
      <PullToRefresh onRefresh={async () => {}} style={{ blockSize: 100, overflow: 'auto' }}>
        <div style={{ blockSize: 1000 }}>tall</div>
      </PullToRefresh>,
    );
    const root = screen.container.querySelector('[data-slot="pull"]') as HTMLElement;
    root.scrollTop = 300;
    root.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerType: 'touch', clientY: 0 }));
    root.dispatchEvent(
      new PointerEvent('pointermove', { bubbles: true, pointerType: 'touch', clientY: 200 }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(root.dataset.state).toBe('pending');
  });
});
