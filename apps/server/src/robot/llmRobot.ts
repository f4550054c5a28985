import { randomBytes } from 'node:crypto';
import {
  type MessageThinking,
  MsgType,
  SenderType,
  Setting,
  VisitorEvent,
  type WireMessage,
} from '@parley/chat-protocol';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { type Budget, HOUR_MS, reserve, settle } from '../budgets.js';
import type { ChannelConfig, SessionRow } from '../conversation/domain.js';
import { Audience, emitVisitorEvent } from '../conversation/events.js';
import { MESSAGE_COLUMNS, type MessageRow, toWireMessage } from '../conversation/messages.js';
import { answerQuestion } from '../conversation/robot.js';
import type { ConversationStore } from '../conversation/store.js';
import type { Metrics } from '../metrics.js';
import { asksForPerson } from './askForPerson.js';
import { clientMsgId, draftMessage, STALE_DRAFT_MS, storedAnswer } from './drafts.js';
import { ECHO_RUN_CHARACTERS, Guarded } from './echo.js';
import { type Ending, markedPartway } from './endings.js';
import { Endpoints, retryAfterMs, type TokenLimitField } from './endpoints.js';
import { askedSummary, handToPerson } from './handover.js';
import { searchKnowledge } from './knowledge.js';
import { ModelError, type ModelPart, streamAnswer } from './model.js';
import { noticesFor, type RobotNotices } from './notices.js';
import { history, identityLine, knowledgeMessage, sourcesLine, systemPrompt } from './prompt.js';
import { type LlmOverride, llmSettingsOf, type ResolvedLlmSettings } from './settings.js';

// The language-model robot's answer to one visitor question: grounded in the channel's knowledge,
// streamed to the page through its held poll (events 1301, 1302), recorded once, and handed to a
// person when the model, the visitor or the count of unanswered questions says so.

/** What the robot needs beside the store: the environment's model, the API keys, the counters. */
export interface RobotServices {
  override?: LlmOverride;
  env: NodeJS.ProcessEnv;
  metrics?: Pick<
    Metrics,
    'robotTokens' | 'robotAnswers' | 'robotHandovers' | 'robotUpstreamErrors' | 'outsideFailures'
  >;
  /** How often a streamed answer is written for the page, in ms; default 150. */
  flushMs?: number;
  /** Where a failure that is not the model's goes (the server's log). */
  logError?: (error: unknown, message: string) => void;
  /** Where a failure of the model goes (the server's log, once per failed call). */
  logWarning?: (details: object, message: string) => void;
}

const services = new WeakMap<ConversationStore, RobotServices>();
/** What each server has learnt about the endpoints it calls (Retry-After, failures, token limit name). */
const endpointsOf = new WeakMap<ConversationStore, Endpoints>();

function endpoints(store: ConversationStore): Endpoints {
  let known = endpointsOf.get(store);
  if (!known) {
    known = new Endpoints(() => store.clock());
    endpointsOf.set(store, known);
  }
  return known;
}

/** Sets the robot's services for a server's store (app.ts, once). */
export function configureRobot(store: ConversationStore, given: RobotServices): void {
  services.set(store, given);
}

/** The language model a channel's robot runs on, or undefined: the keyword robot answers. */
export function llmOf(store: ConversationStore, channel: ChannelConfig): ResolvedLlmSettings | undefined {
  return llmSettingsOf(channel, services.get(store)?.override);
}

/** A page that does not stream must have its answer within its 20 s request timeout. */
const WHOLE_ANSWER_MS = 18_000;
/** The most of a model's thinking kept with its answer, in UTF-16 code units. */
const THINKING_KEPT = 20_000;

const DEFAULT_NO_ANSWER_TEXT = 'I could not find that in our help articles.';
const DEFAULT_OFFER_TEXT = 'Would you like to talk to a person? Just say so.';

/** Answers in progress in this process, so a question asked twice is answered once. */
const running = new Map<string, Promise<WireMessage>>();

/** A visitor's question, and the client address it came from (its token budget). */
export interface Question {
  text: string;
  msgId: string;
  stream: boolean;
  address?: string;
}

/**
 * The robot's answer to `msgId` from the language model. With `stream`, the answer is at once the
 * placeholder (msgType answermsg) and grows through the visitor's poll; without, it is the whole
 * answer. Asked again for the same `msgId` it answers the same: the stored answer, or the text so
 * far while it is generated.
 */
export async function llmRobotAsk(
  store: ConversationStore,
  session: SessionRow,
  channel: ChannelConfig,
  settings: ResolvedLlmSettings,
  question: Question,
): Promise<WireMessage> {
  const { msgId } = question;
  const done = await storedAnswer(store, session.id, msgId);
  if (done) return done;
  const key = `${session.id}\u0000${msgId}`;
  const now = store.clock();
  const claimed = await store.db.query(
    `insert into robot_answers (session_id, reply_to, visitor_id, channel_id, state, started_at, updated_at)
     values ($1, $2, $3, $4, 'streaming', $5, $5)
     on conflict (session_id, reply_to) do update set started_at = excluded.started_at, updated_at = excluded.updated_at,
       text = '', thinking = ''
       where robot_answers.state = 'streaming' and robot_answers.updated_at < $6
     returning session_id`,
    [session.id, msgId, session.visitor_id, session.channel_id, now, now - STALE_DRAFT_MS],
  );
  if (claimed.length === 0) {
    const inFlight = running.get(key);
    if (inFlight && !question.stream) return inFlight;
    const [draft] = await store.db.query<{ text: string; thinking: string; started_at: number }>(
      'select text, thinking, started_at from robot_answers where session_id = $1 and reply_to = $2',
      [session.id, msgId],
    );
    const stored = await storedAnswer(store, session.id, msgId);
    if (stored) return stored;
    return draftMessage(session.visitor_id, channel, msgId, {
      text: draft?.text ?? '',
      thinking: draft?.thinking ?? '',
      at: Number(draft?.started_at ?? now),
    });
  }
  const given = services.get(store) ?? { env: process.env };
  const work = new Answer(store, given, session, channel, settings, question)
    .run()
    .finally(() => running.delete(key));
  running.set(key, work);
  if (!question.stream) return work;
  // The page reads the answer from its poll: nobody awaits this one but the log.
  work.catch((error) => given.logError?.(error, 'the robot could not record its answer'));
  return draftMessage(session.visitor_id, channel, msgId, { text: '', thinking: '', at: now });
}

/** The hourly token budgets a question is charged to: its visitor's, its address's, its channel's. */
function tokenBudgets(
  session: SessionRow,
  settings: ResolvedLlmSettings,
  address: string | undefined,
): Budget[] {
  return [
    { key: `robot-tokens:visitor:${session.visitor_id}`, limit: settings.tokensPerVisitorHour },
    { key: `robot-tokens:channel:${session.channel_id}`, limit: settings.tokensPerChannelHour },
    ...(address ? [{ key: `robot-tokens:address:${address}`, limit: settings.tokensPerAddressHour }] : []),
  ];
}

/** How many of the session's last answers in a row found nothing in the knowledge. */
async function unansweredInARow(store: ConversationStore, sessionId: string, limit: number): Promise<number> {
  if (limit <= 0) return 0;
  const rows = await store.db.query<{ answered: boolean }>(
    `select answered from robot_answers where session_id = $1 and state = 'done' order by started_at desc limit $2`,
    [sessionId, limit],
  );
  const firstAnswered = rows.findIndex((row) => row.answered);
  return firstAnswered < 0 ? rows.length : firstAnswered;
}

/** The characters of a prompt (servers that send no usage: about four a token). */
function charactersOf(messages: ChatCompletionMessageParam[]): number {
  return messages.reduce((sum, message) => sum + String(message.content ?? '').length, 0);
}

/** One answer being generated: its text so far, what the page has been sent, and its end. */
class Answer {
  private text = '';
  private thinking = '';
  /** When the model's thinking began, and once its answer's text began, the seconds it took. */
  private thinkingStartedAt: number | undefined;
  private thinkingSeconds: number | undefined;
  private sentText = 0;
  private sentThinking = 0;
  private flushing: Promise<void> = Promise.resolve();
  private flushTimer: NodeJS.Timeout | undefined;
  private tokensIn = 0;
  private tokensOut = 0;
  /** The instructions the answer must not repeat (set once the prompt is made). */
  private guarded: Guarded | undefined;
  /** The thinking repeated the instructions: no more of it is shown or kept. */
  private thinkingWithheld = false;
  private readonly channelLabel: { channel: string };

  constructor(
    private readonly store: ConversationStore,
    private readonly services: RobotServices,
    private readonly session: SessionRow,
    private readonly channel: ChannelConfig,
    private readonly settings: ResolvedLlmSettings,
    private readonly question: Question,
  ) {
    this.channelLabel = { channel: channel.id };
  }

  /**
   * The answer, whatever fails: a failure of this server's own (the database, a bug) still ends in
   * a final message when it can, so a streaming page is never left with a placeholder that waits.
   */
  async run(): Promise<WireMessage> {
    try {
      return await this.answer();
    } catch (error) {
      this.services.logError?.(error, 'the robot could not answer with the language model');
      return this.keywordAnswer();
    }
  }

  private async answer(): Promise<WireMessage> {
    const { metrics } = this.services;
    if (asksForPerson(this.question.text)) {
      metrics?.robotHandovers.inc({ ...this.channelLabel, reason: 'asked' });
      return this.handOver(askedSummary(this.question.text), '', true);
    }
    const entries = await searchKnowledge(
      this.store.db,
      this.channel,
      this.question.text,
      this.settings.knowledgeEntries,
    );
    if (entries.length === 0) return this.nothingFound();
    // The endpoint asked to be left alone (Retry-After) or keeps failing: the keyword robot answers
    // without calling it.
    const known = endpoints(this.store);
    const endpoint = this.settings.baseUrl;
    if (known.admit(endpoint)) {
      metrics?.robotAnswers.inc({ ...this.channelLabel, source: 'paused' });
      return this.keywordAnswer();
    }
    const rules = systemPrompt(this.channel, this.settings);
    const boundary = randomBytes(6).toString('hex');
    const messages: ChatCompletionMessageParam[] = [
      { role: 'system', content: rules },
      { role: 'system', content: knowledgeMessage(entries, boundary) },
      ...(await history(this.store, this.session.id, this.question.msgId)),
      { role: 'user', content: this.question.text },
    ];
    // Who it is the robot may say ("I am Bot, the support robot of this website's customer
    // service"); the rest of the rules and the operator's instructions, never.
    this.guarded = new Guarded(rules.replace(identityLine(this.channel), ''), [`SOURCES ${boundary}`]);
    // What the question may cost is reserved before the model is asked, so questions asked at
    // once cannot each see the same tokens left; what it did not use is given back after.
    const reservation = await reserve(
      this.store.db,
      tokenBudgets(this.session, this.settings, this.question.address),
      Math.ceil(charactersOf(messages) / 4) + this.settings.maxTokens,
      this.store.clock(),
      HOUR_MS,
    );
    if ('refused' in reservation) {
      metrics?.robotAnswers.inc({ ...this.channelLabel, source: 'limit' });
      return this.keywordAnswer();
    }
    let handover: string | undefined;
    let ending: Ending;
    const whole = this.question.stream ? undefined : AbortSignal.timeout(WHOLE_ANSWER_MS);
    try {
      ending = await this.read(messages, whole, (summary) => {
        handover = summary;
      });
      known.succeeded(endpoint);
    } catch (error) {
      const kind = error instanceof ModelError ? error.kind : 'upstream';
      const answer = error instanceof ModelError ? error.answer : undefined;
      const pause = known.failed(
        endpoint,
        { failures: this.settings.circuitFailures, coolDownMs: this.settings.circuitCoolDownMs },
        answer && retryAfterMs(answer.headers, this.store.clock()),
      );
      metrics?.robotUpstreamErrors.inc({ ...this.channelLabel, kind });
      metrics?.outsideFailures.inc({ service: 'model', kind });
      // Words already on the visitor's screen stay there, said to be unfinished: another answer
      // in their place, without a word, would read as the robot changing its mind.
      const partway = this.text.trim() !== '';
      this.services.logWarning?.(
        {
          channel: this.channel.id,
          kind,
          err: (error as Error).message,
          ...(pause && { pausedFor: pause.until - this.store.clock(), pause: pause.reason }),
        },
        partway
          ? 'the language model failed: its answer so far was kept, marked interrupted'
          : 'the language model failed: the keyword robot answered',
      );
      this.estimateTokens(messages);
      await settle(this.store.db, reservation, this.tokensIn + this.tokensOut);
      if (!partway) return this.keywordAnswer();
      ending = 'interrupted';
    }
    this.thinkingOver();
    this.estimateTokens(messages);
    await settle(this.store.db, reservation, this.tokensIn + this.tokensOut);
    metrics?.robotTokens.inc({ ...this.channelLabel, direction: 'in' }, this.tokensIn);
    metrics?.robotTokens.inc({ ...this.channelLabel, direction: 'out' }, this.tokensOut);
    const notices = await this.notices();
    if (ending === 'echoed') {
      metrics?.robotAnswers.inc({ ...this.channelLabel, source: 'refused' });
      this.services.logWarning?.(
        { channel: this.channel.id },
        'the language model repeated its instructions: the robot refused instead',
      );
      return this.finish(`${notices.refused} ${notices.offer}`, { answered: false, matched: false });
    }
    if (handover !== undefined) {
      metrics?.robotHandovers.inc({ ...this.channelLabel, reason: 'tool' });
      return this.handOver(
        handover || `Asked: "${this.question.text.slice(0, 200)}"`,
        this.text.trim(),
        false,
        this.thought(),
      );
    }
    const answer = this.text.trim();
    // A model that said nothing (only thought, or stopped at once) has not answered.
    if (!answer) return this.keywordAnswer();
    metrics?.robotAnswers.inc({
      ...this.channelLabel,
      source: ending === 'complete' ? 'model' : ending === 'cut' ? 'cut' : 'interrupted',
    });
    const sources = sourcesLine(answer, entries);
    const shown = ending === 'complete' ? answer : markedPartway(answer, ending, notices);
    return this.finish(sources ? `${shown}\n\n${sources}` : shown, {
      answered: true,
      matched: true,
      thinking: this.thought(),
    });
  }

  /**
   * Reads the model's answer into `text` and `thinking` (which the page is sent as they grow) and
   * says how it ended. Stops reading at `maxAnswerCharacters` (an endpoint that ignores its token
   * limit) and as soon as the text repeats the instructions. An endpoint that refuses `max_tokens`
   * by name is asked once more with `max_completion_tokens`, which it is asked with from then on.
   */
  private async read(
    messages: ChatCompletionMessageParam[],
    signal: AbortSignal | undefined,
    handover: (summary: string) => void,
  ): Promise<Ending> {
    const known = endpoints(this.store);
    const { baseUrl, model, tokenLimitField } = this.settings;
    let field: TokenLimitField = tokenLimitField ?? known.tokenLimitField(baseUrl, model) ?? 'max_tokens';
    for (;;) {
      try {
        return await this.readOnce(
          streamAnswer(this.settings, messages, { env: this.services.env, signal, tokenLimitField: field }),
          handover,
        );
      } catch (error) {
        const refused = error instanceof ModelError && error.answer?.tokenLimitRefused;
        if (!refused || field !== 'max_tokens' || tokenLimitField !== undefined) throw error;
        field = 'max_completion_tokens';
        known.learnTokenLimitField(baseUrl, model, field);
      }
    }
  }

  private async readOnce(
    parts: AsyncIterable<ModelPart>,
    handover: (summary: string) => void,
  ): Promise<Ending> {
    const cap = this.settings.maxAnswerCharacters;
    let ending: Ending = 'complete';
    for await (const part of parts) {
      if (part.type === 'text') {
        this.thinkingOver();
        if (this.repeatsInstructions(this.text, part.text)) return 'echoed';
        this.add('text', part.text);
        if (cap > 0 && this.text.length >= cap) {
          // Breaking out ends the request: the endpoint stops generating.
          // Never half of a character written as two UTF-16 units (an emoji).
          const end = /[\uD800-\uDBFF]/.test(this.text[cap - 1] ?? '') ? cap - 1 : cap;
          this.text = this.text.slice(0, end);
          return 'cut';
        }
      } else if (part.type === 'thinking') {
        this.thinkingStartedAt ??= this.store.clock();
        // Thinking that repeats the instructions is not shown, nor kept: the answer goes on.
        if (this.thinkingWithheld || this.repeatsInstructions(this.thinking, part.text))
          this.thinkingWithheld = true;
        else this.add('thinking', part.text);
        // Thinking that never ends (an endpoint that ignores the token limit) is cut too.
        if (this.thinking.length > THINKING_KEPT) return 'cut';
      } else if (part.type === 'handover') handover(part.summary);
      else if (part.type === 'finish') ending = part.reason === 'length' ? 'cut' : 'complete';
      else {
        this.tokensIn = part.tokensIn;
        this.tokensOut = part.tokensOut;
      }
    }
    return ending;
  }

  /** Whether `more` after `before` completes a run of the instructions (only the new end is checked). */
  private repeatsInstructions(before: string, more: string): boolean {
    if (!this.guarded) return false;
    const tail = before.slice(Math.max(0, before.length - ECHO_RUN_CHARACTERS * 2));
    return this.guarded.echoedIn(tail + more);
  }

  /** The notices in the visitor's language (their browser's, from the chat's start). */
  private async notices(): Promise<RobotNotices> {
    const [row] = await this.store.db.query<{ language: string | null }>(
      'select language from sessions where id = $1',
      [this.session.id],
    );
    return noticesFor(row?.language, this.channel.robot?.language);
  }

  /** The thinking is over once the answer's text begins (or the stream ends): its seconds are fixed. */
  private thinkingOver() {
    if (this.thinkingStartedAt === undefined || this.thinkingSeconds !== undefined) return;
    this.thinkingSeconds = Math.max(0, Math.round((this.store.clock() - this.thinkingStartedAt) / 1000));
  }

  /** The model's thinking as its answer keeps it: the text (cut when very long) and its seconds. */
  private thought(): MessageThinking | undefined {
    const text = this.thinking.trim();
    if (!text) return undefined;
    return {
      text: text.length > THINKING_KEPT ? `${text.slice(0, THINKING_KEPT)}…` : text,
      seconds: this.thinkingSeconds ?? 0,
    };
  }

  /** Servers that send no usage: about four characters a token. */
  private estimateTokens(messages: ChatCompletionMessageParam[]) {
    if (this.tokensIn === 0) this.tokensIn = Math.ceil(charactersOf(messages) / 4);
    if (this.tokensOut === 0) this.tokensOut = Math.ceil((this.text.length + this.thinking.length) / 4);
  }

  private add(field: 'text' | 'thinking', more: string) {
    this[field] += more;
    if (!this.question.stream || this.flushTimer) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = undefined;
      this.flushing = this.flushing.then(() => this.flush()).catch(() => {});
    }, this.services.flushMs ?? 150);
  }

  /** Sends the page what it has not had yet, and keeps the text so far for a page that lost it. */
  private async flush() {
    const text = this.text;
    const thinking = this.thinking;
    if (text.length === this.sentText && thinking.length === this.sentThinking) return;
    const payload = {
      replyTo: this.question.msgId,
      at: this.sentText,
      delta: text.slice(this.sentText),
      thinkingAt: this.sentThinking,
      thinkingDelta: thinking.slice(this.sentThinking),
      ...(this.thinkingSeconds !== undefined && { thinkingSeconds: this.thinkingSeconds }),
    };
    await this.store.write(async (tx, touched) => {
      await tx.query(
        `update robot_answers set text = $3, thinking = $4, updated_at = $5
         where session_id = $1 and reply_to = $2 and state = 'streaming'`,
        [this.session.id, this.question.msgId, text, thinking, this.store.clock()],
      );
      await emitVisitorEvent(tx, touched, {
        visitorId: this.session.visitor_id,
        sessionId: this.session.id,
        type: VisitorEvent.robotDelta,
        payload,
        now: this.store.clock(),
      });
    });
    this.sentText = text.length;
    this.sentThinking = thinking.length;
  }

  /** The keyword robot's answer (the model failed or the visitor is over the hour's tokens). */
  private keywordAnswer() {
    const knowledge = this.channel.robot ?? { answers: [], fallback: '' };
    const { answer, matched, card } = answerQuestion(knowledge, this.question.text);
    this.services.metrics?.robotAnswers.inc({ ...this.channelLabel, source: 'keywords' });
    return this.finish(answer || DEFAULT_NO_ANSWER_TEXT, { answered: matched, matched, card });
  }

  /** Nothing in the knowledge: said so, with the way to a person; a person takes over after N such. */
  private async nothingFound() {
    this.services.metrics?.robotAnswers.inc({ ...this.channelLabel, source: 'none' });
    const limit = this.settings.handoverAfterUnanswered;
    if (limit > 0 && (await unansweredInARow(this.store, this.session.id, limit)) + 1 >= limit) {
      this.services.metrics?.robotHandovers.inc({ ...this.channelLabel, reason: 'unanswered' });
      return this.handOver(
        `The robot found nothing for ${limit} question(s) in a row; the last: "${this.question.text.slice(0, 200)}"`,
        DEFAULT_NO_ANSWER_TEXT,
        false,
      );
    }
    // The channel's fallback says it in its own words, with its way to a person.
    const fallback = this.channel.robot?.fallback?.trim();
    return this.finish(fallback || `${DEFAULT_NO_ANSWER_TEXT} ${DEFAULT_OFFER_TEXT}`, {
      answered: false,
      matched: false,
    });
  }

  /**
   * Hands the chat to a person: the summary becomes the chat's transfer note, from the robot, which
   * the agent sees above the conversation; then the spec's transfer (agent joined, queued, offline
   * or out of hours, as for any transfer).
   */
  private async handOver(summary: string, said: string, answered: boolean, thinking?: MessageThinking) {
    const outcome = await handToPerson(this.store, this.session, this.channel, summary);
    return this.finish([said, outcome].filter(Boolean).join('\n\n'), {
      answered,
      matched: answered,
      thinking,
    });
  }

  /**
   * The one final message: recorded, the draft cleared (its deltas are no longer needed: the final
   * message replaces them), and told to a streaming page (event 1302).
   */
  private async finish(
    text: string,
    outcome: {
      answered: boolean;
      matched: boolean;
      card?: WireMessage['card'];
      /** The model's thinking, kept with the answer so a reload shows it as it was. */
      thinking?: MessageThinking;
    },
  ): Promise<WireMessage> {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    await this.flushing;
    const { session, question } = this;
    const message = await this.store.write(async (tx, touched) => {
      const row = await this.store.insertMessage(
        tx,
        session,
        {
          senderType: SenderType.robot,
          senderName: String(this.channel.info.robotName ?? 'Robot'),
          msgType: outcome.card ? MsgType.card : MsgType.text,
          msgContent: text,
          ...(outcome.card && { card: outcome.card }),
          clientMsgId: clientMsgId(question.msgId),
        },
        undefined,
        { replyTo: question.msgId, ...(outcome.thinking && { thinking: outcome.thinking }) },
      );
      await tx.query(
        `update robot_answers set state = 'done', text = '', thinking = '', answered = $3, tokens_in = $4,
           tokens_out = $5, updated_at = $6
         where session_id = $1 and reply_to = $2`,
        [session.id, question.msgId, outcome.answered, this.tokensIn, this.tokensOut, this.store.clock()],
      );
      const [stored] = row
        ? [row]
        : await tx.query<MessageRow>(
            `select ${MESSAGE_COLUMNS} from messages where session_id = $1 and client_msg_id = $2`,
            [session.id, clientMsgId(question.msgId)],
          );
      const wire = {
        ...toWireMessage(stored as MessageRow),
        robotAskMsgType: outcome.matched ? Setting.on : Setting.off,
      };
      if (question.stream) {
        await tx.query(
          `delete from events where audience = $4 and visitor_id = $1 and event_type = $2 and payload->>'replyTo' = $3`,
          [session.visitor_id, VisitorEvent.robotDelta, question.msgId, Audience.visitor],
        );
        await emitVisitorEvent(tx, touched, {
          visitorId: session.visitor_id,
          sessionId: session.id,
          type: VisitorEvent.robotAnswer,
          payload: { ...wire, msgId: wire.id, replyTo: question.msgId },
          now: this.store.clock(),
        });
      }
      return wire;
    });
    return message;
  }
}
