// Before the run: the demo team opens its consoles. Nobody is online until they log in (docs/routing.md),
// and the visitor tests expect Alice and Bob to answer. Their sessions stay alive for the run: the
// e2e server's presence timeout is a day (playwright.config.ts), since no console polls here.
import { e2eBase } from './base.ts';

export default async function openConsoles(): Promise<void> {
  // Not the config's baseURL: this process read the config before the server chose its port.
  const base = e2eBase();
  for (const username of ['alice', 'bob']) {
    const response = await fetch(new URL('/api/agent/login', base), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: `${username}-demo` }),
    });
    const body = (await response.json()) as { code: number; message: string };
    if (body.code !== 200) throw new Error(`login ${username}: ${body.message}`);
  }
}
