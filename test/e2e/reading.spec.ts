import type { Page } from '@playwright/test';
import { expect, test, type ChatEnvironment, type SignIn } from './fixtures';
import { channelId, markTopicRead, unreadInTopic } from './server-state';

// Reading as a person does: what a focused window shows in full is read, even with nothing to
// scroll; a topic that moves while it is open takes the view with it.
test.describe.configure({ mode: 'serial' });

async function flagsOf(chat: ChatEnvironment, who: string, id: number): Promise<string[]> {
  const { body } = await chat.api(who).get('/messages', {
    anchor: id,
    num_before: 0,
    num_after: 0,
    narrow: [],
  });
  return (body.messages as { id: number; flags: string[] }[]).find((m) => m.id === id)?.flags ?? [];
}

/** Ben starts `topic` in #random; the owner signs in and opens it. Returns the message's id. */
async function openBensTopic(
  page: Page,
  chat: ChatEnvironment,
  signIn: SignIn,
  topic: string,
  content: string,
): Promise<number> {
  const { body: sent } = await chat
    .api('ben@northwind.example')
    .post('/messages', { type: 'stream', to: 'random', topic, content });
  await signIn(page, 'owner');
  await page.getByTestId('channel-random').click();
  await page.getByTestId(`topic-${topic}`).click();
  await expect(page.getByTestId('conversation-title')).toContainText(topic);
  return sent.id as number;
}

/**
 * Ben writes `contents` in `topic` of #random, all read for the owner, who signs in and opens it
 * (at its newest message). Returns the messages' ids.
 */
async function openBensReadThread(
  page: Page,
  chat: ChatEnvironment,
  signIn: SignIn,
  topic: string,
  contents: string[],
): Promise<number[]> {
  const ben = chat.api('ben@northwind.example');
  const ids: number[] = [];
  for (const content of contents) {
    const { body } = await ben.post('/messages', { type: 'stream', to: 'random', topic, content });
    ids.push(body.id as number);
  }
  await markTopicRead(chat.api('owner'), 'random', topic);
  await signIn(page, 'owner');
  await page.getByTestId('channel-random').click();
  await page.getByTestId(`topic-${topic}`).click();
  return ids;
}

/** An administrator renames the whole topic of message `id`, quietly. */
async function moveTopic(chat: ChatEnvironment, id: number, topic: string): Promise<void> {
  const moved = await chat.api('admin').patch(`/messages/${id}`, {
    topic,
    propagate_mode: 'change_all',
    send_notification_to_old_thread: false,
    send_notification_to_new_thread: false,
  });
  expect(moved.status).toBe(200);
}

test('opening a short conversation marks what it shows as read, without scrolling', async ({
  page,
  chat,
  signIn,
}) => {
  const ada = chat.user('owner');
  const ben = chat.user('ben@northwind.example');
  const { body } = await chat.api('ben@northwind.example').post('/messages', {
    type: 'direct',
    to: [ada.user_id],
    content: 'A quick question when you have a minute.',
  });
  const dmId = body.id as number;
  // #design > new logo ends with an unread "Agreed." for Ada.
  const { body: logo } = await chat.api('owner').get('/messages', {
    anchor: 'newest',
    num_before: 20,
    num_after: 0,
    narrow: [
      { operator: 'channel', operand: 'design' },
      { operator: 'topic', operand: 'new logo' },
    ],
  });
  const unreadLogo = (logo.messages as { id: number; flags: string[] }[]).filter(
    (m) => !m.flags.includes('read'),
  );
  expect(unreadLogo.length).toBeGreaterThan(0);

  await signIn(page, 'owner');
  await page.getByTestId(`dm-${ben.user_id}`).click();
  await expect(page.getByTestId(`message-${dmId}`)).toBeVisible();
  await expect.poll(() => flagsOf(chat, 'owner', dmId)).toContain('read');

  await page.getByTestId('channel-design').click();
  await page.getByTestId('topic-new logo').click();
  for (const m of unreadLogo) await expect(page.getByTestId(`message-${m.id}`)).toBeVisible();
  for (const m of unreadLogo) await expect.poll(() => flagsOf(chat, 'owner', m.id)).toContain('read');
  await expect(page.getByTestId('topic-unread-new logo')).toBeHidden();
  await page.screenshot({ path: 'test-results/screens/reading-short-read.png' });
});

test('a topic moved while it is open takes the view with it', async ({ page, chat, signIn }) => {
  const topic = 'moving day';
  const id = await openBensTopic(page, chat, signIn, topic, 'Boxes are packed.');
  const renamed = `${topic} (moved)`;
  await moveTopic(chat, id, renamed);
  await expect(page.getByTestId('conversation-title')).toContainText(renamed);
  await expect(page.getByTestId(`message-${id}`)).toBeVisible();
  await expect(page.getByText('No messages here yet')).toBeHidden();
  await page.screenshot({ path: 'test-results/screens/reading-topic-followed.png' });
});

test('a topic moved while it is open keeps the message one had selected, as the real web app does', async ({
  page,
  chat,
  signIn,
}) => {
  const topic = `moving week ${Date.now()}`;
  // All read: the topic opens at its newest message, and the person goes up to an older one.
  const ids = await openBensReadThread(page, chat, signIn, topic, [
    'Monday: boxes.',
    'Tuesday: the van.',
    'Wednesday: unpacking.',
    'Thursday: keys.',
  ]);
  const selected = page.locator('[data-message-id][data-selected="true"]');
  await expect(selected).toHaveAttribute('data-message-id', String(ids[3]));
  await page.keyboard.press('k');
  await page.keyboard.press('k');
  await expect(selected).toHaveAttribute('data-message-id', String(ids[1]));

  const renamed = `${topic} (moved)`;
  await moveTopic(chat, ids[0]!, renamed);
  await expect(page.getByTestId('conversation-title')).toContainText(renamed);
  await expect(page.getByText('Thursday: keys.')).toBeVisible();
  await expect(selected).toHaveAttribute('data-message-id', String(ids[1]));
});

test('the later part of the open topic moved with the selected message takes the view and the typed reply along', async ({
  page,
  chat,
  signIn,
}) => {
  const topic = `long thread ${Date.now()}`;
  const ids = await openBensReadThread(page, chat, signIn, topic, [
    'About lunch.',
    'Now the release:',
    'It ships Friday.',
    'Notes are up.',
  ]);
  const selected = page.locator('[data-message-id][data-selected="true"]');
  await page.keyboard.press('k');
  await expect(selected).toHaveAttribute('data-message-id', String(ids[2]));
  const input = page.getByTestId('compose-input');
  await input.click();
  await input.pressSequentially('Friday works');

  // Someone moves "Now the release:" and what follows to a topic of its own.
  const split = `${topic}: release`;
  const moved = await chat.api('admin').patch(`/messages/${ids[1]}`, {
    topic: split,
    propagate_mode: 'change_later',
    send_notification_to_old_thread: false,
    send_notification_to_new_thread: false,
  });
  expect(moved.status).toBe(200);
  await expect(page.getByTestId('conversation-title')).toContainText(split);
  await expect(selected).toHaveAttribute('data-message-id', String(ids[2]));
  await expect(page.getByText('About lunch.')).toBeHidden();
  await expect(input).toHaveValue('Friday works');
  await expect(input).toBeFocused();
});

test('a topic moved into a private channel one is not in leaves the view and the typed reply where they were', async ({
  page,
  chat,
  signIn,
}) => {
  const topic = `budget ${Date.now()}`;
  const me = await signIn(page, 'member');
  const { body: first } = await chat
    .api('ben@northwind.example')
    .post('/messages', { type: 'stream', to: 'random', topic, content: 'Numbers for next year?' });
  const { body: mine } = await chat
    .api(me.email)
    .post('/messages', { type: 'stream', to: 'random', topic, content: 'Sent them to the leads.' });
  await page.getByTestId('channel-random').click();
  await page.getByTestId(`topic-${topic}`).click();
  await expect(page.getByText('Sent them to the leads.')).toBeVisible();
  const input = page.getByTestId('compose-input');
  await input.click();
  await input.pressSequentially('One more thing');

  const leadership = await channelId(chat.api('admin'), 'leadership');
  const moved = await chat.api('admin').patch(`/messages/${first.id as number}`, {
    stream_id: leadership,
    propagate_mode: 'change_all',
    send_notification_to_old_thread: false,
    send_notification_to_new_thread: false,
  });
  expect(moved.status).toBe(200);
  // Even the person's own message (theirs to keep) is gone from the topic they are in.
  await expect(page.getByTestId(`message-${mine.id as number}`)).toBeHidden();
  await expect(page.getByTestId('conversation-title')).toHaveText(`# random › ${topic}`);
  await expect(input).toHaveValue('One more thing');
});

test('typing on while someone moves the open topic: the compose box keeps the keyboard and the text', async ({
  page,
  chat,
  signIn,
}) => {
  const topic = `packing list ${Date.now()}`;
  const id = await openBensTopic(page, chat, signIn, topic, 'What goes in the first box?');
  const input = page.getByTestId('compose-input');
  await input.click();
  await input.pressSequentially('The kettle');

  const renamed = `${topic} (moved)`;
  await moveTopic(chat, id, renamed);
  // Keys pressed while the view follows the topic: each letter is a shortcut if it lands on the page
  // (a: All messages, n: next unread topic, d: drafts...).
  const typing = input.pressSequentially(' and the mugs, and a towel and a lamp', { delay: 15 });
  await expect(page.getByTestId('conversation-title')).toContainText(renamed);
  await typing;
  await expect(page.getByTestId('conversation-title')).toContainText(renamed);
  await expect(input).toBeFocused();
  await expect(input).toHaveValue('The kettle and the mugs, and a towel and a lamp');
  await expect(page.getByTestId('settings-screen')).toBeHidden();
});

test('a burst taller than the view does not carry the selected message away: the view stops there', async ({
  page,
  chat,
  signIn,
}) => {
  const topic = `busy afternoon ${Date.now()}`;
  const ben = chat.api('ben@northwind.example');
  const { body: kickoff } = await ben.post('/messages', {
    type: 'channel',
    to: 'general',
    topic,
    content: 'Kicking off',
  });
  await signIn(page, 'owner');
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  const feed = page.getByTestId('message-feed');
  await expect(feed).toContainText('Kicking off');

  const ids: number[] = [];
  for (const batch of [0, 1, 2, 3])
    await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const { body } = await ben.post('/messages', {
          type: 'channel',
          to: 'general',
          topic,
          content: `Burst line ${batch * 10 + i}`,
        });
        ids.push(body.id as number);
      }),
    );
  ids.sort((a, b) => a - b);
  const first = ids[0]!;
  const newest = ids[ids.length - 1]!;
  // Held: the selected message (the one the topic opened at) and the first new message are on
  // screen, the newest is not, and the way down is offered.
  await expect(page.getByTestId('jump-to-bottom')).toBeVisible();
  // It says how many unread messages wait below.
  await expect(page.getByTestId('jump-to-bottom')).toHaveText(/^\d+ unread below ↓$/);
  await expect(page.getByTestId(`message-${kickoff.id as number}`)).toBeInViewport();
  await expect(page.getByTestId(`message-${first}`)).toBeInViewport();
  await expect(page.getByTestId(`message-${newest}`)).not.toBeInViewport();
  // What is on screen is read; what is below is still unread.
  await expect.poll(() => flagsOf(chat, 'owner', first), { timeout: 10_000 }).toContain('read');
  expect(await flagsOf(chat, 'owner', newest)).not.toContain('read');
  // The button counts what the server counts unread: a row cut off at the bottom is not read, and
  // it is counted (it was not).
  const serverUnread = async () => (await unreadInTopic(chat.api('owner'), 'general', topic)).length;
  const buttonCount = async () =>
    Number(/^(\d+) unread/.exec((await page.getByTestId('jump-to-bottom').textContent()) ?? '')?.[1]);
  await expect.poll(async () => (await buttonCount()) - (await serverUnread()), { timeout: 10_000 }).toBe(0);
  await page.screenshot({ path: 'test-results/screens/reading-burst-held.png' });

  // The button goes on from the first unread message below, which comes to the top of the view:
  // nothing is passed over unseen (jumping to the bottom read them all).
  const firstBelow = Math.min(...(await unreadInTopic(chat.api('owner'), 'general', topic)));
  await page.getByTestId('jump-to-bottom').click();
  await expect(page.getByTestId(`message-${firstBelow}`)).toBeInViewport();
  await expect(page.locator('[data-selected="true"]')).toHaveAttribute('data-message-id', String(firstBelow));
  await expect(page.getByTestId(`message-${newest}`)).not.toBeInViewport();
  expect(await flagsOf(chat, 'owner', newest)).not.toContain('read');

  // Reading on down with the keyboard reaches the newest, and by then everything has been on screen.
  await feed.focus();
  await expect(async () => {
    await page.keyboard.press('PageDown');
    await expect(page.getByTestId(`message-${newest}`)).toBeInViewport({ timeout: 500 });
  }).toPass({ timeout: 20_000 });
  // The last page may stop with the newest cut off at the bottom; End shows it in full.
  await page.keyboard.press('End');
  await expect.poll(() => flagsOf(chat, 'owner', newest), { timeout: 10_000 }).toContain('read');
  await expect(page.getByTestId(`topic-unread-${topic}`)).toBeHidden();
  await expect(page.getByTestId('jump-to-bottom')).toBeHidden();
});

test('more unread than one page below: the button still counts them and goes on to the next, not to the newest', async ({
  page,
  chat,
  signIn,
}) => {
  // More than a page (100) of unread messages: the topic opens at the first of them, with a window
  // that stops short of the newest, as it does after the event queue was lost during a burst.
  const topic = `long backlog ${Date.now()}`;
  const ben = chat.api('ben@northwind.example');
  const ids: number[] = [];
  for (let batch = 0; batch < 16; batch++)
    await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const { body } = await ben.post('/messages', {
          type: 'channel',
          to: 'general',
          topic,
          content: `Backlog line ${batch * 10 + i}`,
        });
        ids.push(body.id as number);
      }),
    );
  ids.sort((a, b) => a - b);
  const newest = ids[ids.length - 1]!;
  await signIn(page, 'owner');
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  await expect(page.getByTestId(`message-${ids[0]!}`)).toBeInViewport();

  // It says how many wait below, as many as the server has unread once the screenful is read.
  const button = page.getByTestId('jump-to-bottom');
  await expect(button).toHaveText(/^\d+ unread below ↓$/);
  const serverUnread = async () => (await unreadInTopic(chat.api('owner'), 'general', topic)).length;
  const buttonCount = async () => Number(/^(\d+) unread/.exec((await button.textContent()) ?? '')?.[1]);
  await expect.poll(async () => (await buttonCount()) - (await serverUnread()), { timeout: 10_000 }).toBe(0);
  expect(await buttonCount()).toBeGreaterThan(100);
  await page.screenshot({ path: 'test-results/screens/reading-long-backlog.png' });

  // It goes on from the first unread below; the newest is not reached, nor read.
  const firstBelow = Math.min(...(await unreadInTopic(chat.api('owner'), 'general', topic)));
  await button.click();
  await expect(page.getByTestId(`message-${firstBelow}`)).toBeInViewport();
  await expect(page.locator('[data-selected="true"]')).toHaveAttribute('data-message-id', String(firstBelow));
  await expect(page.getByTestId(`message-${newest}`)).toHaveCount(0);
  expect(await flagsOf(chat, 'owner', newest)).not.toContain('read');
});

test('going down past unread messages without stopping on them reads them, as the real service does', async ({
  page,
  chat,
  signIn,
}) => {
  const topic = `long thread ${Date.now()}`;
  const ben = chat.api('ben@northwind.example');
  const ids: number[] = [];
  for (let i = 1; i <= 60; i++) {
    const { body } = await ben.post('/messages', {
      type: 'channel',
      to: 'general',
      topic,
      content: `Thread line ${i}`,
    });
    ids.push(body.id as number);
  }
  await signIn(page, 'owner');
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  // The topic opens at its first unread message; what the view shows in full is read, the rest not.
  await expect(page.getByTestId(`message-${ids[0]!}`)).toBeInViewport();
  await expect.poll(() => flagsOf(chat, 'owner', ids[0]!), { timeout: 10_000 }).toContain('read');
  expect(await flagsOf(chat, 'owner', ids[30]!)).not.toContain('read');

  // One move to the end: the middle of the thread was never on screen while the view stood still.
  const feed = page.getByTestId('message-feed');
  await feed.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(page.getByTestId(`message-${ids[59]!}`)).toBeInViewport();
  await expect(page.getByTestId(`topic-unread-${topic}`)).toBeHidden();
  for (const id of [ids[20]!, ids[30]!, ids[59]!])
    await expect.poll(() => flagsOf(chat, 'owner', id), { timeout: 10_000 }).toContain('read');
});

test('on a wide screen, "N unread below" is centred on the message column, not on the wider pane', async ({
  page,
  chat,
  signIn,
}) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  const topic = `wide burst ${Date.now()}`;
  const ben = chat.api('ben@northwind.example');
  await ben.post('/messages', { type: 'channel', to: 'general', topic, content: 'Kicking off' });
  await signIn(page, 'owner');
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  await expect(page.getByTestId('message-feed')).toContainText('Kicking off');
  for (const batch of [0, 1, 2, 3, 4, 5])
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        ben.post('/messages', {
          type: 'channel',
          to: 'general',
          topic,
          content: `Burst line ${batch * 10 + i}`,
        }),
      ),
    );
  const pill = page.getByTestId('jump-to-bottom');
  await expect(pill).toHaveText(/^\d+ unread below ↓$/);
  const centres = await page.evaluate(() => {
    const centre = (selector: string) => {
      const box = document.querySelector(selector)!.getBoundingClientRect();
      return (box.left + box.right) / 2;
    };
    return {
      pill: centre('[data-testid="jump-to-bottom"]'),
      column: centre('.feed-row > .message'),
      pane: centre('[data-testid="message-feed"]'),
    };
  });
  // The column (960 px at most) is narrower than the pane here, so the two centres differ.
  expect(Math.abs(centres.column - centres.pane)).toBeGreaterThan(100);
  expect(Math.abs(centres.pill - centres.column)).toBeLessThanOrEqual(2);
  await page.screenshot({ path: 'test-results/screens/reading-wide-unread-below.png' });
});

test('a message sent while reading further up says where it went, and Scroll down shows it', async ({
  page,
  chat,
  signIn,
}) => {
  const topic = `long thread ${Date.now()}`;
  const ben = chat.api('ben@northwind.example');
  for (let i = 1; i <= 12; i++)
    await ben.post('/messages', {
      type: 'channel',
      to: 'general',
      topic,
      content: `Point ${i}:\n\n- first\n- second\n- third`,
    });
  await signIn(page, 'owner');
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  const feed = page.getByTestId('message-feed');
  // Opened at the first unread message, the newest ones below the view.
  await expect(feed.getByText('Point 1:')).toBeVisible();
  await expect(page.getByTestId('jump-to-bottom')).toBeVisible();

  const reply = `Agreed on point one ${Date.now()}`;
  await page.getByTestId('compose-input').fill(reply);
  await page.getByTestId('compose-send').click();
  await expect(page.getByTestId('compose-input')).toHaveValue('');
  const notice = page.getByTestId('sent-below');
  await expect(notice).toContainText('Sent! Scroll down to view your message.');
  await expect(feed.getByText(reply)).not.toBeInViewport();
  await page.screenshot({ path: 'test-results/screens/reading-sent-below.png' });

  await page.getByTestId('sent-below-show').click();
  await expect(feed.getByText(reply)).toBeInViewport();
  await expect(notice).toBeHidden();
});

test('the compose box growing under a reader at the bottom keeps the newest message in view', async ({
  page,
  chat,
  signIn,
}) => {
  const topic = `tall reply ${Date.now()}`;
  const me = await signIn(page, 'owner');
  // Sent by the reader: read, so the topic opens at its newest message.
  for (let i = 1; i <= 15; i++)
    await chat
      .api(me.email)
      .post('/messages', { type: 'channel', to: 'general', topic, content: `Line ${i} of the log` });
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  const feed = page.getByTestId('message-feed');
  const newest = feed.getByText('Line 15 of the log');
  await expect(newest).toBeInViewport({ ratio: 1 });

  const input = page.getByTestId('compose-input');
  await input.click();
  for (let i = 1; i <= 7; i++) await input.pressSequentially(`draft line ${i}\n`);
  // As painted: the view follows the box's growth in the frame's resize step, which a read made at
  // once (before that frame) does not see yet.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const [feedBox, newestBox] = await Promise.all([feed.boundingBox(), newest.boundingBox()]);
  expect(newestBox!.y + newestBox!.height).toBeLessThanOrEqual(feedBox!.y + feedBox!.height + 1);
  await expect(page.getByTestId('jump-to-bottom')).toBeHidden();
});
