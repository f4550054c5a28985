import { expect, type Locator, type Page, test } from '@playwright/test';
import { Agent, agentWithChat } from './agent.ts';
import { axeViolations, conversation, send } from './visitor.ts';

// The visitor page against the reference server and its demo seed, with agents driven through
// the agent API. Agents are freed after each test so the next transfer finds a free slot.

/** Presses Tab until `target` has focus (at most 20 times). */
async function tabTo(page: Page, target: Locator) {
  for (let step = 0; step < 20; step++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test.afterEach(async ({ request }) => {
  for (const name of ['alice', 'bob']) await (await Agent.login(request, name)).closeAll();
});

test('given the robot channel, should greet, show the FAQ and tips, and answer from its knowledge', async ({
  page,
}) => {
  await page.goto('/chat/index?channelId=robot');
  await expect(page.getByRole('heading', { level: 1, name: 'Robot first' })).toBeVisible();
  await expect(page).toHaveTitle('Robot first');
  await expect(conversation(page).getByText('Hi! I am the Parley bot. How can I help?')).toBeVisible();
  await expect(page.getByRole('tree')).toBeVisible();
  await send(page, 'How much is shipping?');
  await expect(conversation(page).getByText('How much is shipping?')).toBeVisible();
  await expect(conversation(page).getByText(/Shipping is free from 50 EUR/)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('given the robot channel, when asked about a person, should name the button the visitor sees', async ({
  page,
}) => {
  await page.goto('/chat/index?channelId=robot');
  // Not a request for a person (that hands the chat on at once): a question about one.
  await send(page, 'Is there a human?');
  const answer = conversation(page).getByText(/button, and someone will join you/);
  await expect(answer).toBeVisible();
  const quoted = /"([^"]+)" button/.exec((await answer.textContent()) ?? '')?.[1] ?? '';
  expect(quoted).not.toBe('');
  await expect(page.getByRole('button', { name: quoted, exact: true })).toBeVisible();
});

test('given a clean load of the chat page, should ask for nothing missing and warn of nothing', async ({
  page,
}) => {
  const noise: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') noise.push(message.text());
  });
  page.on('response', (response) => {
    if (response.status() >= 400) noise.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  await page.goto('/chat/index?channelId=robot');
  await expect(conversation(page).getByText('Hi! I am the Parley bot. How can I help?')).toBeVisible();
  await expect(page.locator('link[rel="icon"]')).toHaveCount(1);
  // The browser asks for /favicon.ico after the load when the page names no icon.
  await page.waitForTimeout(500);
  expect(noise).toEqual([]);
});

test('given a clean load of the agent console, should ask for no /favicon.ico and answer nothing with an error before the login', async ({
  page,
}) => {
  const favicons: string[] = [];
  const noise: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/favicon.ico') favicons.push(request.url());
  });
  page.on('response', (response) => {
    if (response.status() >= 400) noise.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') noise.push(message.text());
  });
  await page.goto('/agent/');
  await expect(page.getByRole('button', { name: /log in/i })).toBeVisible();
  await expect(page.locator('link[rel="icon"]')).toHaveCount(1);
  // The browser asks for /favicon.ico after the load when the page names no icon.
  await page.waitForTimeout(500);
  expect(favicons).toEqual([]);
  expect(noise).toEqual([]);
});

/** Records every layout shift of each page the tab loads from now on, for `layoutShifts`. */
const recordLayoutShifts = (page: Page) =>
  page.addInitScript(() => {
    const shifts: number[] = [];
    Object.defineProperty(window, 'layoutShifts', { value: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });

/** The layout shifts of the page loaded last, each one's score (shifts show after their frame). */
const layoutShifts = (page: Page) =>
  page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);

// What Lighthouse checks on a first load (`npm run lighthouse`), held here too: a description for
// search results, no stylesheet request before the first screen (the app's CSS is in its HTML), and
// nothing moving once drawn (the console's login moved the whole page down; the chat page's FAQ and
// tips pushed the rows below them down as they arrived).
for (const { name, path, drawn } of [
  {
    name: 'the chat page',
    path: '/chat/index?channelId=demo',
    drawn: (page: Page) => conversation(page).getByText('30 days to return any item'),
  },
  {
    name: 'the console login',
    path: '/agent/',
    drawn: (page: Page) => page.getByRole('button', { name: /log in/i }),
  },
]) {
  test(`given a first load of ${name}, should describe itself, fetch no stylesheet and move nothing once drawn`, async ({
    page,
  }) => {
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheets.push(new URL(request.url()).pathname);
    });
    await recordLayoutShifts(page);
    await page.goto(path);
    await expect(drawn(page)).toBeVisible();
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\w+ \w+ \w+/);
    // Shifts are reported after the frame that made them.
    await page.waitForTimeout(500);
    expect(stylesheets).toEqual([]);
    expect(await layoutShifts(page)).toEqual([]);
  });
}

test('given a returning visitor whose earlier messages come slowly, should draw the chat once, with them, and move nothing', async ({
  page,
}) => {
  await recordLayoutShifts(page);
  await page.goto('/chat/index?channelId=demo');
  await expect(conversation(page).getByText('30 days to return any item')).toBeVisible();
  // Back later, on a slow network: the session's messages take a while. Until they are there the
  // page shows it is loading, not a first screen those messages would then push away.
  await page.route('**/api/chat/visitor/getSessionMsg', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  await page.reload();
  await expect(conversation(page).getByText('30 days to return any item').first()).toBeVisible();
  await page.waitForTimeout(500);
  expect(await layoutShifts(page)).toEqual([]);
});

test('given a first load of the console login, should build no date format it does not show', async ({
  page,
}) => {
  // A date format loads its locale's data: a long task on a phone, for a login that shows no date.
  await page.addInitScript(() => {
    const built: string[] = [];
    Object.defineProperty(window, 'dateFormatsBuilt', { value: built });
    Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
      construct(target, args) {
        built.push(JSON.stringify(args));
        return Reflect.construct(target, args);
      },
    });
  });
  await page.goto('/agent/');
  await expect(page.getByRole('button', { name: /log in/i })).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { dateFormatsBuilt: string[] }).dateFormatsBuilt),
  ).toEqual([]);
});

test('given the human channel, should transfer on the first message and carry the whole agent conversation', async ({
  page,
  request,
}) => {
  await page.goto('/chat/index?channelId=human');
  await send(page, 'Hello, my parcel is late');
  await expect(conversation(page).getByText(/joined the chat/)).toHaveCount(1);

  const { agent, chat } = await agentWithChat(request, 'human');
  await expect(page.getByText(/^You are talking to (Alice|Bob)$/)).toBeVisible();
  // The agent's welcome is the agent speaking (name, avatar, on the left), not a centred notice.
  const welcome = conversation(page).locator('[data-slot="message"]', { hasText: /How can I help you\?/ });
  await expect(welcome).toHaveAttribute('data-position', 'left');
  await expect(welcome).toHaveAttribute('data-type', 'text');
  await expect(welcome.locator('.parley-message__name')).toHaveText(/^(Alice|Bob)$/);
  const visitorText = (await agent.messages(chat.sessionId)).messages.find(
    (message) => message.senderType === 1,
  );
  expect(visitorText?.msgContent).toBe('Hello, my parcel is late');

  // Typing (1204), a message (1201), its deletion (1205).
  await agent.typing(chat.sessionId);
  await expect(page.getByRole('status').filter({ hasText: 'Agent is typing' })).toBeAttached();
  const sent = await agent.send(chat.sessionId, 'Let me check the tracking for you.');
  await expect(conversation(page).getByText('Let me check the tracking for you.')).toBeVisible();
  await agent.deleteMessage(chat.sessionId, sent.id);
  await expect(conversation(page).getByText('Let me check the tracking for you.')).toHaveCount(0);

  // Rating requested (1203): the dialog, stars and a comment, then the system message.
  await agent.requestRating(chat.sessionId);
  const dialog = page.getByRole('dialog', { name: 'Rate this service' });
  await expect(dialog).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('radio').last().click();
  await dialog.getByLabel('Comment (optional)').fill('Quick and kind');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toBeHidden();
  await expect(conversation(page).getByText('You rated the service')).toBeVisible();
  await expect
    .poll(async () => (await agent.messages(chat.sessionId)).rating?.content)
    .toBe('Quick and kind');

  // The agent ends the chat (1202, outType 2): the channel's close message, a new chat offered.
  await agent.close(chat.sessionId);
  await expect(conversation(page).getByText('The agent has ended the chat. Thank you!')).toBeVisible();
  await page.getByRole('button', { name: 'Start a new chat' }).click();
  await send(page, 'One more question');
  await expect(conversation(page).getByText('One more question')).toBeVisible();
  await expect(conversation(page).getByText(/joined the chat/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start a new chat' })).toHaveCount(0);
});

test('given the agent refuses the chat, should say so', async ({ page, request }) => {
  await page.goto('/chat/index?channelId=human');
  await send(page, 'Anyone there?');
  await expect(conversation(page).getByText(/joined the chat/)).toBeVisible();
  const { agent, chat } = await agentWithChat(request, 'human');
  await agent.refuse(chat.sessionId);
  await expect(conversation(page).getByText('Sorry, the agent refused your chat request')).toBeVisible();
});

test('given every agent offline, should show the offline message and take a left message', async ({
  page,
}) => {
  await page.goto('/chat/index?channelId=offline');
  await send(page, 'Can someone call me back?');
  await expect(
    conversation(page).getByText('No agent is online right now. Please leave a message.'),
  ).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Leave a message' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email').fill('visitor@example.com');
  await dialog.getByLabel(/^Message/).fill('Please call me back about order 1042.');
  await dialog.getByRole('button', { name: 'Send message' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Thank you\. Your message has been sent\./)).toBeVisible();
});

test('given a number from Denmark in the leave-message form, should take it and send it in E.164', async ({
  page,
}) => {
  await page.goto('/chat/index?channelId=offline');
  await send(page, 'Can someone call me back?');
  const dialog = page.getByRole('dialog', { name: 'Leave a message' });
  await expect(dialog).toBeVisible();
  // The browser speaks en-US: the country starts as the United States, the number picks Denmark.
  const country = dialog.getByRole('combobox', { name: 'Country or region' });
  await expect(country).toHaveValue('US');
  await dialog.getByLabel('Phone', { exact: true }).fill('+45 2020 1234');
  await expect(country).toHaveValue('DK');
  // The country list and the number pass axe, each with its own name.
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByLabel(/^Message/).fill('Ring me, please.');
  const left = page.waitForRequest((request) => request.url().endsWith('/api/chat/visitor/leaveMsg'));
  await dialog.getByRole('button', { name: 'Send message' }).click();
  expect((await left).postDataJSON()).toMatchObject({ phone: '+4520201234', content: 'Ring me, please.' });
  await expect(page.getByText(/Thank you\. Your message has been sent\./)).toBeVisible();
});

test('given a channel with the cn-mobile preset, should ask for 11 digits starting with 1', async ({
  page,
}) => {
  await page.goto('/chat/index?channelId=form-inline');
  const form = page.getByRole('region', { name: 'Before we start' });
  await form.getByLabel(/^Name/).fill('Ann');
  await form.getByLabel(/^E-mail/).fill('ann@example.com');
  await expect(form.getByRole('combobox', { name: 'Country or region' })).toHaveCount(0);
  await form.getByLabel(/^Phone/).fill('+45 2020 1234');
  await form.getByRole('button', { name: 'Start chatting' }).click();
  await expect(form.getByText('Enter a valid phone number: 11 digits starting with 1.')).toBeVisible();
  await form.getByLabel(/^Phone/).fill('13800138000');
  await form.getByRole('button', { name: 'Start chatting' }).click();
  await expect(form).toBeHidden();
});

test('given a channel outside working hours, should show its closed message', async ({ page }) => {
  await page.goto('/chat/index?channelId=closed');
  await send(page, 'Hello?');
  await expect(conversation(page).getByText(/We are closed right now/)).toBeVisible();
});

test('given a channel with several groups, should let the visitor pick one and join its agent', async ({
  page,
}) => {
  await page.goto('/chat/index?channelId=groups');
  await send(page, 'I have a question about my bill');
  const picker = page.getByRole('dialog', { name: 'Choose a department' });
  await expect(picker).toBeVisible();
  await picker.getByRole('radio', { name: 'Support' }).check();
  await picker.getByRole('button', { name: 'Continue' }).click();
  await expect(conversation(page).getByText('Bob joined the chat')).toBeVisible();
});

test('given a pre-chat form in a dialog, should check the fields and then let the visitor chat', async ({
  page,
}) => {
  await page.goto('/chat/index?channelId=form-modal');
  const form = page.getByRole('dialog', { name: 'Before we start' });
  await expect(form).toBeVisible();
  await form.getByLabel(/^Name/).fill('Ann');
  await form.getByLabel(/^E-mail/).fill('not-an-address');
  await form.getByRole('button', { name: 'Start chatting' }).click();
  await expect(form.getByText('Enter a valid email address.')).toBeVisible();
  await form.getByLabel(/^E-mail/).fill('ann@example.com');
  const phone = form.getByLabel(/^Phone/);
  if (await phone.count()) await phone.fill('+86 138 0013 8000');
  await form.getByRole('button', { name: 'Start chatting' }).click();
  await expect(form).toBeHidden();
  // What the form was told is not asked again (WCAG 3.3.7).
  await page.getByRole('button', { name: 'Leave a message' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave a message' });
  await expect(leave.getByLabel('Name')).toHaveValue('Ann');
  await expect(leave.getByLabel('Email')).toHaveValue('ann@example.com');
});

test('given a pre-chat form inline, should show it in the page, not as a dialog', async ({ page }) => {
  await page.goto('/chat/index?channelId=form-inline');
  await expect(page.getByRole('region', { name: 'Before we start' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('given no channel id, should show the page error', async ({ page }) => {
  await page.goto('/chat/index');
  await expect(page.getByRole('alert')).toContainText('unknown channel id');
});

test('given an unknown channel, should show the server reason', async ({ page }) => {
  await page.goto('/chat/index?channelId=no-such-channel');
  await expect(page.getByRole('alert')).toContainText('unknown channel, no such channel');
  await expect(page.getByRole('alert')).not.toContainText('unknown channel, unknown channel');
  // The channel will not exist on a second try either.
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  // The alert sits inside the main landmark: a `main` with the alert role fails axe.
  expect(await axeViolations(page)).toEqual([]);
});

test('given Arabic stored as the language, should read right to left in Arabic', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('chat-lan', 'ar'));
  await page.goto('/chat/index?channelId=robot');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('log')).toHaveAccessibleName(/\p{Script=Arabic}/u);
  await expect(page.getByRole('button', { name: 'إرسال' })).toBeAttached();
  await page.evaluate(() => localStorage.setItem('chat-lan', 'de'));
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  // The kit's own labels follow too (its German comes with the app).
  await expect(page.getByRole('button', { name: 'Senden' })).toBeAttached();
});

test('given a hidden tab and a new agent message, should flash the title until the visitor returns', async ({
  page,
  request,
}) => {
  await page.goto('/chat/index?channelId=human');
  await send(page, 'Ping');
  await expect(conversation(page).getByText(/joined the chat/)).toBeVisible();
  const { agent, chat } = await agentWithChat(request, 'human');
  const setHidden = (hidden: boolean) =>
    page.evaluate((value) => {
      Object.defineProperty(document, 'visibilityState', {
        configurable: true,
        get: () => (value ? 'hidden' : 'visible'),
      });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => value });
      // As a browser fires it: at the document, bubbling to the window.
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    }, hidden);
  await setHidden(true);
  await agent.send(chat.sessionId, 'Are you still there?');
  await expect(page).toHaveTitle('You received a new message', { timeout: 10_000 });
  await expect(page).toHaveTitle('Human first');
  await setHidden(false);
  await page.waitForTimeout(1500);
  await expect(page).toHaveTitle('Human first');
});

// The smallest real files of each kind: the server sniffs content, so a renamed text file would be refused.
const FILES = {
  image: {
    name: 'receipt.png',
    mimeType: 'image/png',
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    ),
  },
  audio: {
    name: 'note.mp3',
    mimeType: 'audio/mpeg',
    buffer: Buffer.concat([
      Buffer.from('ID3', 'latin1'),
      Buffer.from([3, 0, 0, 0, 0, 0, 0]),
      Buffer.from([0xff, 0xfb, 0x90, 0x00]),
      Buffer.alloc(413),
    ]),
  },
  video: {
    name: 'unboxing.mp4',
    mimeType: 'video/mp4',
    buffer: Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypmp42', 'latin1'),
      Buffer.from([0, 0, 0, 0]),
      Buffer.from('mp42isom', 'latin1'),
      Buffer.alloc(64),
    ]),
  },
  file: {
    name: 'invoice.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1'),
  },
};

test('given each kind of file, should upload it and show it with its own widget to the visitor and the agent', async ({
  page,
  request,
}) => {
  await page.goto('/chat/index?channelId=human');
  await send(page, 'I will send you some files');
  await expect(conversation(page).getByText(/joined the chat/)).toBeVisible();
  const input = page.locator('input[type="file"]').first();
  for (const file of Object.values(FILES)) await input.setInputFiles(file);

  const log = conversation(page);
  await expect(log.getByRole('button', { name: /receipt\.png/ })).toBeVisible();
  await expect(log.getByRole('button', { name: 'Play voice message' })).toBeVisible();
  await expect(log.locator('video')).toBeAttached();
  await expect(log.getByRole('link', { name: /Download invoice\.pdf/ })).toBeVisible();
  await expect(log.getByRole('button', { name: /Retry/ })).toHaveCount(0);

  const { agent, chat } = await agentWithChat(request, 'human');
  await expect
    .poll(async () =>
      (await agent.messages(chat.sessionId)).messages
        .filter((message) => message.senderType === 1)
        .map((message) => (message as { msgType?: number }).msgType)
        // Uploads finish in any order.
        .sort(),
    )
    .toEqual([1, 2, 4, 5, 6]);
});

test('given a voice message recorded with the microphone, should deliver it as audio the agent can play', async ({
  page,
  request,
}) => {
  await page.context().grantPermissions(['microphone']);
  await page.goto('/chat/index?channelId=human');
  await send(page, 'Let me say it instead');
  await expect(conversation(page).getByText(/joined the chat/)).toBeVisible();
  await page.getByRole('button', { name: 'Voice input' }).click();
  const hold = page.getByRole('button', { name: 'Hold to talk' });
  await expect(hold).toBeEnabled(); // the recorder is downloaded on first use
  await hold.focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Stop and send' })).toBeVisible();
  // Recording: the elapsed time against the limit, the level meter, a way to cancel with one
  // click, and still nothing for axe.
  await expect(page.getByRole('button', { name: 'Cancel recording' })).toBeVisible();
  await expect(page.getByText(/^\d+s \/ 60s$/)).toBeVisible();
  await expect(page.getByRole('meter', { name: 'Microphone level' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  // At least two seconds of recording, as the page counts them (a busy machine may skip a tick).
  await expect(page.getByText(/^([2-9]|[1-5]\d)s \/ 60s$/)).toBeVisible({ timeout: 10_000 });
  await page.keyboard.press('Space');

  const log = conversation(page);
  await expect(log.getByRole('button', { name: 'Play voice message' })).toBeVisible();
  await expect(log.getByRole('button', { name: /Retry/ })).toHaveCount(0);

  const { agent, chat } = await agentWithChat(request, 'human');
  let voice: { msgType?: number; fileName?: string; audioDuration?: number; fileUrl?: string } | undefined;
  await expect
    .poll(async () => {
      voice = (await agent.messages(chat.sessionId)).messages.find(
        (message) => (message as { msgType?: number }).msgType === 5,
      ) as typeof voice;
      return voice?.fileName ?? null;
    })
    .toMatch(/^voice-\d+\.(wav|ogg)$/);
  expect(voice?.audioDuration).toBeGreaterThanOrEqual(2);
  // What the agent downloads is audio a browser decodes, as long as the visitor spoke.
  const seconds = await page.evaluate(async (url) => {
    const bytes = await (await fetch(url)).arrayBuffer();
    const decoded = await new OfflineAudioContext(1, 1, 16_000).decodeAudioData(bytes);
    return decoded.duration;
  }, voice?.fileUrl ?? '');
  expect(seconds).toBeGreaterThan(1.5);
});

test('given every agent busy, should queue the visitor with a live position, then join', async ({
  browser,
  request,
}) => {
  // Bob (capacity 1) and Alice (capacity 2) take the first three visitors of the human channel.
  const visitors = await Promise.all([0, 1, 2, 3].map(() => browser.newPage()));
  for (const [index, visitor] of visitors.slice(0, 3).entries()) {
    await visitor.goto('/chat/index?channelId=human');
    await send(visitor, `Visitor ${index + 1} here`);
    await expect(conversation(visitor).getByText(/joined the chat/)).toBeVisible();
  }
  const waiting = visitors[3] as Page;
  await waiting.goto('/chat/index?channelId=human');
  await send(waiting, 'Is anyone free?');
  await expect(
    conversation(waiting).getByText('All agents are busy. You are number 1 in the queue.'),
  ).toBeVisible();

  const bob = await Agent.login(request, 'bob');
  const [bobsChat] = await bob.chats();
  await bob.close((bobsChat as { sessionId: string }).sessionId);
  await expect(conversation(waiting).getByText(/joined the chat/)).toBeVisible();
  await expect(conversation(waiting).getByText(/You are number \d+ in the queue/)).toHaveCount(0);
  for (const visitor of visitors) await visitor.close();
});

test('given only a keyboard, should hold a whole conversation', async ({ page, request }) => {
  await page.goto('/chat/index?channelId=human');
  const input = page.getByRole('textbox', { name: /message/i });
  await expect(input).toBeVisible();
  // From the top of the page, Tab reaches the message box.
  for (
    let step = 0;
    step < 15 && !(await input.evaluate((element) => element === document.activeElement));
    step++
  ) {
    await page.keyboard.press('Tab');
  }
  await expect(input).toBeFocused();
  await page.keyboard.type('Typed without a mouse');
  await page.keyboard.press('Enter');
  await expect(conversation(page).getByText(/joined the chat/)).toBeVisible();
  const { agent, chat } = await agentWithChat(request, 'human');
  await agent.requestRating(chat.sessionId);
  const dialog = page.getByRole('dialog', { name: 'Rate this service' });
  await expect(dialog).toBeVisible();
  // Focus moved into the dialog: Tab reaches the stars, arrows choose one, Tab reaches Submit.
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await tabTo(page, dialog.getByRole('radio').first());
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { checked: true })).toHaveCount(1);
  await tabTo(page, dialog.getByRole('button', { name: 'Submit' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(conversation(page).getByText('You rated the service')).toBeVisible();
});

test('given the network drops, should keep the message, say so, and send it once when it returns', async ({
  page,
  context,
  request,
}) => {
  await page.goto('/chat/index?channelId=human');
  await send(page, 'First message');
  await expect(conversation(page).getByText(/joined the chat/)).toBeVisible();
  await context.setOffline(true);
  await send(page, 'Sent while offline');
  await expect(conversation(page).getByText('Sent while offline')).toBeVisible();
  await expect(
    page.getByText('You are offline. Your messages will be sent when the connection returns.'),
  ).toBeVisible();
  // A request caught in flight by the drop may only fail at its 20 s timeout before the engine
  // retries: allow for it.
  test.setTimeout(90_000);
  await context.setOffline(false);
  await expect(page.getByText(/You are offline/)).toHaveCount(0, { timeout: 30_000 });
  const { agent, chat } = await agentWithChat(request, 'human');
  await expect
    .poll(
      async () =>
        (await agent.messages(chat.sessionId)).messages.filter(
          (message) => message.msgContent === 'Sent while offline',
        ).length,
      { timeout: 30_000 },
    )
    .toBe(1);
});

test('given a returning visitor, should page through earlier conversations from the top of the list', async ({
  page,
}) => {
  await page.goto('/chat/index?channelId=robot');
  for (let index = 1; index <= 12; index++) {
    await send(page, `Question ${index}`);
    await expect(conversation(page).getByText(`Question ${index}`, { exact: true })).toBeVisible();
  }
  await expect(
    conversation(page)
      .getByText(/Sorry, I do not know that yet/)
      .last(),
  ).toBeVisible();
  await page.getByRole('button', { name: 'End chat' }).click();
  await page.getByRole('button', { name: 'Start a new chat' }).click();
  // The new session starts with its own messages; the earlier ones come back page by page (20 each).
  // The list is virtualised: only rows near the view are in the page.
  const log = conversation(page);
  await expect(log.getByText('Hi! I am the Parley bot. How can I help?').last()).toBeVisible();
  const earlier = page.getByRole('button', { name: 'Load earlier messages' });
  for (let page_ = 0; page_ < 5 && (await earlier.count()) > 0; page_++) {
    await earlier.click();
    await page.waitForTimeout(300);
  }
  await expect(earlier).toHaveCount(0);
  await log.evaluate((element) => element.scrollTo({ top: 0 }));
  await expect(log.getByText('Question 1', { exact: true })).toHaveCount(1);
});
