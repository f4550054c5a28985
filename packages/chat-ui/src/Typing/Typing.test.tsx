import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { LocaleProvider } from '../LocaleProvider/LocaleProvider.js';
import frFR from '../locales/fr-FR.json' with { type: 'json' };
import { TYPING_ANNOUNCE_DELAY, TYPING_ANNOUNCE_QUIET, Typing } from './Typing.js';

const stateOf = (container: HTMLElement) =>
  container.querySelector('[data-slot="typing"]')?.getAttribute('data-state');

async function advance(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

describe('Typing', () => {
  it('given the indicator, should be a polite status named "Agent is typing" with hidden dots', async () => {
    const screen = await render(<Typing cycle={false} />);
    const status = screen.getByRole('status');
    await expect.element(status).toHaveTextContent('Agent is typing');
    expect(status.element().getAttribute('aria-live')).toBeNull(); // role=status is polite implicitly
    expect(screen.container.querySelector('[data-slot="typing-dots"]')?.getAttribute('aria-hidden')).toBe(
      'true',
    );
    expect(screen.container.querySelectorAll('[data-slot="typing-dot"]')).toHaveLength(3);
  });

  it('given a French locale, should announce in French', async () => {
    const screen = await render(
      <LocaleProvider locale="fr-FR" messages={frFR}>
        <Typing cycle={false} />
      </LocaleProvider>,
    );
    await expect.element(screen.getByRole('status')).toHaveTextContent(frFR['typing.label']);
  });

  describe('shown again', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('given a new indicator, should leave its status empty a moment, then put the label in so it is announced', async () => {
      const screen = await render(<Typing cycle={false} label="Camille is typing" />);
      const status = screen.getByRole('status').element();
      expect(status.textContent).toBe('');
      expect(status.getAttribute('aria-live')).toBeNull();
      await advance(TYPING_ANNOUNCE_DELAY);
      expect(status.textContent).toBe('Camille is typing');
    });

    it('given the same label said less than 5 s ago (typing, a message, typing), should show it silently', async () => {
      const first = await render(<Typing cycle={false} label="Noor is typing" />);
      await advance(TYPING_ANNOUNCE_DELAY);
      expect(first.getByRole('status').element().textContent).toBe('Noor is typing');
      await first.unmount();
      await advance(TYPING_ANNOUNCE_QUIET - 1000);
      const again = await render(<Typing cycle={false} label="Noor is typing" />);
      const status = again.getByRole('status').element();
      // The label is there at once for reading, in a status that is not live: nothing is said.
      expect(status.textContent).toBe('Noor is typing');
      expect(status.getAttribute('aria-live')).toBe('off');
    });

    it('given 5 s since the label was said, should say it again', async () => {
      const first = await render(<Typing cycle={false} label="Ines is typing" />);
      await advance(TYPING_ANNOUNCE_DELAY);
      await first.unmount();
      await advance(TYPING_ANNOUNCE_QUIET);
      const again = await render(<Typing cycle={false} label="Ines is typing" />);
      const status = again.getByRole('status').element();
      expect(status.getAttribute('aria-live')).toBeNull();
      expect(status.textContent).toBe('');
      await advance(TYPING_ANNOUNCE_DELAY);
      expect(status.textContent).toBe('Ines is typing');
    });

    it('given another label (another visitor), should say it even right after the first', async () => {
      const first = await render(<Typing cycle={false} label="Ana is typing" />);
      await advance(TYPING_ANNOUNCE_DELAY);
      await first.unmount();
      const other = await render(<Typing cycle={false} label="Bea is typing" />);
      expect(other.getByRole('status').element().getAttribute('aria-live')).toBeNull();
      await advance(TYPING_ANNOUNCE_DELAY);
      expect(other.getByRole('status').element().textContent).toBe('Bea is typing');
    });
  });

  describe('cycle', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('given the shortest phases, should show for 3 s then hide for 1 s', async () => {
      const screen = await render(<Typing random={() => 0} />);
      await advance(2_999);
      expect(stateOf(screen.container)).toBe('visible');
      await advance(1);
      expect(stateOf(screen.container)).toBe('hidden');
      await advance(999);
      expect(stateOf(screen.container)).toBe('hidden');
      await advance(1);
      expect(stateOf(screen.container)).toBe('visible');
    });

    it('given the longest phases, should show for 6 s then hide for 2 s', async () => {
      const screen = await render(<Typing random={() => 1} />);
      await advance(5_999);
      expect(stateOf(screen.container)).toBe('visible');
      await advance(1);
      expect(stateOf(screen.container)).toBe('hidden');
      await advance(1_999);
      expect(stateOf(screen.container)).toBe('hidden');
      await advance(1);
      expect(stateOf(screen.container)).toBe('visible');
    });

    it('given a hidden phase, should keep the status text so it is not re-announced', async () => {
      const screen = await render(<Typing random={() => 0} />);
      await advance(3_000);
      expect(stateOf(screen.container)).toBe('hidden');
      await expect.element(screen.getByRole('status')).toHaveTextContent('Agent is typing');
    });
  });
});
