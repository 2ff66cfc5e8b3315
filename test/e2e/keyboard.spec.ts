import type { Locator, Page } from '@playwright/test';
import { channelId } from './server-state';
import { expect, test, type ChatEnvironment } from './fixtures';

// The keyboard (issue 13): a selected message in the feed, the shortcuts of the real service's help
// page ("Keyboard shortcuts"), the ? overlay generated from the same table, the Ctrl+K switcher, and
// "Jump to first unread". Every shortcut of the table is pressed at least once below, but `i` (the
// message menu), which keyboard-reach.spec.ts presses, `u` (the sender's card), people.spec.ts, and
// ← (edit your last message), edit-message.spec.ts; the keys listed for the compose box are its own.
test.describe.configure({ mode: 'serial' });

const ADA = 'owner';
const BEN = 'ben@northwind.example';
const CHLOE = 'chloe@northwind.example';

/** Marks everything read for `who`, so the next unread conversation is the one a test posts. */
async function markAllRead(chat: ChatEnvironment, who: string): Promise<void> {
  let anchor: number | 'oldest' = 'oldest';
  for (;;) {
    const { body } = await chat.api(who).post('/messages/flags/narrow', {
      anchor,
      include_anchor: anchor === 'oldest',
      num_before: 0,
      num_after: 1000,
      narrow: [],
      op: 'add',
      flag: 'read',
    });
    if (body.found_newest || body.last_processed_id === null) return;
    anchor = body.last_processed_id as number;
  }
}

async function post(chat: ChatEnvironment, who: string, topic: string, content: string): Promise<number> {
  const { body } = await chat.api(who).post('/messages', { type: 'channel', to: 'general', topic, content });
  return body.id as number;
}

async function messageOf(chat: ChatEnvironment, who: string, id: number) {
  const { body } = await chat.api(who).get('/messages', {
    anchor: id,
    num_before: 0,
    num_after: 0,
    narrow: [{ operator: 'id', operand: id }],
  });
  return (body.messages as { flags: string[]; reactions: { emoji_name: string; user_id: number }[] }[])[0]!;
}

const selected = (page: Page): Locator => page.locator('[data-message-id][data-selected="true"]');

async function expectSelected(page: Page, id: number): Promise<void> {
  await expect(selected(page)).toHaveAttribute('data-message-id', String(id));
  await expect(selected(page)).toHaveAttribute('aria-current', 'true');
  await expect(selected(page)).toBeInViewport();
}

async function theme(chat: ChatEnvironment, page: Page, scheme: 'light' | 'dark'): Promise<void> {
  // color_scheme: 2 dark, 3 light (1 follows the system).
  await chat.api(ADA).patch('/settings', { color_scheme: scheme === 'dark' ? 2 : 3 });
  await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
}

test('a person works through the Inbox with the keyboard: n, j/k, Home/End, Ctrl+S, s, +, :, e, r, Enter, R, p, x, c', async ({
  page,
  chat,
  signIn,
}) => {
  const ada = chat.user(ADA);
  const ben = chat.user(BEN);
  const chloe = chat.user(CHLOE);
  const general = await channelId(chat.api(ADA), 'general');
  await markAllRead(chat, ADA);
  const topic = `keyboard story ${Date.now()}`;
  const first = await post(chat, BEN, topic, 'Morning! The release notes are up.');
  const second = await post(chat, BEN, topic, 'Could you check the wording of the last part?');
  const third = await post(chat, BEN, topic, 'And the changelog link.');
  const own = await post(chat, ADA, topic, 'On it.');
  await chat.api(CHLOE).post('/messages', { type: 'direct', to: [ada.user_id], content: 'Lunch at noon?' });

  await signIn(page, ADA);
  await expect(page.getByTestId('inbox-view')).toBeVisible();

  // n: the next unread topic opens at its first unread message, which is selected.
  await page.keyboard.press('n');
  await expect(page.getByTestId('conversation-title')).toContainText(topic);
  await expectSelected(page, first);
  await page.screenshot({ path: 'test-results/screens/keyboard-selected-light.png' });
  await theme(chat, page, 'dark');
  await page.screenshot({ path: 'test-results/screens/keyboard-selected-dark.png' });
  await theme(chat, page, 'light');

  // j/k and the arrows move the selection; Home and End go to either end.
  await page.keyboard.press('j');
  await expectSelected(page, second);
  await page.keyboard.press('ArrowDown');
  await expectSelected(page, third);
  await page.keyboard.press('k');
  await expectSelected(page, second);
  await page.keyboard.press('ArrowUp');
  await expectSelected(page, first);
  await page.keyboard.press('End');
  await expectSelected(page, own);
  await page.keyboard.press('Home');
  const oldest = await selected(page).getAttribute('data-message-id');
  expect(Number(oldest)).toBeLessThanOrEqual(first);
  // A click selects too.
  await page.getByTestId(`content-${second}`).click();
  await expectSelected(page, second);

  // Ctrl+S stars and unstars the selected message, as in the real service.
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId(`star-${second}`)).toHaveAttribute('aria-pressed', 'true');
  expect((await messageOf(chat, ADA, second)).flags).toContain('starred');
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId(`star-${second}`)).toHaveAttribute('aria-pressed', 'false');
  expect((await messageOf(chat, ADA, second)).flags).not.toContain('starred');

  // s goes from the topic to its channel and back, at the selected message.
  await page.keyboard.press('s');
  await expect(page.getByTestId('conversation-title')).not.toContainText(topic);
  await expectSelected(page, second);
  await page.keyboard.press('s');
  await expect(page.getByTestId('conversation-title')).toContainText(topic);
  await expectSelected(page, second);

  // + adds 👍, and takes it back.
  await page.keyboard.press('+');
  await expect(page.getByTestId(`reactions-${second}`).getByTestId('reaction-+1')).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect((await messageOf(chat, ADA, second)).reactions).toContainEqual(
    expect.objectContaining({ emoji_name: '+1', user_id: ada.user_id }),
  );
  await page.keyboard.press('+');
  await expect(page.getByTestId(`reactions-${second}`)).toHaveCount(0);

  // : opens the emoji picker of the selected message; its search takes the typing.
  await page.keyboard.press(':');
  await expect(page.getByTestId('emoji-picker')).toBeVisible();
  await expect(page.getByTestId('emoji-search')).toBeFocused();
  await page.keyboard.type('tada');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId(`reactions-${second}`).getByTestId('reaction-tada')).toBeVisible();
  await expect(page.getByTestId('emoji-picker')).toHaveCount(0);

  // e on another person's channel message offers to move it (Ada may), on one's own edits it;
  // closing the dialog gives the focus back to the feed.
  await page.keyboard.press('e');
  const mover = page.getByRole('dialog');
  await expect(mover.getByRole('heading', { name: 'Move message' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(mover).toHaveCount(0);
  await page.getByTestId(`content-${own}`).click();
  await expect(page.getByTestId('message-feed')).toBeFocused();
  await page.keyboard.press('e');
  const editor = page.getByRole('dialog');
  await expect(editor).toBeVisible();
  // Keys typed in a dialog are text, not shortcuts.
  await page.keyboard.press('j');
  await expectSelected(page, own);
  // The typed "j" is an unsaved edit: the first Esc leaves the text, the second closes.
  await page.keyboard.press('Escape');
  await expect(editor).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(editor).toHaveCount(0);
  await expect(page.getByTestId('message-feed')).toBeFocused();
  await expect(page.getByTestId('conversation-title')).toContainText(topic);

  // r replies to the selected message: the compose box of its conversation takes the focus.
  await page.getByTestId(`content-${first}`).click();
  await page.keyboard.press('r');
  const compose = page.getByTestId('compose-input');
  await expect(compose).toBeFocused();
  // Typing there is text: no shortcut fires.
  await page.keyboard.type('Looks good to me');
  await expect(compose).toHaveValue('Looks good to me');
  await expectSelected(page, first);
  // Ctrl+Enter sends whatever the user's enter_sends setting.
  await page.keyboard.press('Control+Enter');
  await expect(compose).toHaveValue('');
  await expect
    .poll(async () => {
      const { body } = await chat.api(BEN).get('/messages', {
        anchor: 'newest',
        num_before: 1,
        num_after: 0,
        narrow: [
          { operator: 'channel', operand: general },
          { operator: 'topic', operand: topic },
        ],
      });
      return (body.messages as { content: string }[])[0]?.content ?? '';
    })
    .toContain('Looks good to me');

  // Enter replies too, from the feed.
  await page.getByTestId(`content-${third}`).click();
  await expect(page.getByTestId('message-feed')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(compose).toBeFocused();

  // R (Shift+R) writes to the author in a direct message.
  await page.getByTestId(`content-${third}`).click();
  await page.keyboard.press('Shift+R');
  await expect(page.getByTestId('conversation-title')).toHaveText(ben.full_name);
  await expect(page.getByTestId('compose-input')).toBeFocused();

  // Esc leaves the compose box, keeping its text; the shortcuts work again.
  await page.keyboard.type('a note for later');
  await page.keyboard.press('Escape');
  // No messages with Ben yet, so no feed: the conversation's pane takes the focus.
  await expect(page.locator('.pane-center')).toBeFocused();
  await expect(page.getByTestId('compose-input')).toHaveValue('a note for later');
  await expect(page.getByTestId('conversation-title')).toHaveText(ben.full_name);

  // p: the next unread direct message.
  await page.keyboard.press('p');
  await expect(page.getByTestId('conversation-title')).toHaveText(chloe.full_name);
  await expect(selected(page)).toContainText('Lunch at noon?');

  // x: a new direct message.
  await page.keyboard.press('x');
  await expect(page.getByTestId('new-dm-dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('new-dm-dialog')).toHaveCount(0);

  // c in a topic: a new topic in its channel, the topic field focused.
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  await expect(page.getByTestId('conversation-title')).toContainText(topic);
  await page.getByTestId('message-feed').click();
  await page.keyboard.press('c');
  await expect(page.getByTestId('conversation-title')).toHaveText('# general');
  await expect(page.getByTestId('compose-topic')).toBeFocused();
});

test('a person searches with /, reads the ? overlay, jumps with Ctrl+K, and goes home with Esc', async ({
  page,
  chat,
  signIn,
}) => {
  await signIn(page, ADA);
  await expect(page.getByTestId('inbox-view')).toBeVisible();

  // /: the search box.
  await page.keyboard.press('/');
  await expect(page.getByTestId('search-input')).toBeFocused();
  await expect(page.getByTestId('search-input')).toHaveValue('');
  await page.keyboard.press('Escape');
  await page.getByTestId('inbox-view').click();

  // ?: every shortcut, in both themes.
  await page.keyboard.press('?');
  const help = page.getByTestId('keyboard-help');
  await expect(help).toBeVisible();
  for (const action of [
    'new-topic-message',
    'new-direct-message',
    'reply',
    'reply-to-author',
    'next-unread-topic',
    'next-unread-dm',
    'select-next',
    'select-previous',
    'select-first',
    'select-last',
    'edit',
    'edit-last',
    'star',
    'go-to-conversation',
    'scroll-page',
    'send-message',
    'accept-suggestion',
    'format-bold',
    'format-italic',
    'format-link',
    'edit-last-from-compose',
    'thumbs-up',
    'emoji-picker',
    'search',
    'close',
    'help',
    'quick-switcher',
  ])
    await expect(help.getByTestId(`shortcut-${action}`)).toBeVisible();
  await expect(help.getByTestId('shortcut-quick-switcher')).toContainText('Ctrl+K');
  await expect(help.getByTestId('shortcut-star')).toContainText('Ctrl+S');
  await expect(help.getByTestId('shortcut-send-message')).toContainText('Ctrl+Enter');
  await expect(help.getByTestId('shortcut-format-link')).toContainText('Ctrl+Shift+L');
  await expect(help.getByTestId('shortcut-scroll-page')).toContainText('PgUp or PgDn');
  await page.screenshot({ path: 'test-results/screens/keyboard-help-light.png' });
  await theme(chat, page, 'dark');
  await page.screenshot({ path: 'test-results/screens/keyboard-help-dark.png' });
  await theme(chat, page, 'light');
  // Shortcuts wait while it is open; Esc closes it.
  await page.keyboard.press('x');
  await expect(page.getByTestId('new-dm-dialog')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
  await expect(page.getByTestId('inbox-view')).toBeVisible();

  // Ctrl+K: a prefix match first; arrows choose, Enter opens.
  await page.keyboard.press('Control+k');
  const switcher = page.getByTestId('quick-switcher');
  await expect(switcher).toBeVisible();
  await expect(page.getByTestId('switcher-input')).toBeFocused();
  await page.keyboard.type('gen');
  const options = switcher.getByRole('option');
  await expect(options.first()).toContainText('general');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await page.screenshot({ path: 'test-results/screens/keyboard-switcher-light.png' });
  await theme(chat, page, 'dark');
  await page.screenshot({ path: 'test-results/screens/keyboard-switcher-dark.png' });
  await theme(chat, page, 'light');
  await page.keyboard.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(switcher).toHaveCount(0);
  await expect(page.getByTestId('conversation-title')).toHaveText('# general');

  // A person, typed from the compose box (Ctrl+K works while typing).
  await page.getByTestId('compose-input').click();
  await page.keyboard.press('Control+k');
  // Accents aside: "chloe" finds "Chloé".
  await page.keyboard.type('chloe');
  await expect(switcher.getByRole('option').first()).toContainText(chat.user(CHLOE).full_name);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('conversation-title')).toHaveText(chat.user(CHLOE).full_name);
  // The compose box that had the focus is gone with its conversation: the focus is not dropped.
  expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');
  // Ctrl+K again closes it; so does Esc.
  await page.keyboard.press('Control+k');
  await expect(switcher).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(switcher).toHaveCount(0);

  // Esc with nothing open goes to the home view.
  await page.getByTestId('message-feed').click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('inbox-view')).toBeVisible();
});

test('q filters the channels and w searches people: ↓ goes into the list, Enter opens the first match, Esc leaves', async ({
  page,
  chat,
  signIn,
}) => {
  await signIn(page, ADA);
  await expect(page.getByTestId('inbox-view')).toBeVisible();
  const filter = page.getByTestId('channel-filter');
  const channels = page.getByTestId('channel-list');

  await page.keyboard.press('q');
  await expect(filter).toBeFocused();
  await expect(filter).toHaveValue('');
  await page.keyboard.type('des');
  await expect(channels.getByTestId('channel-design')).toBeVisible();
  await expect(channels.getByTestId('channel-general')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/keyboard-channel-filter.png' });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('conversation-title')).toHaveText('# design');
  await expect(filter).toHaveValue('');
  await expect(filter).not.toBeFocused();

  // ↓ goes to the first channel left; Esc empties the field and leaves it, the conversation kept.
  await page.keyboard.press('q');
  await page.keyboard.type('ra');
  await page.keyboard.press('ArrowDown');
  await expect(channels.getByTestId('channel-general')).toBeFocused();
  await page.keyboard.press('q');
  await expect(filter).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(filter).toHaveValue('');
  await expect(filter).not.toBeFocused();
  await expect(channels.getByTestId('channel-random')).toBeVisible();
  await expect(page.getByTestId('conversation-title')).toHaveText('# design');
  // Listed in the ? overlay.
  await page.keyboard.press('?');
  await expect(page.getByTestId('shortcut-filter-channels')).toContainText('q');
  await expect(page.getByTestId('shortcut-search-people')).toContainText('w');
  await page.keyboard.press('Escape');

  // Typed in a field, q and w are letters.
  await page.keyboard.press('/');
  await page.keyboard.type('qw');
  await expect(page.getByTestId('search-input')).toHaveValue('qw');
  await page.keyboard.press('Escape');

  // w: the people panel of the home view.
  await page.getByTestId('home-inbox').click();
  const elena = chat.user('elena@northwind.example');
  await page.keyboard.press('w');
  await expect(page.getByTestId('people-search')).toBeFocused();
  await page.keyboard.type('ele');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId(`person-${elena.user_id}`)).toBeFocused();
  await page.keyboard.press('w');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('conversation-title')).toHaveText(elena.full_name);
});

test('a long conversation offers "Jump to first unread"; End loads the newest first', async ({
  page,
  chat,
  signIn,
}) => {
  await markAllRead(chat, ADA);
  // Reading marks nothing read here, so the first unread stays where it is while the view moves.
  await chat.api(ADA).patch('/settings', { web_mark_read_on_scroll_policy: 3 });
  const topic = `long read ${Date.now()}`;
  const ids: number[] = [];
  for (let i = 1; i <= 260; i++) ids.push(await post(chat, BEN, topic, `Line ${i} of the long read`));
  const firstUnread = ids[0]!;
  const newest = ids[ids.length - 1]!;

  await signIn(page, ADA);
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  await expectSelected(page, firstUnread);
  await expect(page.getByTestId('jump-to-first-unread')).toHaveCount(0);
  // Opened at the top of what is loaded, which ends before the newest message: the bottom button
  // is there, and End opens the conversation again at the newest.
  await expect(page.getByTestId('jump-to-bottom')).toBeVisible();
  await expect(page.getByTestId(`message-${newest}`)).toHaveCount(0);
  await page.getByTestId('message-feed').click();
  await page.keyboard.press('End');
  await expectSelected(page, newest);
  await expect(page.getByTestId('jump-to-bottom')).toHaveCount(0);

  const jump = page.getByTestId('jump-to-first-unread');
  await expect(jump).toBeVisible();
  // The first unread message is not even loaded: Home stops at the oldest loaded one, below it.
  await page.keyboard.press('Home');
  await expect
    .poll(async () => Number(await selected(page).getAttribute('data-message-id')))
    .toBeGreaterThan(firstUnread + 100);
  await expect(jump).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/jump-to-first-unread.png' });
  await jump.click();
  await expectSelected(page, firstUnread);
  await expect(page.getByTestId(`message-${firstUnread}`)).toBeInViewport();
  await expect(jump).toHaveCount(0);
  await chat.api(ADA).patch('/settings', { web_mark_read_on_scroll_policy: 1 });
});

test('> quotes the selected message into the reply; Shift+U marks it and what follows unread', async ({
  page,
  chat,
  signIn,
}) => {
  await markAllRead(chat, ADA);
  const topic = `quoting ${Date.now()}`;
  const quoted = await post(chat, BEN, topic, 'The **deadline** moved to Friday');
  const after = await post(chat, BEN, topic, 'Tell the others');
  await markAllRead(chat, ADA);

  await signIn(page, ADA);
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  await expectSelected(page, after);
  await page.getByTestId('message-feed').click();
  await page.keyboard.press('k');
  await expectSelected(page, quoted);

  await page.keyboard.press('>');
  const box = page.getByTestId('compose-input');
  await expect(box).toBeFocused();
  const ben = chat.user(BEN);
  await expect(box).toHaveValue(new RegExp(`^@_\\*\\*${ben.full_name}\\|${ben.user_id}\\*\\* \\[said\\]\\(`));
  await expect(box).toHaveValue(/```quote\nThe \*\*deadline\*\* moved to Friday\n```/);
  await page.screenshot({ path: 'test-results/screens/keyboard-quote-reply.png' });

  // Back to the feed without sending; the draft stays.
  await box.fill('');
  await page.getByTestId('message-feed').click();
  await page.keyboard.press('k');
  await expectSelected(page, quoted);
  await page.keyboard.press('Shift+U');
  await expect.poll(async () => (await messageOf(chat, ADA, quoted)).flags).not.toContain('read');
  await expect.poll(async () => (await messageOf(chat, ADA, after)).flags).not.toContain('read');
  await expect(page.getByTestId(`topic-unread-${topic}`)).toBeVisible();
  // Still on screen, but not read again behind the reader's back.
  await page.waitForTimeout(1500);
  expect((await messageOf(chat, ADA, quoted)).flags).not.toContain('read');
  // Reading resumes once the view is left: opened again, what it shows is read.
  await page.getByTestId('all-messages').click();
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  await expect.poll(async () => (await messageOf(chat, ADA, after)).flags).toContain('read');
});

test('focus stays where the keyboard can use it: inside an open dialog, and on the view when the conversation changes', async ({
  page,
  chat,
  signIn,
}) => {
  await markAllRead(chat, ADA);
  const stamp = Date.now();
  await post(chat, BEN, `focus one ${stamp}`, 'First unread topic.');
  await post(chat, BEN, `focus two ${stamp}`, 'Second unread topic.');
  await signIn(page, ADA);
  await expect(page.getByTestId('inbox-view')).toBeVisible();
  const onBody = () => page.evaluate(() => document.activeElement === document.body);

  // n twice: the second replaces the conversation (and the feed that had focus).
  const title = page.getByTestId('conversation-title');
  await page.keyboard.press('n');
  await expect(title).toContainText(`${stamp}`);
  const firstTitle = (await title.textContent()) ?? '';
  await page.getByTestId('message-feed').focus();
  await page.keyboard.press('n');
  await expect(title).toContainText(`${stamp}`);
  await expect(title).not.toHaveText(firstTitle);
  await expect.poll(onBody).toBe(false);
  await expect(page.getByTestId('message-feed')).toBeFocused();

  // ?: Tab goes round inside the dialog, never to the page behind it.
  await page.keyboard.press('?');
  const help = page.getByTestId('keyboard-help');
  await expect(help).toBeVisible();
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    expect(await help.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Shift+Tab');
  expect(await help.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
  expect(await onBody()).toBe(false);
});
