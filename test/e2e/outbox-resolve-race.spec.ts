import { OUTBOX_LIMITS } from '../../electron/core/outbox-policy';
import { newestContents } from './server-state';
import { expect, test } from './fixtures';
import { isSend, openTopic, startTopic } from './outbox-support';

// A send whose answer is lost, with the event stream held up for the whole test so that only the
// outbox's check can tell what became of it. With the test servers' usual 3 s long-poll timeout the
// held poll counts as stalled after 3 s, the connection as unresponsive, and the outbox rightly
// waits for it before checking again: under load the test's own steps outlasted that window (one
// failure in six runs with two workers). A long heartbeat and long-poll timeout keep the held poll
// from counting as stalled while the test runs.
test.use({
  chatSetup: {
    behindProxy: true,
    timings: { heartbeatSeconds: 30, longpollTimeoutSeconds: 60 },
    // Failed checks back off up to 4 s here (30 s in the app).
    core: { outboxLimits: { ...OUTBOX_LIMITS, capMs: 4000 } },
  },
});

test('a send whose answer is lost is not sent again when its topic is resolved before the check', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  const me = await signIn(page, 'member');
  const topic = `resolve race ${Date.now()}`;
  await startTopic(chat, topic);
  await openTopic(page, topic);

  // The answer is lost, the event stream is stuck, and the check fails until someone resolved the topic.
  const isCheck = (r: { method: string; path: string; query: Record<string, string> }) =>
    r.method === 'GET' && r.path.endsWith('/messages') && (r.query.narrow ?? '').includes('sender');
  let resolved = false;
  let sends = 0;
  faultProxy.setRule((r) => {
    if (isSend(r)) return sends++ === 0 ? { kind: 'dropAnswer' } : null;
    if (r.path.endsWith('/events')) return { kind: 'hang' };
    if (isCheck(r) && !resolved) return { kind: 'reset' };
    return null;
  });
  const seen = faultProxy.requests.length;
  const text = `Resolved under me ${Date.now()}`;
  await page.getByTestId('compose-input').fill(text);
  await page.getByTestId('compose-send').click();
  await expect.poll(() => faultProxy.requests.slice(seen).filter(isCheck).length).toBeGreaterThan(0);
  const { body } = await chat.api(me.email).get('/messages', {
    anchor: 'newest',
    num_before: 1,
    num_after: 0,
    narrow: [{ operator: 'sender', operand: me.email }],
    apply_markdown: false,
  });
  const [sent] = body.messages as { id: number; content: string }[];
  expect(sent!.content).toBe(text);
  const moved = await chat.api('admin').patch(`/messages/${sent!.id}`, {
    topic: `✔ ${topic}`,
    propagate_mode: 'change_all',
  });
  expect(moved.status).toBe(200);
  resolved = true;
  // The next check must find the message in the resolved topic.
  await expect
    .poll(() => faultProxy.requests.slice(seen).filter((r) => isCheck(r) && r.fault === 'forwarded').length, {
      timeout: 15_000,
    })
    .toBe(1);
  await page.waitForTimeout(500);
  faultProxy.setRule(null);
  faultProxy.releaseHeld();
  await expect(page.getByTestId('pending-message')).toHaveCount(0);
  await page.waitForTimeout(1000);
  expect(faultProxy.requests.slice(seen).filter(isSend)).toHaveLength(1);
  expect(await newestContents(chat.api(me.email), 'general', topic)).not.toContain(text);
  expect(
    (await newestContents(chat.api(me.email), 'general', `✔ ${topic}`)).filter((c) => c === text),
  ).toHaveLength(1);
});
