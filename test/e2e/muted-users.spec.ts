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
