import type { Page } from '@playwright/test';
import { expect, test, type ChatEnvironment } from './fixtures';
import { openSecondUser } from './second-user';

// Display preferences of spec 4.6 applied to the app, at once and in every window of the user.
test.describe.configure({ mode: 'serial' });

async function post(chat: ChatEnvironment, channel: string, topic: string, content: string): Promise<number> {
  const { body } = await chat
    .api('admin')
    .post('/messages', { type: 'channel', to: channel, topic, content });
  return body.id as number;
}

async function flagsOf(chat: ChatEnvironment, who: string, ids: number[]): Promise<string[][]> {
  const { body } = await chat.api(who).get('/messages', {
    anchor: ids[0],
    num_before: 0,
    num_after: ids.length - 1,
    narrow: [],
  });
  const messages = body.messages as { id: number; flags: string[] }[];
  return ids.map((id) => messages.find((m) => m.id === id)?.flags ?? ['missing']);
}

/** What the server holds: the user_settings of a fresh register. */
async function userSettings(chat: ChatEnvironment, who: string): Promise<Record<string, unknown>> {
  const { body } = await chat.api(who).post('/register', { fetch_event_types: ['user_settings'] });
  return (body as { user_settings: Record<string, unknown> }).user_settings;
}

async function openTopic(page: Page, channel: string, topic: string) {
  await page.getByTestId(`channel-${channel}`).click();
  await page.getByTestId(`topic-${topic}`).click();
}

const fontSizeOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => getComputedStyle(el).fontSize);
/** Records, in the page, the operation of each API call it sends over the bridge, as it is sent. */
async function recordBridgeCalls(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const calls: string[] = [];
    (window as unknown as { __bridgeCalls: string[] }).__bridgeCalls = calls;
    const send = WebSocket.prototype.send;
    WebSocket.prototype.send = function (data) {
      if (typeof data === 'string') {
        const frame = JSON.parse(data) as { method?: string; args?: unknown[] };
        if (frame.method === 'call') calls.push(String(frame.args?.[0]));
      }
      return send.call(this, data);
    };
  });
  return () => page.evaluate(() => [...(window as unknown as { __bridgeCalls: string[] }).__bridgeCalls]);
}

const timeOf = (page: Page, id: number) => page.getByTestId(`message-${id}`).locator('.message-meta time');

test('font size, 24-hour time, high contrast and full width apply here and in a second window', async ({
  page,
  chat,
  signIn,
  browser,
}) => {
  const member = await signIn(page, 'member');
  const topic = `display ${Date.now()}`;
  const id = await post(chat, 'general', topic, 'How does this read?');
  await post(chat, 'general', topic, 'Bigger, I hope.');
  await openTopic(page, 'general', topic);
  const second = await openSecondUser(browser, chat, member.email);
  try {
    await openTopic(second.page, 'general', topic);
    for (const p of [page, second.page]) {
      // The server's defaults: 16 px, 12-hour clock, normal contrast, capped width.
      await expect.poll(() => fontSizeOf(p, '[data-testid="message-feed"]')).toBe('16px');
      await expect(timeOf(p, id)).toHaveText(/^\d{1,2}:\d{2}\s?[AP]M$/i);
      await expect(p.locator('html')).not.toHaveAttribute('data-high-contrast', /.*/);
      expect(await p.getByTestId(`message-${id}`).evaluate((el) => getComputedStyle(el).maxWidth)).toBe(
        '960px',
      );
    }

    await page.getByTestId('open-settings').click();
    const font = page.getByTestId('setting-web_font_size_px');
    await font.fill('22');
    await font.press('Enter');
    await page.getByTestId('setting-twenty_four_hour_time').check();
    await page.getByTestId('setting-high_contrast_mode').check();
    await page.getByTestId('setting-fluid_layout_width').check();
    await expect
      .poll(() => userSettings(chat, member.email))
      .toMatchObject({
        web_font_size_px: 22,
        twenty_four_hour_time: true,
        high_contrast_mode: true,
        fluid_layout_width: true,
      });
    await page.getByTestId('settings-close').click();

    for (const p of [page, second.page]) {
      await expect.poll(() => fontSizeOf(p, '[data-testid="message-feed"]')).toBe('22px');
      expect(await fontSizeOf(p, `[data-testid="content-${id}"]`)).toBe('22px');
      expect(await fontSizeOf(p, '[data-testid="compose-input"]')).toBe('22px');
      await expect(timeOf(p, id)).toHaveText(/^\d{2}:\d{2}$/);
      await expect(p.locator('html')).toHaveAttribute('data-high-contrast', 'true');
      // The stronger palette is what the page paints with: black text on white.
      expect(await p.locator('body').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(0, 0, 0)');
      expect(await p.getByTestId(`message-${id}`).evaluate((el) => getComputedStyle(el).maxWidth)).toBe(
        'none',
      );
    }
    await page.getByTestId(`message-${id}`).hover();
    await page.screenshot({ path: 'test-results/screens/display-settings.png' });
  } finally {
    await second.close();
  }
});

test('mark read on scroll "never" leaves seen messages unread; "always" then reads them', async ({
  page,
  chat,
  signIn,
}) => {
  // The page's timers are under the test's control, and its calls are recorded as they leave it.
  await page.clock.install();
  const bridgeCalls = await recordBridgeCalls(page);
  const member = await signIn(page, 'member');
  await page.getByTestId('open-settings').click();
  await page.getByTestId('setting-web_mark_read_on_scroll_policy').selectOption({ label: 'Never' });
  await expect
    .poll(async () => (await userSettings(chat, member.email)).web_mark_read_on_scroll_policy)
    .toBe(3);
  await page.getByTestId('settings-close').click();

  const topic = `never read ${Date.now()}`;
  const ids = [
    await post(chat, 'random', topic, 'first'),
    await post(chat, 'random', topic, 'second'),
    await post(chat, 'random', topic, 'third'),
  ];
  await openTopic(page, 'random', topic);
  const feed = page.getByTestId('message-feed');
  await expect(feed.getByText('third')).toBeVisible();
  await feed.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  // Two seconds pass for the page at once, far beyond the feed's pause before it marks what was seen:
  // a mark would have been sent by now.
  await page.clock.runFor(2000);
  expect(await bridgeCalls()).not.toContain('updateMessageFlags');
  expect(await flagsOf(chat, member.email, ids)).toEqual(
    [[], [], []].map(() => expect.not.arrayContaining(['read'])),
  );
  await expect(page.getByTestId(`topic-unread-${topic}`)).toHaveText('3');

  // The same view under "always": the same messages are marked read as they are seen.
  await page.getByTestId('open-settings').click();
  await page.getByTestId('setting-web_mark_read_on_scroll_policy').selectOption({ label: 'Always' });
  await page.getByTestId('settings-close').click();
  await expect(page.getByTestId(`topic-unread-${topic}`)).toHaveCount(0);
  expect((await flagsOf(chat, member.email, ids)).every((f) => f.includes('read'))).toBe(true);
  expect(await bridgeCalls()).toContain('updateMessageFlags');
});

test('at the largest font in a 900 px window, each sender line stays one line, its time in full', async ({
  page,
  chat,
  signIn,
}) => {
  await chat.api('moderator').patch('/settings', { web_font_size_px: 28 });
  try {
    await page.setViewportSize({ width: 900, height: 600 });
    await signIn(page, 'moderator');
    await openTopic(page, 'general', 'welcome');
    await expect.poll(() => fontSizeOf(page, '[data-testid="message-feed"]')).toBe('28px');
    const metas = page.locator('.feed .message-meta');
    await expect(metas.first()).toBeVisible();
    // A status beside a name (Elena's "On vacation" here) gives way before the name or the time.
    await expect(page.locator('.feed .message-meta .status-badge').first()).toBeVisible();
    const lines = await metas.evaluateAll((elements) =>
      elements.map((meta) => {
        const sender = meta.querySelector<HTMLElement>('.sender')!;
        const time = meta.querySelector<HTMLElement>('time')!;
        const senderBox = sender.getBoundingClientRect();
        const timeBox = time.getBoundingClientRect();
        return {
          name: sender.textContent,
          lines: Math.round(senderBox.height / parseFloat(getComputedStyle(sender).lineHeight)),
          timeLines: Math.round(timeBox.height / parseFloat(getComputedStyle(time).lineHeight)),
          // The time on the name's line, after it, and not cut.
          timeBesideName: timeBox.top < senderBox.bottom && timeBox.left >= senderBox.right,
          timeInFull: time.scrollWidth <= Math.ceil(timeBox.width),
          timeInside: timeBox.right <= meta.getBoundingClientRect().right + 0.5,
        };
      }),
    );
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines)
      expect(line).toEqual({
        name: line.name,
        lines: 1,
        timeLines: 1,
        timeBesideName: true,
        timeInFull: true,
        timeInside: true,
      });
    await page.screenshot({ path: 'test-results/screens/display-settings-large-font-900.png' });
  } finally {
    await chat.api('moderator').patch('/settings', { web_font_size_px: 16 });
  }
});

test('at the largest font, the compose box’s Attach and Snippets buttons sit on one line, aligned', async ({
  page,
  chat,
  signIn,
}) => {
  await chat.api('moderator').patch('/settings', { web_font_size_px: 28 });
  try {
    await signIn(page, 'moderator');
    await openTopic(page, 'general', 'welcome');
    await expect.poll(() => fontSizeOf(page, '[data-testid="compose-input"]')).toBe('28px');
    const boxes = await page.locator('.compose-tools .btn').evaluateAll((buttons) =>
      buttons.map((b) => ({
        label: b.textContent,
        top: b.getBoundingClientRect().top,
        bottom: b.getBoundingClientRect().bottom,
      })),
    );
    expect(boxes.map((b) => b.label)).toEqual(['Attach', 'Snippets']);
    const [attach, snippets] = boxes as [(typeof boxes)[0], (typeof boxes)[0]];
    expect(Math.abs(snippets.top - attach.top)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(snippets.bottom - attach.bottom)).toBeLessThanOrEqual(0.5);
    await page
      .locator('.compose')
      .screenshot({ path: 'test-results/screens/display-settings-compose-tools-large.png' });
  } finally {
    await chat.api('moderator').patch('/settings', { web_font_size_px: 16 });
  }
});

test('the largest line spacing spaces what is written, not the compose box buttons', async ({
  page,
  chat,
  signIn,
}) => {
  const member = await signIn(page, 'member');
  await chat.api(member.email).patch('/settings', { web_line_height_percent: 300 });
  await page.getByTestId('channel-general').click();
  // Three times the message text's size (whatever font size another test left this person with).
  await expect
    .poll(() =>
      page.getByTestId('compose-input').evaluate((el) => {
        const style = getComputedStyle(el);
        return Math.round(parseFloat(style.lineHeight) / parseFloat(style.fontSize));
      }),
    )
    .toBe(3);
  // At 300% they were a line of message text tall: 48 px or more.
  for (const id of ['compose-send', 'compose-attach', 'compose-snippets']) {
    expect((await page.getByTestId(id).boundingBox())!.height).toBeLessThan(40);
  }
  await page.screenshot({ path: 'test-results/screens/line-spacing-300.png' });
  await chat.api(member.email).patch('/settings', { web_line_height_percent: 140 });
});
