import type { Page } from '@playwright/test';
import { markTopicRead } from './server-state';
import { expect, test, type ChatEnvironment } from './fixtures';

// A page of messages on its way while the conversation changes: what changed meanwhile is not lost
// when it arrives (found by using the app on a slow network: new messages missing from the middle
// of a topic until it was opened again, deleted messages back after scrolling up). The web host
// reaches the server through a FaultProxy that holds the answers back; `chat.api` talks to the
// server directly.
test.use({ chatSetup: { behindProxy: true } });

async function post(chat: ChatEnvironment, topic: string, content: string): Promise<number> {
  const { body } = await chat
    .api('admin')
    .post('/messages', { type: 'channel', to: 'general', topic, content });
  return body.id as number;
}

const shownIds = (page: Page) =>
  page.$$eval('[data-testid="message-feed"] [data-message-id]', (rows) =>
    rows.map((row) => Number(row.getAttribute('data-message-id'))),
  );

const isTopicFetch =
  (topic: string) => (r: { method: string; path: string; query: Record<string, string> }) =>
    r.method === 'GET' && r.path.endsWith('/api/v1/messages') && (r.query.narrow ?? '').includes(topic);

test('messages sent while a topic loads are all shown when it does, in order', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  await signIn(page, 'member');
  const topic = `slow open ${Date.now()}`;
  const ids = [await post(chat, topic, 'Before it opens')];
  await page.getByTestId('channel-general').click();
  await expect(page.getByTestId(`topic-${topic}`)).toBeVisible();

  // Its first page answered by the server at once, but held 2 s on the way back: messages sent
  // meanwhile come as events before the page arrives.
  faultProxy.setRule((r) => (isTopicFetch(topic)(r) ? { kind: 'delay', ms: 2000 } : null));
  await page.getByTestId(`topic-${topic}`).click();
  await expect.poll(() => faultProxy.requests.filter(isTopicFetch(topic)).length).toBe(1);
  for (let i = 1; i <= 5; i++) ids.push(await post(chat, topic, `While it loads ${i}`));
  faultProxy.setRule(null);

  await expect.poll(() => shownIds(page), { timeout: 10_000 }).toEqual(ids);
  // And the next one after them.
  ids.push(await post(chat, topic, 'After it opened'));
  await expect.poll(() => shownIds(page)).toEqual(ids);
});

test('a message deleted while an older page is on its way stays deleted', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  const me = await signIn(page, 'member');
  const topic = `slow scroll ${Date.now()}`;
  const ids: number[] = [];
  for (let i = 1; i <= 160; i++) ids.push(await post(chat, topic, `Line ${i}`));
  // Read already: the topic opens at its newest messages, the older ones fetched by scrolling up.
  await markTopicRead(chat.api(me.email), 'general', topic);
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  await expect.poll(async () => (await shownIds(page)).at(-1)).toBe(ids.at(-1));

  // Scrolling up asks for the older messages; their answer is held while one of them is deleted.
  // In the first older page (the 100 before the newest 51), and drawn once the view is at the top.
  const doomed = ids[12]!;
  const isOlderFetch = (r: Parameters<ReturnType<typeof isTopicFetch>>[0]) =>
    isTopicFetch(topic)(r) &&
    (r.query.num_before ?? '0') !== '0' &&
    !/newest|first_unread/.test(r.query.anchor ?? '');
  faultProxy.setRule((r) => (isOlderFetch(r) ? { kind: 'holdAnswer' } : null));
  const feed = page.getByTestId('message-feed');
  await feed.evaluate((el) => el.scrollTo(0, 0));
  await expect.poll(() => faultProxy.requests.filter(isOlderFetch).length).toBeGreaterThan(0);
  await chat.api('admin').delete(`/messages/${doomed}`);
  // The deletion's event reaches the app before the page does.
  await page.waitForTimeout(1000);
  faultProxy.setRule(null);
  faultProxy.releaseAnswers();
  // It has landed once the reader, still at the top, asks for the page before it.
  await expect.poll(() => faultProxy.requests.filter(isOlderFetch).length).toBeGreaterThan(1);

  // The older messages are shown without the deleted one between its neighbours.
  const around = [ids[11]!, ids[13]!];
  await expect
    .poll(async () => {
      const shown = await shownIds(page);
      return around.every((id) => shown.includes(id));
    })
    .toBe(true);
  expect(await shownIds(page)).not.toContain(doomed);
  await expect(page.getByTestId(`message-${doomed}`)).toHaveCount(0);
});
