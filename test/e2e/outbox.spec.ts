import { OUTBOX_LIMITS } from '../../electron/core/outbox-policy';
import { relaunchable } from './relaunch';
import { newestContents } from './server-state';
import { expect, test } from './fixtures';
import { isSend, openTopic, startTopic } from './outbox-support';

// The send path: a message shows at once (its local echo), and reaches the server exactly once
// whatever the network does: an answer lost on the way back, or an app restarted while the server
// was away. The web host reaches the server through a FaultProxy; `chat.api` talks to it directly.
test.describe.configure({ mode: 'serial' });
// Failed checks back off up to 4 s here (30 s in the app): under load, a test waiting for the next
// check after a few failed ones waited out its 15 s behind the app's longer backoff.
test.use({ chatSetup: { behindProxy: true, core: { outboxLimits: { ...OUTBOX_LIMITS, capMs: 4000 } } } });

test('a send whose answer is lost appears once after recovery, and is not sent again', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  const me = await signIn(page, 'member');
  const topic = `lost answer ${Date.now()}`;
  await startTopic(chat, topic);
  await openTopic(page, topic);

  // The server gets the message but its answer is cut off, and the event stream is stuck, so the
  // app cannot learn from either that the message arrived.
  const seen = faultProxy.requests.length;
  let sends = 0;
  faultProxy.setRule((r) => {
    if (isSend(r)) return sends++ === 0 ? { kind: 'dropAnswer' } : null;
    if (r.path.endsWith('/events')) return { kind: 'hang' };
    return null;
  });
  const text = `Did this arrive? ${Date.now()}`;
  await page.getByTestId('compose-input').fill(text);
  await page.getByTestId('compose-send').click();
  // Accepted into the outbox: the box is empty and the message shows at once, marked as not there yet.
  await expect(page.getByTestId('compose-input')).toHaveValue('');
  const echo = page.getByTestId('pending-message').filter({ hasText: text });
  await expect(echo).toHaveCount(1);
  await expect(echo.getByTestId('pending-status')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/outbox-sending.png' });
  await expect.poll(() => faultProxy.requests.filter((r) => r.fault === 'dropAnswer').length).toBe(1);
  await expect.poll(async () => (await newestContents(chat.api(me.email), 'general', topic)).length).toBe(2);

  // Before anything is sent again, the app asks the server whether it has the message: it does.
  await expect
    .poll(() =>
      faultProxy.requests.some(
        (r) =>
          r.method === 'GET' && r.path.endsWith('/messages') && (r.query.narrow ?? '').includes('sender'),
      ),
    )
    .toBe(true);

  // Recovery: the stuck polls end, the queue delivers the message event.
  faultProxy.setRule(null);
  faultProxy.releaseHeld();
  const feed = page.getByTestId('message-feed');
  await expect(feed.getByText(text)).toHaveCount(1);
  await expect(page.getByTestId('pending-message')).toHaveCount(0);
  await page.waitForTimeout(1500);
  await expect(feed.getByText(text)).toHaveCount(1);
  expect(faultProxy.requests.slice(seen).filter(isSend)).toHaveLength(1);
  const contents = await newestContents(chat.api(me.email), 'general', topic);
  expect(contents.filter((c) => c === text)).toHaveLength(1);
  await page.screenshot({ path: 'test-results/screens/outbox-delivered-once.png' });
});

test('a lost answer and a lost event queue: the check finds the message, and it shows once', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  const me = await signIn(page, 'member');
  const topic = `lost queue ${Date.now()}`;
  await startTopic(chat, topic);
  await openTopic(page, topic);

  // The event stream is held up (the poll on its way is cut, the next ones hang), then the answer
  // is lost, then the server forgets the queue: the message event naming the local id never comes,
  // and only the check can tell that the message arrived.
  let sends = 0;
  let lostQueue = false;
  faultProxy.setRule((r) => {
    if (isSend(r)) return sends++ === 0 ? { kind: 'dropAnswer' } : null;
    if (!r.path.endsWith('/events')) return null;
    if (!lostQueue) return { kind: 'hang' };
    return null;
  });
  await faultProxy.down();
  await faultProxy.up();
  await expect.poll(() => faultProxy.heldCount).toBeGreaterThan(0);
  const seen = faultProxy.requests.length;
  const text = `Lost with its queue ${Date.now()}`;
  await page.getByTestId('compose-input').fill(text);
  await page.getByTestId('compose-send').click();
  await expect(page.getByTestId('compose-input')).toHaveValue('');
  await expect
    .poll(() => faultProxy.requests.slice(seen).filter((r) => r.fault === 'dropAnswer').length)
    .toBe(1);
  await expect.poll(async () => (await newestContents(chat.api(me.email), 'general', topic)).length).toBe(2);

  lostQueue = true;
  faultProxy.next(
    {
      kind: 'status',
      status: 400,
      body: JSON.stringify({ result: 'error', code: 'BAD_EVENT_QUEUE_ID', msg: 'Bad event queue id' }),
    },
    '/events',
  );
  faultProxy.releaseHeld();
  await expect
    .poll(() => faultProxy.requests.slice(seen).filter((r) => r.path.endsWith('/register')).length)
    .toBeGreaterThan(0);
  await expect
    .poll(() =>
      faultProxy.requests
        .slice(seen)
        .some(
          (r) =>
            r.method === 'GET' && r.path.endsWith('/messages') && (r.query.narrow ?? '').includes('sender'),
        ),
    )
    .toBe(true);
  const feed = page.getByTestId('message-feed');
  await expect(feed.getByText(text)).toHaveCount(1);
  await expect(page.getByTestId('pending-message')).toHaveCount(0);
  await page.waitForTimeout(1500);
  await expect(feed.getByText(text)).toHaveCount(1);
  expect(faultProxy.requests.slice(seen).filter(isSend)).toHaveLength(1);
  const contents = await newestContents(chat.api(me.email), 'general', topic);
  expect(contents.filter((c) => c === text)).toHaveLength(1);
});

test('a message typed while the server is down, then the app restarted, is delivered once when the server returns', async ({
  page,
  chat,
}) => {
  const member = chat.user('member');
  const topic = `offline restart ${Date.now()}`;
  await startTopic(chat, topic);
  // Its own web host and proxy: the app is closed and started again on the same data directory.
  const app = await relaunchable(chat, [member]);
  const { proxy } = app;
  await app.startSignedIn(page, member.email);
  try {
    await openTopic(page, topic);

    await proxy.down();
    await expect(page.getByTestId('connection-banner')).toContainText(/reach the server/i);
    const text = `Typed while the server was away ${Date.now()}`;
    await page.getByTestId('compose-input').fill(text);
    await page.getByTestId('compose-send').click();
    await expect(page.getByTestId('compose-input')).toHaveValue('');
    const echo = page.getByTestId('pending-message').filter({ hasText: text });
    await expect(echo.getByTestId('pending-status')).toContainText(/not delivered yet/i);
    await page.screenshot({ path: 'test-results/screens/outbox-waiting-offline.png' });

    // The app quits and starts again, the server still away.
    await page.goto('about:blank');
    const host = await app.start();
    expect(host.core.outboxState().entries.map((e) => e.content)).toEqual([text]);
    await page.goto(host.url);
    await expect(page.getByTestId('connection-banner')).toContainText(/reach the server/i);

    await proxy.up();
    await expect
      .poll(async () =>
        (await newestContents(chat.api(member.email), 'general', topic)).filter((c) => c === text),
      )
      .toEqual([text]);
    await expect(page.getByTestId('connection-banner')).toHaveCount(0);
    await openTopic(page, topic);
    await expect(page.getByTestId('message-feed').getByText(text)).toHaveCount(1);
    await expect(page.getByTestId('pending-message')).toHaveCount(0);
    await page.waitForTimeout(1500);
    const sends = proxy.requests.filter(isSend);
    // One request before the restart (refused: the server was away), one after.
    expect(sends.length).toBeLessThanOrEqual(2);
    expect(
      (await newestContents(chat.api(member.email), 'general', topic)).filter((c) => c === text),
    ).toHaveLength(1);
    await page.screenshot({ path: 'test-results/screens/outbox-after-restart.png' });
  } finally {
    await page.goto('about:blank');
    await app.dispose();
  }
});

test('a message sent while its conversation cannot be loaded shows at once beside the loading conversation', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  await signIn(page, 'member');
  const topic = `unloaded ${Date.now()}`;
  await startTopic(chat, topic);
  // The server stops answering the conversation's messages and the sends: it does not load, and
  // nothing sent goes through.
  faultProxy.setRule((r) =>
    isSend(r) ||
    (r.method === 'GET' && r.path.endsWith('/messages') && JSON.stringify(r.query).includes(topic))
      ? { kind: 'hang' }
      : null,
  );
  await openTopic(page, topic);
  await expect(page.getByText('Loading messages…')).toBeVisible();
  const text = `Sent into a silent server ${Date.now()}`;
  await page.getByTestId('compose-input').fill(text);
  await page.getByTestId('compose-send').click();
  await expect(page.getByTestId('compose-input')).toHaveValue('');
  // Beside the loading conversation, the message the box just gave up.
  const echo = page.getByTestId('pending-message').filter({ hasText: text });
  await expect(echo).toHaveCount(1);
  await expect(page.getByText('Loading messages…')).toBeVisible();
  // The loading state fills the feed's place: the compose box stays at the bottom of the window.
  const box = await page.getByTestId('compose-input').boundingBox();
  expect(box!.y + box!.height).toBeGreaterThan(page.viewportSize()!.height - 100);
  await page.screenshot({ path: 'test-results/screens/outbox-unloaded.png' });
  faultProxy.setRule(null);
  faultProxy.releaseHeld();
  await expect(page.getByTestId('message-feed').getByText(text)).toHaveCount(1, { timeout: 20_000 });
  await expect(echo).toHaveCount(0);
});

test('a refused send stays visible with Retry, Edit and Discard; Edit puts the text back', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  const me = await signIn(page, 'member');
  // The server refuses every message (as it would in a channel one may no longer post in; the app
  // does not offer a compose box where it knows one may not).
  faultProxy.setRule(({ method, path }) =>
    method === 'POST' && path === '/api/v1/messages'
      ? {
          kind: 'status',
          status: 400,
          body: JSON.stringify({
            result: 'error',
            code: 'BAD_REQUEST',
            msg: 'You do not have permission to post in this channel.',
          }),
        }
      : null,
  );
  try {
    await page.getByTestId('channel-general').click();
    await page.getByTestId('topic-team lunch').click();
    await page.getByTestId('compose-input').fill('Can I post here?');
    await page.getByTestId('compose-send').click();
    const echo = page.getByTestId('pending-message').filter({ hasText: 'Can I post here?' });
    await expect(echo).toHaveAttribute('data-state', 'failed');
    await expect(echo.getByTestId('pending-status')).toContainText(/not sent: .*permission/i);
    await expect(echo.getByTestId('pending-retry')).toBeVisible();
    await expect(echo.getByTestId('pending-discard')).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/outbox-failed.png' });

    // Retry asks the server again: still refused, still there, still once.
    await echo.getByTestId('pending-retry').click();
    await expect(echo).toHaveAttribute('data-state', 'failed');
    await expect(page.getByTestId('pending-message')).toHaveCount(1);

    // Edit: the text is back in the compose box and the failed message goes.
    await page.getByTestId('compose-input').fill('Draft in progress.');
    await echo.getByTestId('pending-edit').click();
    await expect(page.getByTestId('pending-message')).toHaveCount(0);
    await expect(page.getByTestId('compose-input')).toHaveValue('Draft in progress.\nCan I post here?');

    // Discard: sent again and refused again, then thrown away on purpose.
    await page.getByTestId('compose-input').fill('Second try');
    await page.getByTestId('compose-send').click();
    await expect(page.getByTestId('pending-message')).toHaveAttribute('data-state', 'failed');
    await page.getByTestId('pending-discard').click();
    await expect(page.getByTestId('pending-message')).toHaveCount(0);
    expect(chat.host.core.outboxState().entries).toEqual([]);
    const { body } = await chat.api(me.email).get('/messages', {
      anchor: 'newest',
      num_before: 5,
      num_after: 0,
      narrow: [{ operator: 'sender', operand: me.email }],
    });
    expect((body.messages as { content: string }[]).map((m) => m.content).join()).not.toMatch(
      /post here|Second try/,
    );
  } finally {
    faultProxy.setRule(null);
  }
});

test('Edit on a refused message shown in All messages opens a box for its conversation there, with the text', async ({
  page,
  signIn,
  faultProxy,
}) => {
  await signIn(page, 'member');
  faultProxy.setRule(({ method, path }) =>
    method === 'POST' && path === '/api/v1/messages'
      ? {
          kind: 'status',
          status: 400,
          body: JSON.stringify({ result: 'error', code: 'BAD_REQUEST', msg: 'Not allowed right now.' }),
        }
      : null,
  );
  try {
    await openTopic(page, 'team lunch');
    const text = `Words worth keeping ${Date.now()}`;
    await page.getByTestId('compose-input').fill(text);
    await page.getByTestId('compose-send').click();
    await expect(page.getByTestId('pending-message').filter({ hasText: text })).toHaveAttribute(
      'data-state',
      'failed',
    );

    // All messages shows the refused message too; its Edit has no compose box of that view to use.
    await page.getByTestId('all-messages').click();
    await expect(page.getByTestId('conversation-title')).toContainText('All messages');
    const echo = page.getByTestId('pending-message').filter({ hasText: text });
    await echo.getByTestId('pending-edit').click();

    // As a reply from there: the reader stays in All messages, the box addressed to the topic.
    await expect(page.getByTestId('reply-in-view-to')).toHaveText('# general › team lunch');
    await expect(page.getByTestId('conversation-title')).toContainText('All messages');
    await expect(page.getByTestId('compose-input')).toHaveValue(text);
    await expect(page.getByTestId('compose-input')).toBeFocused();
    await expect(page.getByTestId('pending-message')).toHaveCount(0);

    // No longer in the outbox, the text is the topic's draft: a reload finds it there.
    await page.reload();
    await openTopic(page, 'team lunch');
    await expect(page.getByTestId('compose-input')).toHaveValue(text);
  } finally {
    faultProxy.setRule(null);
  }
});
