import type { ChatSession } from '@parley/chat-core';
import { LocaleProvider } from '@parley/chat-ui/LocaleProvider';
import { directionOf, type Language, languageTag } from '@parley/languages';
import { useKitLocale } from '@parley/languages/kit';
import { Provider as JotaiProvider, useAtomValue } from 'jotai';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ChatPage } from './chat/ChatPage.js';
import { keysOnly, packLoaderFor, packTranslator } from './i18n/i18n.js';
import { pageStorage, storedLanguage } from './i18n/storedLanguage.js';
import { type Translate, TranslateProvider, useT } from './i18n/useT.js';
import { watchLanguage } from './i18n/watchLanguage.js';
import { ChunkErrorBoundary } from './shell/ChunkErrorBoundary.js';
import { ChunkLoadError } from './shell/chunks.js';
import { DeferredToaster } from './shell/toasts.js';
import { createAgentSound } from './sound/agentSound.js';
import {
  createChatStore,
  latestAgentMessageAtom,
  pageAtom,
  soundAtom,
  titleAtom,
} from './state/chatAtoms.js';
import { useBindSession } from './state/useBindSession.js';

/**
 * Resolves once the chat's first screen is up (the engine started, or failed to), and the browser
 * has a moment: what may download then stays off the first screen's path. A page without a chat
 * (a form route) is "up" at once.
 */
export function afterFirstScreen(session: ChatSession | null): Promise<void> {
  const started = new Promise<void>((resolve) => {
    const up = () => session === null || !['idle', 'starting'].includes(session.getSnapshot().phase);
    if (up()) return resolve();
    const stop = session?.subscribe(() => {
      if (!up()) return;
      stop?.();
      resolve();
    });
  });
  // Once the visitor can type (the composer is on screen and enabled; at most 3 s after the chat is
  // up, for a chat that ended), a frame later, and when the page is idle: never in the same moment
  // as the first screen.
  const typeable = () =>
    new Promise<void>((resolve) => {
      if (typeof requestAnimationFrame !== 'function' || typeof document === 'undefined') return resolve();
      const until = Date.now() + 3000;
      const check = () => {
        const box = document.querySelector('textarea');
        if ((box && !box.disabled) || Date.now() > until) requestAnimationFrame(() => resolve());
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
  return started.then(typeable).then(
    () =>
      new Promise((resolve) => {
        if (typeof requestIdleCallback === 'function')
          requestIdleCallback(() => resolve(), { timeout: 2000 });
        else setTimeout(resolve, 50);
      }),
  );
}

/** The i18next runtime (its own chunk) and one instance of it, with no strings yet. */
async function loadRuntime() {
  const { createI18n, switchLanguage } = await import('./i18n/i18next.js');
  return { instance: createI18n(), switchLanguage };
}

/**
 * The language: read from `chat-lan` (else English), its pack loaded lazily, watched for changes,
 * and mirrored on `<html lang dir>`. Until the pack arrives, `t` returns keys (spec section 8); if
 * the first one cannot be downloaded, `failure` says why. The first screen speaks from the pack
 * alone (packTranslator, the same text); the i18next runtime downloads after it (`runtimeAfter`)
 * and takes over. A runtime that fails to download leaves the pack's `t` in place.
 */
function useLanguage(runtimeAfter: Promise<void>): { language: Language; t: Translate; failure: unknown } {
  const runtime = useRef<ReturnType<typeof loadRuntime> | null>(null);
  const [language, setLanguage] = useState<Language>(storedLanguage);
  const [strings, setStrings] = useState<{ t: Translate; failure: unknown }>({ t: keysOnly, failure: null });
  useEffect(() => {
    const storage = pageStorage();
    // Without storage there is no stored language to watch: English, or what the page started with.
    return storage ? watchLanguage(language, setLanguage, { storage, events: window }) : undefined;
  }, [language]);
  useEffect(() => {
    let current = true;
    const tag = languageTag(language);
    const load = packLoaderFor(language);
    (async () => {
      if (!load) throw new Error(`no string pack for ${language}`);
      const pack = await load();
      // A new `t` whenever the language or its pack changes, so text re-renders then.
      if (current) setStrings({ t: packTranslator(pack.default, tag), failure: null });
      await runtimeAfter;
      try {
        runtime.current ??= loadRuntime();
        const { instance, switchLanguage } = await runtime.current;
        await switchLanguage(instance, language, async () => pack);
        if (current) setStrings({ t: instance.getFixedT(tag), failure: null });
      } catch (error) {
        runtime.current = null; // a later language may try the runtime again
        console.warn('[parley] the i18next runtime did not load; the pack speaks alone', error);
      }
    })().catch((error: unknown) => {
      console.warn('[parley] language pack not loaded', error);
      // A later language that fails keeps the one on screen; only a page with no strings fails.
      if (current)
        setStrings((strings) => (strings.t === keysOnly ? { t: keysOnly, failure: error } : strings));
    });
    document.documentElement.lang = tag;
    document.documentElement.dir = directionOf(language);
    return () => {
      current = false;
    };
  }, [language, runtimeAfter]);
  return { language, ...strings };
}

/** Hands a failed download to the chunk error boundary, which shows it with a retry. */
function Rethrow({ error }: { error: unknown }): never {
  throw error instanceof ChunkLoadError ? error : new ChunkLoadError('script', { cause: error });
}

/**
 * Title: the channel's titleDesc (or the localized default); while the page is hidden and a new
 * message waits, the alert on the engine's flashing beats. The engine owns the one-second clock.
 */
function useDocumentTitle() {
  const t = useT();
  const { documentTitle, documentTitleKey, titleFlash } = useAtomValue(titleAtom);
  const text = documentTitleKey ? t(documentTitleKey) : documentTitle;
  useEffect(() => {
    document.title = titleFlash ? t('page.newMessageTitle') : text;
  }, [text, titleFlash, t]);
}

/** A short sound on each new agent message the engine reports, when sound is on; one tab plays it. */
function useAgentSound() {
  const latest = useAtomValue(latestAgentMessageAtom);
  const soundOn = useAtomValue(soundAtom);
  const [sound] = useState(() => createAgentSound({ locks: navigator.locks ?? null }));
  useEffect(() => () => sound.dispose(), [sound]);
  // Only a change plays: the sound setting changing, or nothing new, plays nothing.
  const played = useRef(latest);
  useEffect(() => {
    if (!latest || latest === played.current) return;
    played.current = latest;
    if (soundOn) sound.play(latest);
  }, [latest, soundOn, sound]);
}

function PageState({ session }: { session: ChatSession }) {
  const t = useT();
  const page = useAtomValue(pageAtom);
  useDocumentTitle();
  useAgentSound();
  // Until the language pack arrives `t` answers with keys (spec section 8): show no key to a
  // visitor, and no chat whose labels change size under them once the pack is there.
  if (page.phase === 'idle' || page.phase === 'starting' || t === keysOnly) {
    const loading = t('page.loading');
    return (
      <p className="visitor-loading" role="status" aria-busy="true">
        {loading === 'page.loading' ? null : loading}
      </p>
    );
  }
  if (page.phase === 'failed' && page.error) {
    return (
      <main className="visitor-error">
        {/* The alert is a part of the landmark: a `main` may not take the alert role. */}
        <div role="alert">
          <h1>{t('errors.title')}</h1>
          <p>{t(page.error.key, page.error.params ?? {})}</p>
        </div>
        {/* Only where starting again can work: never for "no such channel". */}
        {page.startRetryable && (
          <button
            type="button"
            className="visitor-button visitor-button--primary"
            onClick={() => session.start()}
          >
            {t('errors.retry')}
          </button>
        )}
      </main>
    );
  }
  return (
    <main className="visitor-main">
      {/* Always there, so that going offline is announced: a status that appears with its text
          already inside is not announced by every screen reader. */}
      <div role="status">{!page.online && <p className="visitor-offline">{t('errors.offline')}</p>}</div>
      <ChatPage />
    </main>
  );
}

/**
 * The chat page bound to an engine, which it starts on mount if it has not started yet. The engine
 * belongs to whoever made it, who disposes it: the page keeps its own for as long as it is open.
 */
export function ChatScreen({ session }: { session: ChatSession }) {
  const store = useMemo(() => createChatStore(session), [session]);
  return (
    <JotaiProvider store={store}>
      <BoundScreen session={session} />
    </JotaiProvider>
  );
}

function BoundScreen({ session }: { session: ChatSession }) {
  useBindSession(session);
  useEffect(() => {
    void session.start();
  }, [session]);
  return <PageState session={session} />;
}

function NotFound() {
  const t = useT();
  return (
    <main className="visitor-not-found">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <a href={`${import.meta.env.BASE_URL}index${window.location.search}`}>{t('notFound.back')}</a>
    </main>
  );
}

/** The visitor app: language, kit locale and direction, then the chat page or not-found. */
export function App({ session }: { session: ChatSession | null }) {
  const [runtimeAfter] = useState(() => afterFirstScreen(session));
  const { language, t, failure } = useLanguage(runtimeAfter);
  const dir = directionOf(language);
  // The kit's own strings follow the language; until its pack arrives the kit speaks English.
  const kit = useKitLocale(language);
  return (
    <TranslateProvider t={t}>
      <LocaleProvider {...kit} dir={dir}>
        <div className="visitor-app" dir={dir} data-parley-theme="auto">
          <ChunkErrorBoundary t={t}>
            {failure ? (
              <Rethrow error={failure} />
            ) : session ? (
              <ChatScreen session={session} />
            ) : (
              <NotFound />
            )}
          </ChunkErrorBoundary>
          <DeferredToaster />
        </div>
      </LocaleProvider>
    </TranslateProvider>
  );
}
