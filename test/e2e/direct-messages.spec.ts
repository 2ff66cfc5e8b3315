import { expect, test } from './fixtures';
import { openSecondUser } from './second-user';

// Direct messages: the conversation list, starting one from the user list, live delivery.
test('starts a direct message from the user list and the other person gets it live', async ({
  page,
  chat,
  signIn,
  browser,
}) => {
  const me = await signIn(page, 'member');
  const moderator = chat.user('moderator');
  await expect(page.getByTestId('dm-list')).toBeVisible();

  const other = await openSecondUser(browser, chat, 'moderator');
  try {
    await page.getByTestId('new-dm').click();
    await page.getByTestId('user-search').fill(moderator.full_name.slice(0, 4));
    await page.getByTestId(`user-${moderator.email}`).click();
    await page.getByTestId('start-dm').click();
    await expect(page.getByTestId('conversation-title')).toHaveText(moderator.full_name);
    const text = `Private hello ${Date.now()}`;
    await page.getByTestId('compose-input').fill(text);
    await page.getByTestId('compose-send').click();
    await expect(page.getByTestId('message-feed').getByText(text)).toBeVisible();
    await expect(page.getByTestId(`dm-${moderator.user_id}`)).toBeVisible();

    const { body } = await chat.api(moderator.email).get('/messages', {
      anchor: 'newest',
      num_before: 1,
      num_after: 0,
      narrow: [{ operator: 'dm', operand: [me.user_id] }],
    });
    expect((body.messages as { content: string }[])[0]!.content).toContain(text);

    // The moderator's list shows the conversation with an unread count, live.
    await expect(other.page.getByTestId(`dm-${me.user_id}`)).toContainText('1');
    await other.page.getByTestId(`dm-${me.user_id}`).click();
    await expect(other.page.getByTestId('message-feed').getByText(text)).toBeVisible();

    // They start typing a reply: this page shows it, and it goes when they clear the box.
    await other.page.getByTestId('compose-input').pressSequentially('On my');
    await expect(page.getByTestId('typing-indicator')).toContainText(`${moderator.full_name} is typing`);
    await other.page.getByTestId('compose-input').fill('');
    await expect(page.getByTestId('typing-indicator')).toHaveText('');
  } finally {
    await other.close();
  }
  await page.screenshot({ path: 'test-results/screens/direct-messages.png' });
});

test('a group conversation is listed under all its people', async ({ page, chat, signIn }) => {
  await signIn(page, 'member');
  const admin = chat.user('admin');
  const m2 = chat.users.find((u) => u.role === 400 && !u.is_bot && u.email !== chat.user('member').email)!;
  const row = page.getByTestId(`dm-${[admin.user_id, m2.user_id].sort((a, b) => a - b).join(',')}`);
  await expect(row).toContainText(admin.full_name);
  await row.click();
  await expect(page.getByTestId('message-feed').getByText('on-call rota').first()).toBeVisible();
});

test('keyboard only: x, a name and Enter, another name and Enter, then Enter opens the group', async ({
  page,
  chat,
  signIn,
}) => {
  await signIn(page, 'member');
  const admin = chat.user('admin');
  const moderator = chat.user('moderator');
  await page.getByTestId('all-messages').click();
  await page.keyboard.press('x');
  const search = page.getByTestId('user-search');
  await expect(search).toBeFocused();
  await search.pressSequentially(admin.full_name.split(' ')[0]!);
  // The first match is marked as the one Enter picks.
  await expect(page.locator('.user-row.enter-picks')).toHaveAttribute('data-testid', `user-${admin.email}`);
  await page.keyboard.press('Enter');
  await expect(search).toHaveValue('');
  await search.pressSequentially(moderator.full_name.split(' ')[0]!);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('dm-picked')).toHaveText(`${admin.full_name}, ${moderator.full_name}`);
  await page.screenshot({ path: 'test-results/screens/new-dm-keyboard.png' });
  // A name that matches nobody is not picked by Enter, and does not open anything.
  await search.pressSequentially('zzzz');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('new-dm-dialog')).toBeVisible();
  await search.fill('');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('new-dm-dialog')).toHaveCount(0);
  const names = [admin.full_name, moderator.full_name].sort((a, b) => a.localeCompare(b));
  for (const name of names) await expect(page.getByTestId('conversation-title')).toContainText(name);
  // What comes next is the message: typing goes into the new conversation's box (it went to the
  // button the dialog came from, which a space pressed).
  await expect(page.getByTestId('compose-input')).toBeFocused();
  await page.keyboard.type('hi both');
  await expect(page.getByTestId('compose-input')).toHaveValue('hi both');
});

test('x finds oneself too, and oneself alone opens the notes to self', async ({ page, chat, signIn }) => {
  const me = await signIn(page, 'member');
  await chat.api(me.email).post('/messages', { type: 'direct', to: [me.user_id], content: 'Note to self' });
  // The list names the notes to self as the user's own: "Name (you)".
  await expect(page.getByTestId(`dm-${me.user_id}`)).toHaveText(`${me.full_name} (you)`);
  await page.getByTestId('all-messages').click();
  await page.keyboard.press('x');
  const search = page.getByTestId('user-search');
  await search.pressSequentially(me.full_name.split(' ')[0]!);
  await expect(page.locator('.user-row.enter-picks')).toHaveAttribute('data-testid', `user-${me.email}`);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('conversation-title')).toHaveText('Notes to self');
  await expect(page.getByTestId('compose-input')).toBeFocused();
  await expect(page.getByTestId(`dm-${me.user_id}`)).toHaveAttribute('aria-current', 'true');
  await page.screenshot({ path: 'test-results/screens/notes-to-self.png' });
});

test('at 150% zoom the new direct message dialog keeps Open conversation and Cancel at its bottom, in view', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'member');
  await page.setViewportSize({ width: 911, height: 512 });
  await page.getByTestId('new-dm').click();
  const dialog = page.getByTestId('new-dm-dialog');
  const start = dialog.getByTestId('start-dm');
  await expect(start).toBeInViewport({ ratio: 1 });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInViewport({ ratio: 1 });
  const box = (await dialog.boundingBox())!;
  const button = (await start.boundingBox())!;
  expect(button.y + button.height).toBeLessThanOrEqual(box.y + box.height);
  await page.screenshot({ path: 'test-results/screens/new-dm-zoomed.png' });
});

test('a long status in the people picker is cut at the list’s edge, in full on hover', async ({
  page,
  chat,
  signIn,
}) => {
  const text = `Away ${'x'.repeat(54)}`;
  await chat.api('admin').post('/users/me/status', { status_text: text });
  try {
    await signIn(page, 'member');
    await page.getByTestId('new-dm').click();
    const dialog = page.getByTestId('new-dm-dialog');
    const status = dialog.getByTestId(`user-${chat.user('admin').email}`).locator('.status');
    await expect(status).toHaveAttribute('title', text);
    const list = (await dialog.locator('.user-list').boundingBox())!;
    const box = (await status.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(list.x + list.width);
    expect(await status.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await page.screenshot({ path: 'test-results/screens/new-dm-long-status.png' });
  } finally {
    await chat.api('admin').post('/users/me/status', { status_text: '' });
  }
});

test('a conversation whose newest message is deleted moves down the list to where its newest remaining one puts it', async ({
  page,
  chat,
  signIn,
}) => {
  const me = await signIn(page, 'member');
  const moderator = chat.user('moderator');
  const admin = chat.user('admin');
  const send = async (from: string, content: string) => {
    const { body } = await chat
      .api(from)
      .post('/messages', { type: 'private', to: JSON.stringify([me.user_id]), content });
    return body.id as number;
  };
  await send(moderator.email, `Earlier word ${Date.now()}`);
  await send(admin.email, `In between ${Date.now()}`);
  const newest = await send(moderator.email, `Sent by mistake ${Date.now()}`);
  const order = () =>
    page
      .getByTestId('dm-list')
      .locator('[data-testid^="dm-"]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-testid')));
  await expect
    .poll(order)
    .toEqual(expect.arrayContaining([`dm-${moderator.user_id}`, `dm-${admin.user_id}`]));
  const rank = async (userId: number) => (await order()).indexOf(`dm-${userId}`);
  expect(await rank(moderator.user_id)).toBeLessThan(await rank(admin.user_id));

  expect((await chat.api(moderator.email).delete(`/messages/${newest}`)).status).toBe(200);
  await expect.poll(async () => (await rank(admin.user_id)) < (await rank(moderator.user_id))).toBe(true);
  await page.getByTestId('dm-list').screenshot({ path: 'test-results/screens/dm-list-after-delete.png' });
  // As after a reload: the server's own list says the same.
  await page.reload();
  await expect.poll(async () => (await rank(admin.user_id)) < (await rank(moderator.user_id))).toBe(true);
});
