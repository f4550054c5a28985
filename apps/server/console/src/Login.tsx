import { Field, Input } from '@parley/chat-ui/Form';
import { type FormEvent, useState } from 'react';
import { type Agent, ApiError, api } from './api.js';
import { strings } from './strings.js';

/** Username and password; a wrong pair says so without saying which. */
export function Login({ onLogin }: { onLogin: (agent: Agent) => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      onLogin((await api.login(username, password)).agent);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : String(failure));
    }
  };

  return (
    <main className="console-login">
      <h1>{strings.title}</h1>
      <form onSubmit={submit}>
        <Field label={strings.username} required>
          <Input
            autoComplete="username"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
        </Field>
        <Field label={strings.password} required error={error || undefined}>
          <Input
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field>
        <button className="console-button console-button--primary" type="submit">
          {strings.login}
        </button>
      </form>
    </main>
  );
}
