import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { WithStrings } from '../../test/strings.js';
import type { PhoneRules } from './phoneRules.js';
import { UserForm } from './UserForm.js';

// A slow network: the phone checks arrive only when the test lets them.
const gate = vi.hoisted(() => {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open: () => open() };
});

vi.mock('./phoneRules.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('./phoneRules.js')>();
  return {
    ...real,
    loadPhoneRules: async (): Promise<PhoneRules> => {
      await gate.opened;
      return real.loadPhoneRules();
    },
  };
});

describe('phone numbers on a slow network', () => {
  it('given a number typed with its calling code before the checks arrive, should pick its country when they do', async () => {
    const onSubmit = vi.fn(async () => true);
    const screen = await render(
      <WithStrings>
        <UserForm
          config={{
            formModal: 0,
            fields: [{ name: 'phone', label: 'Mobile', type: 'phone', required: true }],
          }}
          onSubmit={onSubmit}
        />
      </WithStrings>,
    );
    const country = screen.getByRole('combobox', { name: 'Country or region' });
    await expect.element(country).toHaveValue('US');
    await userEvent.fill(screen.getByLabelText(/^Mobile/), '+45 2020 1234');
    // Nothing to read the number with yet: the guess stays.
    await expect.element(country).toHaveValue('US');
    gate.open();
    await expect.element(country).toHaveValue('DK');
    await userEvent.click(screen.getByRole('button', { name: 'Start chatting' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ phone: '+4520201234' }));
  });
});
