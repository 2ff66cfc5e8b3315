import { test, expect, type ChatEnvironment } from './fixtures';

// Leaving a conversation gives up its messages request: main aborts the HTTP request (the proxy
// sees the connection closed while it still holds it), no error shows, and both conversations
// load as usual afterwards.
test.use({ chatSetup: { behindProxy: true } });

async function post(chat: ChatEnvironment, topic: string, content: string): Promise<number> {
  const { body } = await chat
    .api('admin')
    .post('/messages', { type: 'channel', to: 'general', topic, content });
  return body.id as number;
}

test('leaving a conversation while its messages are on their way closes that request, and nothing breaks', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  const stamp = Date.now();
  const slow = `never answered ${stamp}`;
  const other = `answered ${stamp}`;
  const slowMessage = await post(chat, slow, 'In the slow topic');
  const otherMessage = await post(chat, other, 'In the other topic');
  await signIn(page, 'member');
  await page.getByTestId('channel-general').click();

  const isSlowTopic = (request: { method: string; path: string; query: Record<string, string> }) =>
    request.method === 'GET' && request.path.endsWith('/messages') && !!request.query.narrow?.includes(slow);
  faultProxy.setRule((request) => (isSlowTopic(request) ? { kind: 'hang' } : null));
  try {
    await page.getByTestId(`topic-${slow}`).click();
    await expect.poll(() => faultProxy.heldCount).toBe(1);
    await expect(page.getByText('Loading messages…')).toBeVisible();

    // Leave before the server answers: the held request is closed by main, well within its timeout.
    await page.getByTestId(`topic-${other}`).click();
    await expect(page.getByTestId(`content-${otherMessage}`)).toBeVisible();
    await expect.poll(() => faultProxy.abandoned.filter(isSlowTopic).length, { timeout: 8_000 }).toBe(1);
    expect(faultProxy.heldCount).toBe(0);
    await expect(page.getByText(/Couldn.t load|Something went wrong|Cancelled/)).toHaveCount(0);
  } finally {
    faultProxy.setRule(null);
    faultProxy.releaseHeld();
  }

  // Back to the conversation given up: asked for again, and shown.
  await page.getByTestId(`topic-${slow}`).click();
  await expect(page.getByTestId(`content-${slowMessage}`)).toBeVisible();
  await page.getByTestId(`topic-${other}`).click();
  await expect(page.getByTestId(`content-${otherMessage}`)).toBeVisible();
});
