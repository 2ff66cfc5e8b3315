import type { Locator, Page } from '@playwright/test';
import { expect, test, type ChatEnvironment } from './fixtures';
import { newestContents } from './server-state';

// The compose box as a person writes in it: autocomplete for people, groups, channels, topics,
// emoji and snippets; the formatting buttons and shortcuts; the preview; Enter and Ctrl+Enter.
// Every test writes in #general > welcome and checks what the server then holds.

const SCREENS = 'test-results/screens';

async function openWelcome(page: Page) {
  await page.getByTestId('channel-general').click();
  await page.getByTestId('topic-welcome').click();
  const input = page.getByTestId('compose-input');
  await input.click();
  return input;
}

const list = (page: Page) => page.getByRole('listbox', { name: 'Suggestions' });
const activeOption = (page: Page) => list(page).getByRole('option', { selected: true });

async function newestInWelcome(chat: ChatEnvironment, who: string): Promise<string | undefined> {
  return (await newestContents(chat.api(who), 'general', 'welcome', 1))[0];
}

/** Dark, or back to the default (which follows the system: light in these tests). */
async function setDark(page: Page, chat: ChatEnvironment, who: string, dark: boolean) {
  await chat.api(who).patch('/settings', { color_scheme: dark ? 2 : 1 });
  if (dark) await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  else await expect(page.locator('html')).not.toHaveAttribute('data-theme', 'dark');
}

/** Ctrl+Enter sends with the Enter-sends preference off (the service's default). */
const send = (input: Locator) => input.press('Control+Enter');

test('a person mentions Ben through the autocomplete; Enter picks from the list, the next Enter sends', async ({
  page,
  chat,
  signIn,
}) => {
  await chat.api('member').patch('/settings', { enter_sends: true });
  const me = await signIn(page, 'member');
  const ben = chat.user('admin');
  const input = await openWelcome(page);
  await input.pressSequentially('Thanks @Ben');
  await expect(list(page)).toBeVisible();
  await expect(activeOption(page)).toContainText('Ben Okafor');
  await expect(page.getByTestId('compose-combobox')).toHaveAttribute('aria-expanded', 'true');
  await page.screenshot({ path: `${SCREENS}/compose-autocomplete-light.png` });

  // Enter picks: nothing is sent, the mention is written out.
  await input.press('Enter');
  await expect(input).toHaveValue('Thanks @**Ben Okafor** ');
  await expect(list(page)).toHaveCount(0);
  await input.pressSequentially('for the review');
  await input.press('Enter');
  await expect(input).toHaveValue('');
  await expect.poll(() => newestInWelcome(chat, me.email)).toBe('Thanks @**Ben Okafor** for the review');
  await expect(
    page.getByTestId('message-feed').locator(`.user-mention[data-user-id="${ben.user_id}"]`).last(),
  ).toHaveText('@Ben Okafor');
  await chat.api('member').patch('/settings', { enter_sends: false });
});

test('arrows move through the list, Esc closes only the list, and a group is mentioned by name', async ({
  page,
  chat,
  signIn,
}) => {
  const me = await signIn(page, 'member');
  const input = await openWelcome(page);
  await input.pressSequentially('ping @end');
  // "frontend" and "backend" contain the query; "engineering-team" does not.
  await expect(list(page).getByRole('option')).toHaveText([/backend/, /frontend/]);
  await expect(activeOption(page)).toContainText('backend');
  await input.press('ArrowDown');
  await expect(activeOption(page)).toContainText('frontend');
  await input.press('Escape');
  await expect(list(page)).toHaveCount(0);
  // Esc belonged to the list: the conversation is still open, the text still there.
  await expect(page.getByTestId('conversation-title')).toContainText('welcome');
  await expect(input).toHaveValue('ping @end');
  // Typing on asks again.
  for (let i = 0; i < 3; i++) await input.press('Backspace');
  await input.pressSequentially('front');
  await expect(activeOption(page)).toContainText('frontend');
  await input.press('Tab');
  await expect(input).toHaveValue('ping @*frontend* ');
  await send(input);
  await expect.poll(() => newestInWelcome(chat, me.email)).toBe('ping @*frontend*');
});

test('a silent mention: @_ inserts @_**Name**, shown without notifying', async ({ page, chat, signIn }) => {
  const me = await signIn(page, 'member');
  const input = await openWelcome(page);
  await input.pressSequentially('as @_chloe said');
  // The query holds a space: nothing matches "chloe said", so the list closed; go back to the name.
  await expect(list(page)).toHaveCount(0);
  await input.fill('');
  await input.pressSequentially('as @_chloe');
  await expect(activeOption(page)).toContainText('Chloé Martin');
  await input.press('Enter');
  await expect(input).toHaveValue('as @_**Chloé Martin** ');
  await input.pressSequentially('said');
  await send(input);
  await expect.poll(() => newestInWelcome(chat, me.email)).toBe('as @_**Chloé Martin** said');
  const mention = page.getByTestId('message-feed').locator('.user-mention.silent').last();
  await expect(mention).toHaveText('Chloé Martin');
});

test('@top offers the topic wildcard, which is sent as @**topic**; nothing opens inside code', async ({
  page,
  chat,
  signIn,
}) => {
  const me = await signIn(page, 'member');
  const input = await openWelcome(page);
  await input.pressSequentially('`npm @scope` first, then @top');
  await expect(activeOption(page)).toContainText('topic');
  await expect(activeOption(page)).toContainText('Notify topic');
  await page.screenshot({ path: `${SCREENS}/compose-autocomplete-wildcard.png` });
  await input.press('Enter');
  await expect(input).toHaveValue('`npm @scope` first, then @**topic** ');
  // Typed inside a code span, a trigger opens nothing.
  await input.pressSequentially('and `:smi');
  await expect(list(page)).toHaveCount(0);
  await input.pressSequentially('le:`');
  await send(input);
  await expect
    .poll(() => newestInWelcome(chat, me.email))
    .toBe('`npm @scope` first, then @**topic** and `:smile:`');
  await expect(page.getByTestId('message-feed').locator('.topic-mention').last()).toHaveText('@topic');
});

test('#gen picks the channel, > then offers its topics, and the link is sent', async ({
  page,
  chat,
  signIn,
}) => {
  const me = await signIn(page, 'member');
  const input = await openWelcome(page);
  await input.pressSequentially('See #gen');
  await expect(activeOption(page)).toContainText('general');
  await input.press('Enter');
  await expect(input).toHaveValue('See #**general** ');
  await input.pressSequentially('>off');
  await expect(activeOption(page)).toContainText('office move');
  await input.press('Enter');
  await expect(input).toHaveValue('See #**general>office move** ');

  // Typed in one go, the short form works too.
  await input.pressSequentially('and #general>team');
  await expect(activeOption(page)).toContainText('team lunch');
  await input.press('Tab');
  await expect(input).toHaveValue('See #**general>office move** and #**general>team lunch** ');
  await send(input);
  await expect
    .poll(() => newestInWelcome(chat, me.email))
    .toBe('See #**general>office move** and #**general>team lunch**');
  await expect(page.getByTestId('message-feed').locator('a.stream-topic').last()).toHaveText(
    '#general > team lunch',
  );
});

test(':octo offers 🐙, which is sent as :octopus:', async ({ page, chat, signIn }) => {
  const me = await signIn(page, 'member');
  const input = await openWelcome(page);
  await input.pressSequentially('Party :octo');
  await expect(activeOption(page)).toContainText(':octopus:');
  await expect(activeOption(page)).toContainText('🐙');
  await input.press('Enter');
  await expect(input).toHaveValue('Party :octopus: ');
  // The realm's custom emoji are offered too.
  await input.pressSequentially(':northw');
  await expect(activeOption(page)).toContainText(':northwind:');
  await input.press('Escape');
  // Popular emoji first among equal matches, as in the real service: 👍 before 👎.
  await input.pressSequentially(' :thumbs');
  await expect(activeOption(page)).toContainText('👍');
  await page.screenshot({ path: `${SCREENS}/compose-emoji-popular.png` });
  await input.press('Escape');
  await input.fill('Party :octopus:');
  await send(input);
  await expect.poll(() => newestInWelcome(chat, me.email)).toBe('Party :octopus:');
  await expect(page.getByTestId('message-feed').locator('.emoji').last()).toHaveText('🐙');
});

test('/ at the start of the message offers saved snippets', async ({ page, chat, signIn }) => {
  await chat.api('moderator').post('/saved_snippets', {
    title: 'Standup reminder',
    content: 'Standup in 5 minutes, bring your updates.',
  });
  await signIn(page, 'moderator');
  const input = await openWelcome(page);
  await input.pressSequentially('/stand');
  await expect(activeOption(page)).toContainText('Standup reminder');
  await input.press('Enter');
  await expect(input).toHaveValue('Standup in 5 minutes, bring your updates.');
  // Not at the start of the message, / is just a slash.
  await input.fill('');
  await input.pressSequentially('either/or');
  await expect(list(page)).toHaveCount(0);
});

test('bold through the toolbar and through Ctrl+B; Ctrl+Z takes it back', async ({ page, chat, signIn }) => {
  const me = await signIn(page, 'member');
  const input = await openWelcome(page);
  await input.pressSequentially('make this loud');
  await input.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(10, 14));
  await page.getByTestId('format-bold').click();
  await expect(input).toHaveValue('make this **loud**');
  await expect(input).toBeFocused();
  await page.screenshot({ path: `${SCREENS}/compose-toolbar-light.png` });
  await input.press('ControlOrMeta+z');
  await expect(input).toHaveValue('make this loud');

  // Nothing selected: a selected placeholder, replaced by what is typed next.
  await input.press('End');
  await input.pressSequentially(' and ');
  await input.press('Control+b');
  await expect(input).toHaveValue('make this loud and **bold text**');
  await input.pressSequentially('proud');
  await expect(input).toHaveValue('make this loud and **proud**');
  // Ctrl+I on a selection, Ctrl+Shift+L makes a link with "url" selected.
  await input.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(5, 9));
  await input.press('Control+i');
  await input.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(0, 4));
  await input.press('Control+Shift+L');
  await input.pressSequentially('https://example.com');
  await expect(input).toHaveValue('[make](https://example.com) *this* loud and **proud**');
  await send(input);
  await expect
    .poll(() => newestInWelcome(chat, me.email))
    .toBe('[make](https://example.com) *this* loud and **proud**');
  await expect(page.getByTestId('message-feed').locator('strong').last()).toHaveText('proud');
});

test('Preview shows the rendered message; Write goes back to the text', async ({ page, chat, signIn }) => {
  const me = await signIn(page, 'member');
  const input = await openWelcome(page);
  await input.fill('**Ship it** @**Ben Okafor** :octopus:\n```spoiler Ending\nIt works\n```');
  await page.getByTestId('compose-preview').click();
  const preview = page.getByTestId('compose-preview-content');
  await expect(preview.locator('strong')).toHaveText('Ship it');
  await expect(preview.locator('.user-mention')).toHaveText('@Ben Okafor');
  await expect(preview.locator('.emoji')).toHaveText('🐙');
  await expect(preview.locator('.spoiler-content')).toBeHidden();
  await expect(input).toBeHidden();
  await expect(page.getByTestId('format-bold')).toBeDisabled();
  await page.screenshot({ path: `${SCREENS}/compose-preview-light.png` });

  await setDark(page, chat, me.email, true);
  await page.screenshot({ path: `${SCREENS}/compose-preview-dark.png` });
  await page.getByTestId('compose-write').click();
  await expect(input).toBeFocused();
  await expect(input).toHaveValue('**Ship it** @**Ben Okafor** :octopus:\n```spoiler Ending\nIt works\n```');
  await input.press('Control+End');
  await input.pressSequentially('\nthanks @Be');
  await expect(list(page)).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/compose-autocomplete-dark.png` });
  await input.press('Escape');
  await input.fill('Ship it, carefully');
  await input.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(9, 18));
  await page.getByTestId('format-italic').click();
  await expect(input).toHaveValue('Ship it, *carefully*');
  await page.screenshot({ path: `${SCREENS}/compose-toolbar-dark.png` });
  await setDark(page, chat, me.email, false);
  // Ctrl+Enter sends from the Preview tab too, where the focus is after looking.
  const previewTab = page.getByRole('tab', { name: 'Preview' });
  await previewTab.click();
  await expect(previewTab).toBeFocused();
  await page.keyboard.press('Control+Enter');
  await expect.poll(() => newestInWelcome(chat, me.email)).toBe('Ship it, *carefully*');
});

test('a spoiler in a message opens with a click or Enter', async ({ page, chat, signIn }) => {
  await chat.api('admin').post('/messages', {
    type: 'stream',
    to: 'general',
    topic: 'welcome',
    content: '```spoiler Who won?\nThe blue team\n```',
  });
  await signIn(page, 'member');
  await openWelcome(page);
  const spoiler = page.getByTestId('message-feed').locator('.spoiler-block').last();
  const header = spoiler.locator('.spoiler-header');
  await expect(header).toHaveText('Who won?');
  await expect(spoiler.locator('.spoiler-content')).toBeHidden();
  await header.click();
  await expect(spoiler.locator('.spoiler-content')).toHaveText('The blue team');
  await expect(header).toHaveAttribute('aria-expanded', 'true');
  await header.press('Enter');
  await expect(spoiler.locator('.spoiler-content')).toBeHidden();
});

test('with Enter-sends off, Enter adds a line (or picks from the list) and Ctrl+Enter sends', async ({
  page,
  chat,
  signIn,
}) => {
  await chat.api('member').patch('/settings', { enter_sends: false });
  const me = await signIn(page, 'member');
  const input = await openWelcome(page);
  await expect(page.getByTestId('compose')).toContainText('Ctrl+Enter sends');
  await input.pressSequentially('line one');
  await input.press('Enter');
  await input.pressSequentially('cc @ben');
  await expect(list(page)).toBeVisible();
  await input.press('Enter');
  await expect(input).toHaveValue('line one\ncc @**Ben Okafor** ');
  await input.press('Control+Enter');
  await expect.poll(() => newestInWelcome(chat, me.email)).toBe('line one\ncc @**Ben Okafor**');
});

test('with Enter-sends on, Ctrl+Enter adds a line, as Shift+Enter does, and Enter sends', async ({
  page,
  chat,
  signIn,
}) => {
  await chat.api('member').patch('/settings', { enter_sends: true });
  const me = await signIn(page, 'member');
  const input = await openWelcome(page);
  await expect(page.getByTestId('compose')).toContainText('Enter sends');
  await input.pressSequentially('first');
  await input.press('Control+Enter');
  await input.pressSequentially('second');
  await input.press('Shift+Enter');
  await input.pressSequentially('third');
  await expect(input).toHaveValue('first\nsecond\nthird');
  await input.press('Enter');
  await expect(input).toHaveValue('');
  await expect.poll(() => newestInWelcome(chat, me.email)).toBe('first\nsecond\nthird');
  await chat.api('member').patch('/settings', { enter_sends: false }); // the later tests' default
});

test('the box grows with a long message up to a limit, then scrolls; it shrinks back once sent', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'member');
  const input = await openWelcome(page);
  const height = async () => (await input.boundingBox())!.height;
  const empty = await height();
  await input.fill(['First line', 'Second line', 'Third line', 'Fourth line'].join('\n'));
  const four = await height();
  expect(four).toBeGreaterThan(empty + 20);
  await input.fill(Array.from({ length: 40 }, (_, i) => `Line ${i + 1}`).join('\n'));
  expect(await height()).toBeLessThanOrEqual(241);
  expect(await input.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await page.screenshot({ path: `${SCREENS}/compose-grown.png` });
  await send(input);
  await expect(input).toHaveValue('');
  expect(await height()).toBeLessThanOrEqual(empty + 1);
});

test("the topic field suggests the channel's topics as one types; Enter takes one and moves to the message", async ({
  page,
  chat,
  signIn,
}) => {
  await signIn(page, 'member');
  await page.getByTestId('channel-general').click();
  const topic = page.getByTestId('compose-topic');
  await topic.click();
  await topic.pressSequentially('mov');
  const list = page.getByTestId('topic-suggestions');
  await expect(list.getByRole('option').first()).toHaveText(/office move/);
  await expect(list.getByRole('option', { selected: true })).toHaveText(/office move/);
  await page.screenshot({ path: `${SCREENS}/compose-topic-suggestions.png` });
  // Esc closes the list and keeps what was typed.
  await page.keyboard.press('Escape');
  await expect(list).toHaveCount(0);
  await expect(topic).toHaveValue('mov');
  await topic.pressSequentially('e');
  await page.keyboard.press('Enter');
  await expect(topic).toHaveValue('office move');
  const input = page.getByTestId('compose-input');
  await expect(input).toBeFocused();
  const text = `Continuing the move ${Date.now()}`;
  await input.fill(text);
  await send(input);
  await expect
    .poll(async () => (await newestContents(chat.api('member'), 'general', 'office move', 1))[0])
    .toContain(text);
  // A topic nobody used yet gets no suggestions.
  await topic.fill('');
  await topic.pressSequentially('zz unheard of');
  await expect(list).toHaveCount(0);
});

test('Esc in the topic field leaves it for the messages, the topic kept, so the shortcuts work again', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'member');
  await page.getByTestId('channel-general').click();
  const feed = page.getByTestId('message-feed');
  await expect(feed).not.toHaveAttribute('aria-busy');
  await page.keyboard.press('c');
  const topic = page.getByTestId('compose-topic');
  await expect(topic).toBeFocused();
  await page.keyboard.type('zz esc plans');
  await page.keyboard.press('Escape');
  await expect(topic).not.toBeFocused();
  await expect(topic).toHaveValue('zz esc plans');
  await expect(feed).toBeFocused();
  // A shortcut, not a letter: ? opens the shortcuts.
  await page.keyboard.press('?');
  await expect(page.getByTestId('keyboard-help')).toBeVisible();
  await expect(topic).toHaveValue('zz esc plans');
});

test('Tab in the topic field takes the highlighted topic, as the shortcuts help says, then moves to the message', async ({
  page,
  chat,
  signIn,
}) => {
  await signIn(page, 'member');
  const stamp = `tab${Date.now()}`;
  for (const name of [`${stamp} a`, `${stamp} b`])
    await chat
      .api('admin')
      .post('/messages', { type: 'channel', to: 'general', topic: name, content: 'Here.' });
  await page.getByTestId('channel-general').click();
  const topic = page.getByTestId('compose-topic');
  await topic.click();
  await topic.pressSequentially(stamp);
  const list = page.getByTestId('topic-suggestions');
  await expect(list.getByRole('option')).toHaveText([`›${stamp} b`, `›${stamp} a`]);
  await page.keyboard.press('ArrowDown');
  await expect(list.getByRole('option', { selected: true })).toHaveText(`›${stamp} a`);
  await page.keyboard.press('Tab');
  await expect(topic).toHaveValue(`${stamp} a`);
  await expect(page.getByTestId('compose-input')).toBeFocused();
  // A topic with no suggestion shown is kept as typed.
  await topic.fill('');
  await topic.pressSequentially('zz unheard of');
  await expect(list).toHaveCount(0);
  await page.keyboard.press('Tab');
  await expect(topic).toHaveValue('zz unheard of');
  await expect(page.getByTestId('compose-input')).toBeFocused();
});

test('the preview links what the organization’s linkifiers match, as the sent message will', async ({
  page,
  chat,
  signIn,
}) => {
  await signIn(page, 'member');
  const { body } = await chat.api('owner').get('/realm/linkifiers');
  const linkifiers = body.linkifiers as { pattern: string; url_template: string }[];
  expect(linkifiers.some((l) => l.pattern.startsWith('#'))).toBe(true);
  const input = await openWelcome(page);
  await input.fill('Issue #42 needs a look');
  await page.getByRole('tab', { name: 'Preview' }).click();
  const link = page.getByTestId('compose-preview-content').getByRole('link', { name: '#42' });
  await expect(link).toHaveAttribute('href', /42/);
});

test('where topics are required, a message without one is held back with the reason, its text kept, and the topic field focused', async ({
  page,
  chat,
  signIn,
}) => {
  await signIn(page, 'member');
  const owner = chat.api('owner');
  // A conversation in the empty topic ("general chat"), from before topics were required.
  await owner.post('/messages', { type: 'stream', to: 'random', topic: '', content: 'before the rule' });
  expect((await owner.patch('/realm', { topics_policy: 'disable_empty_topic' })).status).toBe(200);
  try {
    // Its own view has no topic field: nothing can be sent there, and it says so.
    await page.getByTestId('channel-random').click();
    await page.getByTestId('topic-').click();
    await page.getByTestId('compose-input').fill('Into no topic?');
    await send(page.getByTestId('compose-input'));
    await expect(page.getByTestId('compose-topic-required')).toContainText(
      'This conversation has no topic: write in a topic with a name.',
    );
    await expect(page.getByTestId('compose-input')).toHaveValue('Into no topic?');
    await expect(page.getByTestId('pending-message')).toHaveCount(0);

    await page.getByTestId('channel-general').click();
    const topic = page.getByTestId('compose-topic');
    await expect(topic).toHaveAttribute('placeholder', 'Topic (required)');
    const input = page.getByTestId('compose-input');
    await input.fill('Where does this go?');
    await send(input);
    await expect(page.getByTestId('compose-topic-required')).toHaveText(
      'Not sent: Topics are required in this organization. Enter a topic. Your text is kept.',
    );
    await expect(topic).toBeFocused();
    await expect(input).toHaveValue('Where does this go?');
    await expect(page.getByTestId('pending-message')).toHaveCount(0);
    await page.screenshot({ path: `${SCREENS}/compose-topic-required.png` });
    await topic.fill('welcome');
    await expect(page.getByTestId('compose-topic-required')).toHaveCount(0);
    await send(input);
    await expect.poll(() => newestInWelcome(chat, 'member')).toBe('Where does this go?');
  } finally {
    await owner.patch('/realm', { topics_policy: 'allow_empty_topic' });
  }
});

test('a person moved up the @ list by their new message does not take the highlight from the one chosen', async ({
  page,
  chat,
  signIn,
}) => {
  const me = await signIn(page, 'member');
  const input = await openWelcome(page);
  await input.pressSequentially('hey @');
  const options = list(page).getByRole('option');
  // The wildcard mentions come first in a channel, as in the real service; then the people.
  const people = options.filter({ hasText: 'Person' });
  await expect(people.nth(3)).toBeVisible();
  const thirdPerson = (await options.allTextContents()).indexOf((await people.nth(2).textContent())!);
  for (let i = 0; i < thirdPerson; i++) await input.press('ArrowDown');
  const chosen = (await activeOption(page).textContent()) ?? '';
  expect(chosen).toContain('Person');
  // Someone listed lower down writes to me: recent conversations put them first among the people.
  const labels = await people.allTextContents();
  const writer = chat.users.find(
    (u) => !u.is_bot && u.email !== me.email && labels.findIndex((l) => l.includes(u.email)) > 2,
  )!;
  await chat
    .api(writer.email)
    .post('/messages', { type: 'private', to: JSON.stringify([me.email]), content: 'Hi!' });
  await expect(people.first()).toContainText(writer.email);
  await expect(activeOption(page)).toHaveText(chosen);
  await input.press('Enter');
  const mentioned = chat.users.find((u) => chosen.includes(u.email))!;
  await expect(input).toHaveValue(`hey @**${mentioned.full_name}** `);
});

test('a topic moved up by a new message while the topic field suggests does not take the highlight from the one chosen', async ({
  page,
  chat,
  signIn,
}) => {
  await signIn(page, 'member');
  const stamp = `held${Date.now()}`;
  const post = (name: string) =>
    chat.api('admin').post('/messages', { type: 'channel', to: 'general', topic: name, content: 'Here.' });
  for (const name of [`${stamp} a`, `${stamp} b`]) await post(name);
  await page.getByTestId('channel-general').click();
  const topic = page.getByTestId('compose-topic');
  await topic.click();
  await topic.pressSequentially(stamp);
  const options = page.getByTestId('topic-suggestions').getByRole('option');
  // Equal matches, the most recent first: b, then a.
  await expect(options).toHaveText([`›${stamp} b`, `›${stamp} a`]);
  await page.keyboard.press('ArrowDown');
  const selected = page.getByTestId('topic-suggestions').getByRole('option', { selected: true });
  await expect(selected).toHaveText(`›${stamp} a`);
  await post(`${stamp} c`);
  await expect(options.first()).toHaveText(`›${stamp} c`);
  await expect(selected).toHaveText(`›${stamp} a`);
  await page.keyboard.press('Enter');
  await expect(topic).toHaveValue(`${stamp} a`);
});

test('a pasted topic over the organization’s limit is kept whole, said too long, and not sent until shortened', async ({
  page,
  chat,
  signIn,
}) => {
  await signIn(page, 'member');
  await page.getByTestId('channel-general').click();
  const topic = page.getByTestId('compose-topic');
  await topic.click();
  // 61 characters, over the service's 60.
  const long = 'Quarterly planning for the storage, network and database team';
  await page.keyboard.insertText(long);
  await expect(topic).toHaveValue(long);
  await expect(page.getByTestId('compose-topic-too-long')).toHaveText(
    'Topic too long: at most 60 characters.',
  );
  await expect(topic).toHaveAttribute('aria-invalid', 'true');
  const input = page.getByTestId('compose-input');
  const text = `Agenda ${Date.now()}`;
  await input.fill(text);
  await expect(page.getByTestId('compose-send')).toBeDisabled();
  await send(input);
  await expect(input).toHaveValue(text);
  await expect(page.getByTestId('pending-message')).toHaveCount(0);
  // An emoji is one character, as the server counts: 60 of them fit.
  await topic.fill('🚀'.repeat(60));
  await expect(page.getByTestId('compose-topic-too-long')).toHaveCount(0);
  await topic.fill(long.replace('the ', ''));
  await expect(page.getByTestId('compose-topic-too-long')).toHaveCount(0);
  await send(input);
  await expect
    .poll(async () => (await newestContents(chat.api('member'), 'general', long.replace('the ', ''), 1))[0])
    .toBe(text);
});

test('Enter in the topic field goes on to the message without sending it, whatever the Enter-sends setting', async ({
  page,
  chat,
  signIn,
}) => {
  const me = await signIn(page, 'member');
  await page.getByTestId('channel-general').click();
  const input = page.getByTestId('compose-input');
  const topic = page.getByTestId('compose-topic');
  // The message first, then its topic: a topic nobody used, so no list opens.
  const text = `Half a thought about ${Date.now()}`;
  await input.fill(text);
  const newTopic = `brand new ${Date.now()}`;
  await topic.fill(newTopic);
  await expect(page.getByTestId('topic-suggestions')).toHaveCount(0);
  await topic.press('Enter');
  await expect(input).toBeFocused();
  await expect(input).toHaveValue(text);
  await expect(page.getByTestId('pending-message')).toHaveCount(0);
  await input.pressSequentially(', finished.');
  await send(input);
  await expect
    .poll(async () => (await newestContents(chat.api(me.email), 'general', newTopic, 1))[0])
    .toBe(`${text}, finished.`);
});
