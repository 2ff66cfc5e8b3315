import { channelId } from './server-state';
import { expect, test, type ChatEnvironment } from './fixtures';
import { addDemoAccount, switchToAccount } from './accounts';

// Drafts (spec 2.6, 4.12): compose boxes save drafts on the server and locally; the drafts screen
// lists, edits, restores and deletes them, and follows drafts events from other clients.
test.describe.configure({ mode: 'serial' });

interface Draft {
  id: number;
  type: string;
  to: number[];
  topic: string;
  content: string;
}

async function serverDrafts(chat: ChatEnvironment, who: string): Promise<Draft[]> {
  const { body } = await chat.api(who).get('/drafts');
  return body.drafts as Draft[];
}

test('typing saves a draft; it survives a restart; sending discards it', async ({ page, chat, signIn }) => {
  const me = await signIn(page, 'member');
  const engineering = await channelId(chat.api('owner'), 'engineering');
  await page.getByTestId('channel-engineering').click();
  await page.getByTestId('topic-code review').click();
  const text = `Reviewing the search refactor ${Date.now()}`;
  await page.getByTestId('compose-input').fill(text);
  await expect
    .poll(async () => (await serverDrafts(chat, me.email)).find((d) => d.content === text))
    .toMatchObject({ type: 'stream', to: [engineering], topic: 'code review' });

  // A restart of the app: the text comes back in its compose box.
  await page.reload();
  await page.getByTestId('channel-engineering').click();
  await page.getByTestId('topic-code review').click();
  await expect(page.getByTestId('compose-input')).toHaveValue(text);

  await page.getByTestId('compose-send').click();
  await expect(page.getByTestId('compose-input')).toHaveValue('');
  await expect
    .poll(async () => (await serverDrafts(chat, me.email)).some((d) => d.content === text))
    .toBe(false);
});

test('the drafts screen follows other clients, edits, restores and deletes', async ({
  page,
  chat,
  signIn,
}) => {
  const me = await signIn(page, 'member');
  const design = await channelId(chat.api('owner'), 'design');
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-drafts').click();
  await expect(page.getByTestId('drafts-screen')).toBeVisible();

  // Another client (the API, as the same user) creates two drafts: they appear live.
  const api = chat.api(me.email);
  const created = await api.post('/drafts', {
    drafts: [
      {
        type: 'stream',
        to: [design],
        topic: 'new logo',
        content: 'Logo feedback from my phone',
        timestamp: 1_700_000_100,
      },
      {
        type: 'stream',
        to: [design],
        topic: 'style guide',
        content: 'Spacing question',
        timestamp: 1_700_000_000,
      },
    ],
  });
  const [logoId, spacingId] = created.body.ids as number[];
  const logo = page.getByTestId(`draft-${logoId}`);
  await expect(logo).toContainText('Logo feedback from my phone');
  await expect(logo).toContainText('#design › new logo');
  await page.screenshot({ path: 'test-results/screens/drafts.png' });

  // Edited elsewhere: the screen follows.
  await api.patch(`/drafts/${spacingId}`, {
    draft: {
      type: 'stream',
      to: [design],
      topic: 'style guide',
      content: 'Spacing question, edited on the phone',
    },
  });
  await expect(page.getByTestId(`draft-${spacingId}`)).toContainText('edited on the phone');

  // Edited here: PATCH on the server.
  await logo.getByTestId('draft-edit').click();
  await logo.getByTestId('draft-edit-text').fill('Logo feedback, second thoughts');
  await logo.getByTestId('draft-save').click();
  await expect(logo.getByTestId('draft-content')).toHaveText('Logo feedback, second thoughts');
  await expect
    .poll(async () => (await serverDrafts(chat, me.email)).find((d) => d.id === logoId)?.content)
    .toBe('Logo feedback, second thoughts');

  // Deleted here, from the keyboard: the focus goes on to a draft beside it.
  await page.getByTestId(`draft-${spacingId}`).getByTestId('draft-delete').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId(`draft-${spacingId}`)).toHaveCount(0);
  await expect(page.locator('[data-testid="drafts-screen"] li.card button:focus')).toHaveCount(1);
  await expect
    .poll(async () => (await serverDrafts(chat, me.email)).some((d) => d.id === spacingId))
    .toBe(false);

  // Restored into the compose box of its conversation.
  await logo.getByTestId('draft-restore').click();
  await expect(page.getByTestId('settings-screen')).toHaveCount(0);
  await expect(page.getByTestId('conversation-title')).toContainText('new logo');
  await expect(page.getByTestId('compose-input')).toHaveValue('Logo feedback, second thoughts');
  // The focus is in the box, after the text: the typing goes on. Still one server draft for it:
  // restoring does not duplicate it.
  await expect(page.getByTestId('compose-input')).toBeFocused();
  await page.keyboard.type(' More.');
  await expect
    .poll(async () =>
      (await serverDrafts(chat, me.email)).filter((d) => d.topic === 'new logo').map((d) => d.content),
    )
    .toEqual(['Logo feedback, second thoughts More.']);

  // Deleted by another client: it leaves the list.
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-drafts').click();
  await expect(page.getByTestId(`draft-${logoId}`)).toBeVisible();
  await api.delete(`/drafts/${logoId}`);
  await expect(page.getByTestId(`draft-${logoId}`)).toHaveCount(0);
});

test('d brings up the drafts with the keyboard on the newest one, and Enter restores it', async ({
  page,
  chat,
  signIn,
}) => {
  const me = await signIn(page, 'member');
  const design = await channelId(chat.api('owner'), 'design');
  const content = `Picked from the keyboard ${Date.now()}`;
  const created = await chat.api(me.email).post('/drafts', {
    drafts: [{ type: 'stream', to: [design], topic: 'new logo', content, timestamp: 4_000_000_000 }],
  });
  const [id] = created.body.ids as number[];
  await expect(page.getByTestId('chat-shell')).toBeVisible();
  await page.getByTestId('home-inbox').focus();
  await page.keyboard.press('d');
  await expect(page.getByTestId('drafts-screen')).toBeVisible();
  await expect(page.getByTestId(`draft-${id}`).getByTestId('draft-restore')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('conversation-title')).toHaveText('# design › new logo');
  await expect(page.getByTestId('compose-input')).toHaveValue(content);
});

test('r in a channel’s view on a topic whose draft only the server has opens the topic with that draft', async ({
  page,
  chat,
  signIn,
}) => {
  const me = await signIn(page, 'member');
  const topic = `written elsewhere ${Date.now()}`;
  await chat.api('admin').post('/messages', { type: 'channel', to: 'general', topic, content: 'Any news?' });
  const general = await channelId(chat.api('owner'), 'general');
  const content = `Draft from the other computer ${Date.now()}`;
  const draftsLink = page.getByTestId('home-drafts');
  const before = (await draftsLink.textContent()) ?? '';
  await chat.api(me.email).post('/drafts', {
    drafts: [{ type: 'stream', to: [general], topic, content, timestamp: 4_000_000_000 }],
  });
  // The app has the server's new draft (its count in the sidebar changed).
  await expect(draftsLink).not.toHaveText(before);

  await page.getByTestId('channel-general').click();
  await expect(page.getByTestId('conversation-title')).toHaveText('# general');
  // The channel opens at its first unread message, far above: End waits for the feed to be loaded.
  await expect(page.getByTestId('message-feed')).not.toHaveAttribute('aria-busy');
  await page.getByTestId('message-feed').focus();
  await page.keyboard.press('End');
  await expect(page.locator('[data-message-id][data-selected="true"]')).toContainText('Any news?');
  await page.keyboard.press('r');
  await expect(page.getByTestId('conversation-title')).toHaveText(`# general › ${topic}`);
  await expect(page.getByTestId('compose-input')).toHaveValue(content);
  await expect(page.getByTestId('compose-input')).toBeFocused();
});

test('with server sync off, drafts stay on this computer only', async ({ page, chat, signIn }) => {
  const me = await signIn(page, 'moderator');
  await page.getByTestId('open-settings').click();
  await page.getByTestId('setting-enable_drafts_synchronization').setChecked(false);
  await expect
    .poll(async () => {
      const { body } = await chat.api(me.email).post('/register', { fetch_event_types: ['user_settings'] });
      return (body.user_settings as Record<string, unknown>).enable_drafts_synchronization;
    })
    .toBe(false);
  await page.getByTestId('settings-close').click();
  await page.getByTestId('channel-general').click();
  await page.getByTestId('topic-team lunch').click();
  await page.getByTestId('compose-input').fill('Only on this computer');
  // Leaving the box sends a pending draft at once (with sync on); here the list shows it kept locally.
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-drafts').click();
  const row = page.getByTestId('drafts-list').locator('li', { hasText: 'Only on this computer' });
  await expect(row).toContainText('on this computer');
  await page.screenshot({ path: 'test-results/screens/drafts-local.png' });
  // With sync off the server refuses to list drafts at all.
  expect((await chat.api(me.email).get('/drafts')).status).toBe(400);

  // Turned back on elsewhere: the server holds nothing of what was typed meanwhile.
  await chat.api(me.email).patch('/settings', { enable_drafts_synchronization: true });
  expect((await serverDrafts(chat, me.email)).some((d) => d.content === 'Only on this computer')).toBe(false);
});

test('sync turned off and on elsewhere: the draft stays listed and in its box, and is sent again', async ({
  page,
  chat,
  signIn,
}) => {
  const me = await signIn(page, 'guest');
  const text = `Survives a sync toggle ${Date.now()}`;
  await page.getByTestId('channel-general').click();
  await page.getByTestId('topic-welcome').click();
  await page.getByTestId('compose-input').fill(text);
  await expect
    .poll(async () => (await serverDrafts(chat, me.email)).some((d) => d.content === text))
    .toBe(true);

  // Another client turns sync off (the server deletes its copies) and on again.
  await chat.api(me.email).patch('/settings', { enable_drafts_synchronization: false });
  await chat.api(me.email).patch('/settings', { enable_drafts_synchronization: true });
  await expect
    .poll(async () => (await serverDrafts(chat, me.email)).some((d) => d.content === text))
    .toBe(true);
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-drafts').click();
  await expect(page.getByTestId('drafts-list')).toContainText(text);
  await page.getByTestId('settings-close').click();
  await page.getByTestId('topic-welcome').click();
  await expect(page.getByTestId('compose-input')).toHaveValue(text);
});

test('a draft written in a channel’s box, restored and sent, is sent once: the channel’s box is empty after', async ({
  page,
  chat,
  signIn,
}) => {
  const me = await signIn(page, 'member');
  const text = `Restored then sent ${Date.now()}`;
  await page.getByTestId('channel-random').click();
  await page.getByTestId('compose-topic').fill('restore once');
  await page.getByTestId('compose-input').fill(text);
  await expect
    .poll(async () => (await serverDrafts(chat, me.email)).some((d) => d.content === text))
    .toBe(true);
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-drafts').click();
  await page.getByTestId('drafts-list').locator('li', { hasText: text }).getByTestId('draft-restore').click();
  await expect(page.getByTestId('conversation-title')).toContainText('restore once');
  await page.getByTestId('compose-send').click();
  await expect(page.getByTestId('message-feed')).toContainText(text);
  // Back in the channel's view: nothing left to send again.
  await page.getByTestId('channel-random').click();
  await expect(page.getByTestId('compose-input')).toHaveValue('');
  await expect(page.getByTestId('compose-topic')).toHaveValue('');
});

test('text typed just before switching accounts is saved as a draft of its own account, not of the other', async ({
  page,
  chat,
  signIn,
}) => {
  const member = await signIn(page, 'member');
  const admin = chat.user('admin');
  await addDemoAccount(page, admin.email);
  await switchToAccount(page, member.email);
  // What the admin's other devices hear of their drafts from here on.
  const { body: queue } = await chat.api(admin.email).post('/register', { event_types: ['drafts'] });

  await page.getByTestId('channel-engineering').click();
  await page.getByTestId('topic-code review').click();
  const text = `Only for the member's eyes ${Date.now()}`;
  // Switched away before the draft's pause in typing is over.
  await page.getByTestId('compose-input').fill(text);
  await switchToAccount(page, admin.email);
  await switchToAccount(page, member.email);
  await expect(page.getByTestId('compose-input')).toHaveValue(text);

  await expect
    .poll(async () => (await serverDrafts(chat, member.email)).map((d) => d.content))
    .toContain(text);
  expect((await serverDrafts(chat, admin.email)).map((d) => d.content)).not.toContain(text);
  const { body: heard } = await chat.api(admin.email).get('/events', {
    queue_id: queue.queue_id,
    last_event_id: queue.last_event_id,
    dont_block: true,
  });
  expect(JSON.stringify(heard.events)).not.toContain(text);
});

test('a draft restored into a box holding another draft takes it in: once sent, neither is left', async ({
  page,
  chat,
  signIn,
}) => {
  const me = await signIn(page, 'member');
  const engineering = await channelId(chat.api('owner'), 'engineering');
  const topic = `restore merge ${Date.now()}`;
  const ofTopic = async () => (await serverDrafts(chat, me.email)).filter((d) => d.topic === topic);
  // Typed here: the box's draft.
  await chat.api('owner').post('/messages', { type: 'stream', to: engineering, topic, content: 'Kick-off' });
  await page.getByTestId('channel-engineering').click();
  await page.getByTestId(`topic-${topic}`).click();
  await page.getByTestId('compose-input').fill('Typed here');
  await expect.poll(async () => (await ofTopic()).map((d) => d.content)).toEqual(['Typed here']);
  // Written on the phone: another draft of the same topic.
  const { body } = await chat.api(me.email).post('/drafts', {
    drafts: [{ type: 'stream', to: [engineering], topic, content: 'From the phone', timestamp: 1 }],
  });
  const phoneId = (body.ids as number[])[0]!;

  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await page.keyboard.press('d');
  await page.getByTestId(`draft-${phoneId}`).getByTestId('draft-restore').click();
  const input = page.getByTestId('compose-input');
  await expect(input).toHaveValue('Typed here\n\nFrom the phone');
  await expect
    .poll(async () => (await ofTopic()).map((d) => d.content))
    .toEqual(['Typed here\n\nFrom the phone']);
  await page.getByTestId('compose-send').click();
  await expect(input).toHaveValue('');
  await expect.poll(ofTopic).toEqual([]);
});
