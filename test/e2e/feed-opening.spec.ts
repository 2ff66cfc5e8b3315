import { expect, test } from './fixtures';
import { distinctViews, largestShift, paintedRows, recordPaintedRows } from './painted-rows';
import { markTopicRead } from './server-state';

// Opening a conversation: the first frame that shows its rows shows the rows it settles on, but for
// the last row settling to its measured height on a busy machine. Rows of
// different kinds (a sender line or not, a long message) used to be drawn at one guessed height and
// at the top of the list first, so the first frame showed other rows, or half a screen of them.

test('a read conversation opens at its newest messages from the first frame, with no jump', async ({
  page,
  chat,
  signIn,
}) => {
  const topic = `opening ${Date.now()}`;
  const senders = ['ben@northwind.example', 'ben@northwind.example', 'owner', 'ben@northwind.example'];
  let newest = 0;
  for (let i = 1; i <= 48; i++) {
    const line = `Opening line ${i}.`;
    const content =
      i % 7 === 0 ? `${line} ${'A longer message that wraps onto more lines. '.repeat(6)}` : line;
    const { body } = await chat
      .api(senders[i % senders.length]!)
      .post('/messages', { type: 'channel', to: 'design', topic, content });
    newest = body.id as number;
  }
  await markTopicRead(chat.api('owner'), 'design', topic);
  await signIn(page, 'owner');
  await page.getByTestId('channel-design').click();

  await recordPaintedRows(page, 30, topic);
  await page.getByTestId(`topic-${topic}`).click();
  const frames = await paintedRows(page, 30);
  expect(frames).toHaveLength(30);
  // At most the last row settling to its measured height (two rows) on a busy machine.
  expect(largestShift(frames)).toBeLessThanOrEqual(2);
  expect(frames.at(-1)).toContain(newest);
  expect(distinctViews(frames).length).toBeLessThanOrEqual(2);
  await page.screenshot({ path: 'test-results/screens/feed-opening.png' });
});

test('a conversation opened at its first unread message keeps it in place while what is seen is marked read', async ({
  page,
  chat,
  signIn,
}) => {
  const topic = `first unread ${Date.now()}`;
  const senders = ['ben@northwind.example', 'ben@northwind.example', 'owner', 'ben@northwind.example'];
  const ids: number[] = [];
  for (let i = 1; i <= 60; i++) {
    // The first 30 are read: the conversation opens at the 31st, with rows above it.
    if (i === 31) await markTopicRead(chat.api('owner'), 'design', topic);
    const line = `Line ${i}.`;
    // Rows of one kind but of different heights: what is learned from the rows drawn moves the
    // estimate of the rows above the view that are not drawn.
    const content =
      i % 7 === 0 ? `${line} ${'A longer message that wraps onto more lines. '.repeat(6)}` : line;
    const { body } = await chat
      .api(senders[i % senders.length]!)
      .post('/messages', { type: 'channel', to: 'design', topic, content });
    ids.push(body.id as number);
  }
  const firstUnread = ids[30]!;
  await signIn(page, 'owner');
  await page.getByTestId('channel-design').click();
  const unreadCount = page.getByTestId(`topic-unread-${topic}`);
  // Ben's 23 of the last 30 (the owner's own messages are read).
  await expect(unreadCount).toHaveText('23');

  await recordPaintedRows(page, 150, topic);
  await page.getByTestId(`topic-${topic}`).click();
  // What the view shows is marked read (the sidebar's count for the topic drops) while recording.
  await expect(unreadCount).not.toHaveText('23');
  const frames = await paintedRows(page, 150);
  expect(frames).toHaveLength(150);
  // The first unread message is the first row shown in every frame: never pushed down by rows
  // above it that were re-estimated when the read flags changed the feed's messages.
  expect(frames.map((rows) => rows[0])).toEqual(frames.map(() => firstUnread));
});
