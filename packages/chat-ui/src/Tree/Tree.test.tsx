import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { faq } from './fixtures.js';
import { Tree } from './Tree.js';

const item = (screen: Awaited<ReturnType<typeof render>>, name: string) =>
  screen.getByRole('treeitem', { name, exact: true });

describe('Tree', () => {
  it('given nodes, should render a labelled tree with collapsed top-level items', async () => {
    const screen = await render(<Tree nodes={faq} />);
    await expect.element(screen.getByRole('tree', { name: 'Frequently asked questions' })).toBeVisible();
    await expect.element(item(screen, 'Orders')).toHaveAttribute('aria-expanded', 'false');
    await expect.element(item(screen, 'Orders')).toHaveAttribute('aria-level', '1');
    expect(item(screen, 'Talk to an agent').element().hasAttribute('aria-expanded')).toBe(false);
    expect(screen.container.querySelectorAll('[role="treeitem"]')).toHaveLength(3);
  });

  it('given a click on a parent, should expand it and show its children at the next level', async () => {
    const screen = await render(<Tree nodes={faq} />);
    await screen.getByText('Orders').click();
    await expect.element(item(screen, 'Orders')).toHaveAttribute('aria-expanded', 'true');
    await expect.element(item(screen, 'Where is my order?')).toHaveAttribute('aria-level', '2');
  });

  it('given a click on a leaf, should call onSelect with it', async () => {
    const onSelect = vi.fn();
    const screen = await render(<Tree nodes={faq} onSelect={onSelect} />);
    await screen.getByText('Talk to an agent').click();
    expect(onSelect).toHaveBeenCalledExactlyOnceWith(faq[2]);
  });

  it('given an expanded node with content and a link, should show them; the link opens a new tab safely', async () => {
    const screen = await render(<Tree nodes={faq} defaultExpanded={['0', '0-0']} />);
    await expect.element(screen.getByText('Track it from your account, under Orders.')).toBeVisible();
    const link = screen.getByRole('link', { name: 'Learn more (opens in a new tab)' });
    await expect.element(link).toHaveAttribute('target', '_blank');
    await expect.element(link).toHaveAttribute('rel', 'noopener noreferrer');
    // A link of its own under the answer, not inside a sentence: a 24 px target (WCAG 2.5.8).
    expect(link.element().getBoundingClientRect().height).toBeGreaterThanOrEqual(24);
  });

  it('given a javascript: link, should not render it', async () => {
    const screen = await render(
      <Tree nodes={[{ title: 'x', content: 'y', link: 'javascript:alert(1)' }]} defaultExpanded={['0']} />,
    );
    expect(screen.container.querySelector('a')).toBeNull();
  });

  it('given the keyboard, arrows should move and open, Left should close and go to the parent', async () => {
    const screen = await render(<Tree nodes={faq} />);
    await userEvent.keyboard('{Tab}');
    await expect.element(item(screen, 'Orders')).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(item(screen, 'Orders')).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(item(screen, 'Where is my order?')).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect.element(item(screen, 'Orders')).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect.element(item(screen, 'Orders')).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{ArrowDown}');
    await expect.element(item(screen, 'Returns')).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    await expect.element(item(screen, 'Orders')).toHaveFocus();
  });

  it('given Home and End, should jump to the first and last visible items', async () => {
    const screen = await render(<Tree nodes={faq} />);
    await userEvent.keyboard('{Tab}{End}');
    await expect.element(item(screen, 'Talk to an agent')).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect.element(item(screen, 'Orders')).toHaveFocus();
  });

  it('given Enter and Space, should toggle a node with content and choose a leaf', async () => {
    const onSelect = vi.fn();
    const screen = await render(<Tree nodes={faq} onSelect={onSelect} />);
    await userEvent.keyboard('{Tab}{ArrowDown} ');
    await expect.element(item(screen, 'Returns')).toHaveAttribute('aria-expanded', 'true');
    await expect.element(screen.getByText('Return any item within 30 days; pickup is free.')).toBeVisible();
    // the answer is the next item; the leaf after it
    await userEvent.keyboard('{ArrowDown}');
    await expect
      .element(screen.getByRole('treeitem', { name: 'Return any item within 30 days; pickup is free.' }))
      .toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith(faq[2]);
  });

  it('given right-to-left, ArrowLeft should open and ArrowRight should close', async () => {
    const screen = await render(
      <div dir="rtl">
        <Tree nodes={faq} />
      </div>,
    );
    await userEvent.keyboard('{Tab}{ArrowLeft}');
    await expect.element(item(screen, 'Orders')).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(item(screen, 'Orders')).toHaveAttribute('aria-expanded', 'false');
  });

  it('given only one tab stop, Tab should leave the tree after the active item', async () => {
    const screen = await render(
      <>
        <Tree nodes={faq} />
        <button type="button">after</button>
      </>,
    );
    await userEvent.keyboard('{Tab}{Tab}');
    await expect.element(screen.getByRole('button', { name: 'after' })).toHaveFocus();
  });
});
