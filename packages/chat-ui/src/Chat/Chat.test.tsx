import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { Bubble } from '../Bubble/Bubble.js';
import { Chat } from './Chat.js';

function Frame({ children }: { children: React.ReactNode }) {
  return <div style={{ blockSize: 480, inlineSize: 360, display: 'flex' }}>{children}</div>;
}

const manyMessages = () => (
  <div data-testid="list" style={{ overflow: 'auto', flex: 1 }}>
    {Array.from({ length: 40 }, (_, index) => index + 1).map((number) => (
      <Bubble key={number} content={`Message ${number}`} />
    ))}
  </div>
);

describe('Chat', () => {
  it('given the parts, should render a labelled region with the Navbar heading on top', async () => {
    const screen = await render(
      <Frame>
        <Chat
          navbar={{ title: 'Support' }}
          renderMessageList={manyMessages}
          renderComposer={() => <input aria-label="Message" />}
        />
      </Frame>,
    );
    await expect.element(screen.getByRole('region', { name: 'Chat' })).toBeVisible();
    await expect.element(screen.getByRole('heading', { name: 'Support' })).toBeVisible();
  });

  it('given a long conversation, should fill its container and keep the composer at the bottom', async () => {
    const screen = await render(
      <Frame>
        <Chat
          navbar={{ title: 'Support' }}
          renderMessageList={manyMessages}
          renderComposer={() => <input aria-label="Message" />}
        />
      </Frame>,
    );
    const frame = (screen.container.firstElementChild as HTMLElement).getBoundingClientRect();
    const chat = screen.getByRole('region').element().getBoundingClientRect();
    const composer = screen
      .getByRole('textbox', { name: 'Message' })
      .element()
      .closest('[data-slot="chat-footer"]');
    const footer = composer?.getBoundingClientRect();
    expect(Math.round(chat.height)).toBe(Math.round(frame.height));
    expect(Math.round(footer?.bottom ?? 0)).toBe(Math.round(frame.bottom));
    const list = screen.getByTestId('list').element();
    expect(list.scrollHeight).toBeGreaterThan(list.clientHeight);
  });

  it('given a short conversation, should still keep the composer at the bottom', async () => {
    const screen = await render(
      <Frame>
        <Chat
          renderMessageList={() => <Bubble content="Hi" />}
          renderComposer={() => <input aria-label="Message" />}
        />
      </Frame>,
    );
    const frame = (screen.container.firstElementChild as HTMLElement).getBoundingClientRect();
    const footer = screen.container.querySelector('[data-slot="chat-footer"]')?.getBoundingClientRect();
    expect(Math.round(footer?.bottom ?? 0)).toBe(Math.round(frame.bottom));
  });

  it('given render props, should use them instead of the defaults, with the default props', async () => {
    const screen = await render(
      <Frame>
        <Chat
          navbar={{ title: 'Support' }}
          renderNavbar={(props) => <header>Custom {String(props.title)}</header>}
          renderQuickReplies={() => <button type="button">Track my order</button>}
          renderComposer={() => <input aria-label="Message" />}
        />
      </Frame>,
    );
    await expect.element(screen.getByText('Custom Support')).toBeVisible();
    expect(screen.container.querySelector('[data-slot="navbar"]')).toBeNull();
    const footer = screen.container.querySelector('[data-slot="chat-footer"]');
    expect(footer?.firstElementChild?.textContent).toBe('Track my order');
  });

  it('given no navbar, should render no header', async () => {
    const screen = await render(
      <Frame>
        <Chat renderMessageList={() => <Bubble content="Hi" />} />
      </Frame>,
    );
    expect(screen.container.querySelector('[data-slot="chat-header"]')).toBeNull();
    expect(screen.container.querySelector('[data-slot="chat-footer"]')).toBeNull();
  });

  it('given it renders, should leave the page styles untouched', async () => {
    const pageStyles = () =>
      [document.documentElement, document.body].map((element) => {
        const style = getComputedStyle(element);
        return [
          style.margin,
          style.padding,
          style.overflow,
          style.height,
          style.backgroundColor,
          style.fontFamily,
          element.getAttribute('style'),
        ];
      });
    const before = pageStyles();
    await render(
      <Frame>
        <Chat navbar={{ title: 'x' }} renderMessageList={manyMessages} />
      </Frame>,
    );
    expect(pageStyles()).toEqual(before);
  });

  it('given compound parts, should build a custom layout', async () => {
    const screen = await render(
      <Frame>
        <Chat.Root aria-label="Help">
          <Chat.Main>
            <Bubble content="Only messages" />
          </Chat.Main>
          <Chat.Footer>
            <input aria-label="Message" />
          </Chat.Footer>
        </Chat.Root>
      </Frame>,
    );
    await expect.element(screen.getByRole('region', { name: 'Help' })).toBeVisible();
  });

  it('given quick reply items, should show the kit QuickReplies above the composer and report a choice', async () => {
    const onClick = vi.fn();
    const screen = await render(
      <Frame>
        <Chat
          quickReplies={{ items: [{ name: 'Track my order' }, { name: 'Refunds' }], onClick }}
          renderComposer={() => <input aria-label="Message" />}
        />
      </Frame>,
    );
    await screen.getByRole('button', { name: 'Refunds' }).click();
    expect(onClick).toHaveBeenCalledWith({ name: 'Refunds' }, 1);
    const footer = screen.container.querySelector('[data-slot="chat-footer"]');
    // The row (in its frame) comes first, above the composer.
    expect(footer?.firstElementChild?.contains(screen.getByRole('toolbar').element())).toBe(true);
  });

  it('given no quick reply items, should not render the row', async () => {
    const screen = await render(
      <Frame>
        <Chat quickReplies={{ items: [] }} renderComposer={() => <input aria-label="Message" />} />
      </Frame>,
    );
    expect(screen.container.querySelector('[data-slot="quick-replies"]')).toBeNull();
  });

  it('given composer props, should render the kit Composer at the bottom and send from it', async () => {
    const onSend = vi.fn();
    const screen = await render(
      <Frame>
        <Chat navbar={{ title: 'Support' }} renderMessageList={manyMessages} composer={{ onSend }} />
      </Frame>,
    );
    const input = screen.getByRole('textbox');
    await input.click();
    await userEvent.keyboard('Hello{Enter}');
    expect(onSend).toHaveBeenCalledWith('Hello');
    const frame = (screen.container.firstElementChild as HTMLElement).getBoundingClientRect();
    const footer = screen.container.querySelector('[data-slot="chat-footer"]')?.getBoundingClientRect();
    expect(Math.round(footer?.bottom ?? 0)).toBe(Math.round(frame.bottom));
    expect(screen.container.querySelector('[data-slot="chat-footer"] [data-slot="composer"]')).not.toBeNull();
  });
});
