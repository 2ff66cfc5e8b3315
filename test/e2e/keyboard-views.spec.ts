import { channelId } from './server-state';
import { expect, test } from './fixtures';

// The keyboard keeps its place: a conversation or view opened by a key takes the keyboard, the
// real service's view keys (t, Shift+I, a, *, d) work, and a list row that goes away hands the
// focus to its neighbour instead of dropping it on the page.

const focusIn = (testId: string) => `!!document.activeElement?.closest('[data-testid="${testId}"]')`;

test('keys open the views, and a conversation opened from the sidebar by a key takes the keyboard', async ({
  page,
  chat,
  signIn,
}) => {
  const me = await signIn(page, 'member');
  const topic = `keys story ${Date.now()}`;
  await chat
    .api('admin')
    .post('/messages', { type: 'channel', to: 'general', topic, content: 'Unread for n.' });
  await expect(page.getByTestId('inbox-view')).toBeVisible();

  // From a sidebar button, n opens the next unread topic and the view takes the keyboard: End and
  // the page keys move the messages, not the sidebar.
  await page.getByTestId('channel-engineering').focus();
  await page.keyboard.press('n');
  await expect(page.getByTestId('conversation-title')).toContainText('›');
  await expect.poll(() => page.evaluate('!!document.activeElement?.closest("main")')).toBe(true);

  // The same for the quick switcher opened from the sidebar.
  await page.getByTestId('channel-engineering').focus();
  await page.keyboard.press('Control+k');
  await page.getByTestId('switcher-input').fill(topic);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('conversation-title')).toContainText(topic);
  await expect.poll(() => page.evaluate('!!document.activeElement?.closest("main")')).toBe(true);

  // A direct message conversation with nothing in it yet: its compose box takes the keyboard.
  const farid = chat.user('farid@northwind.example');
  const { body } = await chat.api(me.email).get('/messages', {
    anchor: 'newest',
    num_before: 1,
    num_after: 0,
    narrow: [{ operator: 'dm', operand: [farid.user_id] }],
  });
  expect(body.messages).toEqual([]);
  await page.keyboard.press('Control+k');
  await page.getByTestId('switcher-input').fill('Farid');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('conversation-title')).toContainText('Farid');
  await expect(page.getByTestId('compose-input')).toBeFocused();
  await page.keyboard.press('Escape');

  // The real service's view keys.
  await page.keyboard.press('t');
  await expect(page.getByTestId('recent-view')).toBeVisible();
  await page.keyboard.press('Shift+I');
  await expect(page.getByTestId('inbox-view')).toBeVisible();
  await page.keyboard.press('a');
  await expect(page.getByTestId('conversation-title')).toContainText('All messages');
  await page.keyboard.press('*');
  await expect(page.getByTestId('conversation-title')).toContainText('Starred');
  await page.keyboard.press('d');
  await expect(page.getByTestId('drafts-screen')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('drafts-screen')).toHaveCount(0);

  // A search for a channel and a topic alone is that topic's own view, with its compose box.
  await page.keyboard.press('/');
  await page.getByTestId('search-input').fill(`channel:general topic:"${topic}"`);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('conversation-title')).toHaveText(`# general › ${topic}`);
  await expect(page.getByTestId('compose-input')).toBeVisible();
  await page.keyboard.press('Escape');

  // ? shows the shortcuts and hides them again.
  await page.keyboard.press('?');
  await expect(page.getByTestId('keyboard-help')).toBeVisible();
  await expect(page.getByTestId('shortcut-recent')).toContainText('t');
  await page.keyboard.press('?');
  await expect(page.getByTestId('keyboard-help')).toHaveCount(0);
  expect(me.email).toBeTruthy();
});

test('an Inbox row that goes away while focused hands the focus to the row now in its place', async ({
  page,
  chat,
  signIn,
}) => {
  await signIn(page, 'owner');
  const general = await channelId(chat.api('owner'), 'general');
  const stamp = Date.now();
  for (const topic of [`vanishing ${stamp}`, `staying ${stamp}`])
    await chat.api('admin').post('/messages', { type: 'channel', to: 'general', topic, content: 'Read me.' });
  const vanishing = page.getByTestId(`inbox-topic-${general}-vanishing ${stamp}`);
  await expect(vanishing).toBeVisible();
  await vanishing.focus();
  const index = await vanishing.evaluate((el) => el.closest('[data-index]')?.getAttribute('data-index'));
  // Read on another device: the row goes.
  await chat
    .api('owner')
    .post('/mark_topic_as_read', { stream_id: general, topic_name: `vanishing ${stamp}` });
  await expect(vanishing).toHaveCount(0);
  await expect
    .poll(() =>
      page.evaluate(
        () => document.activeElement?.closest('[data-index]')?.getAttribute('data-index') ?? null,
      ),
    )
    .toBe(index);
  expect(await page.evaluate(focusIn('inbox-list'))).toBe(true);
  // And the keys go on from there.
  await page.keyboard.press('ArrowUp');
  await expect
    .poll(() =>
      page.evaluate(() => document.activeElement?.closest('[data-index]')?.getAttribute('data-index')),
    )
    .toBe(String(Number(index) - 1));
});

test('a view key from outside the view, and Esc from the search box, put the keyboard on the view’s rows', async ({
  page,
  chat,
  signIn,
}) => {
  await signIn(page, 'member');
  await chat
    .api('admin')
    .post('/messages', { type: 'channel', to: 'general', topic: `rows ${Date.now()}`, content: 'Unread.' });
  await expect(page.getByTestId('inbox-view')).toBeVisible();
  const focusedRow = () =>
    page.evaluate(() => document.activeElement?.closest('[data-index]')?.getAttribute('data-index') ?? null);

  // From the top bar, t opens Recent conversations (its conversations loaded before) with its first
  // row focused: j goes on from it.
  await page.keyboard.press('t');
  await expect(page.getByTestId('recent-list')).toBeVisible();
  await page.keyboard.press('Shift+I');
  await expect(page.getByTestId('inbox-view')).toBeVisible();
  await page.getByTestId('open-settings').focus();
  await page.keyboard.press('t');
  await expect(page.getByTestId('recent-view')).toBeVisible();
  await expect.poll(() => page.evaluate(focusIn('recent-list'))).toBe(true);
  await expect.poll(focusedRow).toBe('0');
  await page.keyboard.press('j');
  await expect.poll(focusedRow).toBe('1');

  // Shift+I on the Inbox already shown (as after closing the settings) takes the keyboard too.
  await page.keyboard.press('Shift+I');
  await expect(page.getByTestId('inbox-view')).toBeVisible();
  await page.getByTestId('open-settings').focus();
  await page.keyboard.press('Shift+I');
  await expect.poll(() => page.evaluate(focusIn('inbox-list'))).toBe(true);

  // Esc leaves the search box for the list's rows, where j and k work.
  await page.keyboard.press('/');
  await expect(page.getByTestId('search-input')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect.poll(focusedRow).toBe('0');
  await page.keyboard.press('j');
  await expect.poll(focusedRow).toBe('1');
});

test('when the selected message is deleted, the one after it is selected', async ({ page, chat, signIn }) => {
  await signIn(page, 'member');
  const topic = `short lived ${Date.now()}`;
  const ids: number[] = [];
  for (const text of ['One.', 'Two.', 'Three.', 'Four.']) {
    const { body } = await chat
      .api('admin')
      .post('/messages', { type: 'channel', to: 'general', topic, content: text });
    ids.push(body.id as number);
  }
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  await expect(page.getByTestId(`content-${ids[3]}`)).toBeVisible();
  const selected = page.locator('[data-message-id][data-selected="true"]');
  await page.keyboard.press('Home');
  await page.keyboard.press('j');
  await expect(selected).toHaveAttribute('data-message-id', String(ids[1]));
  await chat.api('admin').delete(`/messages/${ids[1]}`);
  await expect(page.getByTestId(`message-${ids[1]}`)).toHaveCount(0);
  await expect(selected).toHaveAttribute('data-message-id', String(ids[2]));
  await page.keyboard.press('j');
  await expect(selected).toHaveAttribute('data-message-id', String(ids[3]));
});

test('a selected message scrolled to where it is mostly hidden gives the selection to one in view', async ({
  page,
  chat,
  signIn,
}) => {
  await signIn(page, 'member');
  const topic = `long read ${Date.now()}`;
  const ids: number[] = [];
  for (let i = 0; i < 30; i++) {
    const { body } = await chat
      .api('admin')
      .post('/messages', { type: 'channel', to: 'general', topic, content: `Line ${i}.` });
    ids.push(body.id as number);
  }
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  const feed = page.getByTestId('message-feed');
  await expect(feed).not.toHaveAttribute('aria-busy', 'true');
  const selected = page.locator('[data-message-id][data-selected="true"]');
  await page.keyboard.press('End');
  await expect(selected).toHaveAttribute('data-message-id', String(ids[29]));
  await page.keyboard.press('k');
  await page.keyboard.press('k');
  const id = String(ids[27]);
  await expect(selected).toHaveAttribute('data-message-id', id);
  // The keys' scrolling has come to rest (it would bring the selected row back).
  let last = -1;
  await expect
    .poll(async () => {
      const top = await feed.evaluate((el) => el.scrollTop);
      const still = top === last;
      last = top;
      return still;
    })
    .toBe(true);
  // Scroll up until only the selected row's top 15 px show at the bottom of the feed.
  await feed.evaluate((el, messageId) => {
    const row = el.querySelector(`[data-message-id="${messageId}"]`)!.getBoundingClientRect();
    el.scrollTop += row.top - (el.getBoundingClientRect().bottom - 15);
  }, id);
  await expect(selected).not.toHaveAttribute('data-message-id', id);
  const share = await selected.evaluate((row) => {
    const r = row.getBoundingClientRect();
    const f = row.closest('[data-testid="message-feed"]')!.getBoundingClientRect();
    return (Math.min(r.bottom, f.bottom) - Math.max(r.top, f.top)) / r.height;
  });
  expect(share).toBeGreaterThanOrEqual(0.5);
});

test('@ replies mentioning the sender, = joins the first reaction, Shift+H shows the history, Shift+M mutes the topic', async ({
  page,
  chat,
  signIn,
}) => {
  const me = await signIn(page, 'member');
  const ben = chat.user('admin');
  const topic = `more keys ${Date.now()}`;
  const { body } = await chat
    .api('admin')
    .post('/messages', { type: 'channel', to: 'general', topic, content: 'First version.' });
  const id = body.id as number;
  await chat.api('admin').patch(`/messages/${id}`, { content: 'Second version.' });
  await chat.api('admin').post(`/messages/${id}/reactions`, {
    emoji_name: 'tada',
    emoji_code: '1f389',
    reaction_type: 'unicode_emoji',
  });
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  await expect(page.getByTestId(`content-${id}`)).toContainText('Second version.');
  await page.keyboard.press('End');
  const selected = page.locator('[data-message-id][data-selected="true"]');
  await expect(selected).toHaveAttribute('data-message-id', String(id));

  // = joins the message's first reaction (🎉), and leaves it again.
  const tada = page.getByTestId(`reactions-${id}`).getByTestId('reaction-tada');
  await page.keyboard.press('=');
  await expect(tada).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('=');
  await expect(tada).toHaveAttribute('aria-pressed', 'false');

  // Shift+H: the edit history of the selected message.
  await page.keyboard.press('Shift+H');
  await expect(page.getByTestId('edit-history-dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('edit-history-dialog')).toHaveCount(0);

  // @: a reply that starts with the sender's mention, the caret after it.
  await page.keyboard.press('@');
  const box = page.getByTestId('compose-input');
  await expect(box).toBeFocused();
  await expect(box).toHaveValue(`@**${ben.full_name}|${ben.user_id}** `);
  await page.keyboard.press('Escape');
  await box.fill('');
  await page.getByTestId('message-feed').focus();

  // Shift+M mutes the topic (the server's user topics say so), and unmutes it.
  const policy = async () => {
    const { body: state } = await chat.api(me.email).post('/register', { fetch_event_types: ['user_topic'] });
    const entry = (state.user_topics as { topic_name: string; visibility_policy: number }[]).find(
      (t) => t.topic_name === topic,
    );
    return entry?.visibility_policy ?? 0;
  };
  await page.keyboard.press('Shift+M');
  await expect.poll(policy).toBe(1);
  // Pressed again once the app shows the topic muted (the key toggles what the app knows).
  await expect(page.getByTestId(`topic-row-${topic}`)).toHaveClass(/\bmuted\b/);
  await page.keyboard.press('Shift+M');
  await expect.poll(policy).toBe(0);
});

test('@ after > puts the mention below the quote, so the quote still ends where it should', async ({
  page,
  chat,
  signIn,
}) => {
  const me = await signIn(page, 'member');
  const ben = chat.user('admin');
  const topic = `quote then mention ${Date.now()}`;
  await chat.api('admin').post('/messages', { type: 'channel', to: 'general', topic, content: 'Quote me.' });
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  await expect(page.getByTestId('message-feed')).not.toHaveAttribute('aria-busy', 'true');
  await page.keyboard.press('End');

  const box = page.getByTestId('compose-input');
  await page.keyboard.press('>');
  await expect(box).toHaveValue(/```quote\nQuote me\.\n```\n$/);
  await page.keyboard.press('Escape');
  await page.keyboard.press('@');
  await expect(box).toBeFocused();
  await expect(box).toHaveValue(/```\n@\*\*[^*]+\*\* $/);
  await page.keyboard.press('Control+Enter');

  // What the others read: the sender's mention after the quote, not swallowed by it.
  const { body } = await chat.api(me.email).get('/messages', {
    anchor: 'newest',
    num_before: 1,
    num_after: 0,
    narrow: [
      { operator: 'channel', operand: 'general' },
      { operator: 'topic', operand: topic },
    ],
  });
  const sent = (body.messages as { sender_id: number; content: string }[])[0]!;
  expect(sent.sender_id).toBe(me.user_id);
  expect(sent.content).toMatch(
    new RegExp(`</blockquote>\\s*<p><span class="user-mention" data-user-id="${ben.user_id}">`),
  );
});

test('Esc on the compose box’s buttons leaves the box, as from its text, rather than the conversation', async ({
  page,
  chat,
  signIn,
}) => {
  await signIn(page, 'member');
  const topic = `esc from send ${Date.now()}`;
  await chat.api('admin').post('/messages', { type: 'channel', to: 'general', topic, content: 'Hello.' });
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  const title = page.getByTestId('conversation-title');
  await expect(title).toContainText(topic);

  const box = page.getByTestId('compose-input');
  await box.click();
  await page.keyboard.type('Half written');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('compose-send')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect.poll(() => page.evaluate(focusIn('compose'))).toBe(false);
  await expect(title).toContainText(topic);
  await expect(box).toHaveValue('Half written');

  // The same from the toolbar; the next Esc goes home.
  await page.getByTestId('format-bold').focus();
  await page.keyboard.press('Escape');
  await expect.poll(() => page.evaluate(focusIn('compose'))).toBe(false);
  await expect(title).toContainText(topic);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('inbox-view')).toBeVisible();
});

test('the settings screen hides the feed: nothing behind it is marked read, and Ctrl+K from it opens the conversation in front', async ({
  page,
  chat,
  signIn,
}) => {
  const me = await signIn(page, 'member');
  const ben = chat.api('ben@northwind.example');
  const here = `behind settings ${Date.now()}`;
  const there = `${here}, elsewhere`;
  await ben.post('/messages', {
    type: 'channel',
    to: 'general',
    topic: here,
    content: 'Seen before settings.',
  });
  await ben.post('/messages', {
    type: 'channel',
    to: 'random',
    topic: there,
    content: 'Waiting over there.',
  });
  const flagsOf = async (topic: string) => {
    const { body } = await chat.api(me.email).get('/messages', {
      anchor: 'newest',
      num_before: 10,
      num_after: 0,
      narrow: [{ operator: 'topic', operand: topic }],
    });
    return (body.messages as { content: string; flags: string[] }[]).map((m) => [
      m.content.replace(/<[^>]+>/g, ''),
      m.flags.includes('read'),
    ]);
  };
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${here}`).click();
  await expect(page.getByTestId('message-feed')).toContainText('Seen before settings.');
  await expect.poll(() => flagsOf(here)).toEqual([['Seen before settings.', true]]);

  // A message comes in while the settings screen covers the conversation: not seen, so not read.
  await page.getByTestId('open-settings').click();
  await expect(page.getByTestId('settings-screen')).toBeVisible();
  await ben.post('/messages', { type: 'channel', to: 'general', topic: here, content: 'Came in meanwhile.' });
  await page.waitForTimeout(1500);
  expect(await flagsOf(here)).toEqual([
    ['Seen before settings.', true],
    ['Came in meanwhile.', false],
  ]);

  // Ctrl+K from the settings screen: the chosen conversation is shown, in front.
  await page.keyboard.press('Control+k');
  await page.getByTestId('switcher-input').fill(there);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('settings-screen')).toBeHidden();
  await expect(page.getByTestId('conversation-title')).toContainText(there);
  await expect(page.getByTestId('message-feed')).toContainText('Waiting over there.');
  await expect.poll(() => flagsOf(there)).toEqual([['Waiting over there.', true]]);
});

test('a dialog taller than the window scrolls from the keyboard: the shortcuts list takes the arrows and End', async ({
  page,
  signIn,
}) => {
  await page.setViewportSize({ width: 800, height: 420 });
  await signIn(page, 'member');
  await expect(page.getByTestId('inbox-view')).toBeVisible();
  await page.keyboard.press('?');
  const body = page.getByTestId('keyboard-help').locator('.dialog-body');
  await expect(body).toBeFocused();
  await expect(body).toHaveAttribute('aria-label', 'Keyboard shortcuts');
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => body.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  await page.keyboard.press('End');
  await expect
    .poll(() => body.evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop))
    .toBeLessThanOrEqual(1);
  await page.screenshot({ path: 'test-results/screens/keyboard-help-scrolled.png' });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('keyboard-help')).toHaveCount(0);
});

test('the quick switcher keeps its place while its matches shrink under the typing', async ({
  page,
  signIn,
}) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await signIn(page, 'member');
  await expect(page.getByTestId('inbox-view')).toBeVisible();
  await page.keyboard.press('Control+k');
  const input = page.getByTestId('switcher-input');
  await expect(input).toBeFocused();
  const before = (await input.boundingBox())!.y;
  await page.keyboard.type('general');
  await expect(page.getByTestId('switcher-list').getByRole('option').first()).toContainText('general');
  expect((await input.boundingBox())!.y).toBe(before);
  await page.keyboard.type('zzz');
  await expect(page.getByTestId('switcher-empty')).toBeVisible();
  expect((await input.boundingBox())!.y).toBe(before);
  await page.screenshot({ path: 'test-results/screens/switcher-top.png' });
  await page.keyboard.press('Escape');
});

test('a topic that arrives while the quick switcher is open does not take the highlighted match’s place', async ({
  page,
  chat,
  signIn,
}) => {
  await signIn(page, 'member');
  await expect(page.getByTestId('inbox-view')).toBeVisible();
  const stamp = `sw${Date.now()}`;
  const post = (topic: string) =>
    chat.api('admin').post('/messages', { type: 'channel', to: 'general', topic, content: 'Here.' });
  for (const topic of [`${stamp} b`, `${stamp} c`]) await post(topic);
  await page.keyboard.press('Control+k');
  await expect(page.getByTestId('switcher-input')).toBeFocused();
  await page.keyboard.type(stamp);
  const options = page.getByTestId('switcher-list').getByRole('option');
  await expect(options).toHaveCount(2);
  const highlighted = page.getByTestId('switcher-list').locator('[aria-selected="true"]');
  await page.keyboard.press('ArrowDown');
  await expect(highlighted).toContainText(`${stamp} c`);

  // Someone starts a topic that sorts first: the highlight stays on the match the person chose.
  await post(`${stamp} a`);
  await expect(options).toHaveCount(3);
  await expect(options.first()).toContainText(`${stamp} a`);
  await expect(highlighted).toContainText(`${stamp} c`);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('conversation-title')).toHaveText(`# general › ${stamp} c`);
});

test('letters typed while the quick switcher’s code still loads go into its field, not to the page', async ({
  page,
  signIn,
}) => {
  // The switcher's code is held back until the letters are typed, as just after a launch.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/QuickSwitcher-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await signIn(page, 'member');
  await expect(page.getByTestId('inbox-view')).toBeVisible();
  const rowBefore = await page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
  await page.keyboard.press('Control+k');
  await expect(page.getByTestId('dialog-loading')).toBeVisible();
  // j would move the Inbox's focus, were it the page's.
  await page.keyboard.type('jobs');
  release();
  await expect(page.getByTestId('switcher-input')).toHaveValue('jobs');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('quick-switcher')).toHaveCount(0);
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(rowBefore);
});

test('a reply open in All messages follows its topic when someone renames it: the text and the keyboard stay', async ({
  page,
  chat,
  signIn,
}) => {
  await signIn(page, 'member');
  const topic = `renamed under me ${Date.now()}`;
  const { body: sent } = await chat
    .api('admin')
    .post('/messages', { type: 'channel', to: 'general', topic, content: 'What do we call it?' });
  const id = sent.id as number;
  await page.keyboard.press('a');
  await expect(page.getByTestId('conversation-title')).toHaveText('All messages');
  // The newest message, once the view holds it.
  await expect(async () => {
    await page.keyboard.press('End');
    await expect(page.locator(`[data-message-id="${id}"]`)).toHaveAttribute('data-selected', 'true', {
      timeout: 1000,
    });
  }).toPass();
  await page.keyboard.press('r');
  const input = page.getByTestId('compose-input');
  await expect(input).toBeFocused();
  await page.keyboard.type('Call it');

  const renamed = `${topic} (new name)`;
  const moved = await chat.api('admin').patch(`/messages/${id}`, {
    topic: renamed,
    propagate_mode: 'change_all',
    send_notification_to_old_thread: false,
    send_notification_to_new_thread: false,
  });
  expect(moved.status).toBe(200);
  await expect(page.getByTestId('reply-in-view-to')).toHaveText(`# general › ${renamed}`);
  await expect(input).toHaveValue('Call it');
  await expect(input).toBeFocused();
  await page.keyboard.type(' Atlas.');
  await expect(input).toHaveValue('Call it Atlas.');
});

test('r in All messages or Starred opens the reply in place: the reader keeps the view and their place', async ({
  page,
  chat,
  signIn,
}) => {
  const me = await signIn(page, 'member');
  const topic = `in place ${Date.now()}`;
  const { body: sent } = await chat
    .api('admin')
    .post('/messages', { type: 'channel', to: 'general', topic, content: 'Reply to me where you read me.' });
  const id = sent.id as number;
  await page.keyboard.press('a');
  await expect(page.getByTestId('conversation-title')).toHaveText('All messages');
  // The newest message, at the end of the view.
  await page.keyboard.press('End');
  const row = page.locator(`[data-message-id="${id}"]`);
  await expect(row).toHaveAttribute('data-selected', 'true');

  await page.keyboard.press('r');
  await expect(page.getByTestId('reply-in-view-to')).toHaveText(`# general › ${topic}`);
  await expect(page.getByTestId('conversation-title')).toHaveText('All messages');
  await expect(page.getByTestId('compose-input')).toBeFocused();
  await page.keyboard.type('Answered from All messages.');
  await page.screenshot({ path: 'test-results/screens/reply-in-view.png' });
  await page.keyboard.press('Control+Enter');
  // Sent to the message's topic, and shown in the view the reader stayed in.
  await expect
    .poll(async () => {
      const { body } = await chat.api(me.email).get('/messages', {
        anchor: 'newest',
        num_before: 1,
        num_after: 0,
        narrow: [
          { operator: 'channel', operand: 'general' },
          { operator: 'topic', operand: topic },
        ],
      });
      return (body.messages as { content: string }[])[0]?.content;
    })
    .toContain('Answered from All messages.');
  await expect(page.getByTestId('message-feed').getByText('Answered from All messages.')).toBeVisible();
  await expect(page.getByTestId('conversation-title')).toHaveText('All messages');

  // Esc closes the box; a text left in it stays the topic's draft.
  await page.keyboard.type('Half a thought');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('reply-in-view')).toHaveCount(0);
  await expect(page.getByTestId('conversation-title')).toHaveText('All messages');
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  await expect(page.getByTestId('compose-input')).toHaveValue('Half a thought');
  await page.getByTestId('compose-input').fill('');

  // Starred the same way.
  await chat
    .api(me.email)
    .post('/messages/flags', { messages: JSON.stringify([id]), op: 'add', flag: 'starred' });
  await page.keyboard.press('Escape');
  await page.keyboard.press('*');
  await expect(page.getByTestId('conversation-title')).toHaveText('Starred messages');
  await page.keyboard.press('End');
  await expect(page.locator(`[data-message-id="${id}"]`)).toHaveAttribute('data-selected', 'true');
  await page.keyboard.press('r');
  await expect(page.getByTestId('reply-in-view-to')).toHaveText(`# general › ${topic}`);
  await expect(page.getByTestId('conversation-title')).toHaveText('Starred messages');
  // Leaving the view closes it: back in Starred, no box.
  await page.getByTestId('compose-input').press('Tab');
  await page.getByTestId('all-messages').click();
  await page.getByTestId('starred').click();
  await expect(page.getByTestId('conversation-title')).toHaveText('Starred messages');
  await expect(page.getByTestId('reply-in-view')).toHaveCount(0);
});

test('Alt+← goes back to where the person was reading, Alt+→ forward again', async ({
  page,
  chat,
  signIn,
}) => {
  await signIn(page, 'member');
  const topic = `back story ${Date.now()}`;
  const ids: number[] = [];
  for (let i = 1; i <= 30; i++) {
    const { body } = await chat
      .api('admin')
      .post('/messages', { type: 'channel', to: 'general', topic, content: `Back line ${i}.` });
    ids.push(body.id as number);
  }
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  // From the topic's first message (the channel view passed through on the way may have marked the
  // first few read, and the topic then opens further down), read down a few, then away to Recent
  // conversations.
  await expect(page.getByTestId('message-feed')).not.toHaveAttribute('aria-busy');
  await page.getByTestId('message-feed').focus();
  await page.keyboard.press('Home');
  const selected = page.locator('[data-testid="message-feed"] article[data-selected]');
  await expect(selected).toHaveAttribute('data-message-id', String(ids[0]));
  for (let i = 0; i < 5; i++) await page.keyboard.press('j');
  await expect(selected).toHaveAttribute('data-message-id', String(ids[5]));
  await page.keyboard.press('End');
  await page.keyboard.press('k');
  const left = ids.at(-2)!;
  await expect(selected).toHaveAttribute('data-message-id', String(left));
  await page.keyboard.press('t');
  await expect(page.getByTestId('recent-view')).toBeVisible();

  await page.keyboard.press('Alt+ArrowLeft');
  await expect(page.getByTestId('conversation-title')).toContainText(topic);
  await expect(selected).toHaveAttribute('data-message-id', String(left));
  await expect(page.getByTestId(`content-${left}`)).toBeInViewport();
  // Back again: the channel the topic was opened from; then forward twice to Recent conversations.
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(page.getByTestId('conversation-title')).not.toContainText(topic);
  await expect(page.getByTestId('conversation-title')).toContainText('general');
  await page.keyboard.press('Alt+ArrowRight');
  await expect(page.getByTestId('conversation-title')).toContainText(topic);
  await page.keyboard.press('Alt+ArrowRight');
  await expect(page.getByTestId('recent-view')).toBeVisible();

  await page.keyboard.press('?');
  await expect(page.getByRole('dialog')).toContainText('Alt+←');
  await expect(page.getByRole('dialog')).toContainText('Back to where you were before');
});

test('Alt+← and Alt+→ work from the compose box too, and the text typed there stays with its conversation', async ({
  page,
  chat,
  signIn,
}) => {
  await signIn(page, 'member');
  const topic = `back from compose ${Date.now()}`;
  await chat
    .api('admin')
    .post('/messages', { type: 'channel', to: 'general', topic, content: 'Start here.' });
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  await expect(page.getByTestId('message-feed')).not.toHaveAttribute('aria-busy');
  await page.getByTestId('message-feed').focus();
  await page.keyboard.press('r');
  const box = page.getByTestId('compose-input');
  await expect(box).toBeFocused();
  await page.keyboard.type('Half a thought');
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(page.getByTestId('conversation-title')).not.toContainText(topic);
  await expect(page.getByTestId('conversation-title')).toContainText('general');
  await page.keyboard.press('Alt+ArrowRight');
  await expect(page.getByTestId('conversation-title')).toContainText(topic);
  await expect(box).toHaveValue('Half a thought');
});
