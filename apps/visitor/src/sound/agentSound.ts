export interface AgentSoundOptions {
  /** Web Locks (navigator.locks). Without it every tab plays, which is the best that can be done. */
  locks?: Pick<LockManager, 'request'> | null;
  /** Plays the short notification tone. Default: a 150 ms Web Audio chime, no file to download. */
  playTone?: () => void;
  /** The lock all tabs of this site compete for. */
  lockName?: string;
}

export interface AgentSound {
  /** Plays the tone for an agent message, once per message id, in the leading tab only. */
  play(messageId: string): void;
  /** Whether this tab is the one that plays. */
  isLeader(): boolean;
  /** Gives up leadership (another open tab takes over). */
  dispose(): void;
}

let context: AudioContext | undefined;

/** A soft two-note chime made with Web Audio. Silently does nothing where audio is blocked. */
export function playChime(): void {
  try {
    context ??= new AudioContext();
    void context.resume();
    const now = context.currentTime;
    for (const [offset, frequency] of [
      [0, 880],
      [0.09, 1320],
    ] as const) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, now + offset);
      gain.gain.exponentialRampToValueAtTime(0.15, now + offset + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + offset + 0.15);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(now + offset);
      oscillator.stop(now + offset + 0.16);
    }
  } catch {
    // No audio (autoplay policy, no device): the visual signals still work.
  }
}

/**
 * The sound for agent messages, played by one tab only when several are open: every tab asks for
 * the same Web Lock and holds it for its lifetime, so exactly one tab (the oldest open one) plays;
 * when it closes, the next one takes over.
 *
 * @example
 * const sound = createAgentSound({ locks: navigator.locks });
 * if (soundOn) sound.play(message.id);
 */
export function createAgentSound({
  locks,
  playTone = playChime,
  lockName = 'parley-agent-sound',
}: AgentSoundOptions = {}): AgentSound {
  let leader = !locks;
  let release: (() => void) | undefined;
  let disposed = false;
  const played = new Set<string>();

  if (locks) {
    void locks
      .request(lockName, () => {
        if (disposed) return;
        leader = true;
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      })
      .catch(() => {
        leader = true; // locks refused (e.g. an opaque origin): better to play than to stay silent
      });
  }

  return {
    play(messageId) {
      if (!leader || disposed || played.has(messageId)) return;
      played.add(messageId);
      playTone();
    },
    isLeader: () => leader && !disposed,
    dispose() {
      disposed = true;
      leader = false;
      release?.();
    },
  };
}
