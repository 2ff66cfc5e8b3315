import { expect, test, type ChatEnvironment } from './fixtures';
import { channelId } from './server-state';
import type { Page } from '@playwright/test';

// How message content looks: what a person writes, and the HTML the real service renders for it
// (put straight into the reference server's messages where it renders differently).

/** Sends a message to a new topic of #general as the admin; returns its ID and the topic. */
async function post(chat: ChatEnvironment, content: string, topic = `content ${Date.now()}`) {
  const { body } = await chat
    .api('admin')
    .post('/messages', { type: 'channel', to: 'general', topic, content });
  return { id: body.id as number, topic };
}

/** A message whose rendered content is `html`, as the real service would send it. */
async function postRendered(chat: ChatEnvironment, html: string) {
  const sent = await post(chat, 'rendered elsewhere');
  const message = chat.server.realm.messagesById.get(sent.id)!;
  message.rendered = { ...message.rendered!, epoch: chat.server.realm.renderEpoch, html };
  return sent;
}

async function openTopic(page: Page, topic: string) {
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  await expect(page.getByTestId('conversation-title')).toContainText(topic);
}

const KATEX_X_SQUARED =
  '<p>Area <span class="katex"><span class="katex-mathml"><math xmlns="http://www.w3.org/1998/Math/MathML"><semantics><mrow><msup><mi>x</mi><mn>2</mn></msup></mrow><annotation encoding="application/x-tex">x^2</annotation></semantics></math></span><span class="katex-html" aria-hidden="true"><span class="base"><span class="strut" style="height:0.8141em;"></span><span class="mord"><span class="mord mathnormal">x</span><span class="msupsub"><span class="vlist-t"><span class="vlist-r"><span class="vlist" style="height:0.8141em;"><span style="top:-3.063em;margin-right:0.05em;"><span class="pstrut" style="height:2.7em;"></span><span class="sizing reset-size6 size3 mtight"><span class="mord mtight">2</span></span></span></span></span></span></span></span></span></span></span> here</p>';

test('math from the real service (KaTeX) shows once, laid out by the browser, without its TeX source', async ({
  page,
  chat,
  signIn,
}) => {
  const { id, topic } = await postRendered(chat, KATEX_X_SQUARED);
  await signIn(page, 'member');
  await openTopic(page, topic);
  const content = page.getByTestId(`content-${id}`);
  await expect(content.locator('math')).toBeVisible();
  await expect(content.locator('.katex-html')).toBeHidden();
  // The text a reader sees (and copies): the formula once (one "2", not "x2" again beside it), no "x^2".
  const text = await content.evaluate((el) => (el as HTMLElement).innerText);
  expect(text).toMatch(/^Area .*2.* here$/su);
  expect(text.match(/2/g)).toHaveLength(1);
  expect(text).not.toContain('^');
  await page.screenshot({ path: 'test-results/screens/message-content.png' });
});

test('a message written in Hebrew reads right to left, its list and quote mirrored; one in English does not', async ({
  page,
  chat,
  signIn,
}) => {
  const topic = `right to left ${Date.now()}`;
  const hebrew = await post(chat, 'שלום לכולם, הפגישה נדחתה.\n\n* פריט ראשון\n\n> ציטוט', topic);
  const english = await post(chat, 'Hello all, the meeting moved.\n\n> a quote', topic);
  await signIn(page, 'member');
  await openTopic(page, topic);
  const direction = (id: number) =>
    page.getByTestId(`content-${id}`).evaluate((el) => {
      const side = (element: Element | null, property: 'border' | 'padding') => {
        if (!element) return null;
        const style = getComputedStyle(element);
        const right = property === 'border' ? style.borderRightWidth : style.paddingRight;
        return right !== '0px' ? 'right' : 'left';
      };
      return {
        text: getComputedStyle(el).direction,
        quoteRule: side(el.querySelector('blockquote'), 'border'),
        listIndent: side(el.querySelector('ul'), 'padding'),
      };
    });
  await expect(page.getByTestId(`content-${hebrew.id}`)).toBeVisible();
  expect(await direction(hebrew.id)).toEqual({ text: 'rtl', quoteRule: 'right', listIndent: 'right' });
  expect(await direction(english.id)).toEqual({ text: 'ltr', quoteRule: 'left', listIndent: null });
  // The paragraph ends at the right edge of the message, where a right-to-left reader starts.
  const paragraph = page.getByTestId(`content-${hebrew.id}`).locator('p').first();
  const [box, text] = await Promise.all([
    page.getByTestId(`content-${hebrew.id}`).boundingBox(),
    paragraph.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const rect = range.getBoundingClientRect();
      return { right: rect.right };
    }),
  ]);
  expect(Math.abs(box!.x + box!.width - text.right)).toBeLessThan(2);
});

test('a /me message shows its sender doing it, also once an edit makes it one', async ({
  page,
  chat,
  signIn,
}) => {
  const sender = chat.user('admin').full_name;
  const { id, topic } = await post(chat, '/me waves at everyone');
  const plain = await post(chat, 'waves, in plain words', topic);
  await signIn(page, 'member');
  await openTopic(page, topic);
  const content = page.getByTestId(`content-${id}`);
  await expect(content).toHaveText(`${sender} waves at everyone`);
  await expect(content.locator('.me-message-sender')).toHaveText(sender);

  const edited = page.getByTestId(`content-${plain.id}`);
  await expect(edited).toHaveText('waves, in plain words');
  await chat.api('admin').patch(`/messages/${plain.id}`, { content: '/me nods' });
  await expect(edited).toHaveText(`${sender} nods`);
});

test('a mention of a group the reader is in is marked as calling on them; a silent mention of them is not', async ({
  page,
  chat,
  signIn,
}) => {
  const reader = chat.user('member');
  const stamp = Date.now();
  const groups = { theirs: `reviewers ${stamp}`, others: `approvers ${stamp}` };
  const admin = chat.api('admin');
  await admin.post('/user_groups/create', {
    name: groups.theirs,
    description: 'R',
    members: [reader.user_id],
  });
  await admin.post('/user_groups/create', {
    name: groups.others,
    description: 'A',
    members: [chat.user('admin').user_id],
  });
  const { id, topic } = await post(
    chat,
    `@*${groups.theirs}* please look; @_**${reader.full_name}** knows, @*${groups.others}* may not`,
  );
  await signIn(page, 'member');
  await openTopic(page, topic);
  const content = page.getByTestId(`content-${id}`);
  const mention = (name: string) => content.locator('.user-group-mention', { hasText: name });
  await expect(mention(groups.theirs)).toHaveClass(/user-mention-me/);
  await expect(mention(groups.others)).not.toHaveClass(/user-mention-me/);
  await expect(content.locator('.user-mention.silent')).not.toHaveClass(/user-mention-me/);
});

test('mentions and channel links show the names of now: a person or a channel renamed since is shown by the new name', async ({
  page,
  chat,
  signIn,
}) => {
  const stamp = Date.now();
  const channel = `launch-${stamp}`;
  await chat.api('admin').post('/users/me/subscriptions', { subscriptions: [{ name: channel }] });
  const { id, topic } = await post(
    chat,
    `Ask @**Farid Haddad** in #**${channel}** or #**${channel}>plans**.`,
  );
  await signIn(page, 'member');
  await openTopic(page, topic);
  const content = page.getByTestId(`content-${id}`);
  await expect(content).toContainText(`Ask @Farid Haddad in #${channel} or #${channel} > plans.`);

  const farid = chat.api('farid@northwind.example');
  try {
    expect((await farid.patch('/settings', { full_name: 'Farid Al-Haddad' })).status).toBe(200);
    const streamId = await channelId(chat.api('admin'), channel);
    expect((await chat.api('admin').patch(`/streams/${streamId}`, { new_name: `${channel}-2` })).status).toBe(
      200,
    );
    // Live, from the events: the message itself was not edited.
    await expect(content).toContainText(`Ask @Farid Al-Haddad in #${channel}-2 or #${channel}-2 > plans.`);
    expect(chat.server.realm.messagesById.get(id)!.rendered!.html).toContain('@Farid Haddad');
    await page.screenshot({ path: 'test-results/screens/message-current-names.png' });
  } finally {
    await farid.patch('/settings', { full_name: 'Farid Haddad' });
  }
});
