import { expect, test, type ChatEnvironment } from './fixtures';
import { openSecondUser } from './second-user';

// The message feed and compose box: reading a topic, sending, live messages from others, unread
// counts and marking read as seen.
test.describe.configure({ mode: 'serial' });

async function newest(chat: ChatEnvironment, who: string, narrow: unknown[]) {
  const { body } = await chat
    .api(who)
    .get('/messages', { anchor: 'newest', num_before: 1, num_after: 0, narrow });
  return (body.messages as { id: number; content: string; flags: string[] }[])[0]!;
}

test('reads a topic, sends a message, and another user sees it live', async ({
  page,
  chat,
  signIn,
  browser,
}) => {
  const me = await signIn(page, 'member');
  const engineering = page.getByTestId('channel-engineering');
  await engineering.click();
  await page.getByTestId('topic-deploy pipeline').click();
  await expect(page.getByTestId('conversation-title')).toContainText('deploy pipeline');
  const feed = page.getByTestId('message-feed');
  await expect(feed.getByText('here is the log').first()).toBeVisible();

  const other = await openSecondUser(browser, chat, 'admin');
  try {
    await other.page.getByTestId('channel-engineering').click();
    await other.page.getByTestId('topic-deploy pipeline').click();
    await expect(other.page.getByTestId('message-feed')).toBeVisible();

    const text = `Deploy looks green now ${Date.now()}`;
    await page.getByTestId('compose-input').fill(text);
    await page.getByTestId('compose-send').click();
    await expect(feed.getByText(text)).toBeVisible();
    await expect(page.getByTestId('compose-input')).toHaveValue('');

    const narrow = [
      { operator: 'channel', operand: 'engineering' },
      { operator: 'topic', operand: 'deploy pipeline' },
    ];
    const stored = await newest(chat, me.email, narrow);
    expect(stored.content).toContain(text);
    // The other person sees it without reloading.
    await expect(other.page.getByTestId('message-feed').getByText(text)).toBeVisible();

    // And a reply from them arrives here live.
    const reply = `Thanks! ${Date.now()}`;
    await other.page.getByTestId('compose-input').fill(reply);
    await other.page.getByTestId('compose-send').click();
    await expect(feed.getByText(reply)).toBeVisible();
  } finally {
    await other.close();
  }
  await page.screenshot({ path: 'test-results/screens/messages.png' });
});

test('unread counts follow new messages and clear when the messages are seen', async ({
  page,
  chat,
  signIn,
}) => {
  const me = await signIn(page, 'member');
  const admin = chat.api('admin');
  const topic = `unread check ${Date.now()}`;
  const before = Number(
    (await page
      .getByTestId('channel-unread-random')
      .textContent()
      .catch(() => '0')) || 0,
  );
  await admin.post('/messages', { type: 'channel', to: 'random', topic, content: 'one' });
  await admin.post('/messages', { type: 'channel', to: 'random', topic, content: 'two' });
  await expect(page.getByTestId('channel-unread-random')).toHaveText(String(before + 2));

  await page.getByTestId('channel-random').click();
  await expect(page.getByTestId(`topic-unread-${topic}`)).toHaveText('2');
  await page.getByTestId(`topic-${topic}`).click();
  await expect(page.getByTestId('message-feed').getByText('two')).toBeVisible();
  // Seen on screen: marked read, so the topic's count disappears and the server agrees.
  await expect(page.getByTestId(`topic-unread-${topic}`)).toHaveCount(0);
  const last = await newest(chat, me.email, [
    { operator: 'channel', operand: 'random' },
    { operator: 'topic', operand: topic },
  ]);
  expect(last.flags).toContain('read');
});

test('a mention of the reader stands out: its chip, and the row of each message that mentions them (a wildcard too)', async ({
  page,
  chat,
  signIn,
}) => {
  const topic = `mentions ${Date.now()}`;
  const me = chat.user('member');
  const ben = chat.user('admin');
  const post = async (content: string) => {
    const { body } = await chat
      .api('moderator')
      .post('/messages', { type: 'channel', to: 'general', topic, content });
    return body.id as number;
  };
  const mine = await post(`@**${me.full_name}|${me.user_id}** can you look?`);
  const theirs = await post(`@**${ben.full_name}|${ben.user_id}** can you look?`);
  const everyone = await post('@**all** standup moved');
  await signIn(page, 'member');
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  const row = (id: number) => page.getByTestId(`message-${id}`);
  const chip = (id: number) => page.getByTestId(`content-${id}`).locator('.user-mention');
  await expect(row(mine)).toHaveClass(/\bmentioned\b/);
  await expect(row(everyone)).toHaveClass(/\bmentioned\b/);
  await expect(row(theirs)).not.toHaveClass(/\bmentioned\b/);
  await expect(chip(mine)).toHaveClass(/user-mention-me/);
  await expect(chip(everyone)).toHaveClass(/user-mention-me/);
  await expect(chip(theirs)).not.toHaveClass(/user-mention-me/);
  const background = (locator: ReturnType<typeof chip>) =>
    locator.evaluate((el) => getComputedStyle(el).backgroundColor);
  const body = (id: number) => row(id).locator('.message-body');
  await page.mouse.move(0, 0);
  for (const [theme, contrast] of [
    ['light', null],
    ['dark', null],
    ['light', 'true'],
    ['dark', 'true'],
  ] as const) {
    await page.evaluate(
      ([t, c]) => {
        document.documentElement.setAttribute('data-theme', t);
        if (c) document.documentElement.setAttribute('data-high-contrast', c);
        else document.documentElement.removeAttribute('data-high-contrast');
      },
      [theme, contrast] as const,
    );
    expect(await background(chip(mine))).not.toBe(await background(chip(theirs)));
    expect(await background(body(mine))).not.toBe(await background(body(theirs)));
    await page.screenshot({
      path: `test-results/screens/mentions-${theme}${contrast ? '-high-contrast' : ''}.png`,
    });
  }
});

test('a long message is shown condensed, with Show more and Show less', async ({ page, chat, signIn }) => {
  const topic = `long message ${Date.now()}`;
  const lines = Array.from({ length: 60 }, (_, i) => `Paragraph ${i + 1} of the long report.`);
  const { body } = await chat
    .api('admin')
    .post('/messages', { type: 'channel', to: 'general', topic, content: lines.join('\n\n') });
  const id = body.id as number;
  await chat
    .api('admin')
    .post('/messages', { type: 'channel', to: 'general', topic, content: 'A short one.' });
  await signIn(page, 'member');
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  const content = page.getByTestId(`content-${id}`);
  await expect(content).toHaveClass(/condensed/);
  const full = await content.evaluate((el) => el.scrollHeight);
  const shown = await content.evaluate((el) => el.clientHeight);
  expect(shown).toBeLessThan(full / 2);
  await page.screenshot({ path: 'test-results/screens/long-message-condensed.png' });
  const toggle = page.getByTestId(`show-more-${id}`);
  await toggle.click();
  await expect(toggle).toHaveText('Show less');
  // The sender's avatar stays beside the name, at the top of the tall message.
  const avatar = (await page.getByTestId(`sender-avatar-${id}`).boundingBox())!;
  const name = (await page.getByTestId(`message-${id}`).locator('.message-meta').boundingBox())!;
  expect(Math.abs(avatar.y - name.y)).toBeLessThan(12);
  expect(avatar.height).toBeLessThan(48);
  await expect(content).not.toHaveClass(/condensed/);
  // Nothing hidden any more.
  expect(await content.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1);
  expect(await content.evaluate((el) => el.clientHeight)).toBeGreaterThan(shown * 2);
  await toggle.click();
  await expect(content).toHaveClass(/condensed/);
  // The short one has no such button.
  await expect(page.locator('[data-testid^="show-more-"]')).toHaveCount(1);
});

test('a table wider than the message scrolls sideways with its words whole; a long word in a paragraph wraps', async ({
  page,
  chat,
  signIn,
}) => {
  const topic = `wide table ${Date.now()}`;
  const columns = Array.from({ length: 12 }, (_, i) => i);
  const table = [
    `| ${columns.map((i) => `Column header ${i}`).join(' | ')} |`,
    `|${columns.map(() => '---').join('|')}|`,
    `| ${columns.map((i) => `cell ${i} value`).join(' | ')} |`,
  ].join('\n');
  const { body } = await chat
    .api('admin')
    .post('/messages', { type: 'channel', to: 'general', topic, content: table });
  const word = 'x'.repeat(400);
  const { body: long } = await chat
    .api('admin')
    .post('/messages', { type: 'channel', to: 'general', topic, content: `See ${word} here.` });
  await signIn(page, 'member');
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  const rendered = page.getByTestId(`content-${body.id as number}`).locator('table');
  await expect(rendered).toBeVisible();
  const size = await rendered.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(size.scroll).toBeGreaterThan(size.client);
  const header = rendered.locator('th').last();
  await expect(header).toHaveText('Column header 11');
  const lineHeight = await header.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 20);
  expect((await header.boundingBox())!.height).toBeLessThan(lineHeight * 2);
  // The long word still wraps inside its message.
  const paragraph = page.getByTestId(`content-${long.id as number}`);
  expect(await paragraph.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
  await page.screenshot({ path: 'test-results/screens/wide-table.png' });
});

test('Show more on the newest message, at the end of the feed, opens it below the reader’s eyes', async ({
  page,
  chat,
  signIn,
}) => {
  const topic = `long newest ${Date.now()}`;
  for (let i = 1; i <= 8; i++)
    await chat
      .api('admin')
      .post('/messages', { type: 'channel', to: 'general', topic, content: `Earlier ${i}` });
  const lines = Array.from({ length: 60 }, (_, i) => `Line ${i + 1} of the newest report.`);
  const { body } = await chat
    .api('admin')
    .post('/messages', { type: 'channel', to: 'general', topic, content: lines.join('\n\n') });
  const id = body.id as number;
  await signIn(page, 'member');
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  const feed = page.getByTestId('message-feed');
  await expect(feed).not.toHaveAttribute('aria-busy');
  const toggle = page.getByTestId(`show-more-${id}`);
  // At the feed's end, where the virtualizer keeps the end in view when a row grows.
  await toggle.focus();
  await expect
    .poll(() => feed.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight))
    .toBeLessThanOrEqual(1);
  const rowTop = () =>
    page.getByTestId(`message-${id}`).evaluate((el) => Math.round(el.getBoundingClientRect().top));
  const before = await rowTop();

  await page.keyboard.press('Enter');
  await expect(toggle).toHaveText('Show less');
  // A few frames on: the message's top has not moved, and the button the reader pressed has the focus.
  await page.evaluate(() => new Promise((done) => setTimeout(done, 300)));
  expect(await rowTop()).toBe(before);
  await expect(toggle).toBeFocused();
  await expect(page.getByTestId(`content-${id}`)).not.toHaveClass(/condensed/);

  await page.keyboard.press('Enter');
  await expect(toggle).toHaveText('Show more');
  await expect(toggle).toBeFocused();
  expect(await rowTop()).toBe(before);
});
