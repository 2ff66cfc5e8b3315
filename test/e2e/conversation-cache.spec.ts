import { test, expect, type ChatEnvironment } from './fixtures';

// The last conversation's newest messages are kept by main; opened again after a reload, they show
// while the server has not answered yet, then the live page takes their place without new rows.
test.use({ chatSetup: { behindProxy: true } });

async function post(chat: ChatEnvironment, who: string, topic: string, content: string): Promise<number> {
  const { body } = await chat.api(who).post('/messages', { type: 'channel', to: 'general', topic, content });
  return body.id as number;
}

test('a conversation opened again shows its kept messages before the server answers, then the live ones in the same rows', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  await signIn(page, 'member');
  const topic = `kept ${Date.now()}`;
  const first = await post(chat, 'admin', topic, 'Kept across launches');
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  await expect(page.getByTestId(`content-${first}`)).toBeVisible();
  // Saved once the conversation has been still for a second: wait until main holds it. (The channel
  // passed through on the way holds the message too, and on a busy machine stays long enough to be
  // saved: the topic must be the one kept.)
  await expect
    .poll(
      () => {
        const kept = chat.host.core.lastConversation();
        const narrow = kept?.narrow as { kind?: string; topic?: string } | undefined;
        return (
          narrow?.kind === 'topic' && narrow.topic === topic && kept!.messages.some((m) => m.id === first)
        );
      },
      { timeout: 15_000 },
    )
    .toBe(true);

  // Something new while the app is away, and a server that does not answer for messages until told.
  const later = await post(chat, 'admin', topic, 'Arrived while away');
  faultProxy.setRule((request) =>
    request.method === 'GET' && request.path.endsWith('/messages') ? { kind: 'holdAnswer' } : null,
  );
  try {
    await page.reload();
    await page.getByTestId('channel-general').click();
    await page.getByTestId(`topic-${topic}`).click();
    const keptRow = page.locator(`[data-message-id="${first}"]`);
    // Shown from the cache: every answer to GET /messages is still held back by the proxy.
    await expect(page.getByTestId(`content-${first}`)).toBeVisible();
    await expect(page.getByTestId(`content-${later}`)).toHaveCount(0);
    expect(faultProxy.requests.some((r) => r.fault === 'holdAnswer' && r.query.narrow?.includes(topic))).toBe(
      true,
    );
    await keptRow.evaluate((el) => ((el as HTMLElement & { keptMark?: boolean }).keptMark = true));

    // Then the live page: the new message, and the kept one still in the element it had.
    faultProxy.setRule(null);
    faultProxy.releaseAnswers();
    await expect(page.getByTestId(`content-${later}`)).toBeVisible({ timeout: 15_000 });
    expect(
      await keptRow.evaluate((el) => (el as HTMLElement & { keptMark?: boolean }).keptMark === true),
    ).toBe(true);
  } finally {
    faultProxy.setRule(null);
    faultProxy.releaseAnswers();
  }
});
