import type { ChannelConfig } from '../conversation/domain.js';
import type { TokenLimitField } from './endpoints.js';

/**
 * A channel's language-model robot: any OpenAI-compatible chat-completions endpoint (a hosted API,
 * Ollama, vLLM, llama.cpp's server). Set in the channel's `robot.llm` (seed file or
 * `npm run admin -- channel update <id> --robot-llm <json>`), or with `PARLEY_LLM_URL` (the demo).
 */
export interface LlmSettings {
  /** The endpoint's base URL, e.g. `http://localhost:11434/v1` (Ollama). */
  baseUrl: string;
  model: string;
  /** The environment variable that holds the API key (never the key itself); none for a local model. */
  apiKeyEnv?: string;
  /** Most tokens one answer may generate; default 600. */
  maxTokens?: number;
  /**
   * How the token limit is sent: `max_tokens` (most endpoints) or `max_completion_tokens` (newer
   * reasoning models, which refuse `max_tokens`). Unset: `max_tokens`, and once an endpoint refuses
   * it by name, `max_completion_tokens` for that endpoint and model from then on.
   */
  tokenLimitField?: TokenLimitField;
  /**
   * Our own limit on an answer's length, in characters, for an endpoint that ignores `maxTokens`:
   * the robot stops reading there and says the answer is cut short. Default `maxTokens` ×
   * ANSWER_CHARACTERS_PER_TOKEN.
   */
  maxAnswerCharacters?: number;
  /** After this many failed calls in a row, the endpoint is not called for `circuitCoolDownMs`; 0 never; default 5. */
  circuitFailures?: number;
  /** How long the robot leaves an endpoint that keeps failing alone, in ms; default 60 000. */
  circuitCoolDownMs?: number;
  /**
   * How long the endpoint may stay silent (before the first token, or between two), in ms; default
   * 15 000. Then the keyword robot answers, or the robot offers a person: never a hang.
   */
  timeoutMs?: number;
  /**
   * Tokens (in and out) one visitor may use in an hour; then the keyword robot answers; default
   * 20 000. Each question reserves what it may cost (its prompt and `maxTokens`) before the model is
   * asked, and gives back what it did not use once answered.
   */
  tokensPerVisitorHour?: number;
  /** The same, for all the visitors of one client address together; default 60 000. */
  tokensPerAddressHour?: number;
  /** The same, for the whole channel; default 1 000 000. */
  tokensPerChannelHour?: number;
  /** After this many answers in a row that the knowledge had nothing for, a person takes over; 0 never; default 2. */
  handoverAfterUnanswered?: number;
  /** Knowledge entries sent with each question; default 4. */
  knowledgeEntries?: number;
  /** Said before the rules, e.g. who the robot speaks for and in what tone. */
  instructions?: string;
  temperature?: number;
}

export type ResolvedLlmSettings = Required<
  Omit<LlmSettings, 'apiKeyEnv' | 'instructions' | 'tokenLimitField'>
> &
  Pick<LlmSettings, 'apiKeyEnv' | 'instructions' | 'tokenLimitField'>;

/**
 * Characters of answer allowed per token of `maxTokens`: about four make a token in English, one or
 * two in Chinese or Japanese, so a model that keeps to its limit stays well inside ours, and one
 * that ignores it is stopped at about one and a half times its limit.
 */
export const ANSWER_CHARACTERS_PER_TOKEN = 6;

export const LLM_DEFAULTS = {
  maxTokens: 600,
  circuitFailures: 5,
  circuitCoolDownMs: 60_000,
  timeoutMs: 15_000,
  tokensPerVisitorHour: 20_000,
  tokensPerAddressHour: 60_000,
  tokensPerChannelHour: 1_000_000,
  handoverAfterUnanswered: 2,
  knowledgeEntries: 4,
  temperature: 0.2,
} as const;

/** The environment's model for some channels (`PARLEY_LLM_URL`, `PARLEY_LLM_MODEL`, ...). */
export interface LlmOverride extends LlmSettings {
  /** The channels it applies to; default the demo channel. */
  channels: string[];
}

/**
 * `PARLEY_LLM_URL` and `PARLEY_LLM_MODEL` (both needed) turn the robot of the channels in
 * `PARLEY_LLM_CHANNELS` (default `demo`) into the language model; `PARLEY_LLM_KEY_ENV` names the
 * variable holding the API key. Nothing set: undefined, every channel keeps its own robot.
 */
export function llmOverrideFromEnv(env: NodeJS.ProcessEnv): LlmOverride | undefined {
  const baseUrl = env.PARLEY_LLM_URL?.trim();
  const model = env.PARLEY_LLM_MODEL?.trim();
  if (!baseUrl && !model) return undefined;
  if (!baseUrl || !model) throw new Error('PARLEY_LLM_URL and PARLEY_LLM_MODEL go together: set both');
  const channels = (env.PARLEY_LLM_CHANNELS ?? 'demo')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  return { baseUrl, model, channels, ...(env.PARLEY_LLM_KEY_ENV && { apiKeyEnv: env.PARLEY_LLM_KEY_ENV }) };
}

/** The language-model settings a channel's robot runs on, or undefined for the keyword robot. */
export function llmSettingsOf(
  channel: ChannelConfig,
  override: LlmOverride | undefined,
): ResolvedLlmSettings | undefined {
  const own = channel.robot?.kind === 'llm' ? channel.robot.llm : undefined;
  const chosen = override?.channels.includes(channel.id) ? { ...own, ...override } : own;
  if (!chosen?.baseUrl || !chosen.model) return undefined;
  const resolved = { ...LLM_DEFAULTS, ...withoutUndefined(chosen) };
  return {
    ...resolved,
    maxAnswerCharacters: resolved.maxAnswerCharacters ?? resolved.maxTokens * ANSWER_CHARACTERS_PER_TOKEN,
  } as ResolvedLlmSettings;
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;
}

/** An operator's `robot.llm` as given (seed file, admin): refuses what cannot work, with the reason. */
export function checkLlmSettings(channelId: string, settings: unknown): LlmSettings {
  const problem = (what: string) => new Error(`channel ${channelId}: robot.llm ${what}`);
  if (typeof settings !== 'object' || settings === null) throw problem('is an object');
  const llm = settings as Record<string, unknown>;
  if (typeof llm.baseUrl !== 'string' || !/^https?:\/\//.test(llm.baseUrl))
    throw problem('needs baseUrl, an http(s) address such as http://localhost:11434/v1');
  if (typeof llm.model !== 'string' || !llm.model) throw problem('needs model, the model name');
  if (
    llm.apiKeyEnv !== undefined &&
    (typeof llm.apiKeyEnv !== 'string' || !/^[A-Z_][A-Z0-9_]*$/.test(llm.apiKeyEnv))
  )
    throw problem('apiKeyEnv names an environment variable (e.g. OPENAI_API_KEY), never the key itself');
  for (const field of [
    'maxTokens',
    'timeoutMs',
    'tokensPerVisitorHour',
    'tokensPerAddressHour',
    'tokensPerChannelHour',
    'handoverAfterUnanswered',
    'knowledgeEntries',
    'maxAnswerCharacters',
    'circuitFailures',
    'circuitCoolDownMs',
  ]) {
    const value = llm[field];
    if (value !== undefined && (typeof value !== 'number' || !Number.isInteger(value) || value < 0))
      throw problem(`${field} is a whole number, 0 or more`);
  }
  if (
    llm.tokenLimitField !== undefined &&
    llm.tokenLimitField !== 'max_tokens' &&
    llm.tokenLimitField !== 'max_completion_tokens'
  )
    throw problem('tokenLimitField is "max_tokens" or "max_completion_tokens"');
  return llm as unknown as LlmSettings;
}
