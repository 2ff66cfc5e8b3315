import { expect, test, type ChatEnvironment } from './fixtures';

// Changes whose answer is lost on the way back (the server did the work, the app never heard):
// the form must say what the server holds, and trying again must not do the work twice. The web
// host reaches the server through a FaultProxy; `chat.api` talks to it directly.
test.describe.configure({ mode: 'serial' });
test.use({ chatSetup: { behindProxy: true } });
test.afterEach(({ faultProxy }) => faultProxy.setRule(null));

const post = (path: string) => (r: { method: string; path: string }) =>
  r.method === 'POST' && r.path.endsWith(`/api/v1${path}`);

async function invitesTo(chat: ChatEnvironment, email: string) {
  const { body } = await chat.api('admin').get('/invites');
  return (body.invites as { email?: string }[]).filter((i) => i.email === email);
}

test('invitations whose answer was lost count as sent, and nobody is invited twice', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  await signIn(page, 'admin');
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-invitations').click();
  await expect(page.getByRole('region', { name: 'Invitations sent' })).toBeVisible();

  const [nora, taken] = ['nora.lost@newhire.example', chat.user('owner').email];
  let sends = 0;
  faultProxy.setRule((r) => (post('/invites')(r) && sends++ === 0 ? { kind: 'dropAnswer' } : null));
  await page.getByTestId('invite-emails').fill(`${nora}\n${taken}`);
  await page.getByTestId('invite-send').click();

  // The server invited Nora (the owner has an account): the form says so, and keeps only the
  // address it cannot vouch for, so Send again cannot invite Nora a second time.
  await expect(page.getByTestId('invite-sent')).toContainText(`Invitation sent to ${nora}.`);
  await expect(page.getByTestId('invite-error')).toHaveCount(0);
  await expect(page.getByTestId('invite-emails')).toHaveValue(taken);
  await page.getByTestId('invite-send').click();
  await expect(page.getByTestId('invite-failure')).toContainText(`${taken}: Already has an account.`);
  expect(sends).toBe(2);
  expect(await invitesTo(chat, nora)).toHaveLength(1);
});

async function postUnread(chat: ChatEnvironment, topic: string): Promise<void> {
  for (let i = 0; i < 3; i++)
    await chat
      .api('admin')
      .post('/messages', { type: 'channel', to: 'general', topic, content: `unread ${i}` });
}

const isMarkRead = post('/messages/flags/narrow');
const asksUnread = (r: { method: string; path: string; query: Record<string, string> }) =>
  r.method === 'GET' && r.path.endsWith('/api/v1/messages') && (r.query.narrow ?? '').includes('unread');

test('mark as read whose answer was lost says it is done, not that there was nothing unread', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  await signIn(page, 'member');
  await postUnread(chat, `lost mark ${Date.now()}`);
  await expect(page.getByTestId('channel-unread-general')).toBeVisible();
  let marks = 0;
  faultProxy.setRule((r) => (isMarkRead(r) && marks++ === 0 ? { kind: 'dropAnswer' } : null));
  await page.getByTestId('channel-general').click();
  await page.getByTestId('mark-channel-read').click();
  await page.getByTestId('mark-read-confirm').click();
  // The app looks, finds nothing unread left, and says the marking is done.
  await expect(page.getByTestId('mark-read-progress')).toHaveText('Done: everything is marked as read.');
  await expect(page.getByTestId('mark-read-dialog').getByRole('alert')).toHaveCount(0);
  await expect(page.getByTestId('channel-unread-general')).toHaveCount(0);
  expect(marks).toBe(1);
});

test('mark as read tried again after a lost answer it could not check says it is done', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  await signIn(page, 'member');
  await postUnread(chat, `lost mark again ${Date.now()}`);
  await expect(page.getByTestId('channel-unread-general')).toBeVisible();
  // The answer is lost, and the connection fails the look that follows as well.
  let marks = 0;
  let outage = true;
  faultProxy.setRule((r) => {
    if (isMarkRead(r)) return marks++ === 0 ? { kind: 'dropAnswer' } : null;
    return outage && asksUnread(r) ? { kind: 'reset' } : null;
  });
  await page.getByTestId('channel-general').click();
  await page.getByTestId('mark-channel-read').click();
  const dialog = page.getByTestId('mark-read-dialog');
  await page.getByTestId('mark-read-confirm').click();
  await expect(dialog.getByRole('alert')).toContainText('Could not reach the server');
  outage = false;
  await page.getByTestId('mark-read-confirm').click();
  await expect(page.getByTestId('mark-read-progress')).toHaveText('Done: everything is marked as read.');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  expect(marks).toBe(2);
});

test('a linkifier added on a connection that lost the answer counts as added', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  await signIn(page, 'admin');
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-linkifiers').click();
  let adds = 0;
  faultProxy.setRule((r) => (post('/realm/filters')(r) && adds++ === 0 ? { kind: 'dropAnswer' } : null));
  await page.getByTestId('linkifier-add').click();
  const form = page.getByTestId('linkifier-form');
  const pattern = 'LOST-(?P<n>[0-9]+)';
  await form.getByTestId('linkifier-pattern-input').fill(pattern);
  await form.getByTestId('linkifier-template-input').fill('https://lost.example/{n}');
  await form.getByTestId('linkifier-save').click();
  // Not "Not saved" beside a list already showing it (and Save again refused: the pattern is taken).
  await expect(form).toHaveCount(0);
  const { body } = await chat.api('admin').get('/realm/linkifiers');
  const added = (body.linkifiers as { id: number; pattern: string }[]).filter((l) => l.pattern === pattern);
  expect(added).toHaveLength(1);
  await expect(page.getByTestId(`linkifier-${added[0]!.id}`)).toBeVisible();
  expect(adds).toBe(1);
});

test('a status saved on a connection that lost the answer shows no error once it is saved', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  const me = await signIn(page, 'member');
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-status').click();
  let saves = 0;
  faultProxy.setRule((r) => (post('/users/me/status')(r) && saves++ === 0 ? { kind: 'dropAnswer' } : null));
  const text = `Lost in transit ${Date.now()}`;
  await page.getByTestId('status-text').fill(text);
  await page.getByTestId('status-save').click();
  await expect
    .poll(async () => (await chat.api(me.email).get(`/users/${me.user_id}/status`)).body.status)
    .toMatchObject({ status_text: text });
  // Its event came: the form stands saved (nothing left to save) and no error contradicts it.
  await expect(page.getByTestId('status-save')).toBeDisabled();
  await expect(page.getByTestId('status-clear')).toBeEnabled();
  await expect(page.getByTestId('status-error')).toHaveCount(0);
  expect(saves).toBe(1);
});

test('channel settings saved on a connection that lost the answer close as saved', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  await signIn(page, 'admin');
  const isUpdate = (r: { method: string; path: string }) =>
    r.method === 'PATCH' && /\/api\/v1\/streams\/\d+$/.test(r.path);
  let saves = 0;
  faultProxy.setRule((r) => (isUpdate(r) && saves++ === 0 ? { kind: 'dropAnswer' } : null));
  await page.getByTestId('channel-engineering').click();
  await page.getByTestId('open-channel-settings').click();
  const dialog = page.getByTestId('channel-settings-dialog');
  const description = `Saved while the answer was lost ${Date.now()}`;
  await dialog.getByTestId('cs-description').fill(description);
  await dialog.getByTestId('cs-save').click();
  // Its event came: the dialog closes as after a success, rather than keeping "Could not reach the
  // server" beside a Save with nothing left to save.
  await expect(dialog).toHaveCount(0);
  const { body } = await chat.api('admin').get('/streams');
  const engineering = (body.streams as { name: string; description: string }[]).find(
    (s) => s.name === 'engineering',
  );
  expect(engineering?.description).toBe(description);
  expect(saves).toBe(1);
});

test('a snippet deleted on a connection that lost the answer leaves no "Not deleted" behind', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  const me = await signIn(page, 'member');
  const make = async (title: string) =>
    (await chat.api(me.email).post('/saved_snippets', { title, content: `${title} text` })).body
      .saved_snippet_id as number;
  const gone = await make(`Lost delete ${Date.now()}`);
  const kept = await make(`Kept ${Date.now()}`);
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-snippets').click();
  let deletes = 0;
  faultProxy.setRule((r) =>
    r.method === 'DELETE' && r.path.endsWith(`/saved_snippets/${gone}`) && deletes++ === 0
      ? { kind: 'dropAnswer' }
      : null,
  );
  await page.getByTestId(`snippet-${gone}`).getByTestId('snippet-delete').click();
  // Its event took it away, and once the failed call is over (Delete is enabled again) no error
  // says it is still there.
  await expect(page.getByTestId(`snippet-${gone}`)).toHaveCount(0);
  await expect(page.getByTestId(`snippet-${kept}`).getByTestId('snippet-delete')).toBeEnabled();
  await expect(page.getByTestId('snippet-delete-error')).toHaveCount(0);
  expect(deletes).toBe(1);
});

test('a linkifier moved on a connection that lost the answer leaves no "Not moved" behind', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  const admin = chat.api('admin');
  for (const n of ['ONE', 'TWO'])
    await admin.post('/realm/filters', {
      pattern: `MOVE${n}-(?P<n>[0-9]+)`,
      url_template: `https://move.example/${n}/{n}`,
    });
  const order = async () =>
    ((await admin.get('/realm/linkifiers')).body.linkifiers as { id: number }[]).map((l) => l.id);
  const before = await order();
  const last = before.at(-1)!;
  await signIn(page, 'admin');
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-linkifiers').click();
  let moves = 0;
  faultProxy.setRule((r) =>
    r.method === 'PATCH' && r.path.endsWith('/realm/linkifiers') && moves++ === 0
      ? { kind: 'dropAnswer' }
      : null,
  );
  await page.getByTestId(`linkifier-${last}`).getByTestId('linkifier-move-up').click();
  // Its event brought the order asked.
  await expect(
    page
      .getByTestId('linkifiers-list')
      .locator('> li')
      .nth(before.length - 2),
  ).toHaveAttribute('data-testid', `linkifier-${last}`);
  // Once the failed call is over (the arrows are enabled again), no error says it did not move.
  await expect(page.getByTestId(`linkifier-${last}`).getByTestId('linkifier-move-up')).toBeEnabled();
  await expect(page.getByTestId('linkifier-reorder-error')).toHaveCount(0);
  expect(await order()).toEqual([...before.slice(0, -2), last, before.at(-2)]);
});

test('an invitation resent on a connection that lost the answer counts as sent again', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  const email = 'resend.lost@newhire.example';
  await chat.api('admin').post('/invites', { invitee_emails: email, stream_ids: [] });
  const [before] = await invitesTo(chat, email);
  await signIn(page, 'admin');
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-invitations').click();
  await expect(page.getByTestId(`invite-${email}`)).toBeVisible();
  // The server dates a resend in whole seconds: wait for its clock to pass the first date.
  await expect
    .poll(() => chat.server.realm.now(), { intervals: [100] })
    .toBeGreaterThan((before as { invited: number }).invited);
  let resends = 0;
  faultProxy.setRule((r) =>
    r.method === 'POST' && r.path.endsWith('/resend') && resends++ === 0 ? { kind: 'dropAnswer' } : null,
  );
  await page.getByTestId(`invite-resend-${email}`).click();
  // The server did send it again: it is said, and nothing invites a second mail.
  await expect(page.getByTestId('invite-action-notice')).toHaveText(`Invitation to ${email} sent again.`);
  await expect(page.getByTestId(`invite-action-error-${email}`)).toHaveCount(0);
  expect(resends).toBe(1);
});
