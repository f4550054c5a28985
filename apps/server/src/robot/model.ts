import OpenAI, { APIError } from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import type { TokenLimitField } from './endpoints.js';
import type { ResolvedLlmSettings } from './settings.js';

/**
 * What the model's stream says, in order: thinking, answer text, a hand-over, why it stopped
 * (`stop`, `length` when it reached its token limit, `tool_calls`), then the usage.
 */
export type ModelPart =
  | { type: 'thinking'; text: string }
  | { type: 'text'; text: string }
  | { type: 'handover'; summary: string }
  | { type: 'finish'; reason: string }
  | { type: 'usage'; tokensIn: number; tokensOut: number };

/** The model failed: `timeout` (silent too long) or `upstream` (an error answer, a cut stream). */
export class ModelError extends Error {
  constructor(
    readonly kind: 'timeout' | 'upstream',
    message: string,
    /** The endpoint's error answer, when it gave one: its status and headers (Retry-After). */
    readonly answer?: { status: number; headers?: Headers; tokenLimitRefused?: boolean },
  ) {
    super(message);
  }
}

/**
 * Whether an error answer refuses the `max_tokens` parameter (OpenAI's reasoning models: 400,
 * `param: "max_tokens"`, "Use 'max_completion_tokens' instead"), as against any other bad request.
 */
function refusesMaxTokens(error: APIError): boolean {
  if (error.status !== 400) return false;
  const said = `${error.message} ${String(error.code ?? '')}`.toLowerCase();
  return (
    error.param === 'max_tokens' ||
    (said.includes('max_tokens') &&
      /unsupported|not supported|max_completion_tokens|unrecognized|unknown/.test(said))
  );
}

const HANDOVER_TOOL_NAME = 'transfer_to_human';

/** The one tool the model has: it can hand the chat over, and nothing else. */
export const HANDOVER_TOOL: ChatCompletionTool = {
  type: 'function',
  function: {
    name: HANDOVER_TOOL_NAME,
    description:
      'Hand the chat to a human support agent: when the visitor asks for a person, when the sources do not answer the question, or when the visitor is upset. Give a one-line summary for the agent.',
    parameters: {
      type: 'object',
      properties: {
        summary: {
          type: 'string',
          description: 'One line for the agent: who needs what, and what was tried.',
        },
      },
      required: ['summary'],
    },
  },
};

const clients = new Map<string, OpenAI>();

function client(settings: ResolvedLlmSettings, env: NodeJS.ProcessEnv): OpenAI {
  // A local model needs no key; the client wants one anyway.
  const apiKey = (settings.apiKeyEnv && env[settings.apiKeyEnv]) || 'none';
  const key = `${settings.baseUrl}\u0000${apiKey}`;
  let made = clients.get(key);
  if (!made) {
    // Our own silence timer aborts the request; the client must not retry behind it.
    made = new OpenAI({ baseURL: settings.baseUrl, apiKey, maxRetries: 0, timeout: 10 * 60_000 });
    if (clients.size > 100) clients.clear();
    clients.set(key, made);
  }
  return made;
}

/** Reasoning text in a delta: `reasoning_content` (DeepSeek, vLLM, llama.cpp) or `reasoning` (Ollama, OpenRouter). */
function reasoningOf(delta: object): string {
  const fields = delta as { reasoning_content?: unknown; reasoning?: unknown };
  if (typeof fields.reasoning_content === 'string') return fields.reasoning_content;
  if (typeof fields.reasoning === 'string') return fields.reasoning;
  return '';
}

/**
 * Streams one answer from an OpenAI-compatible endpoint. The endpoint may stay silent at most
 * `timeoutMs` before the first part and between two; `signal` stops it early. A failure of any
 * kind is a `ModelError`, never a hang.
 */
export async function* streamAnswer(
  settings: ResolvedLlmSettings,
  messages: ChatCompletionMessageParam[],
  options: { env?: NodeJS.ProcessEnv; signal?: AbortSignal; tokenLimitField?: TokenLimitField } = {},
): AsyncGenerator<ModelPart> {
  const abort = new AbortController();
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      abort.abort();
    }, settings.timeoutMs);
  };
  const stop = () => abort.abort();
  options.signal?.addEventListener('abort', stop, { once: true });
  const calls = new Map<number, { name: string; args: string }>();
  try {
    arm();
    const stream = await client(settings, options.env ?? process.env).chat.completions.create(
      {
        model: settings.model,
        messages,
        stream: true,
        stream_options: { include_usage: true },
        ...(options.tokenLimitField === 'max_completion_tokens'
          ? { max_completion_tokens: settings.maxTokens }
          : { max_tokens: settings.maxTokens }),
        temperature: settings.temperature,
        tools: [HANDOVER_TOOL],
      },
      { signal: abort.signal },
    );
    let finished = false;
    for await (const chunk of stream) {
      arm();
      if (chunk.usage) {
        yield {
          type: 'usage',
          tokensIn: chunk.usage.prompt_tokens,
          tokensOut: chunk.usage.completion_tokens,
        };
      }
      const choice = chunk.choices?.[0];
      if (!choice) continue;
      const thinking = reasoningOf(choice.delta ?? {});
      if (thinking) yield { type: 'thinking', text: thinking };
      if (choice.delta?.content) yield { type: 'text', text: choice.delta.content };
      for (const call of choice.delta?.tool_calls ?? []) {
        const known = calls.get(call.index) ?? { name: '', args: '' };
        known.name += call.function?.name ?? '';
        known.args += call.function?.arguments ?? '';
        calls.set(call.index, known);
      }
      if (choice.finish_reason) {
        finished = true;
        yield { type: 'finish', reason: choice.finish_reason };
      }
    }
    // A stream that ends without saying why was cut (a proxy, a crash, our own abort): not an answer.
    if (!finished) throw new ModelError('upstream', 'the model stream ended before the answer did');
    for (const call of calls.values()) {
      if (call.name !== HANDOVER_TOOL_NAME) continue;
      let summary = '';
      try {
        const args = JSON.parse(call.args || '{}') as { summary?: unknown };
        if (typeof args.summary === 'string') summary = args.summary;
      } catch {
        // A hand-over with unreadable arguments is still a hand-over.
      }
      yield { type: 'handover', summary: summary.replace(/\s+/g, ' ').trim().slice(0, 300) };
    }
  } catch (error) {
    // The client may end an aborted stream quietly: the silence timer is the reason then.
    if (timedOut) throw new ModelError('timeout', `the model said nothing for ${settings.timeoutMs} ms`);
    if (error instanceof ModelError) throw error;
    // The caller's own deadline (a page that waits for the whole answer) is a timeout too.
    if (options.signal?.aborted)
      throw new ModelError('timeout', 'the answer took longer than its caller waits');
    if (error instanceof APIError && error.status) {
      throw new ModelError('upstream', error.message, {
        status: error.status,
        headers: error.headers,
        tokenLimitRefused: refusesMaxTokens(error),
      });
    }
    throw new ModelError('upstream', (error as Error).message || 'the model failed');
  } finally {
    clearTimeout(timer);
    // The caller stopped reading (our own length cap): the endpoint stops generating too.
    abort.abort();
    options.signal?.removeEventListener('abort', stop);
  }
}
