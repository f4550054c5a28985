import type { Translate } from './i18n/translate.js';

// A canned reply's variables (`{{visitor.name}}`, with a fallback `{{visitor.name | "there"}}`),
// filled in when the agent inserts the reply.

/** What a canned reply's variables stand for in one conversation. */
export interface CannedVariables {
  visitorName: string;
  email: string;
  agentName: string;
}

/** The variables a canned reply may hold, as the agent writes them. */
export const CANNED_VARIABLES = ['{{visitor.name}}', '{{visitor.email}}', '{{agent.name}}'] as const;
/** A variable with a fallback, as the hints show it. */
export const CANNED_FALLBACK_EXAMPLE = '{{visitor.name | "there"}}';

/** The hint that tells agents what variables a reply may hold, and how to give a fallback. */
export const cannedVariablesHint = (t: Translate) =>
  t('canned.variables', { variables: CANNED_VARIABLES.join(', '), example: CANNED_FALLBACK_EXAMPLE });

/**
 * `{{name}}` or `{{name | "fallback"}}` (the fallback quoted with " or ', or bare), with the space
 * before it.
 */
const VARIABLE = /( ?)\{\{\s*([\w.]+)\s*(?:\|\s*(?:"([^"]*)"|'([^']*)'|([^}]*?))\s*)?\}\}/g;

/**
 * A canned reply's text with its variables filled: `{{visitor.name}}`, `{{visitor.email}}` and
 * `{{agent.name}}`. A variable with no value takes its fallback (`{{visitor.name | "there"}}`
 * reads "there"); without one it goes, with the space before it ("Hi {{visitor.name}}," becomes
 * "Hi,"). An unknown one stays as written.
 *
 * @example
 * fillVariables('Hi {{visitor.name | "there"}}, I am {{agent.name}}.', { visitorName: '', email: '', agentName: 'Ana' })
 * // 'Hi there, I am Ana.'
 */
export function fillVariables(text: string, values: CannedVariables): string {
  const known: Record<string, string> = {
    'visitor.name': values.visitorName,
    'visitor.email': values.email,
    'agent.name': values.agentName,
  };
  return text.replace(
    VARIABLE,
    (
      whole,
      space: string,
      name: string,
      double: string | undefined,
      single: string | undefined,
      bare: string | undefined,
    ) => {
      const value = known[name]?.trim();
      if (value === undefined) return whole;
      const fallback = (double ?? single ?? bare ?? '').trim();
      const shown = value || fallback;
      return shown ? `${space}${shown}` : '';
    },
  );
}
