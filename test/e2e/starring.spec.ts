import { expect, test, type ChatEnvironment } from './fixtures';

// Stars (4.13): set from the message, shown in the Starred view, and set from another client of the
// same person. Each test posts its own message.

async function post(chat: ChatEnvironment, who: string, topic: string, content: string): Promise<number> {
  const { body } = await chat.api(who).post('/messages', { type: 'channel', to: 'general', topic, content });
  return body.id as number;
}

async function flagsOf(chat: ChatEnvironment, who: string, id: number): Promise<string[]> {
  const { body } = await chat.api(who).get('/messages', {
    anchor: id,
    num_before: 0,
    num_after: 0,
    narrow: [{ operator: 'id', operand: id }],
  });
  return (body.messages as { flags: string[] }[])[0]!.flags;
}

test('stars a message and the server holds the flag', async ({ page, chat, signIn }) => {
  const me = await signIn(page, 'member');
  const topic = `stars ${Date.now()}`;
  const id = await post(chat, 'admin', topic, 'Remember this');
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  await page.getByTestId(`message-${id}`).hover();
  await page.getByTestId(`star-${id}`).click();
  await expect(page.getByTestId(`star-${id}`)).toHaveAttribute('aria-pressed', 'true');
  expect(await flagsOf(chat, me.email, id)).toContain('starred');
  await page.getByTestId('starred').click();
  await expect(page.getByTestId(`message-${id}`)).toBeVisible();
});

test('flags set from another client of the same person arrive live', async ({ page, chat, signIn }) => {
  const me = await signIn(page, 'member');
  const topic = `other client ${Date.now()}`;
  const id = await post(chat, 'admin', topic, 'Flag me elsewhere');
  await page.getByTestId('channel-general').click();
  await expect(page.getByTestId(`topic-unread-${topic}`)).toHaveText('1');
  // The same person stars and reads it on another device (straight to the server).
  await chat.api(me.email).post('/messages/flags', { messages: [id], op: 'add', flag: 'starred' });
  await chat.api(me.email).post('/messages/flags', { messages: [id], op: 'add', flag: 'read' });
  await expect(page.getByTestId(`topic-unread-${topic}`)).toHaveCount(0);
  await page.getByTestId(`topic-${topic}`).click();
  await expect(page.getByTestId(`star-${id}`)).toHaveAttribute('aria-pressed', 'true');
});

/** How opaque an element is drawn: its own opacity times its ancestors' (Playwright's visibility ignores it). */
function drawnOpacity(element: Element): number {
  let opacity = 1;
  for (let e: Element | null = element; e; e = e.parentElement)
    opacity *= Number(getComputedStyle(e).opacity);
  return opacity;
}

test('a starred message shows its star at all times and a click unstars it; others show one on hover', async ({
  page,
  chat,
  signIn,
}) => {
  const me = await signIn(page, 'owner');
  const topic = `always starred ${Date.now()}`;
  const starredId = await post(chat, 'admin', topic, 'Starred, so the star stays');
  const plainId = await post(chat, 'admin', topic, 'Not starred');
  await chat.api(me.email).post('/messages/flags', { messages: [starredId], op: 'add', flag: 'starred' });
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  await expect(page.getByTestId(`content-${plainId}`)).toBeVisible();

  // The pointer is on the sidebar: no message is hovered.
  const star = page.getByTestId(`star-${starredId}`);
  const plainStar = page.getByTestId(`star-${plainId}`);
  await expect(star).toHaveAccessibleName('Unstar');
  await expect(star).toHaveText('★');
  await expect.poll(() => star.evaluate(drawnOpacity)).toBe(1);
  await expect.poll(() => plainStar.evaluate(drawnOpacity)).toBe(0);
  await page.screenshot({ path: 'test-results/screens/starring.png' });

  await page.getByTestId(`message-${plainId}`).hover();
  await expect.poll(() => plainStar.evaluate(drawnOpacity)).toBe(1);
  await expect(plainStar).toHaveAccessibleName('Star');

  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await expect(star).toHaveAccessibleName('Star');
  expect(await flagsOf(chat, me.email, starredId)).not.toContain('starred');
});
