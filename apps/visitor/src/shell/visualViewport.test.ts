import { afterEach, describe, expect, it } from 'vitest';
import { followVisualViewport } from './visualViewport.js';

/** A visual viewport whose height the test changes, as a keyboard opening would. */
function fakeViewport(height: number) {
  const target = new EventTarget() as EventTarget & { height: number };
  target.height = height;
  return target;
}

let stop = () => {};
afterEach(() => stop());

describe('following the visual viewport', () => {
  it('given the keyboard opens and closes, should size the page to what is visible', () => {
    const viewport = fakeViewport(667);
    stop = followVisualViewport({ visualViewport: viewport as unknown as VisualViewport, document });
    const height = () => document.documentElement.style.getPropertyValue('--visitor-viewport-height');
    expect(height()).toBe('667px');
    viewport.height = 366.6;
    viewport.dispatchEvent(new Event('resize'));
    expect(height()).toBe('367px');
    stop();
    expect(height()).toBe('');
  });

  it('given no visual viewport (an old browser), should leave the page at 100dvh', () => {
    stop = followVisualViewport({ visualViewport: null, document });
    expect(document.documentElement.style.getPropertyValue('--visitor-viewport-height')).toBe('');
  });
});
