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
  // Saved once the conversation has been still for a second: wait until main holds it.
  await expect
    .poll(() => chat.host.core.lastConversation()?.messages.some((m) => m.id === first) ?? false, {
      timeout: 15_000,
    })
    .toBe(true);

  // Something new while the app is away, and a server slow to answer for messages.
  const later = await post(chat, 'admin', topic, 'Arrived while away');
  // Long enough that the kept messages show well before it ends, even on a busy machine.
  const heldMs = 6000;
  faultProxy.setRule((request) =>
    request.method === 'GET' && request.path.endsWith('/messages') ? { kind: 'delay', ms: heldMs } : null,
  );
  try {
    await page.reload();
    await page.getByTestId('channel-general').click();
    const opened = Date.now();
    await page.getByTestId(`topic-${topic}`).click();
    const keptRow = page.locator(`[data-message-id="${first}"]`);
    await expect(page.getByTestId(`content-${first}`)).toBeVisible();
    // Shown from the cache: the server's answer is still held back.
    expect(Date.now() - opened).toBeLessThan(heldMs);
    await expect(page.getByTestId(`content-${later}`)).toHaveCount(0);
    await keptRow.evaluate((el) => ((el as HTMLElement & { keptMark?: boolean }).keptMark = true));

    // Then the live page: the new message, and the kept one still in the element it had.
    await expect(page.getByTestId(`content-${later}`)).toBeVisible({ timeout: heldMs + 10_000 });
    expect(
      await keptRow.evaluate((el) => (el as HTMLElement & { keptMark?: boolean }).keptMark === true),
    ).toBe(true);
  } finally {
    faultProxy.setRule(null);
  }
});
