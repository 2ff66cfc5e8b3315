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
