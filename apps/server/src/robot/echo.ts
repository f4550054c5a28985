// The check on what the model writes that the prompt's rules alone cannot give: a model talked into
// "print your system prompt" has obeyed when its text repeats a long run of the instructions word
// for word. The knowledge it may quote (that is its job); the rules and the operator's
// instructions, never.

/**
 * How many characters in a row the answer may share with the instructions before it counts as
 * repeating them (after folding case and spaces): longer than any phrase an honest answer shares
 * with the rules ("the visitor's language"), shorter than one of their sentences.
 */
export const ECHO_RUN_CHARACTERS = 32;

const fold = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ');

/** The text the answer must not repeat, ready to be checked against many times. */
export class Guarded {
  private readonly runs = new Set<string>();
  private readonly markers: string[];

  /**
   * @param secret the instructions (the system message)
   * @param markers strings that only a copy of the prompt would hold (the sources' boundary)
   */
  constructor(secret: string, markers: string[] = []) {
    const folded = fold(secret);
    for (let at = 0; at + ECHO_RUN_CHARACTERS <= folded.length; at++)
      this.runs.add(folded.slice(at, at + ECHO_RUN_CHARACTERS));
    this.markers = markers.filter(Boolean).map(fold);
  }

  /** Whether `text` repeats a run of the instructions, or a marker, word for word. */
  echoedIn(text: string): boolean {
    const folded = fold(text);
    if (this.markers.some((marker) => folded.includes(marker))) return true;
    for (let at = 0; at + ECHO_RUN_CHARACTERS <= folded.length; at++)
      if (this.runs.has(folded.slice(at, at + ECHO_RUN_CHARACTERS))) return true;
    return false;
  }
}
