import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// WCAG 2.1 A and AA, as far as axe-core can check them, on the screens a person uses all day: each
// screen is opened as a person would, then axe runs over the whole page. Serious and critical
// violations fail the test; each is printed with its rule, help text and the first elements.
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The serious and critical violations on the page as it is now, one readable line each. */
async function violations(page: Page, screen: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const targets = v.nodes.slice(0, 4).map((n) => n.target.join(' '));
      const more = v.nodes.length > 4 ? ` (+${v.nodes.length - 4} more)` : '';
      // What is wrong with the first element, e.g. the colours and the ratio it has.
      const why = v.nodes[0]?.failureSummary?.split('\n').slice(1).join(' ').trim() ?? '';
      return `${screen}: ${v.id} [${v.impact}] ${v.help}: ${targets.join(' | ')}${more}. ${why}`;
    });
}

/** Opens an overlay (`open`), checks it once `shown` is visible, and closes it with Esc. */
async function overlayViolations(
  page: Page,
  screen: string,
  open: () => Promise<void>,
  shown: string,
): Promise<string[]> {
  await open();
  await expect(page.getByTestId(shown)).toBeVisible();
  const found = await violations(page, screen);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId(shown)).toHaveCount(0);
  return found;
}

test('the chat shell, the home views, search, settings and dialogs meet WCAG 2.1 AA', async ({
  page,
  chat,
  signIn,
}) => {
  // A dozen axe audits of whole screens: about 40 s on a quiet machine, over a minute on a busy one.
  test.setTimeout(180_000);
  const found: string[] = [];
  // An administrator, who also sees the channel settings.
  const me = await signIn(page, 'admin');
  // A topic with what messages show: a mention of the reader, formatting, a link, a reaction.
  const topic = `accessibility ${Date.now()}`;
  const post = async (who: string, content: string) =>
    (await chat.api(who).post('/messages', { type: 'channel', to: 'engineering', topic, content })).body
      .id as number;
  await post(
    'member',
    `@**${me.full_name}** can you check **this**, \`the build\` and [the log](https://example.com)?`,
  );
  const mine = await post(me.email, 'Looking at it now.');
  await chat.api('member').post(`/messages/${mine}/reactions`, { emoji_name: 'octopus' });

  // A topic's messages: the feed, the compose box (with a draft in it) and both sidebars.
  await page.getByTestId('channel-engineering').click();
  await page.getByTestId(`topic-${topic}`).click();
  await expect(page.getByTestId('reaction-octopus')).toBeVisible();
  // The feed is announced by its name (axe leaves a label on a role-less element for review).
  await expect(page.getByRole('region', { name: 'Messages', exact: true })).toBeVisible();
  await page.getByTestId('compose-input').fill('A draft, kept for later.');
  await expect(page.getByTestId('drafts-count')).toBeVisible();
  found.push(...(await violations(page, 'topic')));
  await page.screenshot({ path: 'test-results/screens/accessibility-topic.png' });

  // On a message: its menu, the emoji picker and the edit dialog.
  await page.getByTestId(`message-${mine}`).hover();
  await page.getByTestId(`more-actions-${mine}`).click();
  await expect(page.getByRole('menu')).toBeVisible();
  found.push(...(await violations(page, 'message menu')));
  await page.keyboard.press('Escape');
  found.push(
    ...(await overlayViolations(
      page,
      'emoji picker',
      async () => {
        await page.getByTestId(`message-${mine}`).hover();
        await page.getByTestId(`add-reaction-${mine}`).click();
      },
      'emoji-picker',
    )),
  );
  found.push(
    ...(await overlayViolations(
      page,
      'edit message',
      async () => {
        await page.getByTestId(`message-${mine}`).hover();
        await page.getByTestId(`edit-${mine}`).click();
      },
      'edit-content',
    )),
  );

  await page.getByTestId('home-inbox').click();
  await expect(page.getByTestId('inbox-view')).toBeVisible();
  found.push(...(await violations(page, 'inbox')));

  await page.getByTestId('home-recent').click();
  await expect(page.getByTestId('recent-list')).toBeVisible();
  found.push(...(await violations(page, 'recent conversations')));

  const search = page.getByTestId('search-input');
  await search.fill('channel:general the');
  await search.press('Enter');
  await expect(page.getByTestId('conversation-title')).toContainText('channel:general');
  await expect(page.getByTestId('message-feed').locator('[data-testid^="message-"]').first()).toBeVisible();
  found.push(...(await violations(page, 'search results')));
  await page.screenshot({ path: 'test-results/screens/accessibility-search.png' });

  // Dialogs: a new direct message, and a channel's settings.
  found.push(
    ...(await overlayViolations(
      page,
      'new direct message',
      () => page.getByTestId('new-dm').click(),
      'user-search',
    )),
  );

  await page.getByTestId('channel-engineering').click();
  found.push(
    ...(await overlayViolations(
      page,
      'channel settings',
      () => page.getByTestId('open-channel-settings').click(),
      'channel-settings-dialog',
    )),
  );

  // Personal settings: its first page, and the drafts screen (with the draft left above).
  await page.getByTestId('open-settings').click();
  await expect(page.getByTestId('personal-settings')).toBeVisible();
  found.push(...(await violations(page, 'settings: personal')));
  await page.getByTestId('settings-nav-drafts').click();
  await expect(page.getByTestId('drafts-list')).toContainText('A draft, kept for later.');
  found.push(...(await violations(page, 'drafts')));

  // The dark theme (the organization's default scheme follows the system's): its own colours.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(27, 30, 36)');
  found.push(...(await violations(page, 'dark: drafts')));
  await page.keyboard.press('Escape');
  await page.getByTestId('channel-engineering').click();
  await page.getByTestId(`topic-${topic}`).click();
  await expect(page.getByTestId('reaction-octopus')).toBeVisible();
  found.push(...(await violations(page, 'dark: topic')));
  await page.screenshot({ path: 'test-results/screens/accessibility-topic-dark.png' });
  await page.getByTestId('home-inbox').click();
  await expect(page.getByTestId('inbox-view')).toBeVisible();
  found.push(...(await violations(page, 'dark: inbox')));

  expect(found, found.join('\n')).toEqual([]);
});

test('the sign-in screen meets WCAG 2.1 AA', async ({ page, chat }) => {
  await chat.signOutAll();
  await page.goto(chat.appUrl);
  await expect(page.getByTestId('sign-in')).toBeVisible();
  const found = await violations(page, 'sign-in');
  await page.getByTestId('server-url').fill(chat.server.url);
  await page.getByTestId('server-continue').click();
  await expect(page.getByTestId('realm-name')).toBeVisible();
  found.push(...(await violations(page, 'sign-in: methods')));
  expect(found, found.join('\n')).toEqual([]);
});
