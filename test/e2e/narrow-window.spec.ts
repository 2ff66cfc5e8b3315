import { expect, test } from './fixtures';

// The desktop window may be made as narrow as 720 px (electron/main.ts minWidth): nothing scrolls
// sideways, the top bar's buttons keep their labels on one line, and the details pane (where the
// channel settings are) stays.
for (const width of [720, 900]) {
  test(`at ${width} px wide the window fits: no sideways scrolling, one-line buttons`, async ({
    page,
    signIn,
  }) => {
    await signIn(page, 'admin');
    await page.setViewportSize({ width, height: 700 });
    await page.getByTestId('channel-general').click();
    await expect(page.getByTestId('open-channel-settings')).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const lines = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.topbar-actions .btn')].map((button) => {
        const style = getComputedStyle(button);
        const lineHeight = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
        const text = button.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
        return Math.round(text / lineHeight);
      }),
    );
    expect(Math.max(...lines)).toBe(1);
    // The compose box's formatting buttons wrap instead of being cut off.
    const clipped = await page.evaluate(() => {
      const compose = document.querySelector('.compose-modebar')?.getBoundingClientRect();
      if (!compose) return ['no compose box'];
      return [...document.querySelectorAll<HTMLElement>('.compose-modebar button')]
        .filter((b) => b.getBoundingClientRect().right > compose.right + 1)
        .map((b) => b.getAttribute('aria-label') ?? b.textContent ?? '');
    });
    expect(clipped).toEqual([]);
    // The account button is shortened, its full address in its tooltip.
    await expect(page.getByTestId('account-switcher')).toHaveAttribute('title', /@/);
    await page.screenshot({ path: `test-results/screens/narrow-${width}.png` });
  });
}

test('a long channel name and a long topic are cut apart in the conversation header: both stay seen, and its tooltip has them whole', async ({
  page,
  chat,
  signIn,
}) => {
  const channel = `platform-reliability-and-observability-wg-${Date.now()}`;
  const topic = 'Quarterly planning review for the infrastructure migration';
  await chat.api('owner').post('/users/me/subscriptions', { subscriptions: [{ name: channel }] });
  await chat
    .api('owner')
    .post('/messages', { type: 'channel', to: channel, topic, content: 'Agenda below.' });
  await signIn(page, 'owner');
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.getByTestId(`channel-${channel}`).click();
  await page.getByTestId(`topic-${topic}`).click();
  const title = page.getByTestId('conversation-title');
  await expect(title).toHaveText(`# ${channel} › ${topic}`);
  await expect(title).toHaveAttribute('title', `# ${channel} › ${topic}`);
  const widths = await title
    .locator('.title-part')
    .evaluateAll((parts) => parts.map((part) => [part.clientWidth, part.scrollWidth]));
  expect(widths).toHaveLength(2);
  // Both are cut, and each keeps a good part of the header.
  for (const [shown, whole] of widths) {
    expect(shown).toBeLessThan(whole!);
    expect(shown).toBeGreaterThan(150);
  }
  await page.screenshot({ path: 'test-results/screens/long-channel-header.png' });

  // A direct message's header names the people in its tooltip too.
  await page.getByTestId('dm-list').getByRole('button').first().click();
  await expect(title).toHaveAttribute('title', (await title.textContent())!);
});

test('a window docked to half a laptop screen (700 px) leaves the messages half of it, and the side panes keep their contents inside', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'admin');
  await page.setViewportSize({ width: 700, height: 800 });
  await page.getByTestId('channel-general').click();
  await expect(page.getByTestId('open-channel-settings')).toBeInViewport();
  // The side panes took 430 px of it, the messages 270.
  const centre = await page.locator('.pane-center').evaluate((el) => el.clientWidth);
  expect(centre).toBeGreaterThanOrEqual(330);
  // Nothing in the narrower panes is cut at their edge: the channel list's buttons, the channel's facts.
  const cut = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.pane-left, .pane-right')].flatMap((pane) => {
      const edge = pane.getBoundingClientRect();
      return [...pane.querySelectorAll<HTMLElement>('.sidebar-header button, .facts dd')]
        .filter(
          (el) => el.getBoundingClientRect().right > edge.right + 1 || el.scrollWidth > el.clientWidth + 1,
        )
        .map((el) => el.textContent ?? '');
    }),
  );
  expect(cut).toEqual([]);
  await page.screenshot({ path: 'test-results/screens/narrow-700.png' });
});

test('a short channel name stays whole beside a long topic in the conversation header; the topic is cut', async ({
  page,
  chat,
  signIn,
}) => {
  const topic = `Quarterly planning review, infrastructure migration ${Date.now() % 100000}`;
  await chat.api('owner').post('/messages', { type: 'channel', to: 'general', topic, content: 'Agenda.' });
  await signIn(page, 'owner');
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  const title = page.getByTestId('conversation-title');
  await expect(title).toHaveText(`# general › ${topic}`);
  const [channel, topicPart] = await title
    .locator('.title-part')
    .evaluateAll((parts) => parts.map((part) => [part.clientWidth, part.scrollWidth]));
  expect(channel![0]).toBeGreaterThanOrEqual(channel![1]!);
  expect(topicPart![0]).toBeLessThan(topicPart![1]!);
  await page.screenshot({ path: 'test-results/screens/short-channel-header.png' });
});
