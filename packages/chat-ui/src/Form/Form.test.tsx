import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { LocaleProvider } from '../LocaleProvider/LocaleProvider.js';
import zhCN from '../locales/zh-CN.json' with { type: 'json' };
import { Checkbox, Radio, RadioGroup } from './Choices.js';
import { Field, Input, Select, Textarea, useFieldControl } from './Form.js';

describe('Form controls', () => {
  it('given a Field with an Input, should label it and wire the description', async () => {
    const screen = await render(
      <Field label="Email" description="We reply here.">
        <Input type="email" />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Email' });
    await expect.element(input).toHaveAccessibleDescription('We reply here.');
    await expect.element(input).not.toHaveAttribute('aria-invalid');
    await screen.getByText('Email').click();
    await expect.element(input).toHaveFocus();
  });

  it('given an error, should mark the control invalid and point to the message', async () => {
    const screen = await render(
      <Field label="Phone" description="11 digits." error="Enter a valid phone number">
        <Input />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Phone' });
    await expect.element(input).toHaveAttribute('aria-invalid', 'true');
    await expect.element(input).toHaveAccessibleErrorMessage('Enter a valid phone number');
    await expect.element(input).toHaveAccessibleDescription('11 digits. Enter a valid phone number');
    expect(screen.container.querySelector('[data-slot="field"]')?.hasAttribute('data-invalid')).toBe(true);
  });

  it('given required, should show a marker hidden from screen readers and make the control required', async () => {
    const screen = await render(
      <Field label="Name" required>
        <Input />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Name' });
    await expect.element(input).toBeRequired();
    const marker = screen.container.querySelector('[data-slot="field-required"]');
    expect(marker?.getAttribute('aria-hidden')).toBe('true');
    expect(marker?.getAttribute('title')).toBe('required');
  });

  it('given a Chinese locale, should localize the required marker', async () => {
    const screen = await render(
      <LocaleProvider locale="zh-CN" messages={zhCN}>
        <Field label="姓名" required>
          <Input />
        </Field>
      </LocaleProvider>,
    );
    expect(screen.container.querySelector('[data-slot="field-required"]')?.getAttribute('title')).toBe(
      zhCN['form.required'],
    );
  });

  it('given disabled, should disable the control', async () => {
    const screen = await render(
      <Field label="Order" disabled>
        <Textarea />
      </Field>,
    );
    await expect.element(screen.getByRole('textbox', { name: 'Order' })).toBeDisabled();
  });

  it('given a Textarea, should accept multi-line text from the keyboard', async () => {
    const screen = await render(
      <Field label="Message">
        <Textarea />
      </Field>,
    );
    const textarea = screen.getByRole('textbox', { name: 'Message' });
    await textarea.click();
    await userEvent.keyboard('one{Shift>}{Enter}{/Shift}two');
    await expect.element(textarea).toHaveValue('one\ntwo');
  });

  it('given a Select with a placeholder and options, should pick with the keyboard', async () => {
    const onChange = vi.fn();
    const screen = await render(
      <Field label="Topic" description="Pick the closest.">
        <Select
          placeholder="Choose a topic"
          defaultValue=""
          onChange={(event) => onChange(event.target.value)}
          options={[
            { value: 'orders', label: 'Orders' },
            { value: 'refunds', label: 'Refunds' },
          ]}
        />
      </Field>,
    );
    const select = screen.getByRole('combobox', { name: 'Topic' });
    await expect.element(select).toHaveAccessibleDescription('Pick the closest.');
    await select.selectOptions('refunds');
    expect(onChange).toHaveBeenCalledWith('refunds');
  });

  it('given a Checkbox, should toggle with pointer and Space and report the state', async () => {
    const onCheckedChange = vi.fn();
    const screen = await render(
      <Checkbox label="Send me a transcript" description="By email" onCheckedChange={onCheckedChange} />,
    );
    const box = screen.getByRole('checkbox', { name: 'Send me a transcript' });
    await expect.element(box).toHaveAccessibleDescription('By email');
    await screen.getByText('Send me a transcript').click();
    await expect.element(box).toBeChecked();
    await userEvent.keyboard(' ');
    await expect.element(box).not.toBeChecked();
    expect(onCheckedChange.mock.calls).toEqual([[true], [false]]);
  });

  it('given a Checkbox with an error, should mark it invalid with the message', async () => {
    const screen = await render(<Checkbox label="I agree" required error="Please agree to continue" />);
    const box = screen.getByRole('checkbox', { name: 'I agree' });
    await expect.element(box).toHaveAttribute('aria-invalid', 'true');
    await expect.element(box).toHaveAccessibleErrorMessage('Please agree to continue');
    await expect.element(box).toBeRequired();
  });

  it('given a RadioGroup in a Field, should be a labelled radiogroup where arrows move and select', async () => {
    const onValueChange = vi.fn();
    const screen = await render(
      <Field label="Contact me by" error="Pick one" required>
        <RadioGroup onValueChange={onValueChange}>
          <Radio value="email" label="Email" />
          <Radio value="phone" label="Phone" description="Working hours only" />
          <Radio value="none" label="Do not contact me" />
        </RadioGroup>
      </Field>,
    );
    const group = screen.getByRole('radiogroup', { name: 'Contact me by' });
    await expect.element(group).toHaveAttribute('aria-invalid', 'true');
    await expect.element(group).toHaveAccessibleErrorMessage('Pick one');
    await expect
      .element(screen.getByRole('radio', { name: 'Phone' }))
      .toHaveAccessibleDescription('Working hours only');
    await screen.getByRole('radio', { name: 'Email' }).click();
    await userEvent.keyboard('{ArrowDown}');
    await expect.element(screen.getByRole('radio', { name: 'Phone' })).toBeChecked();
    expect(onValueChange.mock.calls).toEqual([['email'], ['phone']]);
  });

  it('given a controlled RadioGroup, should follow its value', async () => {
    const screen = await render(
      <RadioGroup aria-label="Size" value="m" onValueChange={() => {}}>
        <Radio value="s" label="Small" />
        <Radio value="m" label="Medium" />
      </RadioGroup>,
    );
    await expect.element(screen.getByRole('radio', { name: 'Medium' })).toBeChecked();
    await screen.getByRole('radio', { name: 'Small' }).click();
    await expect.element(screen.getByRole('radio', { name: 'Medium' })).toBeChecked();
  });

  it('given a custom control using useFieldControl, should be wired like the kit controls', async () => {
    function Custom() {
      return <input {...useFieldControl()} className="custom" />;
    }
    const screen = await render(
      <Field label="Code" description="Six digits" error="Wrong code" required>
        <Custom />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Code' });
    await expect.element(input).toHaveAttribute('aria-invalid', 'true');
    await expect.element(input).toHaveAccessibleErrorMessage('Wrong code');
    await expect.element(input).toBeRequired();
  });
});
