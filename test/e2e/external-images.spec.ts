import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import { expect, test, type ChatEnvironment } from './fixtures';

// Privacy (issue 17 part 3): an image in a message that points at another host is not fetched when
// the conversation opens. Two local "third parties" count what reaches them: a plain-http tracking
// pixel (never loaded, even after a click) and an https host, of which only connection attempts are
// counted (nothing here can present a certificate Chromium trusts; a TCP connection is already the
// leak). The server's own images keep loading.
test.describe.configure({ mode: 'serial' });

let pixelHits: string[] = [];
let httpsConnections = 0;
let pixelHost: HttpServer;
let httpsHost: TcpServer;
let pixelPort = 0;
let httpsPort = 0;

test.beforeAll(async () => {
  pixelHost = createHttpServer((request, response) => {
    pixelHits.push(request.url ?? '');
    response
      .writeHead(200, { 'Content-Type': 'image/gif' })
      .end(Buffer.from('R0lGODlhAQABAAAAACw=', 'base64'));
  });
  httpsHost = createTcpServer((socket) => {
    httpsConnections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => pixelHost.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => httpsHost.listen(0, '127.0.0.1', resolve));
  pixelPort = (pixelHost.address() as { port: number }).port;
  httpsPort = (httpsHost.address() as { port: number }).port;
});

test.afterAll(async () => {
  pixelHost.closeAllConnections();
  await new Promise((resolve) => pixelHost.close(resolve));
  await new Promise((resolve) => httpsHost.close(resolve));
});

/** A message with a tracking pixel, an image on an https host and a custom emoji, in its own topic. */
async function postImages(chat: ChatEnvironment, topic: string): Promise<void> {
  const sent = await chat.api('member').post('/messages', {
    type: 'stream',
    to: 'general',
    topic,
    content:
      `Quarterly numbers ![pixel](http://127.0.0.1:${pixelPort}/pixel.gif?reader=everyone) ` +
      `and the chart ![chart](https://localhost:${httpsPort}/chart.png) :northwind:`,
  });
  expect(sent.status).toBe(200);
}

test('a tracking pixel in a message reaches nobody when the conversation opens', async ({
  page,
  chat,
  signIn,
}) => {
  await postImages(chat, 'pixels');
  pixelHits = [];
  httpsConnections = 0;

  await signIn(page, 'admin');
  await page.getByTestId('channel-general').click();
  await page.getByTestId('topic-pixels').click();
  const feed = page.getByTestId('message-feed');
  await expect(feed.getByText('Quarterly numbers')).toBeVisible();
  const load = feed.getByRole('button', { name: `Load image “chart” from localhost:${httpsPort}` });
  await expect(load).toBeVisible();
  await expect(feed.getByText(`Image “pixel” from 127.0.0.1:${pixelPort} not loaded`)).toBeVisible();

  // The server's own image (a custom emoji) loads as before.
  const emoji = feed.locator('img.emoji');
  await expect(emoji).toHaveCount(1);
  await expect
    .poll(() => emoji.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  await page.screenshot({ path: 'test-results/screens/external-images.png' });
  // Long enough for any eager or lazy load of either image to have started.
  await page.waitForTimeout(1000);
  expect(pixelHits).toEqual([]);
  expect(httpsConnections).toBe(0);

  // A click loads the https image (here: connects to its host); the plain-http pixel never loads.
  await load.click();
  await expect(feed.locator(`img[src="https://localhost:${httpsPort}/chart.png"]`)).toHaveAttribute(
    'referrerpolicy',
    'no-referrer',
  );
  await expect.poll(() => httpsConnections).toBeGreaterThan(0);
  expect(pixelHits).toEqual([]);
});

test('the “always show images from other sites” preference loads https images, never http', async ({
  page,
  chat,
  signIn,
}) => {
  await postImages(chat, 'pixels, always shown');
  await signIn(page, 'admin');
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-personal').click();
  await page.getByTestId('load-external-images').check();
  await page.getByTestId('settings-close').click();
  httpsConnections = 0;
  await page.getByTestId('channel-general').click();
  await page.getByTestId('topic-pixels, always shown').click();
  await expect(page.getByTestId('message-feed').getByText('Quarterly numbers')).toBeVisible();
  await expect.poll(() => httpsConnections).toBeGreaterThan(0);
  await page.waitForTimeout(500);
  expect(pixelHits).toEqual([]);
  // The preference belongs to this computer: it survives a reload.
  await page.reload();
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-personal').click();
  await expect(page.getByTestId('load-external-images')).toBeChecked();
});
