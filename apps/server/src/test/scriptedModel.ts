import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// An OpenAI-compatible chat-completions server that plays scripts, for the robot's tests: each
// request takes the next script (streamed deltas over server-sent events, a tool call, reasoning,
// an error status, silence, a cut connection) and is recorded for the test to read.

type Chunk = Record<string, unknown>;

/** One step of a script: a chunk to send, a wait for the test, or the end of the connection. */
export type Step = { chunk: Chunk } | { until: Promise<unknown> } | { cut: true } | { silence: true };

export interface Script {
  /** An error answer instead of a stream. */
  status?: number;
  steps?: Step[];
}

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
};

/** A whole answer: the text in a few deltas, then stop and the usage. */
export function answer(text: string, usage: [number, number] = [100, 20]): Script {
  const words = text.split(/(?<= )/);
  return { steps: [...words.map(say.text), say.finish(), say.usage(...usage)] };
}

export class ScriptedModel {
  readonly requests: {
    messages: { role: string; content: string }[];
    max_tokens?: number;
    tools?: unknown[];
    authorization?: string;
  }[] = [];
  private readonly scripts: Script[] = [];
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
    this.requests.push({ ...JSON.parse(body), authorization: request.headers.authorization });
    const script = this.scripts.shift() ?? answer('(no script)');
    if (script.status) {
      response.writeHead(script.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'scripted failure', type: 'server_error' } }));
      return;
    }
    this.open.add(response);
    response.on('close', () => this.open.delete(response));
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (const step of script.steps ?? []) {
      if ('until' in step) await step.until;
      else if ('silence' in step)
        return; // never another byte: the robot's timeout must end it
      else if ('cut' in step) {
        response.destroy();
        return;
      } else response.write(`data: ${JSON.stringify(step.chunk)}\n\n`);
    }
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
