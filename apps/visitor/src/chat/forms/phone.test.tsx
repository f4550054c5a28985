import { type ChannelInfo, initialChatState } from '@parley/chat-core';
import { LocaleProvider } from '@parley/chat-ui/LocaleProvider';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { createI18n } from '../../i18n/i18next.js';
import { TranslateProvider } from '../../i18n/useT.js';
import de from '../../locales/de.json' with { type: 'json' };
import { snapshotAtom } from '../../state/chatAtoms.js';
import { WithStrings } from '../../test/strings.js';
import { LeaveMessageForm } from './LeaveMessageForm.js';
import { UserForm } from './UserForm.js';

// The browser here speaks en-US (navigator.languages), so an English page guesses the United States.

/** A page whose channel says how it checks phone numbers. */
function Channel({ phoneRule, children }: { phoneRule?: string; children: ReactNode }) {
  const store = createStore();
  store.set(snapshotAtom, {
    ...initialChatState(),
    channelInfo: { phoneRule } as ChannelInfo,
  });
  return <Provider store={store}>{children}</Provider>;
}

/** The German page: its strings and the kit's locale. */
function InGerman({ children }: { children: ReactNode }) {
  const i18n = createI18n();
  i18n.addResourceBundle('de', 'translation', de, true, true);
  return (
    <TranslateProvider t={i18n.getFixedT('de')}>
      <LocaleProvider locale="de" messages={{}}>
        {children}
      </LocaleProvider>
    </TranslateProvider>
  );
}

const form = (onSubmit = vi.fn(async () => true)) => (
  <UserForm
    config={{ formModal: 0, fields: [{ name: 'phone', label: 'Mobile', type: 'phone', required: true }] }}
    onSubmit={onSubmit}
  />
);

describe('phone numbers by the default rule (any valid international number)', () => {
  it('given a number dialled as at home in the guessed country, should send it in E.164', async () => {
    const onSubmit = vi.fn(async () => true);
    const screen = await render(<WithStrings>{form(onSubmit)}</WithStrings>);
    const country = screen.getByRole('combobox', { name: 'Country or region' });
    await expect.element(country).toHaveValue('US');
    await expect.element(country).toHaveDisplayValue('United States +1');
    await userEvent.fill(screen.getByLabelText(/^Mobile/), '(212) 555-0123');
    await userEvent.click(screen.getByRole('button', { name: 'Start chatting' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ phone: '+12125550123' }));
  });

  it('given a number of another country with its calling code, should follow it and accept it', async () => {
    const onSubmit = vi.fn(async () => true);
    const screen = await render(<WithStrings>{form(onSubmit)}</WithStrings>);
    await expect.element(screen.getByRole('combobox', { name: 'Country or region' })).toHaveValue('US');
    await userEvent.fill(screen.getByLabelText(/^Mobile/), '+45 2020 1234');
    await expect.element(screen.getByRole('combobox', { name: 'Country or region' })).toHaveValue('DK');
    await userEvent.click(screen.getByRole('button', { name: 'Start chatting' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ phone: '+4520201234' }));
  });

  it('given a number that cannot exist in the chosen country, should say which country is expected and send nothing', async () => {
    const onSubmit = vi.fn(async () => true);
    const screen = await render(<WithStrings>{form(onSubmit)}</WithStrings>);
    const country = screen.getByRole('combobox', { name: 'Country or region' });
    await expect.element(country).toHaveDisplayValue('United States +1');
    await userEvent.selectOptions(country, 'DK');
    await userEvent.fill(screen.getByLabelText(/^Mobile/), '202 0123');
    await userEvent.click(screen.getByRole('button', { name: 'Start chatting' }));
    await expect
      .element(
        screen.getByText(
          'Enter a valid phone number for Denmark (+45), or start it with + and the country code.',
        ),
      )
      .toBeVisible();
    await expect.element(screen.getByLabelText(/^Mobile/)).toHaveAttribute('aria-invalid', 'true');
    await expect.element(screen.getByLabelText(/^Mobile/)).toHaveFocus();
    // One digit more is a Danish number.
    await userEvent.fill(screen.getByLabelText(/^Mobile/), '2020 1234');
    await userEvent.click(screen.getByRole('button', { name: 'Start chatting' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ phone: '+4520201234' }));
  });

  it('given a German page, should guess Germany, name countries in German and explain in German', async () => {
    const onSubmit = vi.fn(async () => true);
    const screen = await render(<InGerman>{form(onSubmit)}</InGerman>);
    const country = screen.getByRole('combobox', { name: 'Land oder Region' });
    await expect.element(country).toHaveValue('DE');
    await expect.element(country).toHaveDisplayValue('Deutschland +49');
    await userEvent.fill(screen.getByLabelText(/^Mobile/), '030 12');
    await userEvent.click(screen.getByRole('button', { name: 'Chat starten' }));
    await expect
      .element(screen.getByText(/^Geben Sie eine gültige Telefonnummer für Deutschland \(\+49\) ein/))
      .toBeVisible();
    await userEvent.fill(screen.getByLabelText(/^Mobile/), '030 123456');
    await userEvent.click(screen.getByRole('button', { name: 'Chat starten' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ phone: '+4930123456' }));
  });

  it('given a number the visitor gave before with its calling code, should start in its country', async () => {
    const screen = await render(
      <WithStrings>
        <LeaveMessageForm
          contact={{ phone: '+33 6 12 34 56 78' }}
          onSubmit={async () => true}
          onClose={() => {}}
        />
      </WithStrings>,
    );
    await expect.element(screen.getByRole('combobox', { name: 'Country or region' })).toHaveValue('FR');
  });
});

describe("phone numbers by the cn-mobile preset (the spec's 11 digits starting with 1)", () => {
  it("given an international number, should refuse it with the preset's words; given 11 digits, should send them as typed", async () => {
    const onSubmit = vi.fn(async () => true);
    const screen = await render(
      <Channel phoneRule="cn-mobile">
        <WithStrings>{form(onSubmit)}</WithStrings>
      </Channel>,
    );
    expect(screen.container.querySelector('select')).toBeNull();
    await userEvent.fill(screen.getByLabelText(/^Mobile/), '+45 2020 1234');
    await userEvent.click(screen.getByRole('button', { name: 'Start chatting' }));
    await expect
      .element(screen.getByText('Enter a valid phone number: 11 digits starting with 1.'))
      .toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.fill(screen.getByLabelText(/^Mobile/), '13800138000');
    await userEvent.click(screen.getByRole('button', { name: 'Start chatting' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ phone: '13800138000' }));
  });

  it('given a rule this page does not know, should use the default', async () => {
    const screen = await render(
      <Channel phoneRule="carrier-pigeon">
        <WithStrings>{form()}</WithStrings>
      </Channel>,
    );
    await expect.element(screen.getByRole('combobox', { name: 'Country or region' })).toHaveValue('US');
  });
});
