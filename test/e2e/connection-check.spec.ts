import { expect, test } from './fixtures';

// A server that goes away while the event queue's long poll is held open: the poll would not notice
// until the server's heartbeat is due (50 s here, as the real service's), and neither would the
// connection banner. Another request failing the way a lost server makes it fail has the poll
// tried again at once, so the banner says so in seconds.
test.use({
  chatSetup: {
    behindProxy: true,
    timings: { heartbeatSeconds: 50, longpollTimeoutSeconds: 90 },
    core: { backoff: { baseMs: 300, capMs: 2000 }, requestTimeoutMs: 10_000 },
  },
});

test('a failed request while the long poll is held shows the connection banner within seconds', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  await signIn(page, 'member');
  const stamp = Date.now();
  for (const topic of [`held poll ${stamp}`, `other topic ${stamp}`])
    await chat.api('admin').post('/messages', { type: 'channel', to: 'general', topic, content: 'Hello.' });
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-held poll ${stamp}`).click();
  await expect(page.getByTestId('message-feed')).toContainText('Hello.');
  // The poll is on the server now, held until an event or the heartbeat (50 s away).
  await expect
    .poll(() => faultProxy.requests.filter((r) => r.path.endsWith('/events')).length)
    .toBeGreaterThan(0);
  await page.waitForTimeout(500);
  // Every new request now gets a gateway's 503; the held poll stays open.
  faultProxy.setRule(() => ({ kind: 'status', status: 503, body: 'unavailable' }));
  const banner = page.getByTestId('connection-banner');
  await expect(banner).toHaveCount(0);
  await page.getByTestId(`topic-other topic ${stamp}`).click();
  await expect(banner).toContainText(/HTTP 503|server/i, { timeout: 10_000 });
  faultProxy.setRule(null);
  await expect(banner).toHaveCount(0, { timeout: 15_000 });
});
