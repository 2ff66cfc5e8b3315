import type { Page } from '@playwright/test';
import { expect, test, type ChatEnvironment } from './fixtures';

// A page of messages on its way while the conversation changes: what changed meanwhile is not lost
// when it arrives (found by using the app on a slow network: new messages missing from the middle
// of a topic until it was opened again, deleted messages back after scrolling up; that second case
// is tested through the fetch itself, test/unit/renderer/events/feed-journal.test.ts). The web host
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
