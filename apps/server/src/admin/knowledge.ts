import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { ChannelConfig } from '../conversation/domain.js';
import { addDocument, listDocuments, removeDocument } from '../robot/knowledge.js';
import { type AdminContext, AdminError, USAGE } from './commands.js';

export const KNOWLEDGE_USAGE = `  knowledge add <channel> <file.md> [--name <name>] [--link <url>]
                                                    a Markdown document the language-model robot answers
                                                    from (one entry per section); adding it again replaces it
  knowledge list <channel>
  knowledge remove <channel> <name>`;

/** `knowledge add|list|remove`: the Markdown documents of a channel's knowledge (src/robot/knowledge.ts). */
export async function knowledgeCommand(
  verb: string | undefined,
  positionals: string[],
  values: { name?: string; link?: string },
  context: AdminContext,
  now: number,
): Promise<void> {
  const [channelId, target] = positionals;
  if (!channelId) throw new AdminError(`knowledge ${verb ?? ''} needs <channel>`);
  const [row] = await context.db.query<{ config: ChannelConfig }>(
    'select config from channels where id = $1',
    [channelId],
  );
  if (!row) throw new AdminError(`no channel ${channelId}`);
  const channel = { ...row.config, id: channelId };
  if (verb === 'add') {
    if (!target) throw new AdminError('knowledge add needs <channel> <file.md>');
    if (values.link !== undefined && !/^https?:\/\//.test(values.link))
      throw new AdminError('--link is the http(s) address visitors are shown as the source');
    let text: string;
    try {
      text = await readFile(target, 'utf8');
    } catch (error) {
      throw new AdminError(`cannot read ${target}: ${(error as Error).message}`);
    }
    const name = values.name ?? basename(target).replace(/\.(md|markdown)$/i, '');
    const sections = await addDocument(context.db, channel, { name, text, link: values.link }, now);
    if (sections === 0) throw new AdminError(`${target} has no text to answer from`);
    context.out(`document ${name} added to ${channelId}'s knowledge (${sections} section(s))`);
    return;
  }
  if (verb === 'list') {
    for (const document of await listDocuments(context.db, channelId)) {
      context.out(`${document.document}\t${document.sections} section(s)\t${document.link ?? '-'}`);
    }
    return;
  }
  if (verb === 'remove') {
    if (!target) throw new AdminError('knowledge remove needs <channel> <name>');
    const removed = await removeDocument(context.db, channelId, target);
    if (removed === 0) throw new AdminError(`${channelId} has no document named ${target}`);
    context.out(`document ${target} removed from ${channelId}'s knowledge`);
    return;
  }
  throw new AdminError(USAGE);
}
