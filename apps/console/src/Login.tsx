import { ErrorCode } from '@parley/chat-protocol';
import { Field, Input } from '@parley/chat-ui/Form';
import { type FormEvent, useState } from 'react';
import { type Agent, ApiError, api } from './api.js';
import { useT } from './i18n/I18nProvider.js';
import type { MessageKey, Params } from './i18n/translate.js';
import { LanguagePicker } from './LanguagePicker.js';

/** Username and password; a wrong pair says so without saying which. */
export function Login({ onLogin }: { onLogin: (agent: Agent) => void }) {
  const t = useT();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  // The failure, not its text: the message follows a change of language.
  const [error, setError] = useState<{ key: MessageKey; params?: Params } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      onLogin((await api.login(username, password)).agent);
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : String(failure);
      const code = failure instanceof ApiError ? failure.code : 0;
      setError(
        code === ErrorCode.unauthorized
          ? { key: 'login.wrongCredentials' }
          : code === ErrorCode.tooManyRequests
            ? { key: 'login.tooManyAttempts' }
            : { key: 'errors.failed', params: { message } },
      );
    }
  };

  return (
    <main className="console-login">
      <div className="console-login__bar">
        <LanguagePicker />
      </div>
      <h1>{t('app.title')}</h1>
      <form onSubmit={submit}>
        <Field label={t('login.username')} required>
          <Input
            autoComplete="username"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
        </Field>
        <Field label={t('login.password')} required error={error ? t(error.key, error.params) : undefined}>
          <Input
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field>
        <button className="console-button console-button--primary" type="submit">
          {t('login.submit')}
        </button>
      </form>
    </main>
  );
}
