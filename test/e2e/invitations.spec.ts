import { expect, test, type ChatEnvironment } from './fixtures';
import { openSecondUser } from './second-user';

// Invitations (spec 4.10): emails, role, channels, groups, expiry, notify; INVITATION_FAILED.
test.describe.configure({ mode: 'serial' });

async function invites(chat: ChatEnvironment, who: string) {
  const { body } = await chat.api(who).get('/invites');
  return body.invites as Record<string, unknown>[];
}

test('an administrator invites two people as moderators to a channel and a group, never expiring', async ({
  page,
  chat,
  signIn,
}) => {
  await signIn(page, 'admin');
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-invitations').click();
  const roles = await page.getByTestId('invite-role').locator('option').allTextContents();
  expect(roles).toEqual(['Administrator', 'Moderator', 'Member', 'Guest']);

  await page.getByTestId('invite-emails').fill('nora@newhire.example, omar@newhire.example');
  await page.getByTestId('invite-role').selectOption({ label: 'Moderator' });
  await page.getByTestId('invite-channel-engineering').check();
  await page.getByTestId('invite-group-backend').check();
  await page.getByTestId('invite-expiry').selectOption('never');
  await page.getByTestId('invite-notify').uncheck();
  await page.getByTestId('invite-send').click();
  await expect(page.getByTestId('invite-sent')).toContainText('nora@newhire.example, omar@newhire.example');
  // The box is emptied: pressing Send again cannot invite them twice.
  await expect(page.getByTestId('invite-emails')).toHaveValue('');
  await expect(page.getByTestId('invite-send')).toBeDisabled();
  // The keyboard goes on in the box, for the next addresses.
  await expect(page.getByTestId('invite-emails')).toBeFocused();
  await expect(page.getByTestId('invite-nora@newhire.example')).toContainText('Moderator');
  await expect(page.getByTestId('invite-nora@newhire.example')).toContainText('never expires');

  const sent = await invites(chat, 'admin');
  const nora = sent.find((i) => i.email === 'nora@newhire.example')!;
  expect(nora).toMatchObject({ invited_as: 300, expiry_date: null, notify_referrer_on_join: false });
  expect(sent.some((i) => i.email === 'omar@newhire.example')).toBe(true);
});

test('addresses that already have accounts are named, and the others still sent', async ({
  page,
  chat,
  signIn,
}) => {
  await signIn(page, 'member');
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-invitations').click();
  // Two cards, each with its heading, as the other settings screens have.
  await expect(page.getByRole('form', { name: 'New invitation' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Invitations sent' })).toBeVisible();
  expect(await page.getByTestId('invite-role').locator('option').allTextContents()).toEqual([
    'Member',
    'Guest',
  ]);
  const taken = chat.user('owner').email;
  await page.getByTestId('invite-emails').fill(`${taken}\npia@newhire.example`);
  await page.getByTestId('invite-send').click();
  const failure = page.getByTestId('invite-failure');
  await expect(failure).toContainText(`${taken}: Already has an account.`);
  await expect(page.getByTestId('invite-outcome')).toHaveText('The other invitations were sent.');
  // Only the address that failed stays in the box; the one invited is not offered again.
  await expect(page.getByTestId('invite-emails')).toHaveValue(taken);
  await page.screenshot({ path: 'test-results/screens/invitations.png', fullPage: true });
  expect((await invites(chat, 'admin')).some((i) => i.email === 'pia@newhire.example')).toBe(true);
});

test('an invitation sent by one administrator shows at once on another administrator’s open list', async ({
  page,
  browser,
  chat,
  signIn,
}) => {
  await signIn(page, 'admin');
  const other = await openSecondUser(browser, chat, 'owner');
  try {
    await other.page.getByTestId('open-settings').click();
    await other.page.getByTestId('settings-nav-invitations').click();
    await expect(other.page.getByTestId('invitations-screen')).toBeVisible();
    const email = `live-${Date.now()}@newhire.example`;
    await expect(other.page.getByTestId(`invite-${email}`)).toHaveCount(0);

    await page.getByTestId('open-settings').click();
    await page.getByTestId('settings-nav-invitations').click();
    await page.getByTestId('invite-emails').fill(email);
    await page.getByTestId('invite-send').click();
    await expect(page.getByTestId('invite-sent')).toContainText(email);
    // No reload on the other side: the invites_changed event refreshes the list.
    await expect(other.page.getByTestId(`invite-${email}`)).toContainText('Member');
    // The list holds more than one person's invitations now: each says who sent it.
    await expect(other.page.getByTestId(`invite-${email}`).getByTestId('invite-inviter')).toHaveText(
      chat.user('admin').full_name,
    );
    await other.page.screenshot({ path: 'test-results/screens/invitations-by-two.png', fullPage: true });
  } finally {
    await other.close();
  }
});

test('a sent invitation can be resent and revoked from the list', async ({ page, chat, signIn }) => {
  await signIn(page, 'member');
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-invitations').click();
  const email = 'quinn@newhire.example';
  // One sent before it, to be the row in its place once it is revoked.
  await page.getByTestId('invite-emails').fill('rita@newhire.example');
  await page.getByTestId('invite-send').click();
  await expect(page.getByTestId('invite-rita@newhire.example')).toBeVisible();
  await page.getByTestId('invite-emails').fill(email);
  await page.getByTestId('invite-send').click();
  await expect(page.getByTestId(`invite-${email}`)).toBeVisible();
  const before = (await invites(chat, 'member')).find((i) => i.email === email)!;

  // Resend: the server dates it anew (in whole seconds: the resend waits for the server's clock to
  // pass the first date) and the list says so.
  await expect
    .poll(() => chat.server.realm.now(), { intervals: [100] })
    .toBeGreaterThan(before.invited as number);
  await page.getByTestId(`invite-resend-${email}`).press('Enter');
  await expect(page.getByTestId('invite-action-notice')).toHaveText(`Invitation to ${email} sent again.`);
  // Disabled while it worked, it has the keyboard's focus again.
  await expect(page.getByTestId(`invite-resend-${email}`)).toBeFocused();
  const resent = (await invites(chat, 'member')).find((i) => i.email === email)!;
  expect(resent.id).toBe(before.id);
  expect(resent.invited as number).toBeGreaterThan(before.invited as number);
  expect(resent.expiry_date).toBe(before.expiry_date);
  await page.getByTestId('invites-list').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/invitations-actions.png' });

  // By keyboard: Revoke puts focus on its confirmation, Keep gives it back to Revoke.
  await page.getByTestId(`invite-revoke-${email}`).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId(`invite-revoke-confirm-${email}`)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId(`invite-${email}`).getByRole('button', { name: 'Keep' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId(`invite-revoke-${email}`)).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('invite-action-notice')).toHaveText(`Invitation to ${email} revoked.`);
  await expect(page.getByTestId(`invite-${email}`)).toHaveCount(0);
  expect((await invites(chat, 'member')).some((i) => i.email === email)).toBe(false);
  expect((await invites(chat, 'admin')).some((i) => i.email === email)).toBe(false);
  // The keyboard goes on from the Revoke of the row now in its place; with none left, from the
  // list's heading.
  const revokes = page.getByTestId('invites-list').locator('[data-testid^="invite-revoke-"]');
  await expect(revokes.and(page.locator(':focus'))).toHaveCount(1);
  while ((await revokes.count()) > 0) {
    const left = await revokes.count();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect(revokes).toHaveCount(left - 1);
    if (left > 1) await expect(revokes.and(page.locator(':focus'))).toHaveCount(1);
  }
  await expect(page.getByRole('heading', { name: 'Invitations sent' })).toBeFocused();
  await page.screenshot({ path: 'test-results/screens/invitations-all-revoked.png' });
});

test('channels are offered only while the organization lets the person add people to them', async ({
  page,
  chat,
  signIn,
}) => {
  const { body } = await chat.api('owner').get('/user_groups');
  const idOf = (name: string) =>
    (body.user_groups as { id: number; name: string }[]).find((g) => g.name === name)!.id;
  const allowChannels = (group: string) =>
    chat.api('owner').patch('/realm', { can_add_subscribers_group: JSON.stringify({ new: idOf(group) }) });
  try {
    await signIn(page, 'member');
    await page.getByTestId('open-settings').click();
    await page.getByTestId('settings-nav-invitations').click();
    await page.getByTestId('invite-emails').fill('quinn@newhire.example');
    await page.getByTestId('invite-channel-engineering').check();

    // Only administrators may now add people to channels: the server would refuse the invitation.
    expect((await allowChannels('role:administrators')).status).toBe(200);
    await expect(page.getByTestId('invite-channel-engineering')).toHaveCount(0);
    await expect(page.getByTestId('invite-channels-not-allowed')).toBeVisible();
    await expect(page.getByTestId('invite-default-channels')).toBeChecked();
    await page.getByTestId('invite-send').click();
    await expect(page.getByTestId('invite-sent')).toContainText('quinn@newhire.example');
    expect((await invites(chat, 'admin')).some((i) => i.email === 'quinn@newhire.example')).toBe(true);
  } finally {
    await allowChannels('role:members');
  }
});

test('an invitation revoked by another administrator while its Revoke has the focus hands the focus to the row now in its place', async ({
  page,
  chat,
  signIn,
}) => {
  const first = 'sam@elsewhere.example';
  const second = 'tess@elsewhere.example';
  for (const email of [first, second])
    await chat.api('owner').post('/invites', { invitee_emails: email, stream_ids: [] });
  await signIn(page, 'admin');
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-invitations').click();
  await expect(page.getByTestId(`invite-${first}`)).toBeVisible();
  const revokes = page.getByTestId('invites-list').locator('[data-testid^="invite-revoke-"]');
  const gone = (await invites(chat, 'owner')).find((i) => i.email === second)!;
  await page.getByTestId(`invite-revoke-${second}`).focus();

  await chat.api('owner').delete(`/invites/${gone.id as number}`);

  await expect(page.getByTestId(`invite-${second}`)).toHaveCount(0);
  await expect(revokes.and(page.locator(':focus'))).toHaveCount(1);
});
