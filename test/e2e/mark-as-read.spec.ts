import { expect, test, type ChatEnvironment } from './fixtures';

// Marking a whole channel as read (4.13, POST /messages/flags/narrow) with progress and counts.

async function post(chat: ChatEnvironment, who: string, topic: string, content: string): Promise<number> {
  const { body } = await chat.api(who).post('/messages', { type: 'channel', to: 'general', topic, content });
  return body.id as number;
}

test('marks a whole channel as read with progress and counts', async ({ page, chat, signIn }) => {
  const me = await signIn(page, 'member');
  const topic = `bulk ${Date.now()}`;
  for (let i = 0; i < 3; i++) await post(chat, 'admin', topic, `bulk ${i}`);
  await expect(page.getByTestId('channel-unread-general')).toBeVisible();
  await page.getByTestId('channel-general').click();
  await page.getByTestId('mark-channel-read').click();
  await page.getByTestId('mark-read-confirm').click();
  await expect(page.getByTestId('mark-read-progress')).toHaveText(
    /^Done: (\d+ messages? marked as read|there was nothing unread)\.$/,
  );
  await expect(page.getByTestId('channel-unread-general')).toHaveCount(0);
  // The confirm button is gone: the keyboard is on Close, which Enter presses.
  const dialog = page.getByTestId('mark-read-dialog');
  await expect(dialog.locator('.dialog-actions').getByRole('button', { name: 'Close' })).toBeFocused();
  await page.screenshot({ path: 'test-results/screens/mark-read-done.png' });
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  const { body } = await chat.api(me.email).get('/messages', {
    anchor: 'newest',
    num_before: 100,
    num_after: 0,
    narrow: [
      { operator: 'channel', operand: 'general' },
      { operator: 'is', operand: 'unread' },
    ],
  });
  expect(body.messages).toEqual([]);
});

test('marks a direct-message conversation as read from its header', async ({ page, chat, signIn }) => {
  const member = chat.user('member');
  const moderator = chat.user('moderator');
  // Reading marks nothing here: only the button can clear the conversation.
  await chat.api(member.email).patch('/settings', { web_mark_read_on_scroll_policy: 3 });
  try {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { body } = await chat
        .api(moderator.email)
        .post('/messages', { type: 'direct', to: [member.user_id], content: `dm bulk ${i}` });
      ids.push(body.id as number);
    }
    await signIn(page, 'member');
    const row = page.getByTestId(`dm-${moderator.user_id}`);
    await expect(row.locator('.unread-count')).toBeVisible();
    await row.click();
    await page.getByTestId('mark-conversation-read').click();
    const dialog = page.getByTestId('mark-read-dialog');
    await expect(dialog).toContainText(`Mark your direct messages with ${moderator.full_name} as read?`);
    await page.getByTestId('mark-read-confirm').click();
    await expect(page.getByTestId('mark-read-progress')).toHaveText(/^Done: \d+ messages? marked as read\.$/);
    await page.screenshot({ path: 'test-results/screens/mark-dm-read-done.png' });
    await expect(row.locator('.unread-count')).toHaveCount(0);
    const { body } = await chat.api(member.email).get('/messages', {
      anchor: 'newest',
      num_before: 100,
      num_after: 0,
      narrow: [
        { operator: 'dm', operand: [moderator.user_id] },
        { operator: 'is', operand: 'unread' },
      ],
    });
    expect(body.messages).toEqual([]);
  } finally {
    await chat.api(member.email).patch('/settings', { web_mark_read_on_scroll_policy: 1 });
  }
});
