// /chat/embed.js: the one script tag a site adds to get the chat launcher.
//
//   <script src="https://support.example.com/chat/embed.js" data-channel-id="7" async></script>
//
// data-channel-id, data-group-id, data-admin-id, data-username, data-email, data-phone, data-pid,
// data-pid-signature, data-params and data-storage become the chat page's query parameters; data-position="left"
// moves the launcher; data-label-open, data-label-close, data-label-title, data-label-refused,
// data-label-open-in-tab, data-label-dismiss and data-label-new-message replace the English labels;
// data-greeting (with data-greeting-delay, in seconds) greets the visitor beside the launcher.
// Calls made before the script loads are queued: window.Parley = window.Parley || { q: [] } and
// Parley.q.push(['open']).
import { createEmbed, type ParleyEmbed } from './createEmbed.js';
import { scriptOptions } from './scriptOptions.js';

type QueuedCall = [keyof ParleyEmbed, ...unknown[]];
/** Before the loader runs, `window.Parley` may be a stub holding queued calls. */
type ParleyGlobal = ParleyEmbed | { q?: QueuedCall[] };
const global = window as unknown as { Parley?: ParleyGlobal };
const script = document.currentScript as HTMLScriptElement | null;

const existing = global.Parley;
if (script && !(existing && 'open' in existing)) {
  const options = scriptOptions(script.dataset, script.src);
  const queued: QueuedCall[] = (existing as { q?: QueuedCall[] } | undefined)?.q ?? [];
  const start = () => {
    const embed = createEmbed(options);
    global.Parley = embed;
    for (const [method, ...args] of queued) (embed[method] as (...a: unknown[]) => unknown)(...args);
  };
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start);
}
