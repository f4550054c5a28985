import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// An OpenAI-compatible chat-completions server that plays scripts, for the robot's tests: each
// request takes the next script (streamed deltas over server-sent events, a tool call, reasoning,
// an error status with its headers and body, silence, a cut connection, an answer that never ends)
// and is recorded for the test to read, with how much of it the robot read.

type Chunk = Record<string, unknown>;

/** One step of a script: a chunk to send, a wait for the test, or the end of the connection. */
export type Step =
  | { chunk: Chunk }
  | { until: Promise<unknown> }
  | { cut: true }
  | { silence: true }
  | { endless: string; thinking?: boolean };

export interface Script {
  /** An error answer instead of a stream. */
  status?: number;
  /** The error answer's headers (`retry-after`). */
  headers?: Record<string, string>;
  /** The error answer's `error` object (OpenAI's shape: message, type, param, code). */
  error?: Record<string, unknown>;
  steps?: Step[];
  /** Steps made from the request (a model that obeys what it was sent), instead of `steps`. */
  respond?: (request: ModelRequest) => Step[];
}

/** A request the model received, and what became of its answer. */
export interface ModelRequest {
  messages: { role: string; content: string }[];
  max_tokens?: number;
  max_completion_tokens?: number;
  tools?: unknown[];
  authorization?: string;
  /** When it arrived (the real clock). */
  at: number;
  /** Text and thinking deltas written for it. */
  written: number;
  /** The robot closed the connection before the script ended. */
  abandoned: boolean;
}

/** The most deltas an endless answer writes (a robot that never stops reading fails its test, not the machine). */
const ENDLESS_MOST = 20_000;

const base = (delta: Chunk, finish: string | null = null): Chunk => ({
  id: 'chatcmpl-test',
  object: 'chat.completion.chunk',
  created: 1,
  model: 'scripted',
  choices: [{ index: 0, delta, finish_reason: finish }],
});

/** The steps of a script, by what the model says. */
export const say = {
  text: (content: string): Step => ({ chunk: base({ content }) }),
  reasoning: (text: string): Step => ({ chunk: base({ reasoning_content: text }) }),
  /** Ollama's name for it. */
  reasoningOllama: (text: string): Step => ({ chunk: base({ reasoning: text }) }),
  handover: (summary: string): Step => ({
    chunk: base({
      tool_calls: [
        {
          index: 0,
          id: 'call_1',
          type: 'function',
          function: { name: 'transfer_to_human', arguments: JSON.stringify({ summary }) },
        },
      ],
    }),
  }),
  finish: (reason = 'stop'): Step => ({ chunk: base({}, reason) }),
  usage: (prompt: number, completion: number): Step => ({
    chunk: {
      ...base({}),
      choices: [],
      usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
    },
  }),
  until: (promise: Promise<unknown>): Step => ({ until: promise }),
  cut: (): Step => ({ cut: true }),
  silence: (): Step => ({ silence: true }),
  /** The same text again and again, as an endpoint that ignores max_tokens: until the robot hangs up. */
  endless: (content: string): Step => ({ endless: content }),
  /** The same, as thinking that never ends. */
  endlessThinking: (text: string): Step => ({ endless: text, thinking: true }),
};

/** A whole answer: the text in a few deltas, then stop and the usage. */
export function answer(text: string, usage: [number, number] = [100, 20]): Script {
  const words = text.split(/(?<= )/);
  return { steps: [...words.map(say.text), say.finish(), say.usage(...usage)] };
}

/** OpenAI's answer to `max_tokens` sent to a reasoning model. */
const REFUSE_MAX_TOKENS: Script = {
  status: 400,
  error: {
    message:
      "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
    type: 'invalid_request_error',
    param: 'max_tokens',
    code: 'unsupported_parameter',
  },
};

export class ScriptedModel {
  readonly requests: ModelRequest[] = [];
  private readonly scripts: Script[] = [];
  /** Refuses every request that sends `max_tokens`, as OpenAI's reasoning models do (no script taken). */
  refuseMaxTokens = false;
  private readonly open = new Set<ServerResponse>();
  private server: Server | undefined;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((request, response) => void this.answer(request, response));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
    return this;
  }

  /** The scripts the next requests play, in order. */
  next(...scripts: Script[]): void {
    this.scripts.push(...scripts);
  }

  /** Drops the scripts no request took. */
  forget(): void {
    this.scripts.length = 0;
  }

  async stop(): Promise<void> {
    for (const response of this.open) response.destroy();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private async answer(request: IncomingMessage, response: ServerResponse) {
    let body = '';
    for await (const chunk of request) body += chunk;
    const received: ModelRequest = {
      ...JSON.parse(body),
      authorization: request.headers.authorization,
      at: Date.now(),
      written: 0,
      abandoned: false,
    };
    this.requests.push(received);
    const script =
      (this.refuseMaxTokens && 'max_tokens' in received ? REFUSE_MAX_TOKENS : this.scripts.shift()) ??
      answer('(no script)');
    if (script.status) {
      response.writeHead(script.status, { 'content-type': 'application/json', ...script.headers });
      response.end(
        JSON.stringify({ error: script.error ?? { message: 'scripted failure', type: 'server_error' } }),
      );
      return;
    }
    this.open.add(response);
    let ended = false;
    response.on('close', () => {
      this.open.delete(response);
      if (!ended) received.abandoned = true;
    });
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const write = (chunk: Chunk) => {
      const delta = (chunk.choices as { delta?: Record<string, unknown> }[] | undefined)?.[0]?.delta;
      if (delta?.content || delta?.reasoning_content) received.written += 1;
      response.write(`data: ${JSON.stringify(chunk)}\n\n`);
    };
    for (const step of script.respond?.(received) ?? script.steps ?? []) {
      if ('until' in step) await step.until;
      else if ('silence' in step)
        return; // never another byte: the robot's timeout must end it
      else if ('cut' in step) {
        ended = true;
        response.destroy();
        return;
      } else if ('endless' in step) {
        // A token at a time, as a model generates, until the robot hangs up (or a very long while).
        while (!received.abandoned && received.written < ENDLESS_MOST) {
          write(base(step.thinking ? { reasoning_content: step.endless } : { content: step.endless }));
          if (received.written % 20 === 0) await new Promise((resolve) => setTimeout(resolve, 1));
        }
        if (received.abandoned) return;
      } else write(step.chunk);
    }
    ended = true;
    response.end('data: [DONE]\n\n');
  }
}

/** A promise the test settles when it wants the script to go on. */
export function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}
