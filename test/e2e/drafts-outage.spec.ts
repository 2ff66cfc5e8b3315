import type { Page } from '@playwright/test';
import { expect, test, type ChatEnvironment } from './fixtures';

// Drafts across an outage: a save whose answer the outage swallowed is not made twice, drafts whose
// compose box was closed reach the server once it is back, and a restored draft stays one draft.
test.use({ chatSetup: { behindProxy: true } });

interface Draft {
  id: number;
  topic: string;
  content: string;
}

async function serverDraftsFor(chat: ChatEnvironment, who: string, topic: string): Promise<Draft[]> {
  const { body } = await chat.api(who).get('/drafts');
  return (body.drafts as Draft[]).filter((d) => d.topic === topic);
}

async function openDrafts(page: Page) {
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-drafts').click();
  await expect(page.getByTestId('drafts-screen')).toBeVisible();
}

test('a draft saved as the connection died is one draft after the outage, and stays one when restored and edited', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  const me = await signIn(page, 'member');
  const topic = `draft outage ${Date.now()}`;
  await chat.api('admin').post('/messages', { type: 'channel', to: 'general', topic, content: 'Hello' });
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();

  // The save reaches the server, but its answer is held back, and the connection dies meanwhile.
  faultProxy.next({ kind: 'delay', ms: 3000 }, '/drafts');
  await page.getByTestId('compose-input').fill('Typed as the line went down');
  await expect
    .poll(() => faultProxy.requests.some((r) => r.method === 'POST' && r.path.endsWith('/drafts')))
    .toBe(true);
  await expect.poll(async () => (await serverDraftsFor(chat, me.email, topic)).length).toBe(1);
  await faultProxy.down();
  await expect(page.getByTestId('connection-banner')).toContainText(/reach the server/i);

  // More typing during the outage, then the person moves on to another conversation.
  await page.getByTestId('compose-input').fill('Typed as the line went down, and more while it was down');
  await page.waitForTimeout(1200);
  await page.getByTestId('topic-welcome').click();
  await expect(page.getByTestId('conversation-title')).toContainText('welcome');

  await faultProxy.up();
  await expect(page.getByTestId('connection-banner')).toHaveCount(0);
  // The box is closed, yet the newest text reaches the server, in the one draft it already had.
  await expect
    .poll(async () => (await serverDraftsFor(chat, me.email, topic)).map((d) => d.content))
    .toEqual(['Typed as the line went down, and more while it was down']);
  const [kept] = await serverDraftsFor(chat, me.email, topic);

  await openDrafts(page);
  const rows = page.getByTestId('drafts-list').locator('li', { hasText: topic });
  await expect(rows).toHaveCount(1);
  await expect(rows).not.toContainText('on this computer');
  await page.screenshot({ path: 'test-results/screens/drafts-outage.png' });

  // Restored, then edited: the same server draft changes.
  await rows.getByTestId('draft-restore').click();
  await expect(page.getByTestId('compose-input')).toHaveValue(
    'Typed as the line went down, and more while it was down',
  );
  await page.getByTestId('compose-input').press('End');
  await page.getByTestId('compose-input').pressSequentially(' Restored and edited.');
  await expect
    .poll(async () => (await serverDraftsFor(chat, me.email, topic)).map((d) => [d.id, d.content]))
    .toEqual([[kept!.id, 'Typed as the line went down, and more while it was down Restored and edited.']]);
  await openDrafts(page);
  await expect(page.getByTestId('drafts-list').locator('li', { hasText: topic })).toHaveCount(1);
});
