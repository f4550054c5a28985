import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { cdp, page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import {
  Menu,
  MenuCheckboxItem,
  MenuGroup,
  MenuItem,
  MenuRadioGroup,
  MenuRadioItem,
  MenuSeparator,
} from './Menu.js';

interface ActionsProps {
  onTransfer?: () => void;
  onSnooze?: () => void;
  onRefuse?: () => void;
  dir?: 'ltr' | 'rtl';
}

function Actions({ onTransfer, onSnooze, onRefuse, dir = 'ltr' }: ActionsProps) {
  return (
    <div dir={dir} style={{ padding: 40, display: 'flex', justifyContent: 'center' }}>
      <Menu label="Conversation actions" trigger={<button type="button">More actions</button>}>
        <MenuItem onSelect={onTransfer}>Transfer</MenuItem>
        <MenuItem onSelect={onSnooze} shortcut="S">
          Snooze
        </MenuItem>
        <MenuItem disabled>Priority…</MenuItem>
        <MenuSeparator />
        <MenuItem variant="danger" onSelect={onRefuse}>
          Refuse
        </MenuItem>
      </Menu>
      <button type="button">Elsewhere</button>
    </div>
  );
}

function Status({ onStatus }: { onStatus?: (status: string) => void }) {
  const [status, setStatus] = useState('online');
  const [sound, setSound] = useState(false);
  return (
    <Menu label="Account" trigger={<button type="button">Agent</button>}>
      <MenuGroup label="Status">
        <MenuRadioGroup
          value={status}
          onValueChange={(next) => {
            setStatus(next);
            onStatus?.(next);
          }}
        >
          <MenuRadioItem value="online">Online</MenuRadioItem>
          <MenuRadioItem value="away">Away</MenuRadioItem>
          <MenuRadioItem value="offline">Offline</MenuRadioItem>
        </MenuRadioGroup>
      </MenuGroup>
      <MenuSeparator />
      <MenuCheckboxItem checked={sound} onCheckedChange={setSound}>
        Sound
      </MenuCheckboxItem>
    </Menu>
  );
}

const menu = () => page.getByRole('menu');
const item = (name: string) => page.getByRole('menuitem', { name });

async function focusTrigger(name: string) {
  const trigger = page.getByRole('button', { name });
  (trigger.element() as HTMLElement).focus();
  return trigger;
}

describe('Menu', () => {
  it('given a closed menu, should tell its popup kind and state on the trigger', async () => {
    await render(<Actions />);
    const trigger = page.getByRole('button', { name: 'More actions' });
    await expect.element(trigger).toHaveAttribute('aria-haspopup', 'menu');
    await expect.element(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger.element().hasAttribute('aria-controls')).toBe(false);
    await trigger.click();
    await expect.element(menu()).toBeVisible();
    await expect.element(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect.element(trigger).toHaveAttribute('aria-controls', menu().element().id);
    await expect.element(page.getByRole('menu', { name: 'Conversation actions' })).toBeVisible();
  });

  it.each(['{Enter}', ' ', '{ArrowDown}'])(
    'given focus on the trigger, when %s is pressed, should open on the first item',
    async (key) => {
      await render(<Actions />);
      await focusTrigger('More actions');
      await userEvent.keyboard(key);
      await expect.element(item('Transfer')).toHaveFocus();
    },
  );

  it('given a click on the trigger, should focus the menu itself, and ArrowDown should reach the first item', async () => {
    await render(<Actions />);
    await page.getByRole('button', { name: 'More actions' }).click();
    await expect.element(menu()).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect.element(item('Transfer')).toHaveFocus();
  });

  it('given focus on the trigger, when ArrowUp is pressed, should open on the last item', async () => {
    await render(<Actions />);
    await focusTrigger('More actions');
    await userEvent.keyboard('{ArrowUp}');
    await expect.element(item('Refuse')).toHaveFocus();
  });

  it('given it is open, arrows should move, skip the disabled item and wrap; Home and End go to the ends', async () => {
    await render(<Actions />);
    await focusTrigger('More actions');
    await userEvent.keyboard('{ArrowDown}');
    await expect.element(item('Transfer')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect.element(item('Snooze')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect.element(item('Refuse')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect.element(item('Transfer')).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    await expect.element(item('Refuse')).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect.element(item('Transfer')).toHaveFocus();
    await userEvent.keyboard('{End}');
    await expect.element(item('Refuse')).toHaveFocus();
  });

  it('given it is open, typing a letter should move to the next item starting with it', async () => {
    await render(<Actions />);
    await focusTrigger('More actions');
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard('r');
    await expect.element(item('Refuse')).toHaveFocus();
    // Letters typed together make one search string ("rs" matches nothing); wait for it to clear.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await userEvent.keyboard('s');
    await expect.element(item('Snooze')).toHaveFocus();
  });

  it('given it is open, typing the letter of a disabled item should not move to it', async () => {
    await render(<Actions />);
    await focusTrigger('More actions');
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard('p');
    await expect.element(item('Transfer')).toHaveFocus();
  });

  it('given it is open, when Escape is pressed, should close and return focus to the trigger', async () => {
    await render(<Actions />);
    const trigger = await focusTrigger('More actions');
    await userEvent.keyboard('{Enter}');
    await expect.element(item('Transfer')).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect.element(menu()).not.toBeInTheDocument();
    await expect.element(trigger).toHaveFocus();
    await expect.element(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('given it is open, when Tab is pressed, should close', async () => {
    await render(<Actions />);
    await focusTrigger('More actions');
    await userEvent.keyboard('{Enter}');
    await expect.element(item('Transfer')).toHaveFocus();
    await userEvent.keyboard('{Tab}');
    await expect.element(menu()).not.toBeInTheDocument();
  });

  it('given an item is chosen by Enter, should call onSelect once, close and return focus', async () => {
    const onTransfer = vi.fn();
    const onSnooze = vi.fn();
    await render(<Actions onTransfer={onTransfer} onSnooze={onSnooze} />);
    const trigger = await focusTrigger('More actions');
    await userEvent.keyboard('{Enter}');
    await expect.element(item('Transfer')).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.element(menu()).not.toBeInTheDocument();
    expect(onTransfer).toHaveBeenCalledTimes(1);
    expect(onSnooze).not.toHaveBeenCalled();
    await expect.element(trigger).toHaveFocus();
  });

  it('given an item is clicked, should call onSelect once and close', async () => {
    const onRefuse = vi.fn();
    await render(<Actions onRefuse={onRefuse} />);
    await page.getByRole('button', { name: 'More actions' }).click();
    await item('Refuse').click();
    await expect.element(menu()).not.toBeInTheDocument();
    expect(onRefuse).toHaveBeenCalledTimes(1);
  });

  it('given a disabled item, should not choose it nor close', async () => {
    const onTransfer = vi.fn();
    await render(<Actions onTransfer={onTransfer} />);
    await page.getByRole('button', { name: 'More actions' }).click();
    const priority = item('Priority…');
    await expect.element(priority).toBeDisabled();
    await priority.click({ force: true });
    await expect.element(menu()).toBeVisible();
    expect(onTransfer).not.toHaveBeenCalled();
  });

  it('given an outside click or a second click on the trigger, should close', async () => {
    await render(<Actions />);
    const trigger = page.getByRole('button', { name: 'More actions' });
    await trigger.click();
    await expect.element(menu()).toBeVisible();
    await page.getByRole('button', { name: 'Elsewhere' }).click();
    await expect.element(menu()).not.toBeInTheDocument();
    await trigger.click();
    await expect.element(menu()).toBeVisible();
    await trigger.click();
    await expect.element(menu()).not.toBeInTheDocument();
  });

  it('given radio items, should check the group value and move the check when one is chosen', async () => {
    const onStatus = vi.fn();
    await render(<Status onStatus={onStatus} />);
    const trigger = page.getByRole('button', { name: 'Agent' });
    await trigger.click();
    await expect.element(page.getByRole('group', { name: 'Status' })).toBeVisible();
    await expect
      .element(page.getByRole('menuitemradio', { name: 'Online' }))
      .toHaveAttribute('aria-checked', 'true');
    await expect
      .element(page.getByRole('menuitemradio', { name: 'Away' }))
      .toHaveAttribute('aria-checked', 'false');
    await page.getByRole('menuitemradio', { name: 'Away' }).click();
    await expect.element(menu()).not.toBeInTheDocument();
    expect(onStatus.mock.calls).toEqual([['away']]);
    await trigger.click();
    await expect
      .element(page.getByRole('menuitemradio', { name: 'Away' }))
      .toHaveAttribute('aria-checked', 'true');
    await expect
      .element(page.getByRole('menuitemradio', { name: 'Online' }))
      .toHaveAttribute('aria-checked', 'false');
  });

  it('given a checkbox item, should toggle its aria-checked', async () => {
    await render(<Status />);
    const trigger = page.getByRole('button', { name: 'Agent' });
    await trigger.click();
    await expect
      .element(page.getByRole('menuitemcheckbox', { name: 'Sound' }))
      .toHaveAttribute('aria-checked', 'false');
    await page.getByRole('menuitemcheckbox', { name: 'Sound' }).click();
    await trigger.click();
    await expect
      .element(page.getByRole('menuitemcheckbox', { name: 'Sound' }))
      .toHaveAttribute('aria-checked', 'true');
  });

  it('given left to right, should line up with the start (left) edge of the trigger, below it', async () => {
    await render(<Actions />);
    const trigger = page.getByRole('button', { name: 'More actions' });
    await trigger.click();
    await vi.waitFor(() => {
      const box = menu().element().getBoundingClientRect();
      const anchor = trigger.element().getBoundingClientRect();
      expect(box.top).toBeGreaterThanOrEqual(anchor.bottom);
      expect(Math.abs(box.left - anchor.left)).toBeLessThan(1);
    });
  });

  it('given right to left, should line up with the start (right) edge of the trigger', async () => {
    await render(<Actions dir="rtl" />);
    const trigger = page.getByRole('button', { name: 'More actions' });
    await trigger.click();
    await vi.waitFor(() => {
      const box = menu().element().getBoundingClientRect();
      const anchor = trigger.element().getBoundingClientRect();
      expect(box.top).toBeGreaterThanOrEqual(anchor.bottom);
      expect(Math.abs(box.right - anchor.right)).toBeLessThan(1);
    });
  });

  it('given a controlled menu, should follow open and report changes', async () => {
    const onOpenChange = vi.fn();
    const screen = await render(
      <Menu
        label="Actions"
        open={false}
        onOpenChange={onOpenChange}
        trigger={<button type="button">More</button>}
      >
        <MenuItem>Transfer</MenuItem>
      </Menu>,
    );
    await screen.getByRole('button', { name: 'More' }).click();
    expect(onOpenChange.mock.calls).toEqual([[true]]);
    await expect.element(menu()).not.toBeInTheDocument();
  });

  it('given reduced motion, should open without animation', async () => {
    await render(<Actions />);
    await page.getByRole('button', { name: 'More actions' }).click();
    expect(getComputedStyle(menu().element()).animationName).toBe('parley-menu-in');
    await page.getByRole('button', { name: 'More actions' }).click();
    const session = cdp();
    await session.send('Emulation.setEmulatedMedia', {
      features: [{ name: 'prefers-reduced-motion', value: 'reduce' }],
    });
    try {
      await page.getByRole('button', { name: 'More actions' }).click();
      expect(getComputedStyle(menu().element()).animationName).toBe('none');
    } finally {
      await session.send('Emulation.setEmulatedMedia', { features: [] });
    }
  });

  it('given a touch screen (coarse pointer), should give every item at least 44 px', async () => {
    await render(<Actions />);
    await page.getByRole('button', { name: 'More actions' }).click();
    expect(item('Transfer').element().getBoundingClientRect().height).toBeLessThan(44);
    await page.getByRole('button', { name: 'More actions' }).click();
    const session = cdp();
    await session.send('Emulation.setTouchEmulationEnabled', { enabled: true });
    try {
      expect(matchMedia('(pointer: coarse)').matches).toBe(true);
      await page.getByRole('button', { name: 'More actions' }).click();
      for (const name of ['Transfer', 'Snooze', 'Refuse']) {
        expect(item(name).element().getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
      }
    } finally {
      await session.send('Emulation.setTouchEmulationEnabled', { enabled: false });
    }
  });
});
