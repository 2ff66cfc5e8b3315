import { expect, test } from './fixtures';
import { distinctViews, largestShift, paintedRows, recordPaintedRows } from './painted-rows';
import { markTopicRead } from './server-state';

for (let rep = 0; rep < 1; rep++)
test(`probe open at first unread ${rep}`, async ({ page, chat, signIn }) => {
  const topic = `unread-open ${Date.now()}`;
  const senders = ['ben@northwind.example', 'ben@northwind.example', 'owner', 'ben@northwind.example'];
  const ids: number[] = [];
  for (let i = 1; i <= 60; i++) {
    if (i === 31) await markTopicRead(chat.api('owner'), 'design', topic);
    const line = `Unread line ${i}.`;
    const content = i % 7 === 0 ? `${line} ${'A longer message that wraps onto more lines. '.repeat(6)}` : line;
    const { body } = await chat.api(senders[i % senders.length]!).post('/messages', { type: 'channel', to: 'design', topic, content });
    ids.push(body.id as number);
  }
  await signIn(page, 'owner');
  await page.getByTestId('channel-design').click();
  await page.evaluate(() => { const w = window as any; w.trace = []; const t0 = performance.now(); const tick = () => { const feed = document.querySelector('[data-testid="message-feed"]') as HTMLElement | null; if (feed) { const rows = [...feed.querySelectorAll('article[data-message-id]')] as HTMLElement[]; const box = feed.getBoundingClientRect(); const first = rows.find((r) => r.getBoundingClientRect().bottom > box.top + 1); w.trace.push(`${Math.round(performance.now() - t0)}ms st=${feed.scrollTop} sh=${feed.scrollHeight} first=${first?.dataset.messageId}@${first ? Math.round(first.getBoundingClientRect().top - box.top) : ''} n=${rows.length}`); } if (w.trace.length < 60) requestAnimationFrame(tick); }; requestAnimationFrame(tick); });
  await recordPaintedRows(page, 90, topic);
  await page.getByTestId(`topic-${topic}`).click();
  const frames = await paintedRows(page, 90);
  const firstUnread = ids[30]!;
  console.log('first unread', firstUnread, 'pos per frame', frames.map((f) => f.indexOf(firstUnread)).join(' '));
  console.log('views', distinctViews(frames).map((v) => v.split(',').map((x) => Number(x) - ids[0]!).join(',')).join(' | '));
  await page.screenshot({ path: '/tmp/probe-open.png' }); console.log('sel', await page.evaluate(() => document.querySelector('[aria-current], .selected, [data-selected=true]')?.outerHTML.slice(0,200))); console.log((await page.evaluate(() => (window as any).trace)).join('\n')); console.log('shift', largestShift(frames));
  expect(frames.length).toBe(90);
});
