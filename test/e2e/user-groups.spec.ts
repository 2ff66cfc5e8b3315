import { expect, test, type ChatEnvironment } from './fixtures';

// User groups (spec 4.14): list, create with members, subgroups and permissions.
test.describe.configure({ mode: 'serial' });

async function groups(chat: ChatEnvironment) {
  const { body } = await chat.api('owner').get('/user_groups');
  return body.user_groups as Record<string, unknown>[];
}

test('creates a group with members, a subgroup and permissions', async ({ page, chat, signIn }) => {
  await signIn(page, 'moderator');
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-user-groups').click();
  await expect(page.getByTestId('group-backend')).toContainText('Backend engineers');

  const all = await groups(chat);
  const backend = all.find((g) => g.name === 'backend')!;
  const admins = all.find((g) => g.name === 'role:administrators')!;
  const member = chat.user('member');
  const moderator = chat.user('moderator');

  await page.getByTestId('new-group').click();
  await page.getByTestId('group-name').fill('platform');
  await page.getByTestId('group-description').fill('Platform and infrastructure');
  await page.getByTestId(`member-${member.email}`).check();
  await page.getByTestId(`member-${moderator.email}`).check();
  await page.getByTestId('subgroup-backend').check();
  await page.getByTestId('perm-can_manage_group-set').check();
  // System groups the spec forbids for managing are not offered.
  const manageOptions = await page
    .getByTestId('gs-can_manage_group-group')
    .locator('option')
    .allTextContents();
  expect(manageOptions).not.toContain('Everyone on the internet');
  expect(manageOptions).not.toContain('Everyone, including guests');
  await page.getByTestId('gs-can_manage_group-group').selectOption(String(admins.id));
  await page.getByTestId('perm-can_join_group-set').check();
  await page.getByTestId('gs-can_join_group-mode-custom').check();
  // Switching to people and groups keeps the group chosen before (administrators); take it out.
  await page.getByTestId(`gs-can_join_group-subgroup-${admins.id}`).uncheck();
  await page.getByTestId(`gs-can_join_group-user-${member.user_id}`).check();
  await page.getByTestId(`gs-can_join_group-subgroup-${backend.id}`).check();
  await page.screenshot({ path: 'test-results/screens/user-groups.png', fullPage: true });
  await page.getByTestId('group-create').click();
  await expect(page.getByTestId('group-created')).toContainText('platform');
  // The form gone, the keyboard goes on from the button that opened it.
  await expect(page.getByTestId('new-group')).toBeFocused();
  await expect(page.getByTestId('group-platform')).toContainText('2 members, 1 subgroup');

  const created = (await groups(chat)).find((g) => g.name === 'platform')!;
  expect(created.description).toBe('Platform and infrastructure');
  expect([...(created.members as number[])].sort()).toEqual([member.user_id, moderator.user_id].sort());
  expect(created.direct_subgroup_ids).toEqual([backend.id]);
  expect(created.can_manage_group).toBe(admins.id);
  expect(created.can_join_group).toEqual({
    direct_members: [member.user_id],
    direct_subgroups: [backend.id],
  });
});

test('Enter in the members’ search does not create the group: it goes to the first person found, Space ticks them', async ({
  page,
  chat,
  signIn,
}) => {
  await signIn(page, 'moderator');
  await page.goto(`${page.url().split('#')[0]}#settings/user-groups`);
  await page.getByTestId('new-group').click();
  const name = `searchers ${Date.now()}`;
  await page.getByTestId('group-name').fill(name);
  const member = chat.user('member');
  const search = page.getByTestId('member-search');
  await search.fill(member.full_name);
  await search.press('Enter');
  const box = page.getByTestId(`member-${member.email}`);
  await expect(box).toBeFocused();
  await expect(page.getByTestId('group-created')).toHaveCount(0);
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
  await page.getByTestId('group-create').click();
  await expect(page.getByTestId('group-created')).toContainText(name);
  const created = (await groups(chat)).find((g) => g.name === name)!;
  expect(created.members).toEqual([member.user_id]);
});

test('the server’s refusal is shown and the form is kept', async ({ page, signIn }) => {
  await signIn(page, 'moderator');
  await page.goto(`${page.url().split('#')[0]}#settings/user-groups`);
  await page.getByTestId('new-group').click();
  await page.getByTestId('group-name').fill('backend');
  await page.getByTestId('group-create').press('Enter');
  await expect(page.getByTestId('group-error')).toContainText("User group 'backend' already exists.");
  // The keyboard stays on the button (disabled while it worked), not thrown out of the form.
  await expect(page.getByTestId('group-create')).toBeFocused();
  await expect(page.getByTestId('group-name')).toHaveValue('backend');
  // The next try's problem replaces it: the old refusal is not left beside it.
  await page.getByTestId('group-name').fill('');
  await page.getByTestId('group-create').click();
  await expect(page.getByTestId('group-problems')).toBeVisible();
  await expect(page.getByTestId('group-error')).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancel' }).press('Enter');
  await expect(page.getByTestId('new-group')).toBeFocused();
});

test('a member the organization does not let invite or create groups is not offered either, and is once it does', async ({
  page,
  chat,
  signIn,
}) => {
  const all = await groups(chat);
  const idOf = (name: string) => all.find((g) => g.name === name)!.id as number;
  const admins = idOf('role:administrators');
  const members = idOf('role:members');
  const owner = chat.api('owner');
  const allow = (group: number) =>
    owner.patch('/realm', {
      can_invite_users_group: JSON.stringify({ new: group }),
      can_create_groups: JSON.stringify({ new: group }),
    });
  expect((await allow(admins)).status).toBe(200);
  try {
    await signIn(page, 'member');
    await page.goto(`${page.url().split('#')[0]}#settings/user-groups`);
    await expect(page.getByTestId('user-groups-screen')).toBeVisible();
    await expect(page.getByTestId('new-group')).toHaveCount(0);
    await expect(page.getByTestId('settings-nav-invitations')).toHaveCount(0);

    // Allowed again while the screen is open: offered at once.
    expect((await allow(members)).status).toBe(200);
    await expect(page.getByTestId('new-group')).toBeVisible();
    await expect(page.getByTestId('settings-nav-invitations')).toBeVisible();
  } finally {
    await allow(members);
  }
});

test('at 800×600 the new group’s people list keeps each name on one line, the e-mail cut beside it', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'admin');
  await page.setViewportSize({ width: 800, height: 600 });
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-user-groups').click();
  await page.getByTestId('new-group').click();
  const people = page.getByRole('group', { name: 'People' }).locator('label');
  await expect(people.first()).toBeVisible();
  const heights = await people.evaluateAll((labels) => labels.map((l) => l.getBoundingClientRect().height));
  expect(heights.length).toBeGreaterThan(4);
  // One line each (a checkbox's height), none squeezed to a word a line.
  expect(Math.max(...heights)).toBeLessThan(26);
  await expect(people.first().locator('.check-detail')).toHaveAttribute('title', /@/);
  await page.screenshot({ path: 'test-results/screens/create-group-800.png' });
});

/** The pixels of a screenshot (RGBA), decoded by the page. */
function pixels(page: import('@playwright/test').Page, png: Buffer): Promise<number[]> {
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.width;
    canvas.height = img.height;
    const context = canvas.getContext('2d')!;
    context.drawImage(img, 0, 0);
    return [...context.getImageData(0, 0, img.width, img.height).data];
  }, png.toString('base64'));
}

test('a ticked box in the group form shows the keyboard’s focus', async ({ page, chat, signIn }) => {
  await signIn(page, 'admin');
  await page.goto(`${page.url().split('#')[0]}#settings/user-groups`);
  await page.getByTestId('new-group').click();
  const box = page.getByTestId(`member-${chat.user('member').email}`);
  await box.focus();
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
  const area = (await box.boundingBox())!;
  const clip = { x: area.x - 4, y: area.y - 4, width: area.width + 8, height: area.height + 8 };
  const focused = await pixels(page, await page.screenshot({ clip }));
  await page.keyboard.press('Tab');
  await expect(box).not.toBeFocused();
  const unfocused = await pixels(page, await page.screenshot({ clip }));
  // A ring around the box: many pixels plainly differ (not a few at its corners).
  let differing = 0;
  for (let i = 0; i < focused.length; i += 4)
    if ([0, 1, 2].some((c) => Math.abs(focused[i + c]! - unfocused[i + c]!) > 60)) differing++;
  expect(differing).toBeGreaterThan(30);
});
