import { expect, test, type ChatEnvironment } from './fixtures';

// Schedule message (the real service's "send later"): the ▾ menu beside Send, the "Scheduled
// messages" view with its count, editing and deleting, delivery at the server's time, failures.
test.describe.configure({ mode: 'serial' });

interface Scheduled {
  scheduled_message_id: number;
  content: string;
  topic?: string;
  to: number | number[];
  scheduled_delivery_timestamp: number;
  failed: boolean;
}

async function scheduledOf(chat: ChatEnvironment, who: string): Promise<Scheduled[]> {
  const { body } = await chat.api(who).get('/scheduled_messages');
  return body.scheduled_messages as Scheduled[];
}

/** Tomorrow at 9:00 on this machine's clock, as the menu's first preset. */
function tomorrowAtNine(): number {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  d.setHours(9, 0, 0, 0);
  return d.getTime() / 1000;
}

test.afterEach(({ chat }) => {
  chat.server.realm.clock = () => Date.now();
});

test('schedules from the keyboard, lists it with a count, edits, refuses a past time keeping the text, deletes', async ({
  page,
  chat,
  signIn,
}) => {
  await signIn(page, 'member');
  await expect(page.getByTestId('scheduled-count')).toHaveCount(0);
  await page.getByTestId('channel-general').click();
  await page.getByTestId('topic-welcome').click();
  const input = page.getByTestId('compose-input');
  await input.fill('Status update, first thing tomorrow');

  // A click elsewhere closes the menu.
  await page.getByTestId('compose-schedule').click();
  await expect(page.getByTestId('schedule-menu')).toBeVisible();
  await input.click();
  await expect(page.getByTestId('schedule-menu')).toHaveCount(0);

  // The ▾ beside Send opens the menu from the keyboard, its first choice focused.
  await page.getByTestId('compose-schedule').focus();
  await page.keyboard.press('Enter');
  const menu = page.getByTestId('schedule-menu');
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await expect(menu.getByRole('menuitem')).toContainText(['Tomorrow at 9:00']);
  await page.screenshot({ path: 'test-results/screens/scheduled-compose-menu.png' });
  await page.keyboard.press('Enter');

  await expect(page.getByTestId('compose-scheduled')).toContainText('Scheduled for');
  await expect(input).toHaveValue('');
  await expect
    .poll(() => scheduledOf(chat, 'member'))
    .toEqual([
      expect.objectContaining({
        content: 'Status update, first thing tomorrow',
        topic: 'welcome',
        scheduled_delivery_timestamp: tomorrowAtNine(),
        failed: false,
      }),
    ]);
  const [first] = await scheduledOf(chat, 'member');
  const id = first!.scheduled_message_id;

  // The sidebar counts it; the view lists its conversation, text and time.
  await expect(page.getByTestId('scheduled-count')).toHaveText('1');
  await page.getByTestId('home-scheduled').click();
  const item = page.getByTestId(`scheduled-${id}`);
  await expect(item.getByTestId('scheduled-conversation')).toContainText('welcome');
  await expect(item.getByTestId('scheduled-content')).toHaveText('Status update, first thing tomorrow');
  await expect(item.getByTestId('scheduled-time')).not.toBeEmpty();
  await page.screenshot({ path: 'test-results/screens/scheduled-messages.png' });

  // Edit puts it back in its conversation's box; Save updates that one, keeping its time.
  await page.getByTestId(`scheduled-edit-${id}`).click();
  await expect(page.getByTestId('compose-scheduled-edit')).toBeVisible();
  await expect(input).toHaveValue('Status update, first thing tomorrow');
  await input.fill('Status update, revised');
  await page.getByTestId('compose-send').click();
  await expect
    .poll(() => scheduledOf(chat, 'member'))
    .toEqual([
      expect.objectContaining({
        scheduled_message_id: id,
        content: 'Status update, revised',
        scheduled_delivery_timestamp: tomorrowAtNine(),
      }),
    ]);
  await expect(page.getByTestId('compose-scheduled-edit')).toHaveCount(0);

  // A time in the past is the server's to refuse: the box says so and keeps the text.
  await page.getByTestId('home-scheduled').click();
  await page.getByTestId(`scheduled-edit-${id}`).click();
  await input.fill('Status update, too late');
  await page.getByTestId('compose-schedule').click();
  await page.getByTestId('schedule-custom').click();
  await page.getByTestId('schedule-custom-time').fill('2020-01-01T09:00');
  await page.getByTestId('schedule-custom-confirm').click();
  await expect(page.getByTestId('compose-schedule-error')).toHaveText(
    'Not saved: Scheduled delivery time must be in the future. Your text is kept.',
  );
  await expect(input).toHaveValue('Status update, too late');
  await page.getByTestId('compose-scheduled-cancel').click();
  await expect(input).toHaveValue('');

  // Delete leaves the empty state, and the count goes.
  await page.getByTestId('home-scheduled').click();
  await page.getByTestId(`scheduled-delete-${id}`).click();
  await expect(page.getByTestId('scheduled-screen').getByTestId('empty')).toBeVisible();
  await expect(page.getByTestId('scheduled-count')).toHaveCount(0);
  expect(await scheduledOf(chat, 'member')).toEqual([]);
});

test('at its time a scheduled message is sent and leaves the list; one that cannot be delivered says so', async ({
  page,
  chat,
  signIn,
}) => {
  const member = chat.user('member');
  const general = [...chat.server.realm.channels.values()].find((c) => c.name === 'general')!;
  const design = [...chat.server.realm.channels.values()].find((c) => c.name === 'design')!;
  const inAnHour = Math.floor(Date.now() / 1000) + 3600;
  for (const [channel, content] of [
    [general, 'Delivered by the server'],
    [design, 'Never delivered'],
  ] as const)
    await chat.api('member').post('/scheduled_messages', {
      type: 'stream',
      to: channel.stream_id,
      topic: 'later',
      content,
      scheduled_delivery_timestamp: inAnHour,
    });
  await signIn(page, 'member');
  await expect(page.getByTestId('scheduled-count')).toHaveText('2');

  // By delivery time only administrators may post in #design.
  const announcements = [...chat.server.realm.channels.values()].find((c) => c.name === 'announcements')!;
  design.can_send_message_group = announcements.can_send_message_group;
  const later = Date.now() + 3601_000;
  chat.server.realm.clock = () => later;
  await chat.server.deliverScheduledMessages();

  await expect(page.getByTestId('scheduled-count')).toHaveText('1');
  await page.getByTestId('home-scheduled').click();
  const [left] = await scheduledOf(chat, 'member');
  expect(left).toMatchObject({ content: 'Never delivered', failed: true });
  await expect(
    page.getByTestId(`scheduled-${left!.scheduled_message_id}`).getByTestId('scheduled-failed'),
  ).toContainText('could not deliver');
  await page.screenshot({ path: 'test-results/screens/scheduled-messages-failed.png' });
  const { body } = await chat.api('member').get('/messages', {
    anchor: 'newest',
    num_before: 1,
    num_after: 0,
    narrow: [{ operator: 'channel', operand: general.stream_id }],
  });
  expect((body.messages as { content: string; sender_id: number }[])[0]).toMatchObject({
    content: '<p>Delivered by the server</p>',
    sender_id: member.user_id,
  });
});

test('a scheduled message sent at its time while being edited lets go of the box, which keeps the text to send as new', async ({
  page,
  chat,
  signIn,
}) => {
  const general = [...chat.server.realm.channels.values()].find((c) => c.name === 'general')!;
  const inAnHour = Math.floor(Date.now() / 1000) + 3600;
  await chat.api('member').post('/scheduled_messages', {
    type: 'stream',
    to: general.stream_id,
    topic: 'sent while edited',
    content: 'Original plan',
    scheduled_delivery_timestamp: inAnHour,
  });
  const scheduled = (await scheduledOf(chat, 'member')).find((m) => m.content === 'Original plan');
  const id = scheduled!.scheduled_message_id;
  await signIn(page, 'member');
  await page.getByTestId('home-scheduled').click();
  await page.getByTestId(`scheduled-edit-${id}`).click();
  const input = page.getByTestId('compose-input');
  await input.fill('Revised plan');

  // Its time comes while the box still holds the edit.
  chat.server.realm.clock = () => (inAnHour + 1) * 1000;
  await chat.server.deliverScheduledMessages();

  await expect(page.getByTestId('compose-scheduled-edit')).toHaveCount(0);
  await expect(page.getByTestId('compose-scheduled-lapsed')).toContainText('was sent or deleted meanwhile');
  await expect(input).toHaveValue('Revised plan');
  await expect(page.getByTestId('compose-send')).toHaveText('Send');
  await page.getByTestId('compose-send').click();
  await expect(page.getByTestId('compose-schedule-error')).toHaveCount(0);
  await expect(input).toHaveValue('');
  await expect(page.getByTestId('compose-scheduled-lapsed')).toHaveCount(0);
  const { body } = await chat.api('member').get('/messages', {
    anchor: 'newest',
    num_before: 2,
    num_after: 0,
    narrow: [{ operator: 'channel', operand: general.stream_id }],
  });
  expect((body.messages as { content: string }[]).map((m) => m.content)).toEqual([
    '<p>Original plan</p>',
    '<p>Revised plan</p>',
  ]);
});

test('rescheduled on another device while its text is being edited, the box says and keeps the new time', async ({
  page,
  chat,
  signIn,
}) => {
  const general = [...chat.server.realm.channels.values()].find((c) => c.name === 'general')!;
  const inAnHour = Math.floor(Date.now() / 1000) + 3600;
  const inTwoDays = inAnHour + 2 * 86400;
  await chat.api('member').post('/scheduled_messages', {
    type: 'stream',
    to: general.stream_id,
    topic: 'rescheduled while edited',
    content: 'Agenda',
    scheduled_delivery_timestamp: inAnHour,
  });
  const id = (await scheduledOf(chat, 'member')).find((m) => m.content === 'Agenda')!.scheduled_message_id;
  await signIn(page, 'member');
  await page.getByTestId('home-scheduled').click();
  await page.getByTestId(`scheduled-edit-${id}`).click();
  const input = page.getByTestId('compose-input');
  await input.fill('Agenda, revised');
  const twoDaysLabel = await page.evaluate(
    (at) => new Date(at * 1000).toLocaleDateString(undefined, { month: 'short', day: 'numeric' }),
    inTwoDays,
  );
  await expect(page.getByTestId('compose-scheduled-edit')).not.toContainText(twoDaysLabel);

  await chat.api('member').patch(`/scheduled_messages/${id}`, { scheduled_delivery_timestamp: inTwoDays });
  await expect(page.getByTestId('compose-scheduled-edit')).toContainText(twoDaysLabel);
  await page.getByTestId('compose-send').click();
  await expect(page.getByTestId('compose-scheduled')).toContainText(twoDaysLabel);
  await expect
    .poll(() => scheduledOf(chat, 'member'))
    .toContainEqual(
      expect.objectContaining({
        scheduled_message_id: id,
        content: 'Agenda, revised',
        scheduled_delivery_timestamp: inTwoDays,
      }),
    );
});
