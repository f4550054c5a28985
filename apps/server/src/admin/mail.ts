import { type AdminContext, AdminError } from './commands.js';

export const MAIL_USAGE = `  agent email <username> [<address>]                the address a left-message notice goes to (none: removes it)`;

/** `npm run admin -- agent email <username> [<address>]`. */
export async function runAgentEmail(args: string[], context: AdminContext): Promise<void> {
  const [username, address] = args;
  if (!username) throw new AdminError('agent email needs <username> and an address (or none, to remove it)');
  if (address !== undefined && !/^[^\s@]+@[^\s@]+$/.test(address))
    throw new AdminError(`not an email address: ${address}`);
  const updated = await context.db.query('update agents set email = $2 where username = $1 returning id', [
    username,
    address ?? null,
  ]);
  if (updated.length === 0) throw new AdminError(`no agent named ${username}`);
  context.out(
    address
      ? `${username} gets left-message notices at ${address} when nobody of their channels is online`
      : `${username} gets no more left-message notices`,
  );
}
