import { channelId, markTopicRead } from './server-state';
import { expect, test } from './fixtures';

// Channels and topics: the sidebar, browsing with the GET /streams filters, channel details,
// topics by recency with the empty topic's display name, mute, mark read, resolve.
test.describe.configure({ mode: 'serial' });

test('browses channels with the GET /streams filters and shows details', async ({ page, chat, signIn }) => {
  await signIn(page, 'admin');
  await expect(page.getByTestId('channel-general')).toBeVisible();
  await page.getByTestId('browse-channels').click();
  const dialog = page.getByTestId('browse-channels-dialog');
  // Defaults: public and subscribed, archived hidden.
  await expect(dialog.getByTestId('browse-general')).toBeVisible();
  await expect(dialog.getByTestId('browse-old-projects')).toHaveCount(0);
  await dialog.getByTestId('filter-exclude_archived').uncheck();
  await expect(dialog.getByTestId('browse-old-projects')).toBeVisible();
  await expect(dialog.getByTestId('default-general')).toBeVisible();
  await expect(dialog.getByTestId('default-engineering')).toHaveCount(0);
  await dialog.getByTestId('filter-default_only').check();
  await expect(dialog.getByTestId('browse-general')).toBeVisible();
  await expect(dialog.getByTestId('browse-old-projects')).toHaveCount(0);
  await dialog.getByTestId('filter-default_only').uncheck();
  await page.screenshot({ path: 'test-results/screens/channels-browse.png' });
  await dialog.getByTestId('browse-engineering').click();

  const details = page.getByTestId('channel-details');
  const { body } = await chat
    .api('admin')
    .get('/streams/' + (await channelId(chat.api('owner'), 'engineering')));
  const stream = body.stream as { description: string };
  await expect(details.getByTestId('channel-description')).toContainText(stream.description.slice(0, 20));
  await expect(details.getByTestId('channel-privacy')).toHaveText('Public');
});

test('topics by recency (muted ones last), the empty topic under its display name, mute and mark as read', async ({
  page,
  chat,
  signIn,
}) => {
  const me = await signIn(page, 'member');
  await page.getByTestId('channel-random').click();
  const randomId = await channelId(chat.api('owner'), 'random');
  const { body } = await chat
    .api(me.email)
    .get(`/users/me/${randomId}/topics`, { allow_empty_topic_name: true });
  const topics = (body.topics as { name: string }[]).map((t) => t.name);
  // By recency, muted topics at the bottom (as the real service sorts them).
  const { user_topics } = (await chat.api(me.email).post('/register', { fetch_event_types: ['user_topic'] }))
    .body as { user_topics: { stream_id: number; topic_name: string; visibility_policy: number }[] };
  const muted = new Set(
    user_topics.filter((t) => t.stream_id === randomId && t.visibility_policy === 1).map((t) => t.topic_name),
  );
  expect(muted.size).toBeGreaterThan(0);
  const expected = [...topics.filter((t) => !muted.has(t)), ...topics.filter((t) => muted.has(t))];
  const shown = page.getByTestId('channel-list').locator('[data-testid^="topic-row-"]');
  await expect(shown.first()).toBeVisible();
  expect(
    await shown.evaluateAll((rows) =>
      rows.map((r) => r.getAttribute('data-testid')!.slice('topic-row-'.length)),
    ),
  ).toEqual(expected);
  const settings = (await chat.api(me.email).post('/register', { fetch_event_types: ['realm'] })).body as {
    realm_empty_topic_display_name?: string;
  };
  await expect(page.getByTestId('topic-')).toContainText(
    settings.realm_empty_topic_display_name ?? 'general chat',
  );

  // 'book club' starts muted for this user in the demo: unmute it, then mute it again.
  const policy = async () => {
    const reg = (await chat.api(me.email).post('/register', { fetch_event_types: ['user_topic'] })).body as {
      user_topics: { stream_id: number; topic_name: string; visibility_policy: number }[];
    };
    return (
      reg.user_topics.find((t) => t.stream_id === randomId && t.topic_name === 'book club')
        ?.visibility_policy ?? 0
    );
  };
  await expect(page.getByTestId('topic-row-book club')).toHaveClass(/muted/);
  await page.getByTestId('topic-menu-book club').click();
  await page.getByTestId('topic-mute').click();
  await expect(page.getByTestId('topic-row-book club')).not.toHaveClass(/muted/);
  expect(await policy()).not.toBe(1);
  await page.getByTestId('topic-menu-book club').click();
  await page.getByTestId('topic-mute').click();
  await expect(page.getByTestId('topic-row-book club')).toHaveClass(/muted/);
  expect(await policy()).toBe(1);

  // Mark 'weekend plans' as read.
  await chat
    .api('admin')
    .post('/messages', { type: 'channel', to: randomId, topic: 'weekend plans', content: 'new plan' });
  await expect(page.getByTestId('topic-unread-weekend plans')).toBeVisible();
  await page.getByTestId('topic-menu-weekend plans').click();
  await page.getByTestId('topic-mark-read').click();
  await expect(page.getByTestId('topic-unread-weekend plans')).toHaveCount(0);
  const unread = await chat.api(me.email).get('/messages', {
    anchor: 'newest',
    num_before: 50,
    num_after: 0,
    narrow: [
      { operator: 'channel', operand: randomId },
      { operator: 'topic', operand: 'weekend plans' },
      { operator: 'is', operand: 'unread' },
    ],
  });
  expect(unread.body.messages).toEqual([]);
  await page.screenshot({ path: 'test-results/screens/channels.png' });
});

test('follows a topic, mutes a channel, and unmutes a topic in it', async ({ page, chat, signIn }) => {
  const me = await signIn(page, 'member');
  const generalId = await channelId(chat.api('owner'), 'general');
  const state = async () =>
    (await chat.api(me.email).post('/register', { fetch_event_types: ['user_topic', 'subscription'] }))
      .body as {
      user_topics: { stream_id: number; topic_name: string; visibility_policy: number }[];
      subscriptions: { stream_id: number; is_muted: boolean }[];
    };
  const policy = async (topic: string) =>
    (await state()).user_topics.find((t) => t.stream_id === generalId && t.topic_name === topic)
      ?.visibility_policy ?? 0;

  await page.getByTestId('channel-general').click();
  await page.getByTestId('topic-menu-welcome').click();
  await page.getByTestId('topic-follow').click();
  await expect(page.getByTestId('topic-followed-welcome')).toBeVisible();
  expect(await policy('welcome')).toBe(3);

  // Muted from its details pane: the sidebar dims it; a topic in it can be unmuted on its own.
  await page.getByTestId('channel-personal-is_muted').check();
  await expect(page.getByTestId('channel-general').locator('..')).toHaveClass(/muted/);
  await expect
    .poll(async () => (await state()).subscriptions.find((c) => c.stream_id === generalId)?.is_muted)
    .toBe(true);
  await page.screenshot({ path: 'test-results/screens/channel-muted-followed.png' });
  await page.getByTestId('topic-menu-team lunch').click();
  await expect(page.getByTestId('topic-mute')).toHaveText('Unmute topic');
  await page.getByTestId('topic-mute').click();
  await expect.poll(() => policy('team lunch')).toBe(2);

  // Back as it was.
  await page.getByTestId('topic-menu-welcome').click();
  await page.getByTestId('topic-unfollow').click();
  await expect(page.getByTestId('topic-followed-welcome')).toHaveCount(0);
  await page.getByTestId('topic-menu-team lunch').click();
  await expect(page.getByTestId('topic-mute')).toHaveText('Mute topic');
  await page.getByTestId('topic-mute').click();
  await page.getByTestId('channel-personal-is_muted').uncheck();
  await expect.poll(() => policy('team lunch')).toBe(0);
  await expect
    .poll(async () => (await state()).subscriptions.find((c) => c.stream_id === generalId)?.is_muted)
    .toBe(false);
});

test('resolves and unresolves a topic', async ({ page, chat, signIn }) => {
  const me = await signIn(page, 'admin');
  await page.getByTestId('channel-engineering').click();
  await page.getByTestId('topic-menu-incident 42').click();
  await page.getByTestId('topic-resolve').click();
  await expect(page.getByTestId('topic-✔ incident 42')).toBeVisible();
  const id = await channelId(chat.api('owner'), 'engineering');
  const names = async () =>
    ((await chat.api(me.email).get(`/users/me/${id}/topics`)).body.topics as { name: string }[]).map(
      (t) => t.name,
    );
  expect(await names()).toContain('✔ incident 42');
  await page.getByTestId('topic-menu-✔ incident 42').click();
  await page.getByTestId('topic-resolve').click();
  await expect(page.getByTestId('topic-incident 42')).toBeVisible();
  expect(await names()).toContain('incident 42');
});

test('resolving the open topic from its menu keeps the message one had selected, and Back does not return to the old name', async ({
  page,
  chat,
  signIn,
}) => {
  const topic = `to resolve ${Date.now()}`;
  const ids: number[] = [];
  for (const content of ['Seen it.', 'Found the cause.', 'Fixed on main.']) {
    const { body } = await chat
      .api('ben@northwind.example')
      .post('/messages', { type: 'stream', to: 'engineering', topic, content });
    ids.push(body.id as number);
  }
  const me = await signIn(page, 'admin');
  await markTopicRead(chat.api(me.email), 'engineering', topic);
  await page.getByTestId('channel-engineering').click();
  await page.getByTestId(`topic-${topic}`).click();
  const selected = page.locator('[data-message-id][data-selected="true"]');
  await expect(selected).toHaveAttribute('data-message-id', String(ids[2]));
  await page.keyboard.press('k');
  await page.keyboard.press('k');
  await expect(selected).toHaveAttribute('data-message-id', String(ids[0]));

  await page.getByTestId(`topic-menu-${topic}`).click();
  await page.getByTestId('topic-resolve').click();
  await expect(page.getByTestId('conversation-title')).toContainText(`✔ ${topic}`);
  // The resolve's notice comes in below; the reader stays where they were.
  await expect(page.getByText('has marked this topic as resolved')).toBeVisible();
  await expect(selected).toHaveAttribute('data-message-id', String(ids[0]));

  // The topic's place in the history was renamed, not doubled: Back leaves it.
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(page.getByTestId('conversation-title')).not.toContainText(topic);
});

test('a resolved (renamed) topic keeps its mute, and the resolver sees their own notice as read', async ({
  page,
  chat,
  signIn,
}) => {
  // 'book club' in #random starts muted for the member in the demo (the test above leaves it muted too).
  await signIn(page, 'member');
  await page.getByTestId('channel-random').click();
  await expect(page.getByTestId('topic-row-book club')).toHaveClass(/muted/);
  await page.getByTestId('topic-menu-book club').click();
  await page.getByTestId('topic-resolve').click();
  const resolved = page.getByTestId('topic-row-✔ book club');
  await expect(resolved).toBeVisible();
  await expect(resolved).toHaveClass(/muted/);
  await page.getByTestId('topic-menu-✔ book club').click();
  await expect(page.getByTestId('topic-mute')).toHaveText('Unmute topic');
  // The notice the resolve posted is already read for the person who resolved.
  await expect(page.getByTestId('topic-unread-✔ book club')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/channels-resolved-muted.png' });
  await page.keyboard.press('Escape');

  // After a reload the same: the server kept it too.
  await page.reload();
  await page.getByTestId('channel-random').click();
  await expect(page.getByTestId('topic-row-✔ book club')).toHaveClass(/muted/);
  const randomId = await channelId(chat.api('owner'), 'random');
  const unread = await chat.api('member').get('/messages', {
    anchor: 'newest',
    num_before: 10,
    num_after: 0,
    narrow: [
      { operator: 'channel', operand: randomId },
      { operator: 'topic', operand: '✔ book club' },
      { operator: 'is', operand: 'unread' },
    ],
  });
  expect(unread.body.messages).toEqual([]);
});

test('the open topic’s highlight, and a hovered topic’s, span the whole row, its ⋯ button included', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'member');
  await page.getByTestId('channel-general').click();
  await page.getByTestId('topic-welcome').click();
  await expect(page.getByTestId('topic-welcome')).toHaveAttribute('aria-current', 'true');

  /** The colour painted at points across a row: the first background under each, from the top. */
  const paintedAcross = (testId: string) =>
    page.getByTestId(testId).evaluate((row) => {
      const painted = (x: number, y: number) => {
        for (const el of document.elementsFromPoint(x, y)) {
          const colour = getComputedStyle(el).backgroundColor;
          if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') return colour;
        }
        return 'none';
      };
      const box = row.querySelector('.row-main')!.getBoundingClientRect();
      const more = row.querySelector('.row-menu-button')!.getBoundingClientRect();
      const y = (box.top + box.bottom) / 2;
      return {
        name: painted(box.left + 20, y),
        more: painted((more.left + more.right) / 2, y),
        moreTop: painted((more.left + more.right) / 2, box.top + 1),
        moreBottom: painted((more.left + more.right) / 2, box.bottom - 1),
        rowEnd: painted(row.getBoundingClientRect().right - 1, y),
      };
    });
  const colourOf = (variable: string) =>
    page.evaluate((name) => {
      const probe = document.createElement('div');
      probe.style.backgroundColor = `var(${name})`;
      document.body.append(probe);
      const colour = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return colour;
    }, variable);

  const selected = await colourOf('--bg-selected');
  await page.mouse.move(700, 400);
  expect(await paintedAcross('topic-row-welcome')).toEqual({
    name: selected,
    more: selected,
    moreTop: selected,
    moreBottom: selected,
    rowEnd: selected,
  });
  await page.getByTestId('topic-row-welcome').hover();
  expect((await paintedAcross('topic-row-welcome')).more).toBe(selected);

  const hover = await colourOf('--bg-hover');
  await page.getByTestId('topic-row-team lunch').hover();
  await expect(page.getByTestId('topic-menu-team lunch')).toBeVisible();
  expect(await paintedAcross('topic-row-team lunch')).toEqual({
    name: hover,
    more: hover,
    moreTop: hover,
    moreBottom: hover,
    rowEnd: hover,
  });
  await page.locator('.pane-left').screenshot({ path: 'test-results/screens/topic-row-highlight.png' });
});

test('a private channel’s title has the lock the sidebar shows, not #', async ({ page, signIn }) => {
  await signIn(page, 'admin');
  await page.getByTestId('channel-leadership').click();
  const title = page.getByTestId('conversation-title');
  await expect(title).toContainText('leadership');
  await expect(title.getByRole('img', { name: 'private' })).toBeVisible();
  await expect(title).not.toContainText('#');
  await page.locator('.conversation-header').screenshot({ path: 'test-results/screens/private-title.png' });
});

test('a 60-character channel name wraps in the channel’s details and is cut, whole on hover, on Invite people', async ({
  page,
  chat,
  signIn,
}) => {
  // One word of 60 characters (the longest a name may be): nowhere for the line to break.
  const channel = `platform_infrastructure_reliability_observability_${Date.now()}`.slice(0, 60);
  await chat.api('owner').post('/users/me/subscriptions', { subscriptions: [{ name: channel }] });
  await signIn(page, 'owner');
  await page.getByTestId(`channel-${channel}`).click();
  const details = page.getByTestId('channel-details');
  const heading = details.getByRole('heading', { name: channel });
  await expect(heading).toBeVisible();
  const right = async (l: typeof details) => (await l.boundingBox())!.x + (await l.boundingBox())!.width;
  expect(await heading.evaluate((h) => h.scrollWidth <= h.clientWidth)).toBe(true);
  expect(await right(heading)).toBeLessThanOrEqual(await right(details));
  await details.screenshot({ path: 'test-results/screens/channel-details-long-name.png' });

  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-invitations').click();
  const name = page.getByTestId(`invite-channel-${channel}`).locator('xpath=..').locator('span');
  await expect(name).toHaveAttribute('title', `#${channel}`);
  // The two columns share the row evenly: the long name does not widen Channels.
  const [channels, groups] = await page
    .getByTestId('invite-form')
    .locator('fieldset')
    .evaluateAll((sets) => sets.slice(0, 2).map((s) => s.getBoundingClientRect().width));
  expect(Math.abs(channels! - groups!)).toBeLessThan(2);
  await page.getByTestId('invite-form').screenshot({ path: 'test-results/screens/invite-long-channel.png' });
});
