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
