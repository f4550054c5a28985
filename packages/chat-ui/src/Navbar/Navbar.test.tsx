import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { LocaleProvider } from '../LocaleProvider/LocaleProvider.js';
import arEG from '../locales/ar-EG.json' with { type: 'json' };
import { Navbar } from './Navbar.js';

describe('Navbar', () => {
  it('given a title, should render a level 1 heading by default and the chosen level otherwise', async () => {
    const screen = await render(<Navbar title="Support" />);
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
    await screen.rerender(<Navbar title="Support" titleLevel={2} />);
    await expect.element(screen.getByRole('heading', { level: 2, name: 'Support' })).toBeVisible();
    await expect.element(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('given onBack, should show a Back button that calls it with pointer and keyboard', async () => {
    const onBack = vi.fn();
    const screen = await render(<Navbar title="Support" onBack={onBack} />);
    const back = screen.getByRole('button', { name: 'Back' });
    await back.click();
    await userEvent.keyboard('{Enter}');
    expect(onBack).toHaveBeenCalledTimes(2);
  });

  it('given a leading slot, should show it instead of the back button', async () => {
    const screen = await render(<Navbar title="x" onBack={() => {}} leading={<span>Logo</span>} />);
    await expect.element(screen.getByText('Logo')).toBeVisible();
    expect(screen.container.querySelector('button')).toBeNull();
  });

  it('given an uncontrolled sound toggle, should flip aria-pressed and the icon on click and Space', async () => {
    const onSoundChange = vi.fn();
    const screen = await render(<Navbar title="x" onSoundChange={onSoundChange} />);
    const toggle = screen.getByRole('button', { name: 'Sound' });
    await expect.element(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(toggle.element().querySelector('[data-icon="Volume"]')).not.toBeNull();
    await toggle.click();
    await expect.element(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(toggle.element().querySelector('[data-icon="VolumeOff"]')).not.toBeNull();
    await userEvent.keyboard(' ');
    await expect.element(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(onSoundChange.mock.calls).toEqual([[false], [true]]);
  });

  it('given a controlled sound state, should follow the parent', async () => {
    function Parent() {
      const [sound, setSound] = useState(false);
      return (
        <>
          <Navbar title="x" sound={sound} onSoundChange={setSound} />
          <output>{sound ? 'on' : 'off'}</output>
        </>
      );
    }
    const screen = await render(<Parent />);
    await expect
      .element(screen.getByRole('button', { name: 'Sound' }))
      .toHaveAttribute('aria-pressed', 'false');
    await screen.getByRole('button', { name: 'Sound' }).click();
    await expect.element(screen.getByText('on')).toBeVisible();
  });

  it('given no sound props, should not show the toggle', async () => {
    const screen = await render(<Navbar title="x" />);
    expect(screen.container.querySelector('[aria-pressed]')).toBeNull();
  });

  it('given actions, should place them at the end', async () => {
    const screen = await render(
      <Navbar title="x" defaultSound actions={<button type="button">End chat</button>} />,
    );
    const end = screen.container.querySelector('[data-slot="navbar-end"]');
    expect(end?.lastElementChild?.textContent).toBe('End chat');
  });

  it('given Arabic, should localize the labels and mirror the back arrow', async () => {
    const screen = await render(
      <LocaleProvider locale="ar-EG" messages={arEG}>
        <div dir="rtl">
          <Navbar title="الدعم" onBack={() => {}} defaultSound />
        </div>
      </LocaleProvider>,
    );
    await expect.element(screen.getByRole('button', { name: arEG['navbar.back'] })).toBeVisible();
    await expect.element(screen.getByRole('button', { name: arEG['navbar.sound'] })).toBeVisible();
    const arrow = screen.container.querySelector('[data-icon="ChevronStart"]') as SVGElement;
    expect(getComputedStyle(arrow).transform).not.toBe('none');
    const back = screen.getByRole('button', { name: arEG['navbar.back'] }).element().getBoundingClientRect();
    const title = screen.getByRole('heading').element().getBoundingClientRect();
    expect(back.left).toBeGreaterThan(title.right);
  });

  it('given onClose, should put a Close button at the very end that calls it with pointer and keyboard', async () => {
    const onClose = vi.fn();
    const screen = await render(
      <Navbar
        title="Support"
        defaultSound
        actions={<button type="button">End chat</button>}
        onClose={onClose}
      />,
    );
    const close = screen.getByRole('button', { name: 'Close' });
    const end = screen.container.querySelector('[data-slot="navbar-end"]');
    expect(end?.lastElementChild).toBe(close.element());
    expect(close.element().querySelector('[data-icon="Close"]')).not.toBeNull();
    await close.click();
    await userEvent.keyboard('{Enter}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('given no onClose, should show no close button', async () => {
    const screen = await render(<Navbar title="Support" />);
    expect(screen.getByRole('button', { name: 'Close' }).query()).toBeNull();
  });

  it('given a subtitle, should show it under the title, outside the heading, with the titles beside the leading slot', async () => {
    const screen = await render(
      <div style={{ inlineSize: 360 }}>
        <Navbar
          title="Acme support"
          subtitle="Usually replies in a few minutes"
          leading={<span data-testid="avatars">AB</span>}
          onClose={() => {}}
        />
      </div>,
    );
    const heading = screen.getByRole('heading', { level: 1 });
    await expect.element(heading).toHaveAccessibleName('Acme support');
    const subtitle = screen.getByText('Usually replies in a few minutes');
    await expect.element(subtitle).toBeVisible();
    const title = heading.element().getBoundingClientRect();
    const under = subtitle.element().getBoundingClientRect();
    expect(under.top).toBeGreaterThanOrEqual(title.bottom - 1);
    expect(Math.abs(under.left - title.left)).toBeLessThanOrEqual(1);
    // Start-aligned: right after the leading slot, not centred in the bar.
    const leading = screen.getByTestId('avatars').element().getBoundingClientRect();
    expect(title.left - leading.right).toBeLessThanOrEqual(12);
    await expect.element(screen.getByRole('banner')).toHaveAttribute('data-align', 'start');
  });

  it('given titleAlign center with a subtitle, should centre both lines', async () => {
    const screen = await render(
      <div style={{ inlineSize: 400 }}>
        <Navbar title="Support" subtitle="Online" titleAlign="center" />
      </div>,
    );
    const bar = screen.getByRole('banner').element().getBoundingClientRect();
    const subtitle = screen.getByText('Online').element().getBoundingClientRect();
    expect(Math.abs((subtitle.left + subtitle.right) / 2 - (bar.left + bar.right) / 2)).toBeLessThanOrEqual(
      2,
    );
  });

  it('given Arabic, should name the close button in Arabic and put it at the left end', async () => {
    const screen = await render(
      <LocaleProvider locale="ar-EG" messages={arEG}>
        <div dir="rtl">
          <Navbar title="الدعم" subtitle="نرد عادة خلال دقائق" onClose={() => {}} />
        </div>
      </LocaleProvider>,
    );
    const close = screen
      .getByRole('button', { name: arEG['navbar.close'] })
      .element()
      .getBoundingClientRect();
    const title = screen.getByRole('heading').element().getBoundingClientRect();
    expect(close.right).toBeLessThan(title.left);
  });
});
