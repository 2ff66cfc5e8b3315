import type { Page } from '@playwright/test';
import { expect, test, type ChatEnvironment } from './fixtures';
import { channelId } from './server-state';

// The search box reads the service's filters: channel:, topic:, sender:, is:, has:, negation and
// quoted operands; shows them as removable pills; and suggests operators and names while typing.
test.describe.configure({ mode: 'serial' });

async function post(chat: ChatEnvironment, who: string, to: string, topic: string, content: string) {
  const { body } = await chat.api(who).post('/messages', { type: 'channel', to, topic, content });
  return body.id as number;
}

async function feedIds(page: Page): Promise<number[]> {
  const ids = await page
    .getByTestId('message-feed')
    .locator('[data-testid^="message-"]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-testid') ?? ''));
  return ids.map((t) => Number(t.slice('message-'.length))).filter((n) => Number.isInteger(n));
}

const pills = (page: Page) => page.locator('[data-testid^="search-pill-"]');

test('filters typed in the search box narrow the results, and show as pills', async ({
  page,
  chat,
  signIn,
}) => {
  const me = await signIn(page, 'member');
  const stamp = Date.now();
  const topic = `table talk ${stamp}`;
  const inGeneral = await post(chat, 'admin', 'general', topic, `The table tennis table ${stamp} is booked`);
  const elsewhere = await post(chat, 'admin', 'engineering', 'tables', `A database table ${stamp} migration`);
  const mine = await post(
    chat,
    me.email,
    'general',
    topic,
    `My table ${stamp} notes, see https://example.com/t`,
  );

  const input = page.getByTestId('search-input');
  const topbarHeight = () => page.locator('.topbar').evaluate((el) => el.getBoundingClientRect().height);
  const emptyBoxHeight = await topbarHeight();
  await input.fill(`channel:general ${stamp}`);
  await input.press('Enter');
  await expect(page.getByTestId('conversation-title')).toContainText('channel:general');
  await expect.poll(() => feedIds(page)).toEqual([inGeneral, mine]);
  await expect(pills(page)).toHaveText(['channel:general×']);
  await expect(page.getByTestId('message-feed').locator('.highlight').first()).toHaveText(String(stamp));
  // The two hits of one topic share its header, as in the other combined views.
  await expect(page.getByTestId('message-feed').locator('.recipient-header')).toHaveCount(1);
  await page.screenshot({ path: 'test-results/screens/search-grouped.png' });

  // sender:me is the member's own messages, as the real service reads it: typed with words, and
  // alone (Enter on the word).
  await pills(page).first().getByTestId('remove-search-pill').click();
  await input.fill(`sender:me ${stamp}`);
  await input.press('Enter');
  await expect.poll(() => feedIds(page)).toEqual([mine]);
  await expect(pills(page)).toHaveText([`sender:${me.email}×`]);
  await pills(page).first().getByTestId('remove-search-pill').click();
  await input.fill('sender:me');
  await input.press('Enter');
  // The title names the person, as the real service's does (the pill keeps the email).
  await expect(page.getByTestId('conversation-title')).toHaveText(`Search: sender:${me.full_name}`);
  await page.screenshot({ path: 'test-results/screens/search-sender-title.png' });
  await expect(page.getByTestId('error')).toHaveCount(0);
  await expect.poll(() => feedIds(page)).toContain(mine);
  await pills(page).first().getByTestId('remove-search-pill').click();
  await input.fill(`channel:general ${stamp}`);
  await input.press('Enter');
  await expect.poll(() => feedIds(page)).toEqual([inGeneral, mine]);

  // A quoted topic, a sender and a negation, typed in one go.
  await page.getByTestId('search-input').fill(`topic:"${topic}" -sender:${me.email} `);
  await expect(pills(page)).toHaveCount(3);
  await page.getByTestId('search-input').press('Enter');
  await expect.poll(() => feedIds(page)).toEqual([inGeneral]);
  await expect(pills(page).nth(1)).toContainText(`topic:"${topic}"`);
  await expect(pills(page).nth(2)).toHaveClass(/negated/);
  // The pills keep to one row (scrolling sideways), the top bar its height, the field in view.
  expect(await topbarHeight()).toBe(emptyBoxHeight);
  await expect(page.getByTestId('search-input')).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: 'test-results/screens/search-pills.png' });

  // Removing a pill searches again without it.
  await pills(page).nth(2).getByTestId('remove-search-pill').click();
  await expect.poll(() => feedIds(page)).toEqual([inGeneral, mine]);
  await pills(page).nth(0).getByTestId('remove-search-pill').click();
  await expect.poll(() => feedIds(page)).toEqual([inGeneral, mine]);

  // has:link and is:starred, as the server understands them.
  await page.getByTestId('search-input').fill(`has:link ${stamp}`);
  await page.getByTestId('search-input').press('Enter');
  await expect.poll(() => feedIds(page)).toEqual([mine]);
  await chat.api(me.email).post('/messages/flags', { messages: [elsewhere], op: 'add', flag: 'starred' });
  for (let i = 0; i < 2; i++) await pills(page).first().getByTestId('remove-search-pill').click();
  await page.getByTestId('search-input').fill(`is:starred ${stamp}`);
  await page.getByTestId('search-input').press('Enter');
  await expect.poll(() => feedIds(page)).toEqual([elsewhere]);

  // is:starred alone, without words, is the Starred view (as `*` and the real service's search):
  // every starred message of the member's, this one included.
  await page.getByTestId('search-input').fill('');
  await page.getByTestId('search-input').press('Enter');
  await expect(page.getByTestId('conversation-title')).toHaveText('Starred messages');
  await expect(pills(page)).toHaveCount(0);
  await expect.poll(() => feedIds(page)).toContain(elsewhere);
  const { body } = await chat.api(me.email).get('/messages', {
    anchor: 'newest',
    num_before: 100,
    num_after: 0,
    narrow: [{ operator: 'is', operand: 'starred' }],
  });
  expect(await feedIds(page)).toEqual((body.messages as { id: number }[]).map((m) => m.id));

  // A channel, a topic and near: is that topic's own view, opened there, with its compose box.
  await page.getByTestId('search-input').fill(`channel:general topic:"${topic}" near:${inGeneral}`);
  await page.getByTestId('search-input').press('Enter');
  await expect(page.getByTestId('conversation-title')).toHaveText(new RegExp(`^[^:]*${topic}`));
  await expect(page.getByTestId('compose-input')).toBeVisible();
  await expect.poll(() => feedIds(page)).toEqual([inGeneral, mine]);

  // dm: alone, one person or several (or the user), is that conversation, with its compose box.
  const admin = chat.user('admin');
  const moderator = chat.user('moderator');
  for (const [query, title] of [
    [`dm:${admin.email}`, admin.full_name],
    [`dm:${moderator.email},${admin.email}`, `${admin.full_name}, ${moderator.full_name}`],
    ['dm:me', 'Notes to self'],
  ]) {
    await page.getByTestId('search-input').fill(query!);
    await page.getByTestId('search-input').press('Enter');
    await expect(page.getByTestId('conversation-title')).toHaveText(title!);
    await expect(page.getByTestId('compose-input')).toBeVisible();
  }
});

test('suggests operators, channels, people and topics, chosen with the keyboard', async ({
  page,
  chat,
  signIn,
}) => {
  await signIn(page, 'member');
  const input = page.getByTestId('search-input');
  const list = page.getByTestId('search-suggestions');

  // An operator by its first letters.
  await input.fill('sen');
  await expect(list).toContainText('sender:');
  await input.press('ArrowDown');
  await expect(page.getByTestId('search-suggestion-0')).toHaveAttribute('aria-selected', 'true');
  await input.press('Enter');
  await expect(input).toHaveValue('sender:');

  // Then a person by name: Tab takes the first, and it becomes a pill.
  const guest = chat.user('guest');
  await input.pressSequentially('grace');
  await expect(list).toContainText(guest.email);
  await page.screenshot({ path: 'test-results/screens/search-suggestions.png' });
  await input.press('Tab');
  await expect(pills(page)).toHaveText([`sender:${guest.email}×`]);
  await expect(input).toHaveValue('');

  // A channel, then its topics.
  await input.fill('channel:engi');
  await expect(page.getByTestId('search-suggestion-0')).toContainText('channel:engineering');
  await input.press('ArrowDown');
  await input.press('Enter');
  await expect(pills(page).nth(1)).toContainText('channel:engineering');
  await input.fill('topic:deploy');
  await expect(list).toContainText('topic:"deploy pipeline"');
  // Esc closes the list only.
  await input.press('Escape');
  await expect(list).toHaveCount(0);
  await expect(input).toHaveValue('topic:deploy');

  // Backspace in an empty box takes the last pill back off.
  await input.fill('');
  await input.press('Backspace');
  await expect(pills(page)).toHaveCount(1);

  // Enter on a person typed in part takes the one the list offers, and searches (the server
  // knows no one by part of a name).
  await input.fill('sender:gra');
  await expect(list).toContainText(guest.email);
  await input.press('Enter');
  await expect(pills(page)).toHaveCount(2);
  await expect(pills(page).last()).toHaveText(`sender:${guest.email}×`);
  await expect(page.getByTestId('conversation-title')).toContainText(`sender:${guest.full_name}`);
  await expect(page.getByTestId('error')).toHaveCount(0);
  await page.getByTestId('search-input').click();
  await page.getByTestId('search-input').press('Backspace');

  // Someone nobody is called: said in the box, nothing searched, the text kept to be fixed.
  await input.fill('sender:zzzz');
  await input.press('Enter');
  await expect(page.getByTestId('search-no-match')).toHaveText('No one matches “zzzz”.');
  await expect(input).toHaveValue('sender:zzzz');
  await input.fill('');

  // A filter the service does not understand: which part, in plain words; nothing searched (the
  // server would refuse it, or for near:, open at no message, however often it is asked).
  const title = await page.getByTestId('conversation-title').textContent();
  await input.fill('has:video');
  await input.press('Enter');
  await expect(page.getByTestId('search-no-match')).toHaveText(
    'Search does not understand “has:video”: has: can be link, image, attachment or reaction.',
  );
  await page.screenshot({ path: 'test-results/screens/search-not-understood.png' });
  await input.fill('near:abc table');
  await input.press('Enter');
  await expect(page.getByTestId('search-no-match')).toHaveText(
    'Search does not understand “near:abc”: near: takes a message ID (a number).',
  );
  await expect(page.getByTestId('conversation-title')).toHaveText(title ?? '');
  await expect(page.getByTestId('error')).toHaveCount(0);
  await input.fill('');

  // Unknown operators are just words: no pill, and the search runs on the text.
  await input.fill('colour:red ');
  await expect(pills(page)).toHaveCount(1);
  await input.press('Enter');
  await expect(page.getByTestId('conversation-title')).toContainText('colour:red');
  await expect(page.getByText(/no messages match/i)).toBeVisible();
});

test('search highlights the matching words', async ({ page, chat, signIn }) => {
  await signIn(page, 'member');
  await page.getByTestId('search-input').fill('pipeline');
  await page.getByTestId('search-input').press('Enter');
  await expect(page.getByTestId('conversation-title')).toContainText('pipeline');
  // Hits are highlighted in the content, or in the topic of the header their conversation's run of
  // hits shares: at the top, the first run's header is drawn.
  await page.getByTestId('message-feed').focus();
  await page.keyboard.press('Home');
  await expect(page.getByTestId('message-feed').locator('.highlight').first()).toBeVisible();
  await expect(page.getByTestId('message-feed').locator('.highlight').first()).toHaveText(/pipeline/i);
  await page.keyboard.press('End');

  // New messages arrive live; matches_narrow decides which belong to the search.
  const feed = page.getByTestId('message-feed');
  const hit = `The pipeline is green again ${Date.now()}`;
  const miss = `Unrelated lunch note ${Date.now()}`;
  await chat
    .api('admin')
    .post('/messages', { type: 'channel', to: 'general', topic: 'status', content: miss });
  await chat
    .api('admin')
    .post('/messages', { type: 'channel', to: 'general', topic: 'status', content: hit });
  await expect(feed.getByText(/is green again/)).toBeVisible();
  await expect(feed.locator('.highlight', { hasText: /pipeline/i }).last()).toBeVisible();
  await expect(feed.getByText(miss)).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/search.png' });
});

test('Esc in the search box leaves it for the results, query kept; the next Esc goes home', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'member');
  const input = page.getByTestId('search-input');
  await input.fill('pipeline');
  await input.press('Enter');
  await expect(page.getByTestId('conversation-title')).toContainText('pipeline');
  await input.click();
  await page.keyboard.press('Escape');
  await expect(input).not.toBeFocused();
  // The query stays beside the results it shows.
  await expect(input).toHaveValue('pipeline');
  await expect(page.getByTestId('conversation-title')).toContainText('pipeline');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('conversation-title')).toHaveCount(0);
});

test('a search that opens a conversation (channel:design) gives the keyboard to its messages, so k moves and is not typed', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'member');
  await page.keyboard.press('/');
  const input = page.getByTestId('search-input');
  await expect(input).toBeFocused();
  await page.keyboard.type('channel:desig');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('conversation-title')).toHaveText('# design');
  const feed = page.getByTestId('message-feed');
  await expect(feed).not.toHaveAttribute('aria-busy');
  await expect(input).not.toBeFocused();
  await expect(input).toHaveValue('');
  const selected = () => feed.locator('[aria-current="true"]').getAttribute('data-testid');
  await expect.poll(selected).not.toBeNull();
  const before = await selected();
  await page.keyboard.press('k');
  await expect.poll(selected).not.toBe(before);
  await expect(input).toHaveValue('');
});

test('a search opens at its newest match, not at the first unread one', async ({ page, chat, signIn }) => {
  await signIn(page, 'member');
  const word = `zebrawood${Date.now()}`;
  const ids: number[] = [];
  for (let i = 1; i <= 30; i++)
    ids.push(await post(chat, 'ben@northwind.example', 'general', 'timber', `${word} plank ${i}`));
  await page.getByTestId('search-input').fill(word);
  await page.getByTestId('search-input').press('Enter');
  // All 30 are unread; the view opens at the newest, as the real service's search does.
  await expect(page.getByTestId(`message-${ids.at(-1)!}`)).toBeInViewport();
  await expect(page.getByTestId(`message-${ids[0]!}`)).not.toBeInViewport();
});

test('each sender suggestion is one line, its email and name cut with an ellipsis where the box is narrow', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'member');
  const input = page.getByTestId('search-input');
  for (const width of [1280, 900]) {
    await page.setViewportSize({ width, height: 700 });
    await input.fill('sender:');
    const list = page.getByTestId('search-suggestions');
    await expect(list).toContainText('sender:notification-bot@');
    const rows = await list.locator('li').evaluateAll((items) =>
      items.map((li) => {
        const parts = [...li.querySelectorAll<HTMLElement>(':scope > span')].map((span) => {
          const box = span.getBoundingClientRect();
          return {
            lines: Math.round(box.height / parseFloat(getComputedStyle(span).lineHeight)),
            inside:
              box.left >= li.getBoundingClientRect().left &&
              box.right <= li.getBoundingClientRect().right + 0.5,
            // Cut text keeps its whole in the tooltip.
            cutHasTitle: span.scrollWidth <= span.clientWidth || span.title === span.textContent,
          };
        });
        return { text: li.textContent, parts };
      }),
    );
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows)
      expect(row, `${width} px`).toEqual({
        text: row.text,
        parts: [
          { lines: 1, inside: true, cutHasTitle: true },
          { lines: 1, inside: true, cutHasTitle: true },
        ],
      });
    await page.screenshot({ path: `test-results/screens/search-sender-suggestions-${width}.png` });
  }
});

test('a topic moved up by a new message while the suggestions are open keeps the highlight where the person put it', async ({
  page,
  chat,
  signIn,
}) => {
  await signIn(page, 'member');
  const stamp = `held${Date.now()}`;
  for (const topic of [`${stamp} one`, `${stamp} two`]) await post(chat, 'admin', 'general', topic, 'Here.');
  const input = page.getByTestId('search-input');
  await input.fill('channel:gener');
  await expect(page.getByTestId('search-suggestion-0')).toContainText('channel:general');
  await input.press('Tab');
  await expect(pills(page).first()).toContainText('channel:general');
  await input.pressSequentially('topic:');
  // Newest topics first: two, then one.
  await expect(page.getByTestId('search-suggestion-1')).toContainText(`${stamp} one`);
  await input.press('ArrowDown');
  await input.press('ArrowDown');
  const highlighted = page.getByTestId('search-suggestions').locator('[aria-selected="true"]');
  await expect(highlighted).toContainText(`${stamp} one`);

  // A message starts a topic, which goes first: the highlight stays on "one".
  await post(chat, 'admin', 'general', `${stamp} zero`, 'New.');
  await expect(page.getByTestId('search-suggestion-0')).toContainText(`${stamp} zero`);
  await expect(highlighted).toContainText(`${stamp} one`);
  await input.press('Enter');
  await expect(pills(page).nth(1)).toContainText(`${stamp} one`);
});

test('a pill removed from the keyboard hands the focus to the next pill, then to the search box, not the page', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'member');
  const input = page.getByTestId('search-input');
  // Pills not searched yet (the box in another view).
  await input.fill('is:mentioned is:starred has:link ');
  await expect(pills(page)).toHaveCount(3);
  await pills(page).nth(0).getByTestId('remove-search-pill').focus();
  await page.keyboard.press('Enter');
  await expect(pills(page)).toHaveText(['is:starred×', 'has:link×']);
  await expect(pills(page).nth(0).getByTestId('remove-search-pill')).toBeFocused();
  // Searched: each removal searches again, and draws the box anew.
  await input.fill('meeting');
  await input.press('Enter');
  await expect(page.getByTestId('conversation-title')).toContainText('is:starred');

  await pills(page).nth(0).getByTestId('remove-search-pill').focus();
  await page.keyboard.press('Enter');
  await expect(pills(page)).toHaveText(['has:link×']);
  await expect(pills(page).nth(0).getByTestId('remove-search-pill')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(pills(page)).toHaveCount(0);
  await expect(input).toBeFocused();
  await expect(input).toHaveValue('meeting');
});

test('a link of the organization pasted into the search box opens its view: a message in its topic, or the search it is', async ({
  page,
  chat,
  signIn,
}) => {
  const topic = `pasted link ${Date.now()}`;
  const first = await post(chat, 'admin', 'general', topic, 'The message the link names');
  await post(chat, 'admin', 'general', topic, 'A later one');
  const general = await channelId(chat.api('member'), 'general');
  await signIn(page, 'member');
  const input = page.getByTestId('search-input');

  await input.fill(
    `${chat.server.url}/#narrow/channel/${general}-general/topic/${encodeURIComponent(topic).replace(/%/g, '.')}/near/${first}`,
  );
  await input.press('Enter');
  await expect(page.getByTestId('conversation-title')).toContainText(topic);
  await expect(page.locator('[data-selected="true"]')).toHaveAttribute('data-message-id', String(first));
  await expect(pills(page)).toHaveCount(0);

  await input.fill(`${chat.server.url}/#narrow/channel/${general}-general/search/later`);
  await input.press('Enter');
  await expect(page.getByTestId('conversation-title')).toHaveText('Search: channel:general later');
  await expect(pills(page)).toHaveText(['channel:general×']);
});

test('a matched message edited or moved by someone else shows what it says now: highlighted again, or gone when it no longer matches', async ({
  page,
  chat,
  signIn,
}) => {
  await signIn(page, 'member');
  const word = `quokka${Date.now()}`;
  const edited = await post(chat, 'admin', 'general', 'wildlife', `the ${word} is smiling`);
  const unmatched = await post(chat, 'admin', 'general', 'wildlife', `a second ${word} sighting`);
  const moved = await post(chat, 'admin', 'general', 'wildlife', `a third ${word} sighting`);
  await page.getByTestId('search-input').fill(word);
  await page.getByTestId('search-input').press('Enter');
  await expect.poll(() => feedIds(page)).toEqual([edited, unmatched, moved]);

  const admin = chat.api('admin');
  await admin.patch(`/messages/${edited}`, { content: `the ${word} is sleeping now` });
  const editedRow = page.getByTestId(`message-${edited}`);
  await expect(editedRow).toContainText('is sleeping now');
  await expect(editedRow.locator('.highlight')).toHaveText(word);

  await admin.patch(`/messages/${unmatched}`, { content: 'a second wombat sighting' });
  await expect.poll(() => feedIds(page)).toEqual([edited, moved]);

  await admin.patch(`/messages/${moved}`, { topic: 'marsupials', propagate_mode: 'change_one' });
  const header = page.getByTestId('message-feed').locator('.recipient-header').last();
  await expect(header).toContainText('marsupials');
  await expect(page.getByTestId(`message-${moved}`).locator('.highlight')).toHaveText(word);
});

test('a person or channel named in part before more words is the one offered, and one naming nobody is said in the box, not refused by the server', async ({
  page,
  chat,
  signIn,
}) => {
  await signIn(page, 'member');
  const word = `numbat${Date.now()}`;
  const fromAdmin = await post(chat, 'admin', 'general', 'marsupials', `a ${word} at dawn`);
  await post(chat, 'moderator', 'general', 'marsupials', `a ${word} at dusk`);
  const admin = chat.user('admin');
  const input = page.getByTestId('search-input');
  await input.click();
  // The space after the filter makes it a pill before the words follow.
  await input.pressSequentially(`sender:${admin.full_name.split(' ')[0]} ${word}`);
  await expect(pills(page)).toHaveCount(1);
  await input.press('Enter');
  await expect.poll(() => feedIds(page)).toEqual([fromAdmin]);
  await expect(pills(page)).toHaveText([`sender:${admin.email}×`]);
  await expect(page.getByTestId('error')).toHaveCount(0);

  await input.click();
  await input.press('Control+a');
  await input.press('Backspace');
  await input.press('Backspace');
  await expect(pills(page)).toHaveCount(0);
  const title = await page.getByTestId('conversation-title').textContent();
  await input.pressSequentially(`channel:nowhere ${word}`);
  await input.press('Enter');
  await expect(page.getByTestId('search-no-match')).toHaveText('No channel matches “nowhere”.');
  await expect(page.getByTestId('conversation-title')).toHaveText(title ?? '');
  await expect(page.getByTestId('error')).toHaveCount(0);
});
