import { describe, expect, it, vi } from 'vitest';
import { createParentBridge, parentOrigin, readAllowedOrigins } from './parentBridge.js';

const message = { id: 'm1', text: 'Hello', senderName: 'Mia', time: 1_700_000_000_000 };

// A real window stands in for the parent, since a MessageEvent's source must be one.
const frame = document.body.appendChild(document.createElement('iframe'));
const parentWindow = frame.contentWindow as Window;

function setup(
  allowedOrigins = ['https://shop.example', 'https://other.example'],
  actualParent: string | null = null,
) {
  const parent = { postMessage: vi.fn() };
  const events = new EventTarget() as unknown as Window;
  const bridge = createParentBridge({
    allowedOrigins,
    parentOrigin: actualParent,
    parent: parentWindow,
    events,
  });
  vi.spyOn(parentWindow, 'postMessage').mockImplementation(parent.postMessage);
  const fromParent = (data: unknown, origin = 'https://shop.example', source: Window = parentWindow) =>
    events.dispatchEvent(new MessageEvent('message', { data, origin, source }));
  return { parent, bridge, fromParent };
}

describe('parent bridge', () => {
  it('given an agent message, should post it to each allowed origin and never to *', () => {
    const { parent, bridge } = setup();
    bridge.notifyMessage(message);
    expect(parent.postMessage.mock.calls).toEqual([
      [{ source: 'parley', type: 'message', message }, 'https://shop.example'],
      [{ source: 'parley', type: 'message', message }, 'https://other.example'],
    ]);
  });

  it('given no allowed origin, should post nothing', () => {
    const { parent, bridge } = setup([]);
    bridge.notifyMessage(message);
    bridge.requestClose();
    expect(parent.postMessage).not.toHaveBeenCalled();
  });

  it('given a close request, should post it to the allowed origins', () => {
    const { parent, bridge } = setup(['https://shop.example']);
    bridge.requestClose();
    expect(parent.postMessage).toHaveBeenCalledWith(
      { source: 'parley', type: 'close' },
      'https://shop.example',
    );
  });

  it('given visibility from an allowed parent, should report it', () => {
    const { bridge, fromParent } = setup();
    const listener = vi.fn();
    bridge.onVisibility(listener);
    fromParent({ source: 'parley', type: 'visibility', open: true });
    fromParent({ source: 'parley', type: 'visibility', open: false }, 'https://other.example');
    expect(listener.mock.calls).toEqual([[true], [false]]);
  });

  it('given a message from another origin, another window or of another shape, should ignore it', () => {
    const { bridge, fromParent } = setup();
    const listener = vi.fn();
    bridge.onVisibility(listener);
    fromParent({ source: 'parley', type: 'visibility', open: true }, 'https://evil.example');
    fromParent({ source: 'parley', type: 'visibility', open: true }, 'https://shop.example', window);
    fromParent({ source: 'other', type: 'visibility', open: true });
    fromParent({ source: 'parley', type: 'visibility', open: 'yes' });
    fromParent('visibility');
    expect(listener).not.toHaveBeenCalled();
  });

  it('when disposed, should ignore the parent', () => {
    const { bridge, fromParent } = setup();
    const listener = vi.fn();
    bridge.onVisibility(listener);
    bridge.dispose();
    fromParent({ source: 'parley', type: 'visibility', open: true });
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('parent bridge: the panel', () => {
  it('given the chat page starts, should tell the parent it runs, and count the panel as shown', () => {
    const { parent, bridge } = setup([], 'https://blog.example');
    bridge.ready();
    expect(parent.postMessage).toHaveBeenCalledWith(
      { source: 'parley', type: 'ready' },
      'https://blog.example',
    );
    expect(bridge.isVisible()).toBe(true);
  });

  it('given the parent hides and shows the panel, should report it', () => {
    const { bridge, fromParent } = setup([], 'https://blog.example');
    fromParent({ source: 'parley', type: 'visibility', open: false }, 'https://blog.example');
    expect(bridge.isVisible()).toBe(false);
    fromParent({ source: 'parley', type: 'visibility', open: true }, 'https://blog.example');
    expect(bridge.isVisible()).toBe(true);
  });
});

describe('parent bridge without an allow-list (the default deployment)', () => {
  it('given agent messages, should tell the actual parent that they arrived, without their content', () => {
    const { parent, bridge, fromParent } = setup([], 'https://blog.example');
    fromParent({ source: 'parley', type: 'visibility', open: false }, 'https://blog.example');
    bridge.notifyMessage(message);
    bridge.notifyMessage({ ...message, id: 'm2', time: message.time + 1 });
    expect(parent.postMessage.mock.calls).toEqual([
      [
        { source: 'parley', type: 'notification', notification: { id: 'm1', time: message.time, unread: 1 } },
        'https://blog.example',
      ],
      [
        {
          source: 'parley',
          type: 'notification',
          notification: { id: 'm2', time: message.time + 1, unread: 2 },
        },
        'https://blog.example',
      ],
    ]);
    expect(JSON.stringify(parent.postMessage.mock.calls)).not.toContain('Hello');
    expect(JSON.stringify(parent.postMessage.mock.calls)).not.toContain('Mia');
  });

  it('given the parent shows the panel, should count unread messages from there again', () => {
    const { parent, bridge, fromParent } = setup([], 'https://blog.example');
    fromParent({ source: 'parley', type: 'visibility', open: false }, 'https://blog.example');
    bridge.notifyMessage(message);
    fromParent({ source: 'parley', type: 'visibility', open: true }, 'https://blog.example');
    bridge.notifyMessage({ ...message, id: 'm2' });
    fromParent({ source: 'parley', type: 'visibility', open: false }, 'https://blog.example');
    bridge.notifyMessage({ ...message, id: 'm3' });
    expect(parent.postMessage.mock.calls.map(([data]) => data.notification.unread)).toEqual([1, 0, 1]);
  });

  it('given visibility from another origin than the parent, should ignore it', () => {
    const { bridge, fromParent } = setup([], 'https://blog.example');
    const listener = vi.fn();
    bridge.onVisibility(listener);
    fromParent({ source: 'parley', type: 'visibility', open: true }, 'https://evil.example');
    fromParent({ source: 'parley', type: 'visibility', open: true }, 'https://blog.example');
    expect(listener.mock.calls).toEqual([[true]]);
  });
});

describe('parentOrigin', () => {
  it('given ancestor origins, should take the nearest one', () => {
    expect(parentOrigin({ ancestorOrigins: ['https://blog.example', 'https://top.example'] }, '')).toBe(
      'https://blog.example',
    );
  });

  it('given no ancestor origins, should take the referrer origin, and null without either', () => {
    expect(parentOrigin({}, 'https://blog.example/posts/1?x=1')).toBe('https://blog.example');
    expect(parentOrigin({ ancestorOrigins: [] }, '')).toBeNull();
    expect(parentOrigin({}, 'not a url')).toBeNull();
  });
});

describe('readAllowedOrigins', () => {
  it('given a meta tag, should read valid origins and drop the rest', () => {
    const doc = document.implementation.createHTMLDocument();
    doc.head.innerHTML =
      '<meta name="parley:embed-origins" content="https://shop.example/path, http://localhost:8080 not-a-url * https://x.example">';
    expect(readAllowedOrigins(doc)).toEqual([
      'https://shop.example',
      'http://localhost:8080',
      'https://x.example',
    ]);
  });

  it('given no meta tag, should allow no origin', () => {
    expect(readAllowedOrigins(document.implementation.createHTMLDocument())).toEqual([]);
  });
});
