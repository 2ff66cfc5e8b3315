import { expect, test, type ChatEnvironment } from './fixtures';

// Menus and pickers: emoji search by the service's names, popovers kept inside the window, and
// one Esc closing one thing.
test.describe.configure({ mode: 'serial' });

async function post(chat: ChatEnvironment, who: string, topic: string, content: string): Promise<number> {
  const { body } = await chat.api(who).post('/messages', { type: 'channel', to: 'general', topic, content });
  return body.id as number;
}

test("the emoji picker finds the service's names, stays inside the window and above the compose box", async ({
  page,
  chat,
  signIn,
}) => {
  const me = await signIn(page, 'member');
  const topic = `picker ${Date.now()}`;
  let last = 0;
  for (let i = 0; i < 12; i++) last = await post(chat, 'admin', topic, `Line ${i} of a long conversation.`);
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  await expect(page.getByTestId(`message-${last}`)).toBeVisible();

  // The newest message sits just above the compose box: the picker must flip up, not hide under it.
  await page.getByTestId(`message-${last}`).hover();
  await page.getByTestId(`add-reaction-${last}`).click();
  const picker = page.getByTestId('emoji-picker');
  await expect(picker).toBeVisible();
  const box = (await picker.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  // Every corner of the picker is the picker, not the compose box or the feed on top of it.
  const corners = [
    [box.x + 4, box.y + 4],
    [box.x + box.width - 4, box.y + 4],
    [box.x + 4, box.y + box.height - 4],
    [box.x + box.width - 4, box.y + box.height - 4],
  ];
  for (const [x, y] of corners)
    expect(
      await page.evaluate(
        ([px, py]) => !!document.elementFromPoint(px!, py!)?.closest('[data-testid="emoji-picker"]'),
        [x, y],
      ),
    ).toBe(true);

  const search = page.getByTestId('emoji-search');
  await search.fill('tada');
  await expect(picker.locator('.emoji-choice').first()).toHaveAttribute('data-testid', 'emoji-tada');
  await search.fill('zzzz');
  const none = page.getByTestId('emoji-none');
  await expect(none).toHaveText('No emoji named like that.');
  // One line, not one word per line.
  const noneBox = (await none.boundingBox())!;
  expect(noneBox.height).toBeLessThan(30);
  await page.screenshot({ path: 'test-results/screens/popovers-emoji-none.png' });
  await search.fill('+1');
  await expect(picker.locator('.emoji-choice').first()).toHaveAttribute('data-testid', 'emoji-+1');
  await page.screenshot({ path: 'test-results/screens/popovers-emoji-bottom.png' });
  await page.getByTestId('emoji-+1').click();
  await expect(page.getByTestId(`reactions-${last}`).getByTestId('reaction-+1')).toBeVisible();
  const { body } = await chat.api(me.email).get('/messages', {
    anchor: last,
    num_before: 0,
    num_after: 0,
    narrow: [{ operator: 'id', operand: last }],
  });
  expect((body.messages as { reactions: { emoji_code: string }[] }[])[0]!.reactions).toContainEqual(
    expect.objectContaining({ emoji_code: '1f44d' }),
  );

  // The emoji just picked leads the picker's grid the next time it opens.
  await page.getByTestId(`message-${last}`).hover();
  await page.getByTestId(`add-reaction-${last}`).click();
  await expect(picker.locator('.emoji-choice').first()).toHaveAttribute('data-testid', 'emoji-+1');
  await page.keyboard.press('Escape');
  await expect(picker).toHaveCount(0);
});

test('one Esc closes one thing: a topic menu, the emoji picker, the snippets popover, then home', async ({
  page,
  chat,
  signIn,
}) => {
  await signIn(page, 'member');
  const topic = `escape ${Date.now()}`;
  const id = await post(chat, 'admin', topic, 'Press Esc.');
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  const title = page.getByTestId('conversation-title');
  await expect(title).toContainText(topic);

  await page.getByTestId(`topic-menu-${topic}`).click();
  await expect(page.getByTestId('topic-menu')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/popovers-topic-menu.png' });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('topic-menu')).toHaveCount(0);
  await expect(title).toContainText(topic);
  await expect(page.getByTestId(`topic-menu-${topic}`)).toBeFocused();

  await page.getByTestId(`message-${id}`).hover();
  await page.getByTestId(`add-reaction-${id}`).click();
  await expect(page.getByTestId('emoji-picker')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('emoji-picker')).toHaveCount(0);
  await expect(title).toContainText(topic);

  await page.getByTestId('compose-snippets').click();
  await expect(page.getByTestId('snippet-popover')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('snippet-popover')).toHaveCount(0);
  await expect(title).toContainText(topic);

  // A press outside closes a menu too, without doing anything else.
  await page.getByTestId(`topic-menu-${topic}`).click();
  await expect(page.getByTestId('topic-menu')).toBeVisible();
  await page.getByTestId('conversation-title').click();
  await expect(page.getByTestId('topic-menu')).toHaveCount(0);

  // With nothing open, Esc goes to the home view (web_escape_navigates_to_home_view, on by default).
  await page.getByTestId(`message-${id}`).click();
  await page.keyboard.press('Escape');
  await expect(title).toHaveCount(0);

  // Inside the settings screen, Esc closes the status emoji picker and leaves settings open.
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-status').click();
  await page.getByTestId('status-emoji').click();
  await expect(page.getByTestId('emoji-picker')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('emoji-picker')).toHaveCount(0);
  await expect(page.getByTestId('settings-screen')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('settings-screen')).toHaveCount(0);
});
