import { afterEach, describe, expect, it, vi } from 'vitest';
import { scriptOptions } from './scriptOptions.js';

const src = 'https://support.example.com/chat/embed.js';

/** The dataset of a script tag with these attributes. */
function dataset(attributes: Record<string, string>): DOMStringMap {
  const script = document.createElement('script');
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  return script.dataset;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('scriptOptions', () => {
  it('given the data attributes, should pass the chat parameters, the corner and the labels', () => {
    const options = scriptOptions(
      dataset({
        'data-channel-id': '7',
        'data-pid-signature': 'abc',
        'data-email': '',
        'data-position': 'left',
        'data-label-open-in-tab': 'Im neuen Tab öffnen',
        'data-label-new-message': 'Neue Nachricht',
      }),
      src,
    );
    expect(options).toEqual({
      chatUrl: 'https://support.example.com/chat/index',
      params: { channelid: '7', pidsignature: 'abc' },
      position: 'left',
      labels: { openInTab: 'Im neuen Tab öffnen', newMessage: 'Neue Nachricht' },
      greeting: undefined,
      greetingDelay: undefined,
    });
  });

  it('given a greeting and its delay in seconds, should pass the delay in milliseconds', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const options = scriptOptions(
      dataset({ 'data-greeting': 'Need help choosing a size?', 'data-greeting-delay': '2.5' }),
      src,
    );
    expect(options.greeting).toBe('Need help choosing a size?');
    expect(options.greetingDelay).toBe(2500);
    expect(warn).not.toHaveBeenCalled();
  });

  it.each(['soon', '-5', '1e9', 'Infinity'])(
    'given data-greeting-delay="%s", should ignore it with one warning naming the attribute',
    (delay) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const options = scriptOptions(dataset({ 'data-greeting': 'Hi', 'data-greeting-delay': delay }), src);
      expect(options.greetingDelay).toBeUndefined();
      expect(warn).toHaveBeenCalledOnce();
      expect(warn.mock.calls[0]?.[0]).toContain(`data-greeting-delay="${delay}"`);
    },
  );
});
