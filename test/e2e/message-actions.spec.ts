import { expect, test, type ChatEnvironment } from './fixtures';
import { channelId, markTopicRead } from './server-state';
import { openSecondUser } from './second-user';

// A person works with single messages through their menu, and follows links to conversations
// without leaving the app.

async function postAs(chat: ChatEnvironment, who: string, topic: string, content: string): Promise<number> {
  const { body } = await chat
    .api(who)
    .post('/messages', { type: 'channel', to: 'engineering', topic, content });
  return body.id as number;
}

test('the message menu quotes, copies the link, shows the source, and works from the keyboard', async ({
  page,
  chat,
  signIn,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(chat.appUrl).origin,
  });
  const me = await signIn(page, 'member');
  const ben = chat.user('admin');
  const id = await postAs(chat, ben.email, 'menu tour', 'Ship it on **Friday**?');
  const engineering = await channelId(chat.api(me.email), 'engineering');
  await page.getByTestId('channel-engineering').click();
  await page.getByTestId('topic-menu tour').click();
  await expect(page.getByTestId(`content-${id}`)).toContainText('Ship it on Friday?');

  // Opened with the mouse; moved through with the arrows; Esc gives the focus back.
  await page.getByTestId(`message-${id}`).hover();
  const more = page.getByTestId(`more-actions-${id}`);
  await expect(more).toBeVisible();
  // Never edited or moved: the toolbar offers no history (it does for an edited message: edit-message.spec.ts).
  await expect(page.getByTestId(`open-history-${id}`)).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/message-toolbar-unedited.png' });
  await more.click();
  const menu = page.getByRole('menu', { name: 'Message actions' });
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Quote and reply',
    'Copy link to message',
    'Copy text',
    'Mark as unread from here',
    'Star message',
    'Move message',
    // Never edited or moved: no history to offer.
    'View source',
  ]);
  await expect(menu.getByRole('menuitem', { name: 'Quote and reply' })).toBeFocused();
  await page.screenshot({ path: 'test-results/screens/message-menu.png' });
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Copy link to message' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(menu.getByRole('menuitem', { name: 'View source' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(more).toBeFocused();

  // Copy link, by keyboard: Enter on the focused item.
  await more.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Link copied.' })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(
    `${chat.server.url.replace(/\/$/, '')}/#narrow/channel/${engineering}-engineering/topic/menu.20tour/near/${id}`,
  );

  // View source: the markdown as typed.
  await more.click();
  await menu.getByRole('menuitem', { name: 'View source' }).click();
  await expect(page.getByTestId('message-source')).toHaveText('Ship it on **Friday**?');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('message-source-dialog')).toHaveCount(0);

  // Quote and reply: the compose box gets the quote, with a link back, ready to type under.
  await more.click();
  await menu.getByRole('menuitem', { name: 'Quote and reply' }).click();
  const box = page.getByTestId('compose-input');
  await expect(box).toHaveValue(
    `@_**${ben.full_name}|${ben.user_id}** [said](${link}):\n\`\`\`quote\nShip it on **Friday**?\n\`\`\`\n`,
  );
  await expect(box).toBeFocused();
  await page.keyboard.type('Friday works.');
  await page.getByTestId('compose-send').click();
  await expect(page.getByTestId('message-feed').locator('blockquote').last()).toContainText(
    'Ship it on Friday?',
  );
});

test('mark as unread from here marks that message and the ones after it', async ({ page, chat, signIn }) => {
  const me = await signIn(page, 'member');
  const ben = chat.user('admin');
  const ids: number[] = [];
  for (const text of ['one', 'two', 'three']) ids.push(await postAs(chat, ben.email, 'unread tour', text));
  await markTopicRead(chat.api(me.email), 'engineering', 'unread tour');
  await page.getByTestId('channel-engineering').click();
  await page.getByTestId('topic-unread tour').click();
  await expect(page.getByTestId(`content-${ids[2]}`)).toBeVisible();

  await page.getByTestId(`message-${ids[1]}`).hover();
  await page.getByTestId(`more-actions-${ids[1]}`).click();
  await page.getByRole('menuitem', { name: 'Mark as unread from here' }).click();
  // The sidebar shows two unread in the topic: "two" and "three", not "one".
  await expect(page.getByTestId('topic-unread tour')).toContainText('2');
  const { body } = await chat.api(me.email).get('/messages', {
    anchor: ids[0],
    num_before: 0,
    num_after: 2,
    narrow: [
      { operator: 'channel', operand: 'engineering' },
      { operator: 'topic', operand: 'unread tour' },
    ],
  });
  const unread = (body.messages as { id: number; flags: string[] }[]).map((m) => !m.flags.includes('read'));
  expect(unread).toEqual([false, true, true]);
});

test('links to conversations open in the app, from a message or from the address bar', async ({
  page,
  chat,
  signIn,
}) => {
  const me = await signIn(page, 'member');
  const general = await channelId(chat.api(me.email), 'general');
  const id = await postAs(
    chat,
    chat.user('admin').email,
    'links tour',
    'See #**general>team lunch** for the plan',
  );
  await page.getByTestId('channel-engineering').click();
  await page.getByTestId('topic-links tour').click();
  await page.getByTestId(`content-${id}`).getByRole('link', { name: '#general > team lunch' }).click();
  await expect(page.getByTestId('conversation-title')).toContainText('team lunch');
  expect(page.url()).not.toContain('#narrow');

  await page.goto(`${chat.appUrl}#narrow/channel/${general}-general/topic/team.20lunch`);
  await expect(page.getByTestId('conversation-title')).toContainText('team lunch');
  // Editing the address bar (a hash change) opens the new place too.
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, `#narrow/channel/${general}-general`);
  await expect(page.getByTestId('conversation-title')).toHaveText(/general/);
  await expect(page.getByTestId('conversation-title')).not.toContainText('team lunch');
});

test('a reader scrolled up gets a "Jump to bottom" button that takes them to the newest message', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'member');
  await page.getByTestId('channel-engineering').click();
  await page.getByTestId('topic-deploy pipeline').click();
  const feed = page.getByTestId('message-feed');
  await expect(feed.locator('[data-message-id]').first()).toBeVisible();
  const jump = page.getByTestId('jump-to-bottom');
  const distanceFromBottom = () => feed.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
  // At the bottom: no button.
  await feed.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect.poll(distanceFromBottom).toBeLessThan(40);
  await expect(jump).toHaveCount(0);
  await feed.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(jump).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/jump-to-bottom.png' });
  await jump.click();
  await expect.poll(distanceFromBottom).toBeLessThan(40);
  await expect(jump).toHaveCount(0);
});

test('deletes one’s own message after asking; it goes from the feed, and from another person’s too', async ({
  page,
  chat,
  signIn,
  browser,
}) => {
  const me = await signIn(page, 'member');
  const topic = `deleting ${Date.now()}`;
  const kept = await postAs(chat, me.email, topic, 'This one stays.');
  const regretted = await postAs(chat, me.email, topic, 'This one I regret.');
  const ben = await postAs(chat, chat.user('admin').email, topic, 'Ben’s own words.');
  const other = await openSecondUser(browser, chat, 'admin');
  try {
    for (const p of [page, other.page]) {
      await p.getByTestId('channel-engineering').click();
      await p.getByTestId(`topic-${topic}`).click();
      await expect(p.getByTestId(`content-${regretted}`)).toBeVisible();
    }
    // Someone else's message offers no deletion to a member.
    await page.getByTestId(`message-${ben}`).hover();
    await page.getByTestId(`more-actions-${ben}`).click();
    await expect(page.getByRole('menuitem', { name: 'View source' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Delete message' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.getByTestId(`message-${regretted}`).hover();
    await page.getByTestId(`more-actions-${regretted}`).click();
    await page.getByRole('menuitem', { name: 'Delete message' }).click();
    const dialog = page.getByTestId('delete-message-dialog');
    await expect(dialog).toContainText('deleted for everyone');
    await page.screenshot({ path: 'test-results/screens/delete-message.png' });
    // Keeping it changes nothing.
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await expect(page.getByTestId(`content-${regretted}`)).toBeVisible();
    await page.getByTestId(`message-${regretted}`).hover();
    await page.getByTestId(`more-actions-${regretted}`).click();
    await page.getByRole('menuitem', { name: 'Delete message' }).click();
    await page.getByTestId('delete-message-confirm').click();
    await expect(dialog).toHaveCount(0);
    for (const p of [page, other.page]) {
      await expect(p.getByTestId(`message-${regretted}`)).toHaveCount(0);
      await expect(p.getByTestId(`content-${kept}`)).toBeVisible();
    }
    const { body } = await chat.api(me.email).get(`/messages/${regretted}`);
    expect(body.result).toBe('error');
  } finally {
    await other.close();
  }
});

test('a Delete confirmed after someone else deleted the message says it was already deleted', async ({
  page,
  chat,
  signIn,
}) => {
  const me = await signIn(page, 'member');
  const topic = `deleted meanwhile ${Date.now()}`;
  const id = await postAs(chat, me.email, topic, 'Deleted from elsewhere while I decide.');
  await page.getByTestId('channel-engineering').click();
  await page.getByTestId(`topic-${topic}`).click();
  await page.getByTestId(`message-${id}`).hover();
  await page.getByTestId(`more-actions-${id}`).click();
  await page.getByRole('menuitem', { name: 'Delete message' }).click();
  await expect(page.getByTestId('delete-message-dialog')).toBeVisible();
  expect((await chat.api('admin').delete(`/messages/${id}`)).status).toBe(200);
  await expect(page.getByTestId(`message-${id}`)).toHaveCount(0);
  await page.getByTestId('delete-message-confirm').click();
  await expect(page.getByTestId('delete-message-dialog')).toHaveCount(0);
  await expect(page.getByTestId('main-notice')).toHaveText(/This message was already deleted\./);
});

test('an administrator deletes a topic after asking; it goes from the sidebar and the feeds, everyone’s', async ({
  page,
  chat,
  signIn,
  browser,
}) => {
  const admin = await signIn(page, 'admin');
  const topic = `old plans ${Date.now()}`;
  const ids = [];
  for (const text of ['First plan.', 'Second plan.', 'Third plan.'])
    ids.push(await postAs(chat, chat.user('member').email, topic, text));
  const keptTopic = `kept ${Date.now()}`;
  await postAs(chat, admin.email, keptTopic, 'Another topic stays.');
  const member = await openSecondUser(browser, chat, 'member');
  try {
    for (const p of [page, member.page]) {
      await p.getByTestId('channel-engineering').click();
      await p.getByTestId(`topic-${topic}`).click();
      await expect(p.getByTestId(`content-${ids[0]}`)).toBeVisible();
    }
    // A member's topic menu offers no deletion.
    await member.page.getByTestId(`topic-menu-${topic}`).click();
    await expect(member.page.getByRole('menuitem', { name: 'Mark topic as read' })).toBeVisible();
    await expect(member.page.getByRole('menuitem', { name: 'Delete topic' })).toHaveCount(0);
    await member.page.keyboard.press('Escape');

    await page.getByTestId(`topic-menu-${topic}`).click();
    await page.getByRole('menuitem', { name: 'Delete topic' }).click();
    const dialog = page.getByTestId('delete-topic-dialog');
    await expect(dialog).toContainText(`#engineering › ${topic}`);
    await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
    await page.screenshot({ path: 'test-results/screens/delete-topic.png' });
    await page.getByTestId('delete-topic-confirm').click();
    await expect(dialog).toHaveCount(0);
    // The reader who deleted it is taken to the channel; the topic leaves both sidebars and feeds.
    await expect(page.getByTestId('conversation-title')).toHaveText('# engineering');
    for (const p of [page, member.page]) {
      await expect(p.getByTestId(`topic-${topic}`)).toHaveCount(0);
      for (const id of ids) await expect(p.getByTestId(`message-${id}`)).toHaveCount(0);
    }
    await expect(page.getByTestId(`topic-${keptTopic}`)).toBeVisible();
    const { body } = await chat.api(admin.email).get(`/messages/${ids[2]}`);
    expect(body.result).toBe('error');
  } finally {
    await member.close();
  }
});
