import { createFakeAgentServer } from '@parley/agent-core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { App } from './App.js';
import { answerWith } from './api.js';
import { I18nProvider } from './i18n/I18nProvider.js';

// The console's first screen against agent-core's fake server: no server, no database.

const console_ = () => (
  <I18nProvider>
    <App />
  </I18nProvider>
);

describe('the login', () => {
  let restore: ReturnType<typeof answerWith> | undefined;
  afterEach(() => {
    if (restore) answerWith(restore);
    localStorage.clear();
  });

  it('given a wrong password, should say so without saying which field, and keep the username', async () => {
    const server = createFakeAgentServer({
      loggedIn: false,
      agent: { username: 'ada' },
      password: 'right-one',
    });
    restore = answerWith(server.transport);
    const screen = await render(console_());
    await screen.getByLabelText(/^Username/).fill('ada');
    await screen.getByLabelText(/^Password/).fill('wrong-one');
    await userEvent.keyboard('{Enter}');
    await expect.element(screen.getByText('Wrong username or password.')).toBeVisible();
    await expect.element(screen.getByLabelText(/^Username/)).toHaveValue('ada');
    expect(server.calls.filter((call) => call.name === 'login')).toHaveLength(1);
  });

  it('given the right pair, should open the workspace with the agent in it', async () => {
    const server = createFakeAgentServer({ loggedIn: false, agent: { username: 'ada', nick: 'Ada' } });
    restore = answerWith(server.transport);
    const screen = await render(console_());
    await screen.getByLabelText(/^Username/).fill('ada');
    await screen.getByLabelText(/^Password/).fill('secret');
    await screen.getByRole('button', { name: 'Log in' }).click();
    await expect.element(screen.getByRole('navigation')).toBeVisible();
    expect(server.calls.map((call) => call.name)).toContain('poll');
  });

  it('given a browser already logged in, should open the workspace without the login', async () => {
    const server = createFakeAgentServer({ loggedIn: true });
    restore = answerWith(server.transport);
    const screen = await render(console_());
    await expect.element(screen.getByRole('navigation')).toBeVisible();
    expect(screen.getByLabelText(/^Password/).query()).toBeNull();
  });
});
