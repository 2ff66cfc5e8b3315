import type { Page } from '@playwright/test';
import { expect, test, type ChatEnvironment } from './fixtures';
import { channelId } from './server-state';
import { SYSTEM_GROUPS } from '../../server/realm/groups';

const { administrators: ADMINISTRATORS, everyone: EVERYONE } = SYSTEM_GROUPS;

// Channel settings (4.2), as an administrator.
test.describe.configure({ mode: 'serial' });

async function channel(chat: ChatEnvironment, name: string) {
  const { body } = await chat
    .api('owner')
    .get('/streams', { include_all: true, include_default: true, exclude_archived: false });
  return (body.streams as Record<string, unknown>[]).find((s) => s.name === name)!;
}

test('changes description, privacy, retention, default status and who can post', async ({
  page,
  chat,
  signIn,
}) => {
  await signIn(page, 'admin');
  const member = chat.user('member');
  await page.getByTestId('channel-engineering').click();
  await page.getByTestId('open-channel-settings').click();
  const dialog = page.getByTestId('channel-settings-dialog');
  await dialog.getByTestId('cs-description').fill('Builds, deploys and **on-call**.');
  await dialog.getByTestId('cs-privacy-private').check();
  await dialog.getByTestId('cs-retention-days').check();
  const days = dialog.getByTestId('cs-retention-days-value');
  // What is typed stays what is typed; a period that is not one is refused, and nothing is saved.
  for (const bad of ['0', '-3', '']) {
    await days.fill(bad);
    await expect(days).toHaveValue(bad);
    await expect(dialog.getByTestId('cs-retention-problem')).toHaveText(
      'Enter a whole number of days, 1 or more.',
    );
    await expect(dialog.getByTestId('cs-save')).toBeDisabled();
  }
  // Typed into the emptied field, key by key: 90, not 190.
  await days.pressSequentially('90');
  await expect(days).toHaveValue('90');
  await expect(dialog.getByTestId('cs-retention-problem')).toHaveCount(0);
  // Shorter than before (the organization keeps messages forever): the deletion is said.
  await expect(dialog.getByTestId('cs-retention-warning')).toHaveText(
    'Messages older than 90 days will be deleted from this channel for good.',
  );
  await dialog.getByTestId('gs-can_send_message_group-mode-custom').check();
  await dialog.getByTestId(`gs-can_send_message_group-user-${member.user_id}`).check();
  await page.screenshot({ path: 'test-results/screens/channel-settings.png' });
  await dialog.getByTestId('cs-save').click();
  await expect(dialog).toHaveCount(0);

  const c = await channel(chat, 'engineering');
  expect(c.description).toBe('Builds, deploys and **on-call**.');
  expect(c.invite_only).toBe(true);
  expect(c.message_retention_days).toBe(90);
  // The set keeps the group that could post before and adds the member.
  expect(c.can_send_message_group).toMatchObject({ direct_members: [member.user_id] });
  // The details pane follows the stream events.
  await expect(page.getByTestId('channel-privacy')).toHaveText('Private');
  await expect(page.getByTestId('channel-retention')).toHaveText('90 days');
  await expect(page.getByTestId('channel-description')).toContainText('on-call');
  await expect(page.getByTestId('channel-can_send_message_group')).toContainText(member.full_name);
  await page.screenshot({ path: 'test-results/screens/channel-details.png' });
});

test('retention forever, then the organization default; public again and default channel', async ({
  page,
  chat,
  signIn,
}) => {
  await signIn(page, 'admin');
  await page.getByTestId('channel-design').isVisible();
  await page.getByTestId('channel-engineering').click();
  await page.getByTestId('open-channel-settings').click();
  const dialog = page.getByTestId('channel-settings-dialog');
  await dialog.getByTestId('cs-retention-forever').check();
  await dialog.getByTestId('cs-save').click();
  await expect(dialog).toHaveCount(0);
  expect((await channel(chat, 'engineering')).message_retention_days).toBe(-1);
  await page.getByTestId('open-channel-settings').click();
  await dialog.getByTestId('cs-retention-default').check();
  await dialog.getByTestId('cs-save').click();
  await expect(dialog).toHaveCount(0);
  expect((await channel(chat, 'engineering')).message_retention_days).toBeNull();

  await page.getByTestId('open-channel-settings').click();
  await dialog.getByTestId('cs-privacy-public').check();
  await dialog.getByTestId('cs-default').check();
  await dialog.getByTestId('cs-save').click();
  await expect(dialog).toHaveCount(0);
  const c = await channel(chat, 'engineering');
  expect(c.invite_only).toBe(false);
  expect(c.is_default).toBe(true);
});

test('errors come back in the user’s words and the form keeps its values', async ({ page, chat, signIn }) => {
  await signIn(page, 'admin');
  await page.getByTestId('channel-general').click();
  await page.getByTestId('open-channel-settings').click();
  const dialog = page.getByTestId('channel-settings-dialog');
  // #general is a default channel: the server refuses to make it private.
  await dialog.getByTestId('cs-privacy-private').check();
  await dialog.getByTestId('cs-save').click();
  await expect(dialog.getByTestId('cs-error')).toContainText(/default channel/i);
  // Next to the button just pressed, in view: not at the end of a form scrolled out of sight.
  await expect(dialog.getByTestId('cs-error')).toBeInViewport();
  await expect(dialog.getByTestId('cs-privacy-private')).toBeChecked();
  expect((await channel(chat, 'general')).invite_only).toBe(false);
  await page.screenshot({ path: 'test-results/screens/channel-settings-error.png' });
});

test('a name another channel has, or none, is said at the name field before saving', async ({
  page,
  chat,
  signIn,
}) => {
  await signIn(page, 'admin');
  await page.getByTestId('channel-general').click();
  await page.getByTestId('open-channel-settings').click();
  const dialog = page.getByTestId('channel-settings-dialog');
  await dialog.getByTestId('cs-name').fill('DESIGN');
  await expect(dialog.getByTestId('cs-name-problem')).toHaveText('There is already a channel named #design.');
  await expect(dialog.getByTestId('cs-save')).toBeDisabled();
  await dialog.getByTestId('cs-name').fill('  ');
  await expect(dialog.getByTestId('cs-name-problem')).toHaveText('Give the channel a name.');
  await dialog.getByTestId('cs-name').fill('general');
  await expect(dialog.getByTestId('cs-name-problem')).toHaveCount(0);
  expect((await channel(chat, 'general')).name).toBe('general');
});

test('"Everyone on the internet" is never offered as a channel permission', async ({ page, signIn }) => {
  await signIn(page, 'admin');
  await page.getByTestId('channel-general').click();
  await page.getByTestId('open-channel-settings').click();
  const dialog = page.getByTestId('channel-settings-dialog');
  for (const name of [
    'can_send_message_group',
    'can_administer_channel_group',
    'can_add_subscribers_group',
    'can_remove_subscribers_group',
    'can_subscribe_group',
  ]) {
    // Settings held by specific people show the group list once "A group" is chosen (not saved here).
    await dialog.getByTestId(`gs-${name}-mode-group`).check();
    const options = await dialog.getByTestId(`gs-${name}-group`).locator('option').allTextContents();
    expect(options.length).toBeGreaterThan(3);
    expect(options).not.toContain('Everyone on the internet');
    expect(options).toContain('Everyone, including guests');
  }
  await page.keyboard.press('Escape');
});

test('an archived channel is marked in the sidebar and offers a notice instead of a compose box', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'member');
  await expect(page.getByTestId('archived-old-projects')).toHaveText('archived');
  await expect(page.getByTestId('archived-general')).toHaveCount(0);
  await page.getByTestId('channel-old-projects').click();
  await expect(page.getByTestId('compose-archived')).toContainText('This channel is archived.');
  await expect(page.getByTestId('compose-input')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/channel-archived.png' });
  // Other channels still compose.
  await page.getByTestId('channel-general').click();
  await expect(page.getByTestId('compose-input')).toBeVisible();
});

test('a channel only administrators may post in offers a member the notice instead of a compose box, live', async ({
  page,
  chat,
  signIn,
}) => {
  const member = await signIn(page, 'member');
  const refusal = 'You do not have permission to post in this channel.';
  await page.getByTestId('channel-announcements').click();
  await expect(page.getByTestId('compose-no-permission')).toHaveText(refusal);
  await expect(page.getByTestId('compose-input')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/channel-no-permission.png' });
  // r and c say so too, instead of opening a box to write in (c from a topic stays there).
  const notice = page.getByTestId('main-notice');
  await page.getByTestId('message-feed').click();
  await page.keyboard.press('r');
  await expect(notice).toContainText(refusal);
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await page.getByTestId('topic-company news').click();
  await page.getByTestId('message-feed').click();
  await page.keyboard.press('c');
  await expect(notice).toContainText(refusal);
  await expect(page.getByTestId('conversation-title')).toContainText('company news');
  await expect(page.getByTestId('compose-input')).toHaveCount(0);
  // Nor does a message's menu offer to quote it in a reply.
  await page.getByText('We closed the year').hover();
  await page.locator('[data-testid^="more-actions-"]').first().click();
  const menu = page.getByRole('menu', { name: 'Message actions' });
  await expect(menu.getByRole('menuitem', { name: 'Copy link to message' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Quote and reply' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // An administrator restricts #random: the member's box gives way to the notice, and comes back
  // once the member is among those who may post.
  const random = await channelId(chat.api('owner'), 'random');
  await page.getByTestId('channel-random').click();
  await expect(page.getByTestId('compose-input')).toBeVisible();
  const setPosters = (value: unknown) =>
    chat.api('admin').patch(`/streams/${random}`, { can_send_message_group: { new: value } });
  await setPosters({ direct_members: [], direct_subgroups: [ADMINISTRATORS] });
  await expect(page.getByTestId('compose-no-permission')).toHaveText(refusal);
  await expect(page.getByTestId('compose-input')).toHaveCount(0);
  await setPosters({ direct_members: [member.user_id], direct_subgroups: [ADMINISTRATORS] });
  await expect(page.getByTestId('compose-input')).toBeVisible();
  await setPosters(EVERYONE);
});

test('an administrator writes in the channel only administrators may post in', async ({ page, signIn }) => {
  await signIn(page, 'admin');
  await page.getByTestId('channel-announcements').click();
  await expect(page.getByTestId('compose-input')).toBeVisible();
  await expect(page.getByTestId('compose-no-permission')).toHaveCount(0);
});

/**
 * The vertical room in a dialog's form: between each field (or checkbox, or permission box) and the
 * next, and inside each field between its label and what follows it (the control, then its help).
 */
async function formSpacing(page: Page, dialogTestId: string) {
  return page
    .getByTestId(dialogTestId)
    .locator('form')
    .evaluate((form) => {
      const blocks = [...form.children].filter((el) =>
        ['field', 'check', 'group-setting'].some((c) => el.classList.contains(c)),
      );
      const betweenFields = blocks
        .slice(1)
        .map((el, i) => el.getBoundingClientRect().top - blocks[i]!.getBoundingClientRect().bottom);
      const insideFields = blocks
        .filter((el) => el.classList.contains('field'))
        .flatMap((field) => {
          const parts = [...field.children].filter((el) => el.getBoundingClientRect().height > 0);
          return parts
            .slice(1)
            .map((el, i) => el.getBoundingClientRect().top - parts[i]!.getBoundingClientRect().bottom);
        });
      return { fields: blocks.length, betweenFields, insideFields };
    });
}

test('the channel forms give each label, field and help text room', async ({ page, signIn }) => {
  await signIn(page, 'admin');
  await page.getByTestId('create-channel').click();
  await expect(page.getByTestId('new-channel-name')).toBeFocused();
  const create = await formSpacing(page, 'create-channel-dialog');
  await page
    .getByTestId('create-channel-dialog')
    .screenshot({ path: 'test-results/screens/create-channel-form.png' });
  await page.keyboard.press('Escape');
  await page.getByTestId('channel-general').click();
  await page.getByTestId('open-channel-settings').click();
  await expect(page.getByTestId('cs-name')).toBeVisible();
  const settings = await formSpacing(page, 'channel-settings-dialog');
  await page
    .getByTestId('channel-settings-dialog')
    .screenshot({ path: 'test-results/screens/channel-settings-form.png' });
  for (const form of [create, settings]) {
    expect(form.fields).toBeGreaterThanOrEqual(4);
    expect(Math.min(...form.betweenFields)).toBeGreaterThanOrEqual(12);
    expect(Math.min(...form.insideFields)).toBeGreaterThanOrEqual(5);
  }
});

test('changes made elsewhere while the dialog is open show in it, and saving sends only what was changed here', async ({
  page,
  chat,
  signIn,
}) => {
  await signIn(page, 'admin');
  await page.getByTestId('channel-random').click();
  await page.getByTestId('open-channel-settings').click();
  const dialog = page.getByTestId('channel-settings-dialog');
  await dialog.getByTestId('cs-description').fill('Written while someone else renamed it');
  // Meanwhile the owner renames the channel and lets only administrators post.
  const id = await channelId(chat.api('owner'), 'random');
  await chat.api('owner').patch(`/streams/${id}`, {
    new_name: 'random-renamed',
    can_send_message_group: JSON.stringify({ new: ADMINISTRATORS }),
  });
  await expect(dialog.getByTestId('cs-name')).toHaveValue('random-renamed');
  await expect(dialog.getByTestId('cs-description')).toHaveValue('Written while someone else renamed it');
  await dialog.getByTestId('cs-save').click();
  await expect(dialog).toHaveCount(0);
  const c = await channel(chat, 'random-renamed');
  expect(c.description).toBe('Written while someone else renamed it');
  expect(c.can_send_message_group).toBe(ADMINISTRATORS);
});

test('web-public is not offered to an administrator the organization does not allow to make channels web-public', async ({
  page,
  chat,
  signIn,
}) => {
  const { body } = await chat.api('owner').post('/register', {});
  expect(body.realm_can_create_web_public_channel_group).not.toBe(EVERYONE);
  await signIn(page, 'admin');
  await page.getByTestId('channel-general').click();
  await page.getByTestId('open-channel-settings').click();
  const dialog = page.getByTestId('channel-settings-dialog');
  await expect(dialog.getByTestId('cs-privacy-web-public')).toBeDisabled();
  await expect(dialog.getByTestId('cs-web-public-not-allowed')).toHaveText(
    'You cannot make channels web-public in this organization.',
  );
  await dialog.screenshot({ path: 'test-results/screens/channel-settings-no-web-public.png' });
});

test('a member who created a channel administers it; other channels offer them no settings', async ({
  page,
  chat,
  signIn,
}) => {
  const member = await signIn(page, 'member');
  const created = await chat.api(member.email).post('/users/me/subscriptions', {
    subscriptions: JSON.stringify([{ name: 'member-corner', description: 'Started by a member' }]),
  });
  expect(created.status).toBe(200);
  await page.getByTestId('channel-general').click();
  await expect(page.getByTestId('channel-details')).toBeVisible();
  await expect(page.getByTestId('open-channel-settings')).toHaveCount(0);

  await page.getByTestId('channel-member-corner').click();
  await page.getByTestId('open-channel-settings').click();
  const dialog = page.getByTestId('channel-settings-dialog');
  // The organization's own choices for the channel stay with its administrators.
  await expect(dialog.getByTestId('cs-admin-only')).toBeVisible();
  await expect(dialog.getByTestId('cs-default')).toBeDisabled();
  await expect(dialog.getByTestId('cs-retention-forever')).toBeDisabled();
  await dialog.getByTestId('cs-description').fill('A corner for the whole team');
  await dialog.getByTestId('cs-save').click();
  await expect(dialog).toHaveCount(0);
  expect((await channel(chat, 'member-corner')).description).toBe('A corner for the whole team');
});

test('an administrator outside a private channel is not offered what needs its content: who can access it, add or join', async ({
  page,
  chat,
  signIn,
}) => {
  const member = chat.user('member');
  const created = await chat.api(member.email).post('/users/me/subscriptions', {
    subscriptions: JSON.stringify([{ name: 'members-only-room', description: 'Private' }]),
    invite_only: 'true',
  });
  expect(created.status).toBe(200);
  await signIn(page, 'admin');
  await page.getByTestId('browse-channels').click();
  await page.getByTestId('filter-include_all').check();
  await page.getByTestId('browse-members-only-room').click();
  await page.getByTestId('open-channel-settings').click();
  const dialog = page.getByTestId('channel-settings-dialog');
  await expect(dialog.getByTestId('cs-not-subscribed')).toBeVisible();
  await expect(dialog.getByTestId('cs-privacy-public')).toBeDisabled();
  await expect(dialog.getByTestId('gs-can_subscribe_group-mode-custom')).toBeDisabled();
  await expect(dialog.getByTestId('gs-can_add_subscribers_group-mode-custom')).toBeDisabled();
  // What the server lets an administrator change from outside still saves.
  await dialog.getByTestId('cs-description').fill('Private, for members');
  await dialog.getByTestId('cs-save').click();
  await expect(dialog).toHaveCount(0);
  expect((await channel(chat, 'members-only-room')).description).toBe('Private, for members');
});
