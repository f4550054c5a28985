/**
 * The console's chime, synthesised with the Web Audio API (no sound file): two soft sine notes a
 * fifth apart, each fading in over 20 ms and out over half a second, at a low volume.
 *
 * Browsers let a page play sound only after the person has interacted with it: the audio context
 * is created (or resumed) on the agent's first click or key press in the tab, so a chime later,
 * with the tab hidden, is heard. A tab opened and never touched cannot chime; its desktop
 * notification still shows.
 */

type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (context) return context;
  const Class: AudioContextClass | undefined =
    globalThis.AudioContext ?? (globalThis as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
  if (!Class) return null;
  try {
    context = new Class();
  } catch {
    return null;
  }
  return context;
}

/** Makes the tab able to chime later: call it from a click or a key press. */
export function prepareChime(): void {
  const audio = audioContext();
  if (audio?.state === 'suspended') audio.resume().catch(() => {});
}

/** The two notes (Hz) and when each starts (s). */
const NOTES: ReadonlyArray<readonly [number, number]> = [
  [659.25, 0],
  [987.77, 0.16],
];
const PEAK = 0.12;

/** Plays the chime once; nothing happens where the browser has no Web Audio. */
export function chime(): void {
  const audio = audioContext();
  if (!audio) return;
  if (audio.state === 'suspended') audio.resume().catch(() => {});
  const start = audio.currentTime + 0.01;
  for (const [frequency, offset] of NOTES) {
    const oscillator = audio.createOscillator();
    oscillator.type = 'sine';
    oscillator.frequency.setValueAtTime(frequency, start + offset);
    const gain = audio.createGain();
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(PEAK, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.55);
    oscillator.connect(gain);
    gain.connect(audio.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + 0.6);
  }
}
