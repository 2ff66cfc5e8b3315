import type { Page } from '@playwright/test';
import { expect, test, type ChatEnvironment } from './fixtures';

// Everything a message or a topic offers can be reached from the keyboard, and Tab goes where the
// person is looking (found by using the app: Tab in the feed threw the view thousands of pixels
// away; the topic menu opened with the focus left behind; the emoji picker took only its first
// emoji).

const ADA = 'owner';
const BEN = 'ben@northwind.example';

async function post(chat: ChatEnvironment, who: string, topic: string, content: string): Promise<number> {
  const { body } = await chat.api(who).post('/messages', { type: 'channel', to: 'general', topic, content });
  return body.id as number;
}

async function openTopic(page: Page, topic: string): Promise<void> {
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
}

const focusedRowId = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('[data-message-id]')?.getAttribute('data-message-id'));

test('Tab in the feed visits the selected message only, leaves the view where it is, then reaches the compose box', async ({
  page,
  chat,
  signIn,
}) => {
  const topic = `tab order ${Date.now()}`;
  const ids: number[] = [];
  for (let i = 1; i <= 60; i++)
    ids.push(await post(chat, BEN, topic, `Line ${i}, with a [link](https://example.com/${i})`));
  await signIn(page, ADA);
  await openTopic(page, topic);
  const feed = page.getByTestId('message-feed');
  await feed.focus();
  await page.keyboard.press('End');
  const newest = ids[ids.length - 1]!;
  await expect(page.locator('[data-selected="true"]')).toHaveAttribute('data-message-id', String(newest));
  // End's move has settled (rows drawn at their real height keep the view at the bottom a moment):
  // two readings 300 ms apart agree.
  let scrollBefore = -1;
  await expect
    .poll(
      async () => {
        const now = await feed.evaluate((el) => el.scrollTop);
        const settled = now === scrollBefore;
        scrollBefore = now;
        return settled;
      },
      { intervals: [300] },
    )
    .toBe(true);

  // Rows above and below the view are drawn too (overscan), each with its link and buttons.
  await expect(page.locator('[data-light]')).toHaveCount(0);
  expect(await page.locator('[data-message-id] a[href]').count()).toBeGreaterThan(3);
  const visited: (string | null | undefined)[] = [];
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    if (await page.getByTestId('compose-input').evaluate((el) => el === document.activeElement)) break;
    visited.push(await focusedRowId(page));
  }
  // Then the compose box's text field, where one types (its tabs and formatting buttons are passed).
  await expect(page.getByTestId('compose-input')).toBeFocused();
  // Only the selected message's controls (and the feed's own, outside any row) were visited.
  expect(visited.filter((id) => id !== undefined && id !== null)).not.toHaveLength(0);
  for (const id of visited) if (id) expect(id).toBe(String(newest));
  expect(Math.abs((await feed.evaluate((el) => el.scrollTop)) - scrollBefore)).toBeLessThan(5);

  // Shift+Tab from the field reaches the box's formatting buttons.
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByTestId('compose').locator(':focus')).toHaveAttribute('data-testid', /^format-/);
});

test('i opens the selected message’s menu, e moves another person’s message, and the topic menu works by keyboard', async ({
  page,
  chat,
  signIn,
}) => {
  const topic = `menus by keyboard ${Date.now()}`;
  const id = await post(chat, BEN, topic, 'A message from Ben');
  await signIn(page, ADA);
  await openTopic(page, topic);
  await page.getByTestId('message-feed').focus();
  await page.keyboard.press('End');

  await page.keyboard.press('i');
  const menu = page.getByRole('menu', { name: 'Message actions' });
  await expect(menu.getByRole('menuitem', { name: 'Quote and reply' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);

  // Not Ada's message: e offers to move it (she may, as the owner).
  await page.getByTestId('message-feed').focus();
  await page.keyboard.press('e');
  const dialog = page.getByTestId('edit-message-dialog');
  await expect(dialog.getByRole('heading', { name: 'Move message' })).toBeVisible();
  await expect(dialog.getByTestId('edit-content')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect(id).toBeGreaterThan(0);

  // The topic's menu: Enter opens it with the focus on its first item; the arrows move; Esc gives
  // the focus back to its button; moving the focus elsewhere closes it.
  const button = page.getByTestId(`topic-menu-${topic}`);
  await button.focus();
  await page.keyboard.press('Enter');
  const topicMenu = page.getByRole('menu', { name: `Actions for topic ${topic}` });
  await expect(topicMenu.getByRole('menuitem', { name: 'Follow topic' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(topicMenu.getByRole('menuitem', { name: 'Mute topic' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(topicMenu.getByRole('menuitem', { name: 'Mark topic as read' })).toBeFocused();
  await page.screenshot({ path: 'test-results/screens/topic-menu-keyboard.png' });
  await page.keyboard.press('Escape');
  await expect(topicMenu).toHaveCount(0);
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(topicMenu).toBeVisible();
  await page.getByTestId('compose-input').focus();
  await expect(topicMenu).toHaveCount(0);
});

test('the emoji picker is used with the arrows: the one chosen is the one added', async ({
  page,
  chat,
  signIn,
}) => {
  const topic = `emoji arrows ${Date.now()}`;
  const id = await post(chat, BEN, topic, 'React to me');
  await signIn(page, ADA);
  await openTopic(page, topic);
  await page.getByTestId('message-feed').focus();
  await page.keyboard.press('End');
  await page.keyboard.press(':');
  const search = page.getByTestId('emoji-search');
  await expect(search).toBeFocused();
  await search.fill('heart');
  const choices = page.locator('[data-testid="emoji-picker"] .emoji-choice');
  const second = await choices.nth(1).getAttribute('aria-label');
  await page.keyboard.press('ArrowDown');
  await expect(choices.nth(0)).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(choices.nth(1)).toBeFocused();
  await page.screenshot({ path: 'test-results/screens/emoji-picker-arrows.png' });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('emoji-picker')).toHaveCount(0);
  const chip = page.getByTestId(`reactions-${id}`).getByRole('button');
  await expect(chip).toHaveCount(1);
  const name = second!.replace(/ /g, '_');
  await expect(chip).toHaveAttribute('data-testid', `reaction-${name}`);
  // Its name says who reacted, the user as "You".
  await expect(chip).toHaveAccessibleName(`You reacted with :${name}:`);
});

test('a message sent at the bottom of its conversation becomes the selected one: e edits it at once', async ({
  page,
  chat,
  signIn,
}) => {
  const topic = `send then edit ${Date.now()}`;
  await post(chat, BEN, topic, 'What time?');
  await signIn(page, ADA);
  await openTopic(page, topic);
  const input = page.getByTestId('compose-input');
  await input.fill('At four');
  await input.press('Control+Enter');
  const mine = page.locator('[data-message-id]').filter({ hasText: 'At four' });
  await expect(mine).toHaveAttribute('data-selected', 'true');
  await page.getByTestId('message-feed').focus();
  await page.keyboard.press('e');
  await expect(page.getByTestId('edit-content')).toHaveValue('At four');
  await page.keyboard.press('Escape');
});

test('a conversation opened by a click in the sidebar takes the keyboard; one opened with Enter leaves it in the sidebar', async ({
  page,
  chat,
  signIn,
}) => {
  const topic = `sidebar click ${Date.now()}`;
  const ids: number[] = [];
  for (let i = 1; i <= 30; i++) ids.push(await post(chat, BEN, topic, `Line ${i} of the sidebar test.`));
  await signIn(page, ADA);
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  const feed = page.getByTestId('message-feed');
  await expect(feed).toBeFocused();
  // Home and End move the messages, not the sidebar.
  await page.keyboard.press('Home');
  await expect(page.getByTestId(`message-${ids[0]}`)).toBeInViewport();
  await page.keyboard.press('End');
  await expect(page.getByTestId(`message-${ids[29]}`)).toBeInViewport();

  // From the keyboard: the focus stays on the item, to go on through the list.
  const random = page.getByTestId('channel-random');
  await random.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('conversation-title')).toContainText('random');
  await expect(random).toBeFocused();
});

test('scrolled away from the selected message, the selection comes along to what is on screen', async ({
  page,
  chat,
  signIn,
}) => {
  const topic = `selection follows ${Date.now()}`;
  const ids: number[] = [];
  for (let i = 1; i <= 40; i++) ids.push(await post(chat, BEN, topic, `Line ${i} of the scrolling test.`));
  await signIn(page, ADA);
  await openTopic(page, topic);
  const feed = page.getByTestId('message-feed');
  await expect(feed).not.toHaveAttribute('aria-busy');
  await feed.focus();
  await page.keyboard.press('End');
  await expect(page.getByTestId(`message-${ids[39]}`)).toHaveAttribute('data-selected', 'true');
  // The wheel (or the scroll bar) takes the view to the top: the selection comes along, to the last
  // row shown (it was below them).
  await feed.hover();
  for (let i = 0; i < 20; i++) await page.mouse.wheel(0, -600);
  await expect(page.getByTestId(`message-${ids[0]}`)).toBeInViewport();
  const selected = feed.locator('article[data-selected]');
  await expect(selected).toBeInViewport();
  const selectedId = Number(await selected.getAttribute('data-message-id'));
  expect(selectedId).toBeLessThan(ids[39]!);
  // The keys act on it: its menu opens beside it, on screen.
  await page.keyboard.press('i');
  await expect(page.getByRole('menu', { name: 'Message actions' })).toBeVisible();
  await expect(page.getByTestId(`message-${selectedId}`)).toBeInViewport();
});

/** How far the selected row is from the feed's edges, and whether the "… below" button covers it. */
const selectedClearance = (page: Page) =>
  page.evaluate(() => {
    const feed = document.querySelector('[data-testid="message-feed"]')!.getBoundingClientRect();
    const row = document.querySelector('[data-message-id][data-selected="true"]')!.getBoundingClientRect();
    const pill = document.querySelector('[data-testid="jump-to-bottom"]')?.getBoundingClientRect();
    return {
      above: Math.round(row.top - feed.top),
      below: Math.round(feed.bottom - row.bottom),
      underPill: !!pill && pill.top < row.bottom && pill.bottom > row.top,
    };
  });

test('moved from the keyboard, the selected message keeps context around it, clear of the "unread below" button', async ({
  page,
  chat,
  signIn,
}) => {
  const topic = `selection margin ${Date.now()}`;
  const ids: number[] = [];
  for (let i = 1; i <= 40; i++) ids.push(await post(chat, BEN, topic, `Line ${i} of the margin test.`));
  await signIn(page, ADA);
  await openTopic(page, topic);
  const feed = page.getByTestId('message-feed');
  await expect(feed).not.toHaveAttribute('aria-busy');
  await feed.focus();
  await expect(page.getByTestId('jump-to-bottom')).toBeVisible();
  // j, one message after another: the view goes along before the selection reaches its bottom edge.
  for (let i = 0; i < 16; i++) {
    await page.keyboard.press('j');
    await expect(page.getByTestId(`message-${ids[i + 1]}`)).toHaveAttribute('data-selected', 'true');
    const clearance = await selectedClearance(page);
    expect(clearance.below, `after j ${i + 1}`).toBeGreaterThanOrEqual(48);
    expect(clearance.underPill, `after j ${i + 1}`).toBe(false);
  }
  await page.screenshot({ path: 'test-results/screens/selection-margin-j.png' });
  // k likewise keeps context above it.
  for (let i = 0; i < 12; i++) await page.keyboard.press('k');
  await expect(page.getByTestId(`message-${ids[4]}`)).toHaveAttribute('data-selected', 'true');
  expect((await selectedClearance(page)).above).toBeGreaterThanOrEqual(48);

  // PgUp from the newest: the selection comes along to a message clear of the button.
  await page.keyboard.press('End');
  await expect(page.getByTestId(`message-${ids[39]}`)).toHaveAttribute('data-selected', 'true');
  await page.keyboard.press('PageUp');
  const selected = page.locator('[data-message-id][data-selected="true"]');
  await expect(selected).not.toHaveAttribute('data-message-id', String(ids[39]));
  await expect(page.getByTestId('jump-to-bottom')).toBeVisible();
  const afterPageUp = await selectedClearance(page);
  expect(afterPageUp.underPill).toBe(false);
  expect(afterPageUp.below).toBeGreaterThanOrEqual(48);
  await page.screenshot({ path: 'test-results/screens/selection-margin-pgup.png' });
});

test('in a channel view, Tab from the messages goes to the topic while it is empty, then to the message', async ({
  page,
  signIn,
}) => {
  await signIn(page, ADA);
  await page.getByTestId('channel-general').click();
  const feed = page.getByTestId('message-feed');
  await expect(feed).not.toHaveAttribute('aria-busy');
  // Tab through the selected message's controls until the focus leaves the messages.
  const tabOutOfFeed = async () => {
    await feed.focus();
    for (let i = 0; i < 12 && (await feed.evaluate((el) => el.contains(document.activeElement))); i++)
      await page.keyboard.press('Tab');
  };
  await tabOutOfFeed();
  await expect(page.getByTestId('compose-topic')).toBeFocused();
  await page.keyboard.type('planning');
  await tabOutOfFeed();
  await expect(page.getByTestId('compose-input')).toBeFocused();
});

test('the focus ring of a primary button shows apart from the button: a gap, then the ring', async ({
  page,
  signIn,
}) => {
  await signIn(page, ADA);
  await openTopic(page, 'welcome');
  await page.getByTestId('compose-input').fill('A line to send');
  const send = page.getByTestId('compose-send');
  await send.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(send).toBeFocused();
  const look = await send.evaluate((button) => {
    const style = getComputedStyle(button);
    // Each layer: its colour and spread, innermost first (as box-shadow lists them).
    const layers = [...style.boxShadow.matchAll(/(rgba?\([^)]*\))[^,]*?(-?\d+(?:\.\d+)?)px(?:,|$)/g)].map(
      (m) => ({ color: m[1], spread: Number(m[2]) }),
    );
    return { fill: style.backgroundColor, layers };
  });
  await page.screenshot({
    path: 'test-results/screens/primary-focus.png',
    clip: { x: 860, y: 700, width: 140, height: 100 },
  });
  // Drawn at all, and what touches the button is not the button's own colour (it would only look bigger).
  expect(look.layers.length).toBeGreaterThan(0);
  const innermost = look.layers.reduce((a, b) => (a.spread <= b.spread ? a : b));
  expect(innermost.color).not.toBe(look.fill);
  const outermost = look.layers.reduce((a, b) => (a.spread >= b.spread ? a : b));
  expect(outermost.spread).toBeGreaterThan(innermost.spread);
});
