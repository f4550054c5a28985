/**
 * The page title: the console's name in its language, with the number of things that arrived while
 * the tab was hidden in front of it (`(3) Parley agent console`). The language and the count change
 * apart, so each sets its part and the title is written from both.
 */
let base = typeof document === 'undefined' ? '' : document.title;
let unread = 0;

function write() {
  document.title = unread > 0 ? `(${unread}) ${base}` : base;
}

/** The console's name, in the language on screen. */
export function setTitleName(name: string): void {
  base = name;
  write();
}

/** How many visitors and messages arrived while the tab was hidden (0 clears it). */
export function setTitleCount(count: number): void {
  unread = count;
  write();
}
