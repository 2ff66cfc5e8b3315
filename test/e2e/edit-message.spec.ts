import { expect, test } from './fixtures';
import { openSecondUser } from './second-user';

// Editing (4.1) and edit history (4.15).
test.describe.configure({ mode: 'serial' });

test('edits a message, others see it live, and the history shows the diff and the move', async ({
  page,
  chat,
  signIn,
  browser,
}) => {
  const me = await signIn(page, 'member');
  const api = chat.api(me.email);
  const topic = `edit test ${Date.now()}`;
  const sent = await api.post('/messages', {
    type: 'channel',
    to: 'general',
    topic,
    content: 'The meeting is at 3pm.',
  });
  const id = sent.body.id as number;

  const other = await openSecondUser(browser, chat, 'admin');
  try {
    await page.getByTestId('channel-general').click();
    await page.getByTestId(`topic-${topic}`).click();
    await other.page.getByTestId('channel-general').click();
    await other.page.getByTestId(`topic-${topic}`).click();
    await expect(other.page.getByTestId(`content-${id}`)).toContainText('3pm');

    await page.getByTestId(`message-${id}`).hover();
    await page.getByTestId(`edit-${id}`).click();
    await expect(page.getByTestId('edit-content')).toHaveValue('The meeting is at 3pm.');
    await page.getByTestId('edit-content').fill('The meeting is at 4pm.');
    await page.getByTestId('edit-save').click();
    await expect(page.getByTestId(`content-${id}`)).toContainText('4pm');
    await expect(other.page.getByTestId(`content-${id}`)).toContainText('4pm');

    // Move it to another topic.
    await page.getByTestId(`message-${id}`).hover();
    await page.getByTestId(`edit-${id}`).click();
    await page.getByTestId('edit-topic').fill(`${topic} (moved)`);
    await page.getByTestId('propagate-change_all').check();
    await page.getByTestId('edit-save').click();
    await expect(page.getByTestId(`topic-${topic} (moved)`)).toBeVisible();
  } finally {
    await other.close();
  }

  const { body } = await api.get(`/messages/${id}/history`);
  const history = body.message_history as { prev_topic?: string; prev_content?: string }[];
  expect(history.some((h) => h.prev_content === 'The meeting is at 3pm.')).toBe(true);
  expect(history.some((h) => h.prev_topic === topic)).toBe(true);

  await page.getByTestId(`topic-${topic} (moved)`).click();
  await page.getByTestId(`message-${id}`).hover();
  // An edited message's menu offers its history.
  await page.getByTestId(`more-actions-${id}`).click();
  await expect(page.getByRole('menuitem', { name: 'View edit history' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByTestId(`message-${id}`).hover();
  await page.getByTestId(`open-history-${id}`).click();
  const dialog = page.getByTestId('edit-history-dialog');
  await expect(dialog.getByTestId('history-entry-posted')).toBeVisible();
  await expect(dialog.getByTestId('history-entry-edited')).toBeVisible();
  await expect(dialog.getByTestId('history-entry-moved')).toContainText(topic);
  const diff = dialog.getByTestId('history-diff').first();
  await expect(diff).toContainText('4pm');
  // The deleted word stays a word of its own, and is struck through (not told by colour alone).
  await expect(diff).toContainText('at 3pm. 4pm.');
  const deleted = diff.locator('.highlight_text_deleted');
  await expect(deleted).toHaveText('3pm.');
  expect(await deleted.evaluate((el) => getComputedStyle(el).textDecorationLine)).toContain('line-through');
  await page.screenshot({ path: 'test-results/screens/edit-history.png' });
  // In a short window the oldest entries are below the fold: the keyboard reaches them.
  await page.setViewportSize({ width: 800, height: 300 });
  const historyBody = dialog.locator('.dialog-body');
  await expect(historyBody).toBeFocused();
  await page.keyboard.press('PageDown');
  await expect.poll(() => historyBody.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test('a failed edit keeps the text', async ({ page, chat, signIn }) => {
  const cspViolations: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|unsafe-eval/i.test(m.text()))
      cspViolations.push(m.text());
  });
  const me = await signIn(page, 'member');
  const topic = `failing edit ${Date.now()}`;
  const sent = await chat
    .api(me.email)
    .post('/messages', { type: 'channel', to: 'general', topic, content: 'short' });
  const id = sent.body.id as number;
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  await page.getByTestId(`message-${id}`).hover();
  await page.getByTestId(`edit-${id}`).click();
  await expect(page.getByTestId('edit-content')).toHaveValue('short');
  // The organization turns editing off while the dialog is open: the dialog says so at once and keeps the text.
  await page.getByTestId('edit-content').fill('a longer version of the text');
  expect((await chat.api('owner').patch('/realm', { allow_message_editing: false })).status).toBe(200);
  try {
    await expect(page.getByTestId('edit-limit-passed')).toContainText(
      'Your organization has turned off message editing.',
    );
    await expect(page.getByTestId('edit-content')).toHaveAttribute('readonly', '');
    await expect(page.getByTestId('edit-content')).toHaveValue('a longer version of the text');
  } finally {
    await chat.api('owner').patch('/realm', { allow_message_editing: true });
  }
  await expect(page.getByTestId('edit-limit-passed')).toHaveCount(0);
  // A save the server refuses (topics became required; the topic was cleared) keeps the text.
  expect((await chat.api('owner').patch('/realm', { topics_policy: 'disable_empty_topic' })).status).toBe(
    200,
  );
  try {
    await page.getByTestId('edit-topic').fill('');
    await page.getByTestId('edit-save').click();
    await expect(page.getByTestId('edit-error')).toContainText(/topic/i);
    await expect(page.getByTestId('edit-content')).toHaveValue('a longer version of the text');
    await page.screenshot({ path: 'test-results/screens/edit-message.png' });
  } finally {
    await chat.api('owner').patch('/realm', { topics_policy: 'allow_empty_topic' });
  }
  // Esc in the text leaves the field, the edit kept; a click beside the dialog does not close it.
  await page.getByTestId('edit-content').focus();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('edit-content')).not.toBeFocused();
  await expect(page.getByTestId('edit-content')).toHaveValue('a longer version of the text');
  await page.mouse.click(5, 400);
  await expect(page.getByTestId('edit-message-dialog')).toBeVisible();
  // The next Esc closes it. Its save had failed ("your changes are kept"), so the edit comes back
  // when it is opened again, said so, with a way to drop it.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('edit-message-dialog')).toHaveCount(0);
  await page.getByTestId(`edit-${id}`).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('edit-content')).toHaveValue('a longer version of the text');
  await expect(page.getByTestId('edit-restored')).toBeVisible();
  // From the keyboard: the button goes with the notice, and the focus goes to the text it reset.
  await page.getByTestId('edit-restored-discard').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('edit-content')).toHaveValue('short');
  await expect(page.getByTestId('edit-restored')).toHaveCount(0);
  await expect(page.getByTestId('edit-content')).toBeFocused();
  // Dropped (nothing unsaved: one Esc closes it), then opened again: the message as it is.
  await page.getByTestId('edit-content').focus();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('edit-message-dialog')).toHaveCount(0);
  await page.getByTestId(`message-${id}`).hover();
  await page.getByTestId(`edit-${id}`).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('edit-content')).toHaveValue('short');
  await expect(page.getByTestId('edit-restored')).toHaveCount(0);
  // The caret is at the end of the text: typing goes after it.
  await page.keyboard.type(', made longer');
  await expect(page.getByTestId('edit-content')).toHaveValue('short, made longer');
  await page.getByTestId('edit-content').fill('a longer version of the text');
  await page.getByTestId('edit-save').click();
  await expect(page.getByTestId(`content-${id}`)).toContainText('a longer version');
  // Decoding the error body must not trip the strict CSP (no eval in the renderer).
  expect(cspViolations).toEqual([]);
});

test('an edit made elsewhere meanwhile is not silently replaced: the save says so, and Save anyway replaces it', async ({
  page,
  chat,
  signIn,
}) => {
  const me = await signIn(page, 'member');
  const api = chat.api(me.email);
  const topic = `edit conflict ${Date.now()}`;
  const id = (await api.post('/messages', { type: 'channel', to: 'general', topic, content: 'Draft plan' }))
    .body.id as number;
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  await page.getByTestId(`message-${id}`).hover();
  await page.getByTestId(`edit-${id}`).click();
  await page.getByTestId('edit-content').fill('Plan, edited on the desktop');
  // The same person edits it from their phone while the dialog is open.
  expect((await api.patch(`/messages/${id}`, { content: 'Plan, edited on the phone' })).status).toBe(200);
  await expect(page.getByTestId(`content-${id}`)).toContainText('edited on the phone');
  await page.getByTestId('edit-save').click();
  await expect(page.getByTestId('edit-conflict')).toContainText('edited elsewhere');
  await expect(page.getByTestId('edit-content')).toHaveValue('Plan, edited on the desktop');
  expect((await api.get(`/messages/${id}`)).body.raw_content).toBe('Plan, edited on the phone');
  await page.screenshot({ path: 'test-results/screens/edit-conflict.png' });

  await page.getByTestId('edit-save-anyway').click();
  await expect(page.getByTestId('edit-message-dialog')).toHaveCount(0);
  await expect(page.getByTestId(`content-${id}`)).toContainText('edited on the desktop');
  expect((await api.get(`/messages/${id}`)).body.raw_content).toBe('Plan, edited on the desktop');
});

test('a topic renamed by someone else while the edit dialog is open: the Topic field follows, and Save keeps the new name', async ({
  page,
  chat,
  signIn,
}) => {
  const me = await signIn(page, 'member');
  const topic = `renamed meanwhile ${Date.now()}`;
  const id = (
    await chat.api(me.email).post('/messages', { type: 'channel', to: 'general', topic, content: 'Agenda' })
  ).body.id as number;
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  await page.getByTestId(`message-${id}`).hover();
  await page.getByTestId(`edit-${id}`).click();
  await expect(page.getByTestId('edit-topic')).toHaveValue(topic);
  await page.getByTestId('edit-content').fill('Agenda, with a second item');
  // An administrator renames the topic meanwhile.
  const renamed = `${topic} (renamed)`;
  expect(
    (await chat.api('admin').patch(`/messages/${id}`, { topic: renamed, propagate_mode: 'change_all' }))
      .status,
  ).toBe(200);
  await expect(page.getByTestId('edit-topic')).toHaveValue(renamed);
  // What the user typed stays.
  await expect(page.getByTestId('edit-content')).toHaveValue('Agenda, with a second item');
  await page.getByTestId('edit-save').click();
  await expect(page.getByTestId('edit-message-dialog')).toHaveCount(0);
  const saved = (await chat.api(me.email).get(`/messages/${id}`)).body;
  expect((saved.message as { subject: string }).subject).toBe(renamed);
  expect(saved.raw_content).toBe('Agenda, with a second item');
});

test('moving a whole topic past the time limit offers to move the newer part (rule 9)', async ({
  page,
  chat,
  signIn,
}) => {
  const me = await signIn(page, 'member');
  // 'office move' holds messages from weeks ago; a member may only move recent ones.
  const sent = await chat.api(me.email).post('/messages', {
    type: 'channel',
    to: 'general',
    topic: 'office move',
    content: 'Moving this discussion.',
  });
  const id = sent.body.id as number;
  await page.getByTestId('channel-general').click();
  await page.getByTestId('topic-office move').click();
  await page.getByTestId(`message-${id}`).hover();
  await page.getByTestId(`edit-${id}`).click();
  await page.getByTestId('edit-topic').fill('new office');
  await page.getByTestId('propagate-change_all').check();
  await page.getByTestId('edit-save').click();
  const notice = page.getByTestId('partial-move');
  await expect(notice).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/partial-move.png' });
  await page.getByTestId('move-partial').click();
  await expect(page.getByTestId('edit-message-dialog')).toHaveCount(0);

  const general = (await chat.api(me.email).get('/streams')).body.streams as {
    stream_id: number;
    name: string;
  }[];
  const generalId = general.find((s) => s.name === 'general')!.stream_id;
  const topics = (
    (await chat.api(me.email).get(`/users/me/${generalId}/topics`)).body.topics as { name: string }[]
  ).map((t) => t.name);
  // The newer messages moved; the old ones stayed behind.
  expect(topics).toContain('new office');
  expect(topics).toContain('office move');
  const moved = await chat.api(me.email).get('/messages', {
    anchor: id,
    num_before: 0,
    num_after: 0,
    narrow: [{ operator: 'id', operand: id }],
  });
  expect((moved.body.messages as { subject: string }[])[0]!.subject).toBe('new office');
});

test('the edit dialog counts down the edit limit and says up front when it has passed (topic move still allowed)', async ({
  page,
  chat,
  signIn,
}) => {
  const me = await signIn(page, 'member');
  const topic = `time limit ${Date.now()}`;
  const sent = await chat.api(me.email).post('/messages', {
    type: 'channel',
    to: 'general',
    topic,
    content: 'Written in a hurry.',
  });
  const id = sent.body.id as number;
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();

  // Within the organization's 10-minute limit: the time left is shown while editing.
  await page.getByTestId(`message-${id}`).hover();
  await page.getByTestId(`edit-${id}`).click();
  await expect(page.getByTestId('edit-time-left')).toContainText(/another (9|10) min/);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('edit-message-dialog')).toHaveCount(0);

  // The organization shortens the limit to 6 s: the open dialog counts down, then says so before any Save.
  expect((await chat.api('owner').patch('/realm', { message_content_edit_limit_seconds: 6 })).status).toBe(
    200,
  );
  try {
    await page.getByTestId(`message-${id}`).hover();
    await page.getByTestId(`edit-${id}`).click();
    const content = page.getByTestId('edit-content');
    await content.fill('Written in a hurry, fixed.');
    await expect(page.getByTestId('edit-limit-passed')).toContainText(
      'The time limit for editing this message has passed (6 seconds after sending). You can still move it to another topic.',
      { timeout: 10_000 },
    );
    await expect(content).toHaveAttribute('readonly', '');
    // What was typed stays visible; only a topic move can be saved now.
    await expect(content).toHaveValue('Written in a hurry, fixed.');
    await expect(page.getByTestId('edit-save')).toBeDisabled();
    await page.screenshot({ path: 'test-results/screens/edit-limit-passed.png' });
    await page.getByTestId('edit-topic').fill(`${topic} (moved)`);
    await page.getByTestId('edit-save').click();
    await expect(page.getByTestId('edit-message-dialog')).toHaveCount(0);
  } finally {
    await chat.api('owner').patch('/realm', { message_content_edit_limit_seconds: 600 });
  }
  const after = await chat.api(me.email).get('/messages', {
    anchor: id,
    num_before: 0,
    num_after: 0,
    narrow: [{ operator: 'id', operand: id }],
    apply_markdown: false,
  });
  expect((after.body.messages as { subject: string; content: string }[])[0]).toMatchObject({
    subject: `${topic} (moved)`,
    content: 'Written in a hurry.',
  });
});

test('↑ in an empty compose box and ← in the view open your last message for editing', async ({
  page,
  chat,
  signIn,
}) => {
  await signIn(page, 'member');
  const topic = `edit last ${Date.now()}`;
  await chat.api('owner').post('/messages', { type: 'channel', to: 'general', topic, content: 'Who joins?' });
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  await expect(page.getByText('Who joins?')).toBeVisible();

  await page.keyboard.press('r');
  const box = page.getByTestId('compose-input');
  await expect(box).toBeFocused();
  await box.fill('Count me in');
  await page.keyboard.press('Control+Enter');
  await expect(box).toHaveValue('');
  const mine = page.locator('[data-message-id]', { hasText: 'Count me in' });
  await expect(mine).toBeVisible();
  const id = await mine.getAttribute('data-message-id');

  // ↑ in a box with text moves the caret, as usual.
  await box.fill('half');
  await page.keyboard.press('ArrowUp');
  await expect(page.getByTestId('edit-message-dialog')).toHaveCount(0);
  await box.fill('');
  await page.keyboard.press('ArrowUp');
  await expect(page.getByTestId('edit-content')).toHaveValue('Count me in');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('edit-message-dialog')).toHaveCount(0);

  // Out of the box, ← does the same, and the message is the selected one.
  await page.keyboard.press('Escape');
  await expect(box).not.toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('edit-content')).toHaveValue('Count me in');
  await expect(page.locator('[data-message-id][data-selected="true"]')).toHaveAttribute(
    'data-message-id',
    id!,
  );
  await page.getByTestId('edit-content').fill('Count me in, and Ben too');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId(`content-${id}`)).toContainText('and Ben too');
});

test("the Topic field of the edit dialog suggests the destination channel's topics: arrows choose, Esc closes the list, Enter and Tab take", async ({
  page,
  chat,
  signIn,
}) => {
  const me = await signIn(page, 'member');
  const stamp = `suggest${Date.now()}`;
  const admin = chat.api('admin');
  for (const name of [`${stamp} alpha`, `${stamp} beta`])
    await admin.post('/messages', { type: 'channel', to: 'random', topic: name, content: 'Here.' });
  await admin.post('/messages', {
    type: 'channel',
    to: 'general',
    topic: `${stamp} gamma`,
    content: 'Here.',
  });
  const sent = await chat
    .api(me.email)
    .post('/messages', { type: 'channel', to: 'general', topic: `${stamp} start`, content: 'Move me.' });
  const id = sent.body.id as number;

  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${stamp} start`).click();
  await page.getByTestId(`message-${id}`).hover();
  await page.getByTestId(`edit-${id}`).click();
  const dialog = page.getByTestId('edit-message-dialog');
  const topic = dialog.getByTestId('edit-topic');
  const list = dialog.getByTestId('topic-suggestions');

  // The message's own channel first: its topics are suggested.
  await topic.fill('');
  await topic.pressSequentially(stamp);
  await expect(list.getByRole('option')).toHaveText([`›${stamp} start`, `›${stamp} gamma`]);
  // Moved to another channel, that channel's topics are.
  await dialog.getByTestId('edit-channel').selectOption({ label: 'random' });
  await topic.focus();
  await topic.fill('');
  await topic.pressSequentially(stamp);
  await expect(list.getByRole('option')).toHaveText([`›${stamp} beta`, `›${stamp} alpha`]);
  await page.screenshot({ path: 'test-results/screens/edit-topic-suggestions.png' });

  // Esc closes the list only: the dialog and the text stay.
  await page.keyboard.press('Escape');
  await expect(list).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await expect(topic).toHaveValue(stamp);

  // Arrows choose; Enter takes, without saving.
  await topic.pressSequentially(' ');
  await page.keyboard.press('ArrowDown');
  await expect(list.getByRole('option', { selected: true })).toHaveText(`›${stamp} alpha`);
  await page.keyboard.press('Enter');
  await expect(topic).toHaveValue(`${stamp} alpha`);
  await expect(list).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await expect(topic).toBeFocused();

  // Tab takes the highlighted one and goes on to the next field.
  await topic.fill('');
  await topic.pressSequentially(`${stamp} b`);
  await expect(list.getByRole('option', { selected: true })).toHaveText(`›${stamp} beta`);
  await page.keyboard.press('Tab');
  await expect(topic).toHaveValue(`${stamp} beta`);
  await expect(dialog.getByTestId('edit-channel')).toBeFocused();

  await dialog.getByTestId('edit-save').click();
  await expect(dialog).toHaveCount(0);
  await expect
    .poll(async () => {
      const { body } = await chat.api(me.email).get(`/messages/${id}`);
      return (body.message as { subject: string }).subject;
    })
    .toBe(`${stamp} beta`);
});

test('a new topic pasted over the limit in the edit dialog is kept whole and said too long; Save waits for a shorter one', async ({
  page,
  chat,
  signIn,
}) => {
  const me = await signIn(page, 'member');
  const topic = `long topic edit ${Date.now()}`;
  const sent = await chat
    .api(me.email)
    .post('/messages', { type: 'channel', to: 'general', topic, content: 'Where should this go?' });
  const id = sent.body.id as number;
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  await page.getByTestId(`message-${id}`).hover();
  await page.getByTestId(`edit-${id}`).click();
  const field = page.getByTestId('edit-topic');
  await field.fill('');
  // 61 characters, over the service's 60.
  const long = 'Quarterly planning for the storage, network and database team';
  await page.keyboard.insertText(long);
  await expect(field).toHaveValue(long);
  await expect(page.getByTestId('edit-topic-too-long')).toHaveText('Topic too long: at most 60 characters.');
  await expect(page.getByTestId('edit-save')).toBeDisabled();
  const shorter = long.replace('the ', '');
  await field.fill(shorter);
  await expect(page.getByTestId('edit-topic-too-long')).toHaveCount(0);
  await page.getByTestId('edit-save').click();
  await expect(page.getByTestId('edit-message-dialog')).toHaveCount(0);
  await expect
    .poll(
      async () =>
        ((await chat.api(me.email).get(`/messages/${id}`)).body.message as { subject: string }).subject,
    )
    .toBe(shorter);
});

test('the edit dialog suggests mentions and emoji as the compose box does: Enter and Tab pick, Esc closes only the list', async ({
  page,
  chat,
  signIn,
}) => {
  const me = await signIn(page, 'member');
  const topic = `autocomplete edit ${Date.now()}`;
  const sent = await chat
    .api(me.email)
    .post('/messages', { type: 'channel', to: 'general', topic, content: 'Reviewed' });
  const id = sent.body.id as number;
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  await page.getByTestId(`message-${id}`).hover();
  await page.getByTestId(`edit-${id}`).click();
  const content = page.getByTestId('edit-content');
  await expect(content).toBeFocused();
  const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
  await content.press('End');
  await content.pressSequentially(', thanks @Ben');
  await expect(suggestions.getByRole('option', { selected: true })).toContainText('Ben Okafor');
  await page.screenshot({ path: 'test-results/screens/edit-message-autocomplete.png' });
  // Enter takes the suggestion: the edit is not saved.
  await content.press('Enter');
  await expect(content).toHaveValue('Reviewed, thanks @**Ben Okafor** ');
  await expect(suggestions).toHaveCount(0);
  await content.pressSequentially(':tad');
  await expect(suggestions.getByRole('option', { selected: true })).toContainText(':tada:');
  // Esc closes the list only: the dialog and the text stay.
  await content.press('Escape');
  await expect(suggestions).toHaveCount(0);
  await expect(page.getByTestId('edit-message-dialog')).toBeVisible();
  await content.pressSequentially('a');
  await content.press('Tab');
  await expect(content).toHaveValue('Reviewed, thanks @**Ben Okafor** :tada: ');
  await page.getByTestId('edit-save').click();
  await expect(page.getByTestId('edit-message-dialog')).toHaveCount(0);
  await expect
    .poll(async () =>
      (
        (await chat.api(me.email).get(`/messages/${id}?apply_markdown=false`)).body.message as {
          content: string;
        }
      ).content.trimEnd(),
    )
    .toBe('Reviewed, thanks @**Ben Okafor** :tada:');
});

test('Ctrl+B and Ctrl+I format the selection in the edit dialog as in the compose box', async ({
  page,
  chat,
  signIn,
}) => {
  const me = await signIn(page, 'member');
  const topic = `format edit ${Date.now()}`;
  const sent = await chat
    .api(me.email)
    .post('/messages', { type: 'channel', to: 'general', topic, content: 'this matters a lot' });
  const id = sent.body.id as number;
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  await page.getByTestId(`message-${id}`).hover();
  await page.getByTestId(`edit-${id}`).click();
  const content = page.getByTestId('edit-content');
  await expect(content).toHaveValue('this matters a lot');
  await content.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(5, 12));
  await content.press('Control+b');
  await expect(content).toHaveValue('this **matters** a lot');
  await content.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(17, 22));
  await content.press('Control+i');
  await expect(content).toHaveValue('this **matters** *a lot*');
  await page.getByTestId('edit-save').click();
  await expect(page.getByTestId('edit-message-dialog')).toHaveCount(0);
  await expect(page.getByTestId(`content-${id}`).locator('strong')).toHaveText('matters');
  await expect(page.getByTestId(`content-${id}`).locator('em')).toHaveText('a lot');
});

test('which messages move defaults to where the message stands in its topic, as in the real service', async ({
  page,
  chat,
  signIn,
}) => {
  const me = await signIn(page, 'member');
  const api = chat.api(me.email);
  const topic = `placement ${Date.now()}`;
  const ids: number[] = [];
  for (const content of ['first', 'middle', 'last'])
    ids.push(
      (await api.post('/messages', { type: 'channel', to: 'general', topic, content })).body.id as number,
    );
  const [first, middle, last] = ids as [number, number, number];
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  const openMove = async (id: number) => {
    await page.getByTestId(`message-${id}`).hover();
    await page.getByTestId(`edit-${id}`).click();
    await page.getByTestId('edit-topic').fill(`${topic} (split)`);
  };
  for (const [id, mode] of [
    [first, 'change_all'],
    [last, 'change_one'],
  ] as const) {
    await openMove(id);
    await expect(page.getByTestId(`propagate-${mode}`)).toBeChecked();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('edit-message-dialog')).toHaveCount(0);
  }
  await openMove(middle);
  await expect(page.getByTestId('propagate-change_later')).toBeChecked();
  await page.screenshot({ path: 'test-results/screens/edit-move-default.png' });
  await page.getByTestId('edit-save').click();
  await expect(page.getByTestId('edit-message-dialog')).toHaveCount(0);
  const topicOf = async (id: number) =>
    (
      (
        await api.get('/messages', {
          anchor: id,
          num_before: 0,
          num_after: 0,
          narrow: [{ operator: 'id', operand: id }],
        })
      ).body.messages as { subject: string }[]
    )[0]!.subject;
  expect(await topicOf(first)).toBe(topic);
  expect(await topicOf(middle)).toBe(`${topic} (split)`);
  expect(await topicOf(last)).toBe(`${topic} (split)`);

  // From search results (where its neighbours are not in view), only the message, as there.
  await page.getByTestId('search-input').fill(`topic:"${topic} (split)" middle`);
  await page.getByTestId('search-input').press('Enter');
  await page.getByTestId(`message-${middle}`).hover();
  await page.getByTestId(`edit-${middle}`).click();
  await page.getByTestId('edit-topic').fill(topic);
  await expect(page.getByTestId('propagate-change_one')).toBeChecked();
});
