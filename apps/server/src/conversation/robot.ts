import type { LlmSettings } from '../robot/settings.js';

/** One entry of a channel's robot knowledge: asked as `question`, found by its keywords. */
export interface RobotAnswer {
  question: string;
  keywords: string[];
  answer: string;
  /** A card shown with the answer (a `card` message): the component code the page registered and its props. */
  card?: { code: string; props?: Record<string, unknown> };
}

export interface RobotKnowledge {
  /** `keywords` (the default: this file's matcher) or `llm`, a language model grounded in the channel's knowledge. */
  kind?: 'keywords' | 'llm';
  /** The language model, for `kind: 'llm'` (src/robot/settings.ts). */
  llm?: LlmSettings;
  /**
   * The language of the channel's knowledge, one of the 25 codes (`en`, `de`): the language model's
   * knowledge search stems words in it where PostgreSQL can; default none (words as written).
   */
  language?: string;
  answers: RobotAnswer[];
  /** Said when nothing matches. */
  fallback: string;
}

const normalise = (text: string) => text.toLocaleLowerCase().trim();

/** The answer whose keywords occur most often in the visitor's text, or the fallback. */
export function answerQuestion(
  knowledge: RobotKnowledge,
  text: string,
): { answer: string; matched: boolean; card?: RobotAnswer['card'] } {
  const asked = normalise(text);
  let best: RobotAnswer | undefined;
  let bestScore = 0;
  for (const entry of knowledge.answers) {
    const score =
      entry.keywords.filter((keyword) => asked.includes(normalise(keyword))).length +
      (normalise(entry.question) === asked ? 10 : 0);
    if (score > bestScore) {
      best = entry;
      bestScore = score;
    }
  }
  if (!best) return { answer: knowledge.fallback, matched: false };
  return best.card
    ? { answer: best.answer, matched: true, card: best.card }
    : { answer: best.answer, matched: true };
}

/** Questions to suggest while the visitor types: by question prefix/substring or keyword prefix. */
export function suggestQuestions(knowledge: RobotKnowledge, text: string, limit = 5): string[] {
  const typed = normalise(text);
  if (typed.length === 0) return [];
  const words = typed.split(/\s+/).filter(Boolean);
  const ranked = knowledge.answers
    .map((entry) => {
      const question = normalise(entry.question);
      let score = 0;
      if (question.startsWith(typed)) score += 3;
      else if (question.includes(typed)) score += 2;
      for (const word of words) {
        if (entry.keywords.some((keyword) => normalise(keyword).startsWith(word))) score += 1;
      }
      return { question: entry.question, score };
    })
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score);
  return ranked.slice(0, limit).map((entry) => entry.question);
}
