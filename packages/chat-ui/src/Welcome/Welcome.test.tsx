import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { LocaleProvider } from '../LocaleProvider/LocaleProvider.js';
import arEG from '../locales/ar-EG.json' with { type: 'json' };
import { contrast } from '../test/contrast.js';
import { Welcome } from './Welcome.js';

const team = [{ name: 'Camille Martin' }, { name: 'Ahmed Khan' }, { name: 'Li Wei' }, { name: 'Sara López' }];

describe('Welcome', () => {
  it('given a title, should be a region named by a level 2 heading; headingLevel changes the level', async () => {
    const screen = await render(<Welcome title="Hi, we're Acme support" />);
    await expect.element(screen.getByRole('region', { name: "Hi, we're Acme support" })).toBeVisible();
    await expect
      .element(screen.getByRole('heading', { level: 2 }))
      .toHaveTextContent("Hi, we're Acme support");
    await screen.rerender(<Welcome title="Hi" headingLevel={3} />);
    await expect.element(screen.getByRole('heading', { level: 3, name: 'Hi' })).toBeVisible();
  });

  it('given the team, a greeting and an expectation, should show who answers, larger, and what to expect', async () => {
    const screen = await render(
      <Welcome
        title="Acme support"
        avatars={team}
        text="Ask us anything about your order."
        expectation="Usually replies in under 5 minutes"
      />,
    );
    const group = screen.getByRole('img', { name: 'Camille Martin, Ahmed Khan, Li Wei, and Sara López' });
    await expect.element(group).toBeVisible();
    const avatar = group.element().querySelector('[data-slot="avatar"]')?.getBoundingClientRect();
    expect(avatar?.width).toBe(48);
    expect(group.element().textContent).toContain('+1');
    await expect.element(screen.getByText('Ask us anything about your order.')).toBeVisible();
    await expect.element(screen.getByText('Usually replies in under 5 minutes')).toBeVisible();
    // Top to bottom: avatars, title, greeting, expectation.
    const tops = [
      group,
      screen.getByRole('heading'),
      screen.getByText('Ask us anything about your order.'),
      screen.getByText('Usually replies in under 5 minutes'),
    ].map((part) => part.element().getBoundingClientRect().top);
    expect([...tops].sort((a, b) => a - b)).toEqual(tops);
  });

  it('given a robot first, should draw the robot', async () => {
    const screen = await render(
      <Welcome title="Ask our assistant" avatars={[{ name: 'Parley Assistant', bot: true }]} />,
    );
    const group = screen.getByRole('img', { name: 'Parley Assistant' });
    expect(group.element().querySelector('[data-icon="Robot"]')).not.toBeNull();
  });

  it.each([
    ['online', 'Online'],
    ['away', 'Away'],
    ['offline', 'Offline'],
  ] as const)(
    'given status %s, should write "%s" beside a dot, not tell it by colour alone',
    async (status, label) => {
      const screen = await render(<Welcome title="Acme" expectation="We're back at 9:00" status={status} />);
      const badge = screen.container.querySelector('[data-slot="welcome-status"]') as HTMLElement;
      expect(badge.textContent).toBe(label);
      const dot = badge.querySelector('[aria-hidden="true"]') as HTMLElement;
      expect(dot.getBoundingClientRect().width).toBeGreaterThan(6);
      expect(getComputedStyle(dot).borderTopStyle).toBe('solid');
      // Offline is a ring; the others are filled.
      expect(getComputedStyle(dot).backgroundColor === 'rgba(0, 0, 0, 0)').toBe(status === 'offline');
      await expect.element(screen.getByText("We're back at 9:00")).toBeVisible();
    },
  );

  it('given actions, should show them full width and call them', async () => {
    const start = vi.fn();
    const screen = await render(
      <div style={{ inlineSize: 320 }}>
        <Welcome title="Acme">
          <Welcome.Action onClick={start}>Start a conversation</Welcome.Action>
          <Welcome.Action variant="secondary">Browse the help center</Welcome.Action>
        </Welcome>
      </div>,
    );
    await screen.getByRole('button', { name: 'Start a conversation' }).click();
    await userEvent.keyboard('{Enter}');
    expect(start).toHaveBeenCalledTimes(2);
    const [primary, secondary] = ['Start a conversation', 'Browse the help center'].map((name) =>
      screen.getByRole('button', { name }).element(),
    );
    expect(primary?.getAttribute('type')).toBe('button');
    expect(primary?.getBoundingClientRect().width).toBe(secondary?.getBoundingClientRect().width);
  });

  it.each(['light', 'dark'])('given the %s theme, should keep every text at 4.5:1 or more', async (theme) => {
    const screen = await render(
      <div data-parley-theme={theme}>
        <Welcome title="Acme" text="Hello" expectation="Usually replies in minutes" status="away">
          <Welcome.Action>Start</Welcome.Action>
          <Welcome.Action variant="secondary">Help center</Welcome.Action>
        </Welcome>
      </div>,
    );
    const card = screen.getByRole('region').element();
    const cardBackground = getComputedStyle(card).backgroundColor;
    for (const text of ['Acme', 'Hello', 'Usually replies in minutes', 'Away']) {
      const element = screen.getByText(text, { exact: true }).element();
      expect(contrast(getComputedStyle(element).color, cardBackground), text).toBeGreaterThanOrEqual(4.5);
    }
    for (const name of ['Start', 'Help center']) {
      const style = getComputedStyle(screen.getByRole('button', { name }).element());
      expect(contrast(style.color, style.backgroundColor), name).toBeGreaterThanOrEqual(4.5);
    }
  });

  it.each([320, 420, 720])(
    'given a %i px wide conversation, should be a centred card that fits',
    async (width) => {
      const screen = await render(
        <div style={{ inlineSize: width }}>
          <Welcome
            title="Hi, we're Acme support"
            avatars={team}
            text="Ask us anything about your order, a delivery or a refund."
            expectation="Usually replies in under 5 minutes"
            status="online"
          >
            <Welcome.Action>Start a conversation</Welcome.Action>
          </Welcome>
        </div>,
      );
      const outer = (screen.container.firstElementChild as HTMLElement).getBoundingClientRect();
      const card = screen.getByRole('region').element();
      const box = card.getBoundingClientRect();
      expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
      expect(box.width).toBeLessThanOrEqual(Math.min(width, 416) + 0.5);
      expect(Math.abs(box.left - outer.left - (outer.right - box.right))).toBeLessThanOrEqual(1);
    },
  );

  it('given Arabic, should label the status in Arabic, right to left', async () => {
    const screen = await render(
      <LocaleProvider locale="ar-EG" messages={arEG}>
        <div dir="rtl" style={{ inlineSize: 360 }}>
          <Welcome title="الدعم" expectation="نرد عادة خلال دقائق" status="online" />
        </div>
      </LocaleProvider>,
    );
    const badge = screen.container.querySelector('[data-slot="welcome-status"]') as HTMLElement;
    expect(badge.textContent).toBe(arEG['welcome.online']);
    const dot = (badge.firstElementChild as HTMLElement).getBoundingClientRect();
    const label = badge.getBoundingClientRect();
    // Right to left, the dot comes first: on the right.
    expect(dot.right).toBeGreaterThan(label.right - 12);
  });
});
