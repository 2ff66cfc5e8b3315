import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { startHostProcess, startServerProcess, removeDir } from './lib/processes';
import { CHROMIUM_ARGS } from './run';
import { profiled } from './lib/profile';
import { revealChannel, clickUntil } from './scenarios/huge-probes';

const server = await startServerProcess('huge');
const ada = server.users.find((u) => u.email.startsWith('ada@'))!;
const host = await startHostProcess(server, { signIn: ada.email });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
try {
  await page.goto(host.url);
  await page.getByTestId('chat-shell').waitFor({ timeout: 120_000 });
  await page.waitForTimeout(3000);
  const names = (await page.evaluate(`[...document.querySelectorAll('[data-testid="channel-list"] button[data-testid^="channel-"]')].map(b => b.getAttribute('data-testid').slice(8)).slice(0, 8)`)) as string[];
  console.log(names);
  const visit = async () => {
    const out: number[] = [];
    for (const n of names) {
      await page.evaluate(revealChannel(n));
      const m = (await page.evaluate(clickUntil(`channel-${n}`, '[data-testid="conversation-title"]', null, 20000))) as { clickedAt: number; selectorPainted: number };
      await page.waitForTimeout(600);
      out.push(Math.round(m.selectorPainted - m.clickedAt));
    }
    return out;
  };
  console.log('cold', await visit());
  console.log('warm', await visit());
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  console.log('warm profiled', await visit());
  const { profile } = await cdp.send('Profiler.stop');
  writeFileSync('/tmp/hugex/prof.json', JSON.stringify(profile));
} finally {
  await browser.close();
  await host.close();
  removeDir(host.dataDir);
  await server.close();
}
