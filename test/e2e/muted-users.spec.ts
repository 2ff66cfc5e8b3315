import { expect, test, type ChatEnvironment } from './fixtures';
import { channelId } from './server-state';

// Muted users (the real service's API and help center): a muted sender's messages are hidden in the
// feed until revealed, and unmuting shows them again, all without a reload.

async function mutedIds(chat: ChatEnvironment, who: string): Promise<number[]> {
  const { body } = await chat.api(who).post('/register', { fetch_event_types: ['muted_users'] });
  return (body.muted_users as { id: number }[]).map((u) => u.id);
}

test('muting a sender hides their messages until revealed; unmuting shows them again', async ({
  page,
  chat,
  signIn,
}) => {
  const topic = `muted sender ${Date.now()}`;
  const ben = chat.user('ben@northwind.example');
  const owner = chat.user('owner');
  const ids: number[] = [];
  for (const content of ['Loud opinion from Ben', 'Another one from Ben'])
    ids.push(
      (await chat.api(ben.email).post('/messages', { type: 'channel', to: 'general', topic, content })).body
        .id as number,
    );
  await chat.api(ben.email).post('/messages', { type: 'direct', to: [owner.user_id], content: 'Psst, Ada' });
  await signIn(page, 'owner');
  const dmWithBen = page.getByTestId(`dm-${ben.user_id}`);
  await expect(dmWithBen).toBeVisible();
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  await expect(page.getByTestId(`content-${ids[0]}`)).toContainText('Loud opinion from Ben');

  await page.getByTestId(`sender-${ids[0]}`).click();
  const card = page.getByTestId('user-card');
  await card.getByTestId('user-card-mute').click();
  await expect(card.getByTestId('user-card-mute')).toHaveText('Unmute this user');
  await expect.poll(() => mutedIds(chat, owner.email)).toEqual([ben.user_id]);
  await page.keyboard.press('Escape');

  for (const id of ids) {
    await expect(page.getByTestId(`hidden-${id}`)).toContainText('hidden because you muted the sender');
    await expect(page.getByTestId(`content-${id}`)).toHaveCount(0);
  }
  await expect(page.getByTestId(`sender-${ids[0]}`)).toHaveText('Muted user');
  await page.screenshot({ path: 'test-results/screens/muted-users.png' });
  // A one-on-one conversation with them leaves the lists of conversations, as in the real service.
  await expect(dmWithBen).toHaveCount(0);
  await page.getByTestId('home-recent').click();
  const general = await channelId(chat.api('owner'), 'general');
  await expect(page.getByTestId(`recent-topic-${general}-${topic}`)).toBeVisible();
  await expect(page.getByTestId(`recent-dm-${ben.user_id}`)).toHaveCount(0);
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  await expect(page.getByTestId(`hidden-${ids[0]}`)).toBeVisible();

  // Nobody muted is offered as someone to write to.
  await page.getByTestId('new-dm').click();
  await page.getByTestId('user-search').fill('Ben');
  await expect(page.getByTestId('new-dm-dialog')).toContainText('Nobody matches.');
  await page.getByTestId('user-search').fill('Chlo');
  await expect(page.getByTestId('user-chloe@northwind.example')).toBeVisible();
  await page.getByTestId('new-dm-dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('new-dm-dialog')).toHaveCount(0);
  // Nor in the quick switcher.
  await page.keyboard.press('Control+k');
  await page.getByTestId('switcher-input').fill('Okafor');
  await expect(page.getByTestId('quick-switcher')).toContainText('Nothing matches.');
  await page.getByTestId('switcher-input').fill('Chlo');
  await expect(page.getByTestId('quick-switcher').getByRole('option').first()).toContainText('Chloé Martin');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('quick-switcher')).toHaveCount(0);

  await page.getByTestId(`reveal-${ids[0]}`).click();
  await expect(page.getByTestId(`content-${ids[0]}`)).toContainText('Loud opinion from Ben');
  await expect(page.getByTestId(`sender-${ids[0]}`)).toHaveText('Ben Okafor');
  await expect(page.getByTestId(`hidden-${ids[1]}`)).toBeVisible();
  await page.getByTestId(`hide-again-${ids[0]}`).click();
  await expect(page.getByTestId(`hidden-${ids[0]}`)).toBeVisible();

  await page.getByTestId(`sender-${ids[0]}`).click();
  await card.getByTestId('user-card-mute').click();
  await expect(card.getByTestId('user-card-mute')).toHaveText('Mute this user');
  await page.keyboard.press('Escape');
  for (const id of ids) {
    await expect(page.getByTestId(`content-${id}`)).toBeVisible();
    await expect(page.getByTestId(`hidden-${id}`)).toHaveCount(0);
  }
  await expect(page.getByTestId(`sender-${ids[0]}`)).toHaveText('Ben Okafor');
  await expect(dmWithBen).toBeVisible();
  expect(await mutedIds(chat, owner.email)).toEqual([]);
});

test('a muted person is "Muted user" in group conversations and left out of People and typing', async ({
  page,
  chat,
  signIn,
}) => {
  const owner = chat.user('owner');
  const dmitri = chat.user('dmitri@northwind.example');
  const chloe = chat.user('chloe@northwind.example');
  const key = [dmitri.user_id, chloe.user_id].sort((a, b) => a - b).join(',');
  // The conversation's people in id order, as its title names them.
  const titled = (dmitriName: string) =>
    (dmitri.user_id < chloe.user_id ? [dmitriName, chloe.full_name] : [chloe.full_name, dmitriName]).join(
      ', ',
    );
  const group = [owner.user_id, chloe.user_id, dmitri.user_id];
  const send = async (email: string, content: string) =>
    (await chat.api(email).post('/messages', { type: 'direct', to: group, content })).body.id as number;
  const dmitrisId = await send(dmitri.email, 'Lunch at noon, anyone?');
  const chloesId = await send(chloe.email, 'Count me in');
  await chat.api(dmitri.email).post(`/messages/${chloesId}/reactions`, { emoji_name: 'tada' });

  await signIn(page, 'owner');
  const groupRow = page.getByTestId(`dm-${key}`);
  await expect(groupRow).toContainText(dmitri.full_name);
  await expect(page.getByTestId(`person-${dmitri.user_id}`)).toBeVisible();

  await chat.api(owner.email).post(`/users/me/muted_users/${dmitri.user_id}`);
  // The group conversation stays, naming them "Muted user"; the People list leaves them out.
  await expect(groupRow).toContainText('Muted user');
  await expect(groupRow).not.toContainText(dmitri.full_name);
  await expect(groupRow).toContainText(chloe.full_name);
  await expect(page.getByTestId(`person-${dmitri.user_id}`)).toHaveCount(0);
  await expect(page.getByTestId(`person-${chloe.user_id}`)).toBeVisible();
  await expect(page.getByTestId('people-count')).toContainText(`${chat.users.length - 1} people`);

  await page.getByTestId('home-inbox').click();
  await expect(page.getByTestId(`inbox-dm-${key}`)).toContainText('Muted user');
  await expect(page.getByTestId(`inbox-dm-${key}`)).not.toContainText(dmitri.full_name);
  await page.getByTestId('home-recent').click();
  const recentRow = page.getByTestId(`recent-dm-${key}`);
  await expect(recentRow).toContainText('Muted user');
  await expect(recentRow).not.toContainText(dmitri.full_name);
  await expect(page.getByTestId(`recent-dm-${key}-participants`)).not.toHaveAttribute(
    'title',
    new RegExp(dmitri.full_name),
  );

  await groupRow.click();
  await expect(page.getByTestId('conversation-title')).toHaveText(titled('Muted user'));
  await expect(page.getByTestId(`content-${chloesId}`)).toContainText('Count me in');
  const details = page.locator('section.details');
  await expect(details).toContainText('Muted user');
  await expect(details).not.toContainText(dmitri.email);
  await expect(page.getByTestId(`reaction-tada`)).toHaveAttribute('title', 'Muted user reacted with :tada:');
  await page.screenshot({ path: 'test-results/screens/muted-users-group.png' });

  // Their typing is not shown; someone else's still is.
  await chat.api(dmitri.email).post('/typing', { op: 'start', type: 'direct', to: group });
  await chat.api(chloe.email).post('/typing', { op: 'start', type: 'direct', to: group });
  await expect(page.getByTestId('typing-indicator')).toHaveText(`${chloe.full_name} is typing…`);
  await chat.api(chloe.email).post('/typing', { op: 'stop', type: 'direct', to: group });
  await expect(page.getByTestId('typing-indicator')).toHaveText('');

  // All messages: the conversation's header names them the same way.
  await page.getByTestId('all-messages').click();
  await page.keyboard.press('Shift+G');
  const header = page.getByTestId(`message-${dmitrisId}`).locator('.recipient-header');
  await expect(header).toContainText('Muted user');
  await expect(header).not.toContainText(dmitri.full_name);

  await chat.api(owner.email).delete(`/users/me/muted_users/${dmitri.user_id}`);
  await expect(header).toContainText(dmitri.full_name);
  await groupRow.click();
  await expect(page.getByTestId('conversation-title')).toHaveText(titled(dmitri.full_name));
});

test('one-on-one messages with a muted person are left out of All messages and searches, but a dm: search finds them', async ({
  page,
  chat,
  signIn,
}) => {
  const owner = chat.user('owner');
  const farid = chat.user('farid@northwind.example');
  const topic = `muted views ${Date.now()}`;
  const dmId = (
    await chat
      .api(farid.email)
      .post('/messages', { type: 'direct', to: [owner.user_id], content: 'Quiet word' })
  ).body.id as number;
  const post = async (email: string, content: string) =>
    (await chat.api(email).post('/messages', { type: 'channel', to: 'general', topic, content })).body
      .id as number;
  const faridsPost = await post(farid.email, 'Channel note from Farid');
  const last = await post(chat.user('chloe@northwind.example').email, 'After Farid');
  await chat.api(owner.email).post(`/users/me/muted_users/${farid.user_id}`);

  await signIn(page, 'owner');
  await page.getByTestId('all-messages').click();
  await page.keyboard.press('Shift+G');
  await expect(page.getByTestId(`content-${last}`)).toContainText('After Farid');
  // Their channel messages stay (hidden until revealed); the one-on-one conversation is left out.
  await expect(page.getByTestId(`hidden-${faridsPost}`)).toBeVisible();
  await expect(page.getByTestId(`message-${dmId}`)).toHaveCount(0);

  await page.getByTestId('search-input').fill(`sender:${farid.email}`);
  await page.getByTestId('search-input').press('Enter');
  await expect(page.getByTestId(`hidden-${faridsPost}`)).toBeVisible();
  await expect(page.getByTestId(`message-${dmId}`)).toHaveCount(0);

  await page.getByTestId('search-input').fill(`dm:${farid.email}`);
  await page.getByTestId('search-input').press('Enter');
  await expect(page.getByTestId(`hidden-${dmId}`)).toBeVisible();

  await chat.api(owner.email).delete(`/users/me/muted_users/${farid.user_id}`);
});

test('Settings → Muted users lists whom the user muted, live, with Unmute from the keyboard', async ({
  page,
  chat,
  signIn,
}) => {
  const owner = chat.user('owner');
  const elena = chat.user('elena@northwind.example');
  const farid = chat.user('farid@northwind.example');
  const topic = `muted list ${Date.now()}`;
  const id = (
    await chat.api(elena.email).post('/messages', { type: 'channel', to: 'general', topic, content: 'Hi' })
  ).body.id as number;
  await signIn(page, 'owner');
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-muted-users').click();
  const screen = page.getByTestId('muted-users-screen');
  await expect(screen.getByTestId('muted-users-empty')).toHaveText('You have not muted anyone.');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(screen).toHaveCount(0);

  // Muted from their card: a row with when.
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  await page.getByTestId(`sender-${id}`).click();
  await page.getByTestId('user-card').getByTestId('user-card-mute').click();
  await expect(page.getByTestId('user-card').getByTestId('user-card-mute')).toHaveText('Unmute this user');
  await page.keyboard.press('Escape');
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-muted-users').click();
  const elenaRow = screen.getByTestId(`muted-user-${elena.user_id}`);
  await expect(elenaRow).toContainText(elena.full_name);
  await expect(elenaRow.getByTestId('muted-user-date')).not.toHaveText('');

  // Muted and unmuted elsewhere: rows come and go while the screen is open.
  await chat.api(owner.email).post(`/users/me/muted_users/${farid.user_id}`);
  const faridRow = screen.getByTestId(`muted-user-${farid.user_id}`);
  await expect(faridRow).toContainText(farid.full_name);
  await page.screenshot({ path: 'test-results/screens/muted-users-settings.png' });
  await chat.api(owner.email).delete(`/users/me/muted_users/${farid.user_id}`);
  await expect(faridRow).toHaveCount(0);

  // Unmute from the keyboard: with nobody left, the focus goes to the screen's heading.
  await elenaRow.getByRole('button', { name: `Unmute ${elena.full_name}` }).focus();
  await page.keyboard.press('Enter');
  await expect(screen.getByTestId('muted-users-empty')).toBeVisible();
  await expect.poll(() => mutedIds(chat, owner.email)).toEqual([]);
  await expect(screen.getByRole('heading', { name: 'Muted users' })).toBeFocused();
});
