import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { HUGE_FINDABLE_PERSON, HUGE_TOPIC_CHANNEL } from '../../server/seed/huge';

/**
 * The big organization (`--seed huge`: 20,000 people, 2,000 channels of which Ada is in 500,
 * 50,000 topics, 1,000,000 messages, 100,000 unread): its screens work. Their speed is the
 * bench's business (`npm run bench -- --only huge`); here, that they show what the server holds
 * while rendering only what fits on screen.
 */
test.use({ chatSetup: { seed: 'huge' } });
// Building the organization and the first POST /register (13 MB) take a few seconds each.
test.describe.configure({ timeout: 180_000 });

/**
 * Scrolls a virtualized list a screen at a time (in the page, one frame per step) until the row
 * with test id `testId` is rendered, then brings it into view.
 */
async function scrollTo(list: Locator, testId: string): Promise<void> {
  await list.evaluate(async (el, id) => {
    el.scrollTop = 0;
    const find = () => el.querySelector(`[data-testid="${CSS.escape(id)}"]`);
    for (let i = 0; i < 2000 && !find(); i++) {
      if (el.scrollTop + el.clientHeight >= el.scrollHeight - 1) break;
      el.scrollTop += el.clientHeight;
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    }
  }, testId);
  await list.getByTestId(testId).scrollIntoViewIfNeeded();
}

async function renderedRows(list: Locator): Promise<number> {
  return list.locator('[data-index]').count();
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screens/big-org-${name}.png` });
}

test('the sidebar lists all 500 subscribed channels, rendering only those in view', async ({
  page,
  signIn,
  chat,
}) => {
  await signIn(page, 'owner', { via: 'host', timeout: 120_000 });
  const { body } = await chat.api('owner').get('/users/me/subscriptions');
  const names = (body.subscriptions as { name: string }[]).map((s) => s.name);
  expect(names).toHaveLength(500);
  const list = page.getByTestId('channel-list');
  const sorted = [...names].sort((a, b) => a.localeCompare(b));
  await expect(list.getByTestId(`channel-${sorted[0]}`)).toBeVisible({ timeout: 60_000 });
  expect(await renderedRows(list)).toBeLessThan(60);
  // The server sent only the newest 50,000 unread (old_unreads_missing): the counts say "at least".
  await expect(page.getByTestId('inbox-count')).toHaveText(/^[\d,]+\+$/);
  await expect(page.getByTestId('inbox-total')).toHaveText(/^[\d,]+\+ unread$/);
  // So does a channel's or a conversation's (its older unread may be among those left out).
  await expect(list.locator('.unread-count').first()).toHaveText(/^[\d,]+\+$/);
  await expect(page.getByTestId('dm-list').locator('.unread-count').first()).toHaveText(/^[\d,]+\+$/);
  // Big numbers are written with separators, as everywhere else.
  await expect(page.getByTestId('people-count')).toHaveText(/^\d{1,3}(,\d{3})+ people$/);
  await shot(page, 'sidebar');

  // The last channel is there too, at the end of the list.
  const last = list.getByTestId(`channel-${sorted.at(-1)}`);
  await scrollTo(list, `channel-${sorted.at(-1)}`);
  await expect(last).toBeVisible();
  expect(await renderedRows(list)).toBeLessThan(60);

  // A channel opened from elsewhere (the switcher) while the list shows its top: the list brings
  // it into view, expanded.
  await list.evaluate((el) => (el.scrollTop = 0));
  await expect(last).toHaveCount(0);
  await page.keyboard.press('Control+k');
  await page.getByTestId('switcher-input').fill(sorted.at(-1)!);
  await expect(page.getByTestId('quick-switcher').getByRole('option').first()).toContainText(sorted.at(-1)!);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('conversation-title')).toContainText(sorted.at(-1)!);
  await expect(last).toBeInViewport();
  await expect(last).toHaveAttribute('aria-expanded', 'true');

  // The channel filter (q) finds one of the 500 by name; Enter opens it.
  const middle = sorted[250]!;
  await page.keyboard.press('q');
  await page.keyboard.type(middle);
  await expect(list.getByTestId(`channel-${middle}`)).toBeVisible();
  expect(await renderedRows(list)).toBeLessThan(60);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('conversation-title')).toContainText(middle);
});

test(`#${HUGE_TOPIC_CHANNEL} opens with its 2,000 topics, the oldest one reachable`, async ({
  page,
  signIn,
  chat,
}) => {
  await signIn(page, 'owner', { via: 'host', timeout: 120_000 });
  const streams = (await chat.api('owner').get('/streams')).body.streams as {
    stream_id: number;
    name: string;
  }[];
  const channel = streams.find((s) => s.name === HUGE_TOPIC_CHANNEL)!;
  const topics = (await chat.api('owner').get(`/users/me/${channel.stream_id}/topics`)).body.topics as {
    name: string;
  }[];
  expect(topics).toHaveLength(2000);

  const list = page.getByTestId('channel-list');
  const button = list.getByTestId(`channel-${HUGE_TOPIC_CHANNEL}`);
  await expect(list.getByTestId(/^channel-/).first()).toBeVisible({ timeout: 60_000 });
  await scrollTo(list, `channel-${HUGE_TOPIC_CHANNEL}`);
  await button.click();
  await expect(page.getByTestId('conversation-title')).toContainText(HUGE_TOPIC_CHANNEL);
  // Newest topic first, right under the channel.
  await expect(list.getByTestId(`topic-${topics[0]!.name}`)).toBeVisible();
  await expect(page.getByTestId('message-feed').locator('[data-message-id]').first()).toBeVisible();
  expect(await renderedRows(list)).toBeLessThan(80);
  await shot(page, 'channel-2000-topics');

  // The oldest topic is at the end of the 2,000: scroll there and open it.
  const oldest = topics.at(-1)!.name;
  const row = list.getByTestId(`topic-${oldest}`);
  await scrollTo(list, `topic-${oldest}`);
  await row.click();
  await expect(page.getByTestId('conversation-title')).toContainText(oldest);
  await expect(page.getByTestId('message-feed').locator('[data-message-id]').first()).toBeVisible();
  expect(await renderedRows(list)).toBeLessThan(80);
  await shot(page, 'oldest-topic');
});

test('the user picker finds one person among 20,000 and opens a conversation with them', async ({
  page,
  signIn,
  chat,
}) => {
  await signIn(page, 'owner', { via: 'host', timeout: 120_000 });
  const person = chat.users.find((u) => u.full_name === HUGE_FINDABLE_PERSON)!;
  expect(chat.users.length).toBeGreaterThanOrEqual(19_999);

  await page.getByTestId('new-dm').click();
  const list = page.getByTestId('user-list');
  await expect(list.locator('[data-index]').first()).toBeVisible({ timeout: 60_000 });
  expect(await renderedRows(list)).toBeLessThan(60);
  await page.getByTestId('user-search').pressSequentially('Quintessa V');
  await expect(list.getByTestId(`user-${person.email}`)).toBeVisible();
  expect(await renderedRows(list)).toBe(1);
  await shot(page, 'user-picker');

  await list.getByTestId(`user-${person.email}`).click();
  await page.getByTestId('start-dm').click();
  await expect(page.getByTestId('conversation-title')).toHaveText(HUGE_FINDABLE_PERSON);

  // The people panel's search finds them too.
  await page.getByTestId('home-inbox').click();
  await page.getByTestId('people-search').fill('vandermolen');
  await expect(page.getByTestId(`person-${person.user_id}`)).toBeVisible();
  expect(await renderedRows(page.getByTestId('people-list'))).toBe(1);
  await shot(page, 'people-search');
});
