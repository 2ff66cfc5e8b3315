import type { Page } from '@playwright/test';
import { expect, test, type ChatEnvironment } from './fixtures';
import { addDemoAccount, switchToAccount } from './accounts';
import { newestContents } from './server-state';
import { makePng } from '../support/png';

// Files: attaching by button, paste and drag-and-drop, each with its progress and the link put in
// the compose box; image previews loaded through main (the page never holds a key); the lightbox;
// downloads; the organization's size limit.
test.describe.configure({ mode: 'serial' });
test.use({ chatSetup: { behindProxy: true, maxFileUploadSizeMib: 1 } });

const UPLOAD_LINK = /\[([^\]]+)\]\((\/user_uploads\/[^)]+)\)/g;

async function openTopic(page: Page) {
  await page.getByTestId('channel-engineering').click();
  await page.getByTestId('topic-deploy pipeline').click();
  await expect(page.getByTestId('conversation-title')).toContainText('deploy pipeline');
  // Its messages in: the feed, where files are dropped, is drawn once they are (a title comes first).
  await expect(page.getByTestId('message-feed')).toBeVisible();
}

/** The keys of the organization, and their Basic-auth forms, must appear nowhere in the page. */
async function expectNoKeyInPage(page: Page, chat: ChatEnvironment) {
  const html = await page.content();
  const images = await page
    .locator('img')
    .evaluateAll((all) => all.map((img) => (img as HTMLImageElement).src));
  const text = html + images.join('\n');
  for (const user of chat.users) {
    expect(text.includes(user.api_key), `${user.email}'s key in the page`).toBe(false);
    expect(text.includes(Buffer.from(`${user.email}:${user.api_key}`).toString('base64'))).toBe(false);
  }
}

/** Dispatches a synthetic event carrying files in a DataTransfer, as a paste or a drop does. */
async function dispatchWithFiles(
  page: Page,
  selector: string,
  kind: 'paste' | 'drop',
  files: { name: string; type: string; base64: string }[],
) {
  await page.evaluate(
    ({ selector, kind, files }) => {
      const transfer = new DataTransfer();
      for (const file of files) {
        const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
        transfer.items.add(new File([bytes], file.name, { type: file.type }));
      }
      const target = document.querySelector(selector)!;
      if (kind === 'paste') {
        target.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
        );
        return;
      }
      for (const type of ['dragenter', 'dragover', 'drop'])
        target.dispatchEvent(
          new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }),
        );
    },
    { selector, kind, files },
  );
}

const png = (w: number, h: number, rgb: [number, number, number]) => makePng(w, h, rgb).toString('base64');

test('attaches files with the button: progress per file, links at the cursor, previews from main', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  await signIn(page, 'member');
  await openTopic(page);
  const input = page.getByTestId('compose-input');
  await input.fill('Before  after');
  // The cursor between the two spaces: the links go there.
  await input.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(7, 7));

  // The server takes its time answering: the progress shows meanwhile.
  faultProxy.setRule(({ method, path }) =>
    method === 'POST' && path.endsWith('/user_uploads') ? { kind: 'delay', ms: 1500 } : null,
  );
  await page.getByTestId('compose-file-input').setInputFiles([
    { name: 'leaf.png', mimeType: 'image/png', buffer: makePng(480, 320, [60, 150, 90]) },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('quarterly notes\n') },
  ]);
  await expect(page.getByTestId('upload-progress')).toHaveCount(2);
  await expect(input).toHaveValue('Before [Uploading leaf.png…]() [Uploading notes.txt…]() after');
  // Both files are on their way at once, but the server has not answered: no bar says it is done.
  for (const bar of await page.getByTestId('upload-progress-bar').all())
    await expect(bar).not.toHaveAttribute('value');
  await expect(page.getByTestId('upload-progress-text')).toHaveText([
    /^Uploading .+ KiB…$/,
    /^Uploading 16 B…$/,
  ]);
  await page.getByTestId('compose').screenshot({ path: 'test-results/screens/files-compose-progress.png' });

  await expect(page.getByTestId('upload-progress')).toHaveCount(0);
  faultProxy.setRule(null);
  const value = await input.inputValue();
  expect(value).toMatch(
    /^Before \[leaf\.png\]\(\/user_uploads\/[^)]+\/leaf\.png\) \[notes\.txt\]\(\/user_uploads\/[^)]+\/notes\.txt\) after$/,
  );
  await page.getByTestId('compose-send').click();
  await expect(input).toHaveValue('');

  // The box empties as the message goes to the outbox; the server has it a moment later.
  await expect
    .poll(async () => (await newestContents(chat.api('member'), 'engineering', 'deploy pipeline', 1))[0])
    .toBe(value);

  // The preview: sized before it loads, loaded through the host's route, decoded.
  const preview = page.getByTestId('message-feed').locator('.message_inline_image img').last();
  await expect(preview).toBeVisible();
  await expect(preview).toHaveAttribute('width', '320');
  await expect(preview).toHaveAttribute('height', '213');
  expect(await preview.getAttribute('src')).toMatch(
    /^\/account-files\/[0-9a-f-]+\/user_uploads\/.+\/leaf\.png$/,
  );
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
  await page
    .getByTestId('message-feed')
    .screenshot({ path: 'test-results/screens/files-inline-preview.png' });
  await chat.api('member').patch('/settings', { color_scheme: 2 });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page
    .getByTestId('message-feed')
    .screenshot({ path: 'test-results/screens/files-inline-preview-dark.png' });
  await chat.api('member').patch('/settings', { color_scheme: 1 });
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', 'dark');
  await expectNoKeyInPage(page, chat);

  // Without the page's cookie the route refuses, so another page on this machine cannot read files.
  const src = (await preview.getAttribute('src'))!;
  expect((await fetch(chat.host.origin + src)).status).toBe(403);
});

test('pastes an image from the clipboard', async ({ page, chat, signIn }) => {
  await signIn(page, 'member');
  await openTopic(page);
  const input = page.getByTestId('compose-input');
  await input.fill('Pasted: ');
  await dispatchWithFiles(page, '[data-testid="compose-input"]', 'paste', [
    { name: 'image.png', type: 'image/png', base64: png(200, 120, [200, 80, 60]) },
  ]);
  await expect(input).toHaveValue(/^Pasted: \[image\.png\]\(\/user_uploads\/[^)]+\/image\.png\)$/);
  await page.getByTestId('compose-send').click();
  const preview = page.getByTestId('message-feed').locator('.message_inline_image img').last();
  await expect(preview).toHaveAttribute('width', '200');
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(200);
  // The text typed before the paste was kept as a draft on the server; sent, that draft goes (else
  // the next test's box in this topic, or another device, would get the sent text back).
  const draftsTyped = async () =>
    ((await chat.api('member').get('/drafts')).body.drafts as { content: string }[]).filter((draft) =>
      draft.content.startsWith('Pasted:'),
    );
  await expect.poll(draftsTyped).toEqual([]);
});

test('drops files onto the feed', async ({ page, signIn }) => {
  await signIn(page, 'member');
  await openTopic(page);
  const input = page.getByTestId('compose-input');
  await dispatchWithFiles(page, '[data-testid="message-feed"]', 'drop', [
    { name: 'dropped.png', type: 'image/png', base64: png(90, 90, [90, 90, 220]) },
    { name: 'plan.txt', type: 'text/plain', base64: Buffer.from('the plan').toString('base64') },
  ]);
  await expect(input).toHaveValue(
    /^\[dropped\.png\]\(\/user_uploads\/[^)]+\/dropped\.png\) \[plan\.txt\]\(\/user_uploads\/[^)]+\/plan\.txt\)$/,
  );
  const links = [...(await input.inputValue()).matchAll(UPLOAD_LINK)].map((match) => match[1]);
  expect(links).toEqual(['dropped.png', 'plan.txt']);
  await page.getByTestId('compose-send').click();
  await expect(input).toHaveValue('');
});

test('refuses a file over the organization’s limit, naming it, and sends nothing', async ({
  page,
  signIn,
  faultProxy,
}) => {
  await signIn(page, 'member');
  await openTopic(page);
  const before = faultProxy.requests.filter((r) => r.path.endsWith('/user_uploads')).length;
  await page.getByTestId('compose-file-input').setInputFiles({
    name: 'movie.bin',
    mimeType: 'application/octet-stream',
    buffer: Buffer.alloc(1536 * 1024, 7),
  });
  await expect(page.getByTestId('upload-error-text')).toHaveText(
    '“movie.bin” is 1.5 MiB: this organization accepts files up to 1 MiB.',
  );
  await expect(page.getByTestId('compose-input')).toHaveValue('');
  expect(faultProxy.requests.filter((r) => r.path.endsWith('/user_uploads')).length).toBe(before);
  // Dismissed from the keyboard, the notice hands the focus to the message it was for.
  await page.getByTestId('upload-dismiss').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('upload-error')).toHaveCount(0);
  await expect(page.getByTestId('compose-input')).toBeFocused();
});

test('an upload the server refuses is named in the error, so it is known which of several failed', async ({
  page,
  signIn,
  faultProxy,
}) => {
  await signIn(page, 'member');
  await openTopic(page);
  faultProxy.setRule((request) =>
    request.path.endsWith('/user_uploads')
      ? {
          kind: 'status',
          status: 400,
          body: '{"result":"error","msg":"Uploads are turned off here.","code":"BAD_REQUEST"}',
        }
      : null,
  );
  try {
    await page.getByTestId('compose-file-input').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('a few notes'),
    });
    await expect(page.getByTestId('upload-error-text')).toHaveText(
      /^“notes\.txt” was not uploaded: Uploads are turned off here\.?$/,
    );
    await expect(page.getByTestId('compose-input')).toHaveValue('');
  } finally {
    faultProxy.setRule(null);
  }
});

test('cancels an upload in progress: its placeholder goes away', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  await signIn(page, 'member');
  await openTopic(page);
  const attachments = chat.server.realm.attachments.size;
  faultProxy.setRule(({ method, path }) =>
    method === 'POST' && path.endsWith('/user_uploads') ? { kind: 'hang' } : null,
  );
  try {
    await page.getByTestId('compose-file-input').setInputFiles({
      name: 'slow.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('slow'),
    });
    await expect(page.getByTestId('compose-input')).toHaveValue('[Uploading slow.txt…]()');
    await page.getByTestId('upload-cancel').click();
    await expect(page.getByTestId('upload-progress')).toHaveCount(0);
    await expect(page.getByTestId('compose-input')).toHaveValue('');
    await expect(page.getByTestId('upload-error')).toHaveCount(0);
  } finally {
    faultProxy.setRule(null);
    faultProxy.releaseHeld();
  }
  expect(chat.server.realm.attachments.size).toBe(attachments);
});

test('a cancel while the server answers deletes the file it stored anyway', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  await signIn(page, 'member');
  await openTopic(page);
  const attachments = chat.server.realm.attachments.size;
  faultProxy.next({ kind: 'holdAnswer' }, '/user_uploads');
  await page.getByTestId('compose-file-input').setInputFiles({
    name: 'late.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('cancelled too late'),
  });
  await expect.poll(() => chat.server.realm.attachments.size).toBe(attachments + 1);
  await page.getByTestId('upload-cancel').click();
  await expect(page.getByTestId('compose-input')).toHaveValue('');
  faultProxy.releaseAnswers();
  await expect.poll(() => chat.server.realm.attachments.size).toBe(attachments);
  const { body } = await chat.api('member').get('/attachments');
  expect((body.attachments as { name: string }[]).map((a) => a.name)).not.toContain('late.txt');
  await expect(page.getByTestId('upload-error')).toHaveCount(0);
});

test('an upload finishing in another conversation puts its link in that draft once', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  await signIn(page, 'member');
  await page.getByTestId('channel-engineering').click();
  await page.getByTestId('topic-incident 42').click();
  const input = page.getByTestId('compose-input');
  await input.fill('draft F ');
  const attachments = chat.server.realm.attachments.size;
  faultProxy.next({ kind: 'holdAnswer' }, '/user_uploads');
  await page.getByTestId('compose-file-input').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('incident notes'),
  });
  await expect(input).toHaveValue('draft F [Uploading notes.txt…]()');
  await expect.poll(() => chat.server.realm.attachments.size).toBe(attachments + 1);
  await page.getByTestId('topic-database migration').click();
  await expect(page.getByTestId('conversation-title')).toContainText('database migration');
  faultProxy.releaseAnswers();

  // The saved draft follows, so it cannot come back beside the text with the link.
  const link = /^draft F \[notes\.txt\]\(\/user_uploads\/[^)]+\/notes\.txt\)$/;
  const savedDraft = async () => {
    const { body } = await chat.api('member').get('/drafts');
    return (body.drafts as { topic: string; content: string }[]).find((d) => d.topic === 'incident 42')
      ?.content;
  };
  await expect.poll(savedDraft).toMatch(link);
  await page.getByTestId('topic-incident 42').click();
  await expect(input).toHaveValue(link);
  await page.getByTestId('compose-send').click();
  await expect(input).toHaveValue('');
  const [sent] = await newestContents(chat.api('member'), 'engineering', 'incident 42', 1);
  expect(sent).toMatch(link);
});

test('an upload going on while another account is open is still shown, and waited for, on return', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  const member = await signIn(page, 'member');
  await openTopic(page);
  const input = page.getByTestId('compose-input');
  await input.fill('Log: ');
  const attachments = chat.server.realm.attachments.size;
  faultProxy.next({ kind: 'holdAnswer' }, '/user_uploads');
  await page.getByTestId('compose-file-input').setInputFiles({
    name: 'switch.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('uploaded across a switch'),
  });
  await expect(input).toHaveValue('Log: [Uploading switch.txt…]()');
  await expect.poll(() => chat.server.realm.attachments.size).toBe(attachments + 1);

  // Another account for a moment, then back while the server still holds the answer.
  await addDemoAccount(page, chat.user('moderator').email);
  await switchToAccount(page, member.email);

  await expect(input).toHaveValue('Log: [Uploading switch.txt…]()');
  await expect(page.getByTestId('upload-progress')).toHaveCount(1);
  // Send waits for the file rather than sending its placeholder.
  await page.getByTestId('compose-send').click();
  await expect(page.getByTestId('compose-uploading')).toContainText('switch.txt is still uploading');
  faultProxy.releaseAnswers();
  const link = /^Log: \[switch\.txt\]\(\/user_uploads\/[^)]+\/switch\.txt\)$/;
  await expect(input).toHaveValue(link);
  await expect(page.getByTestId('upload-progress')).toHaveCount(0);
  await page.getByTestId('compose-send').click();
  await expect(input).toHaveValue('');
  const [sent] = await newestContents(chat.api('member'), 'engineering', 'deploy pipeline', 1);
  expect(sent).toMatch(link);
});

test('an upload finishing while another account is open puts its link in that account’s draft once', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  const member = await signIn(page, 'member');
  const moderator = chat.user('moderator');
  await openTopic(page);
  const input = page.getByTestId('compose-input');
  await input.fill('Away: ');
  const attachments = chat.server.realm.attachments.size;
  faultProxy.next({ kind: 'holdAnswer' }, '/user_uploads');
  await page.getByTestId('compose-file-input').setInputFiles({
    name: 'away.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('finished elsewhere'),
  });
  await expect(input).toHaveValue('Away: [Uploading away.txt…]()');
  await expect.poll(() => chat.server.realm.attachments.size).toBe(attachments + 1);

  await addDemoAccount(page, moderator.email);
  await expect(page.getByTestId('chat-shell')).toBeVisible();
  faultProxy.releaseAnswers();
  // The member's draft kept on this computer takes the link while the moderator is on screen.
  const storedTexts = () => page.evaluate(() => Object.values(localStorage).join('\n'));
  await expect.poll(storedTexts).toMatch(/Away: \[away\.txt\]\(\/user_uploads\//);

  await switchToAccount(page, member.email);
  const link = /^Away: \[away\.txt\]\(\/user_uploads\/[^)]+\/away\.txt\)$/;
  await expect(input).toHaveValue(link);
  await expect(page.getByTestId('upload-progress')).toHaveCount(0);
  await page.getByTestId('compose-send').click();
  await expect(input).toHaveValue('');
  const [sent] = await newestContents(chat.api('member'), 'engineering', 'deploy pipeline', 1);
  expect(sent).toMatch(link);
});

test('pastes and drops files into the Edit message box: the links go into the edit', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  const me = await signIn(page, 'member');
  const sent = await chat.api(me.email).post('/messages', {
    type: 'channel',
    to: 'engineering',
    topic: 'incident 42',
    content: 'Screenshot:',
  });
  const id = sent.body.id as number;
  await page.getByTestId('channel-engineering').click();
  await page.getByTestId('topic-incident 42').click();
  await page.getByTestId(`message-${id}`).hover();
  await page.getByTestId(`edit-${id}`).click();
  const content = page.getByTestId('edit-content');
  await expect(content).toHaveValue('Screenshot:');

  faultProxy.next({ kind: 'holdAnswer' }, '/user_uploads');
  await dispatchWithFiles(page, '[data-testid="edit-content"]', 'paste', [
    { name: 'screen.png', type: 'image/png', base64: png(120, 80, [40, 120, 200]) },
  ]);
  const dialog = page.getByTestId('edit-message-dialog');
  await expect(content).toHaveValue('Screenshot: [Uploading screen.png…]()');
  await expect(dialog.getByTestId('upload-progress')).toHaveCount(1);
  // Saved now, the message would keep the placeholder.
  await expect(page.getByTestId('edit-save')).toBeDisabled();
  await dialog.screenshot({ path: 'test-results/screens/files-edit-upload.png' });
  faultProxy.releaseAnswers();
  await expect(content).toHaveValue(/^Screenshot: \[screen\.png\]\(\/user_uploads\/[^)]+\/screen\.png\)$/);
  await expect(dialog.getByTestId('upload-progress')).toHaveCount(0);
  // Dropped files land at the cursor, as in the compose box.
  await content.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(el.value.length, el.value.length));
  await dispatchWithFiles(page, '[data-testid="edit-content"]', 'drop', [
    { name: 'log.txt', type: 'text/plain', base64: Buffer.from('the log').toString('base64') },
  ]);
  await expect(content).toHaveValue(/\) \[log\.txt\]\(\/user_uploads\/[^)]+\/log\.txt\)$/);
  const edited = await content.inputValue();
  // The compose box was left alone.
  await expect(page.getByTestId('compose-input')).toHaveValue('');
  await page.getByTestId('edit-save').click();
  await expect(dialog).toHaveCount(0);
  const { body } = await chat.api(me.email).get(`/messages/${id}`, { apply_markdown: false });
  expect((body.message as { content: string }).content).toBe(edited);
  await expect(page.getByTestId(`content-${id}`).locator('.message_inline_image img')).toHaveCount(1);
});

test('an Edit message dialog closed by a switch of accounts cancels its uploads', async ({
  page,
  chat,
  signIn,
  faultProxy,
}) => {
  const me = await signIn(page, 'member');
  const { core } = chat.host;
  const memberId = core.vault.activeId!;
  const other = await core.addDemo(chat.user('moderator').email);
  if (!other.ok) throw new Error('the second account was not added');
  await core.switchTo(memberId);
  await expect(page.getByTestId('account-switcher')).toHaveText(me.email);
  const sent = await chat.api(me.email).post('/messages', {
    type: 'channel',
    to: 'engineering',
    topic: 'incident 43',
    content: 'Trace:',
  });
  const id = sent.body.id as number;
  await page.getByTestId('channel-engineering').click();
  await page.getByTestId('topic-incident 43').click();
  await page.getByTestId(`message-${id}`).hover();
  await page.getByTestId(`edit-${id}`).click();
  await expect(page.getByTestId('edit-content')).toHaveValue('Trace:');

  const attachments = chat.server.realm.attachments.size;
  faultProxy.next({ kind: 'holdAnswer' }, '/user_uploads');
  await dispatchWithFiles(page, '[data-testid="edit-content"]', 'paste', [
    { name: 'trace.png', type: 'image/png', base64: png(60, 40, [200, 40, 40]) },
  ]);
  await expect(page.getByTestId('edit-message-dialog').getByTestId('upload-progress')).toHaveCount(1);
  await expect.poll(() => chat.server.realm.attachments.size).toBe(attachments + 1);

  // Main makes the other account active (as a notification's click does): the dialog goes with it.
  await core.switchTo(other.value.id);
  await expect(page.getByTestId('account-switcher')).toHaveText(chat.user('moderator').email);
  await expect(page.getByTestId('edit-message-dialog')).toHaveCount(0);
  // Cancelled after the server had the whole file: main deletes what its answer names.
  faultProxy.releaseAnswers();
  await expect.poll(() => chat.server.realm.attachments.size).toBe(attachments);
});

test('the lightbox: opens on a preview, arrows move, Esc closes; other files download', async ({
  page,
  chat,
  signIn,
}) => {
  await signIn(page, 'member');
  await openTopic(page);
  const previews = page.getByTestId('message-feed').locator('.message_inline_image a');
  await expect(previews).toHaveCount(3);
  await previews.nth(0).click();
  const lightbox = page.getByTestId('lightbox');
  await expect(lightbox).toBeVisible();
  await expect(page.getByTestId('lightbox-caption')).toHaveText('leaf.png');
  await expect
    .poll(() => page.getByTestId('lightbox-image').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(480);
  await page.screenshot({ path: 'test-results/screens/files-lightbox.png' });
  await chat.api('member').patch('/settings', { color_scheme: 2 });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.screenshot({ path: 'test-results/screens/files-lightbox-dark.png' });
  await chat.api('member').patch('/settings', { color_scheme: 1 });
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('lightbox-caption')).toHaveText('image.png');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('lightbox-caption')).toHaveText('dropped.png');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('lightbox-caption')).toHaveText('image.png');
  await page.keyboard.press('Escape');
  await expect(lightbox).toHaveCount(0);
  // Esc closed only the lightbox: the conversation is still open.
  await expect(page.getByTestId('conversation-title')).toContainText('deploy pipeline');

  // A file that is not an image is saved, through the host, as the browser's own download.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('message-feed').getByRole('link', { name: 'plan.txt' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('plan.txt');
  const path = await download.path();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(path, 'utf8')).toBe('the plan');
  await expectNoKeyInPage(page, chat);
});
