import { describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { Field } from '../Form/Form.js';
import { LocaleProvider } from '../LocaleProvider/LocaleProvider.js';
import arEG from '../locales/ar-EG.json' with { type: 'json' };
import { StarRating } from './StarRating.js';

const labels = ['Very poor', 'Poor', 'Fair', 'Good', 'Excellent'];

describe('StarRating', () => {
  it('given no props, should be a radio group of 5 stars named "n of 5 stars"', async () => {
    const screen = await render(<StarRating />);
    await expect.element(screen.getByRole('radiogroup', { name: 'Rating' })).toBeVisible();
    expect(screen.getByRole('radio').elements()).toHaveLength(5);
    await expect
      .element(screen.getByRole('radio', { name: '4 of 5 stars' }))
      .toHaveAttribute('aria-checked', 'false');
  });

  it('given a click on a star, should choose it and fill the stars up to it', async () => {
    const onValueChange = vi.fn();
    const screen = await render(<StarRating onValueChange={onValueChange} />);
    await screen.getByRole('radio', { name: '3 of 5 stars' }).click();
    expect(onValueChange).toHaveBeenCalledWith(3);
    await expect
      .element(screen.getByRole('radio', { name: '3 of 5 stars' }))
      .toHaveAttribute('aria-checked', 'true');
    const states = screen
      .getByRole('radio')
      .elements()
      .map((star) => star.getAttribute('data-state'));
    expect(states).toEqual(['on', 'on', 'on', 'off', 'off']);
  });

  it('given the keyboard, should tab in once, move and select with arrows, Home and End', async () => {
    const onValueChange = vi.fn();
    const screen = await render(<StarRating onValueChange={onValueChange} />);
    await userEvent.keyboard('{Tab}');
    await expect.element(screen.getByRole('radio', { name: '1 of 5 stars' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect
      .element(screen.getByRole('radio', { name: '1 of 5 stars' }))
      .toHaveAttribute('aria-checked', 'true');
    await userEvent.keyboard('{ArrowRight}{ArrowUp}');
    await expect.element(screen.getByRole('radio', { name: '3 of 5 stars' })).toHaveFocus();
    await expect
      .element(screen.getByRole('radio', { name: '3 of 5 stars' }))
      .toHaveAttribute('aria-checked', 'true');
    await userEvent.keyboard('{ArrowLeft}');
    await expect
      .element(screen.getByRole('radio', { name: '2 of 5 stars' }))
      .toHaveAttribute('aria-checked', 'true');
    await userEvent.keyboard('{End}');
    await expect.element(screen.getByRole('radio', { name: '5 of 5 stars' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect
      .element(screen.getByRole('radio', { name: '5 of 5 stars' }))
      .toHaveAttribute('aria-checked', 'true');
    await userEvent.keyboard('{Home}');
    await expect
      .element(screen.getByRole('radio', { name: '1 of 5 stars' }))
      .toHaveAttribute('aria-checked', 'true');
    expect(onValueChange.mock.calls.map(([value]) => value)).toEqual([1, 2, 3, 2, 5, 1]);
    // One tab stop: Tab leaves the group.
    expect(screen.container.querySelectorAll('[tabindex="0"]')).toHaveLength(1);
  });

  it('given right to left, should mirror the arrow keys', async () => {
    const screen = await render(
      <LocaleProvider locale="ar-EG" messages={arEG}>
        <div dir="rtl">
          <StarRating defaultValue={2} />
        </div>
      </LocaleProvider>,
    );
    const second = screen.getByRole('radio', {
      name: arEG['starRating.star'].replace('{value}', '2').replace('{max}', '5'),
    });
    (second.element() as HTMLElement).focus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect.element(screen.getByRole('radio').nth(2)).toHaveAttribute('aria-checked', 'true');
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect.element(screen.getByRole('radio').nth(0)).toHaveAttribute('aria-checked', 'true');
  });

  it('given labels, should name each star by them and show the chosen one', async () => {
    const screen = await render(<StarRating labels={labels} defaultValue={4} />);
    await expect.element(screen.getByRole('radio', { name: 'Good' })).toHaveAttribute('aria-checked', 'true');
    // The pointer may rest where an earlier test left it, over a star: move it off first.
    await userEvent.unhover(screen.getByRole('radiogroup'));
    await vi.waitFor(() =>
      expect(screen.container.querySelector('[data-slot="star-rating-caption"]')?.textContent).toBe('Good'),
    );
    await screen.getByRole('radio', { name: 'Excellent' }).hover();
    await vi.waitFor(() =>
      expect(screen.container.querySelector('[data-slot="star-rating-caption"]')?.textContent).toBe(
        'Excellent',
      ),
    );
  });

  it('given readOnly, should be one image with the value as its name and not change', async () => {
    const onValueChange = vi.fn();
    const screen = await render(<StarRating readOnly value={4} onValueChange={onValueChange} />);
    await expect.element(screen.getByRole('img', { name: '4 of 5 stars' })).toBeVisible();
    expect(screen.container.querySelector('[role="radio"], [tabindex]')).toBeNull();
    await screen.getByRole('img').click();
    expect(onValueChange).not.toHaveBeenCalled();
  });

  it('given a controlled value, should follow the prop', async () => {
    const screen = await render(<StarRating value={2} onValueChange={() => {}} />);
    await screen.getByRole('radio', { name: '5 of 5 stars' }).click();
    await expect
      .element(screen.getByRole('radio', { name: '2 of 5 stars' }))
      .toHaveAttribute('aria-checked', 'true');
    await screen.rerender(<StarRating value={5} onValueChange={() => {}} />);
    await expect
      .element(screen.getByRole('radio', { name: '5 of 5 stars' }))
      .toHaveAttribute('aria-checked', 'true');
  });

  it('given a Field with an error, should be labelled, described and marked invalid', async () => {
    await render(
      <Field label="How did we do?" description="Your rating helps us." error="Choose a rating" required>
        <StarRating />
      </Field>,
    );
    const group = page.getByRole('radiogroup', { name: 'How did we do?' });
    await expect.element(group).toHaveAttribute('aria-invalid', 'true');
    await expect.element(group).toHaveAttribute('aria-required', 'true');
    await expect.element(group).toHaveAccessibleDescription('Your rating helps us. Choose a rating');
    await expect.element(group).toHaveAccessibleErrorMessage('Choose a rating');
  });

  it('given disabled, should not be focusable nor change', async () => {
    const screen = await render(<StarRating disabled />);
    await screen.getByRole('radio', { name: '3 of 5 stars' }).click({ force: true });
    expect(screen.container.querySelector('[aria-checked="true"]')).toBeNull();
    expect(screen.container.querySelector('[tabindex="0"]')).toBeNull();
  });

  it('given max 10, should render ten stars', async () => {
    const screen = await render(<StarRating max={10} />);
    await expect.element(screen.getByRole('radio', { name: '10 of 10 stars' })).toBeVisible();
  });
});
