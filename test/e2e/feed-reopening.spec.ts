import type { Page } from '@playwright/test';
import { expect, test, type ChatEnvironment } from './fixtures';
import { markTopicRead, unreadInTopic } from './server-state';

// A conversation opened again opens at its first unread message as it is now, whatever the app
// still holds of it: the window of an earlier visit in this session (whose first unread is read
// by now), or the messages kept for the next launch. Opening where those were left put the view
// past unread messages, and what it showed was marked read while they stayed unread above.

async function postMany(chat: ChatEnvironment, topic: string, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 1; i <= count; i++) {
    const { body } = await chat
      .api('ben@northwind.example')
      .post('/messages', { type: 'channel', to: 'design', topic, content: `Reopen line ${i}.` });
    ids.push(body.id as number);
  }
  return ids;
}

/** The server's first unread message of the topic for `who`. */
async function firstUnread(chat: ChatEnvironment, who: string, topic: string): Promise<number | null> {
  return (await unreadInTopic(chat.api(who), 'design', topic))[0] ?? null;
}

/** The first message fully in view and the selected one. */
async function view(page: Page): Promise<{ first: number | null; selected: number | null }> {
  return page.evaluate(() => {
    const feed = document.querySelector('[data-testid="message-feed"]');
    if (!feed) return { first: null, selected: null };
    const top = feed.getBoundingClientRect().top;
    const first = [...feed.querySelectorAll<HTMLElement>('article[data-message-id]')].find(
      (row) => row.getBoundingClientRect().top >= top - 1,
    );
    const selected = feed.querySelector<HTMLElement>('article[data-selected]');
    return {
      first: first ? Number(first.dataset.messageId) : null,
      selected: selected ? Number(selected.dataset.messageId) : null,
    };
  });
}

test('a conversation opened again in the same session opens at its first unread message as it is now', async ({
  page,
  chat,
  signIn,
}) => {
  const topic = `reopen ${Date.now()}`;
  const ids = await postMany(chat, topic, 120);
  const me = await signIn(page, 'owner');
  await page.getByTestId('channel-design').click();
  await page.getByTestId(`topic-${topic}`).click();
  await expect.poll(() => view(page)).toEqual({ first: ids[0], selected: ids[0] });
  // The first screen is read; the rest stays unread.
  await expect.poll(() => firstUnread(chat, me.email, topic), { timeout: 10_000 }).not.toBe(ids[0]);
  const next = await firstUnread(chat, me.email, topic);
  expect(next).not.toBeNull();
  await page.getByTestId('home-inbox').click();
  await expect(page.getByTestId('message-feed')).toHaveCount(0);

  await page.getByTestId('channel-design').click();
  await page.getByTestId(`topic-${topic}`).click();
  await expect.poll(() => view(page)).toEqual({ first: next, selected: next });
  // Nothing between the old first unread and the new one was skipped: all of it is read, the rest
  // from `next` on is as it was or read by being seen now, in order.
  await page.waitForTimeout(1000);
  const after = await firstUnread(chat, me.email, topic);
  expect(after === null || after >= next!).toBe(true);
});

test('the messages kept for the next launch open at a first unread message that came since', async ({
  page,
  chat,
  signIn,
}) => {
  const topic = `kept reopen ${Date.now()}`;
  const ids = await postMany(chat, topic, 60);
  const me = await signIn(page, 'owner');
  await markTopicRead(chat.api(me.email), 'design', topic);
  await page.getByTestId('channel-design').click();
  await page.getByTestId(`topic-${topic}`).click();
  await expect(page.getByTestId(`message-${ids.at(-1)}`)).toBeVisible();
  // Seen at its newest for a while: kept for the next launch.
  await page.waitForTimeout(1600);
  // Another device marks the older half unread; then the window is opened again.
  const older = ids.slice(0, 30);
  const { status } = await chat
    .api(me.email)
    .post('/messages/flags', { messages: older, op: 'remove', flag: 'read' });
  expect(status).toBe(200);
  await page.reload();
  await page.getByTestId('channel-design').click();
  // Opened once the window knows of the other device's change (its event may still be on its way
  // to main on a busy machine; opened before, the conversation rightly opens where it is read).
  await expect(page.getByTestId(`topic-unread-${topic}`)).toHaveText('30');
  await page.getByTestId(`topic-${topic}`).click();
  await expect.poll(() => view(page), { timeout: 10_000 }).toEqual({ first: ids[0], selected: ids[0] });
  // What the kept messages showed first was not marked read past the unread ones above it.
  await page.waitForTimeout(1000);
  const { body } = await chat.api(me.email).get('/messages', {
    anchor: ids.at(-1),
    num_before: 0,
    num_after: 0,
    narrow: [
      { operator: 'channel', operand: 'design' },
      { operator: 'topic', operand: topic },
    ],
  });
  expect((body.messages as { flags: string[] }[])[0]!.flags).toContain('read');
  expect(await firstUnread(chat, me.email, topic)).not.toBeNull();
});
