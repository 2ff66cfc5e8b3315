import type { Browser, Page } from '@playwright/test';
import { expect, test, type ChatEnvironment } from './fixtures';
import { openSecondUser } from './second-user';
import { liveADay, mulberry32, type Day, type DayClient } from '../support/random-day';

// A busy day lived with the app open (through main's event loop, the bridge and the window's
// reducers) must leave the window showing what a window registered afterwards shows: no count,
// name or conversation that only a new start would put right.

function dayClient(chat: ChatEnvironment, who: string): DayClient {
  const api = chat.api(who);
  return {
    call(method, path, params) {
      if (method === 'GET') return api.get(path, params);
      if (method === 'POST') return api.post(path, params);
      if (method === 'PATCH') return api.patch(path, params);
      return api.delete(path, params);
    },
  };
}

/** What the window shows of the day: the channels and their counts, direct messages, Starred, the Inbox. */
async function shown(page: Page): Promise<string> {
  const parts = [
    await page.getByRole('navigation', { name: 'Conversations' }).innerText(),
    await page.getByTestId('starred').innerText(),
    await page.getByTestId('inbox-list').innerText(),
  ];
  return parts.join('\n---\n');
}

/** What a window shows once two reads half a second apart agree (it has finished loading). */
async function settled(page: Page): Promise<string> {
  let last = await shown(page);
  for (let read = 0; read < 20; read++) {
    await page.waitForTimeout(500);
    const now = await shown(page);
    if (now === last) return now;
    last = now;
  }
  throw new Error('the window kept changing');
}

/** A day around the owner (`selfId`), drawn from `seed`. */
async function ownersDay(chat: ChatEnvironment, selfId: number, seed: number): Promise<Day> {
  const rand = mulberry32(seed);
  const admin = dayClient(chat, 'admin');
  const subscriptions = (await chat.api('owner').get('/users/me/subscriptions')).body.subscriptions as {
    stream_id: number;
  }[];
  return {
    rand,
    pick: (xs) => xs[Math.floor(rand() * xs.length)]!,
    people: {
      self: selfId,
      member: chat.user('member').user_id,
      third: chat.user('farid@northwind.example').user_id,
    },
    self: dayClient(chat, 'owner'),
    admin,
    others: [admin, dayClient(chat, 'member'), dayClient(chat, 'elena@northwind.example')],
    channels: subscriptions.map((s) => s.stream_id),
    allChannels: (await chat.api('owner').get('/streams')).body.streams as Day['allChannels'],
    sent: [],
    sentToChannels: new Set(),
    step: 0,
  };
}

/** The window shows what a window of its own host, registered now, shows. */
async function expectAsFreshWindow(page: Page, browser: Browser, chat: ChatEnvironment, screen: string) {
  const second = await openSecondUser(browser, chat, 'owner');
  const fresh = second.page;
  await expect(fresh.getByTestId('inbox-view')).toBeVisible();
  const expected = await settled(fresh);
  await expect.poll(() => shown(page), { timeout: 20_000 }).toBe(expected);
  await page.screenshot({ path: `test-results/screens/${screen}.png` });
  await second.close();
}

test('after a busy day with the app open, it shows what a window registered afterwards shows', async ({
  page,
  browser,
  chat,
  signIn,
}) => {
  test.setTimeout(120_000);
  const ada = await signIn(page, 'owner');
  await expect(page.getByTestId('inbox-view')).toBeVisible();
  await liveADay(await ownersDay(chat, ada.user_id, 2026), 120);
  await expectAsFreshWindow(page, browser, chat, 'random-day-live');
});

test('a window reloaded halfway through a busy day takes the day so far from main, registering nothing', async ({
  page,
  browser,
  chat,
  signIn,
}) => {
  test.setTimeout(120_000);
  const ada = await signIn(page, 'owner');
  await expect(page.getByTestId('inbox-view')).toBeVisible();
  const generation = chat.host.core.session()?.generation;
  const day = await ownersDay(chat, ada.user_id, 7);
  await liveADay(day, 60);
  await page.reload();
  await expect(page.getByTestId('inbox-view')).toBeVisible();
  await liveADay(day, 60);
  expect(chat.host.core.session()?.generation).toBe(generation);
  await expectAsFreshWindow(page, browser, chat, 'random-day-reloaded');
});
