/**
 * Page scripts of the huge-organization scenario (plain JavaScript strings, as bench/lib/probes.ts
 * explains). Times are `performance.timeOrigin + performance.now()`, the page clock.
 */
import { AFTER_PAINT, CLOCK, firstPaintProbe } from '../lib/probes';

/** When the first subscribed channel is shown in the sidebar and painted (`window.__benchSidebar`). */
export const SIDEBAR_PROBE = firstPaintProbe(
  '__benchSidebar',
  '[data-testid="channel-list"] [data-testid^="channel-"]',
);

/** Scrolls the channel list until the channel's button is rendered (the list is virtualized). */
export const revealChannel = (name: string) => `new Promise((resolve) => {
  const list = document.querySelector('[data-testid="channel-list"]');
  const find = () => document.querySelector('[data-testid=' + JSON.stringify('channel-' + ${JSON.stringify(name)}) + ']');
  if (!list) return resolve(false);
  list.scrollTop = 0;
  const step = () => {
    const el = find();
    // Resolves a few frames after the last scroll, so its events are handled before the next click.
    if (el) { el.scrollIntoView({ block: 'center' }); return setTimeout(() => resolve(true), 150); }
    if (list.scrollTop + list.clientHeight >= list.scrollHeight) return resolve(false);
    list.scrollTop += list.clientHeight;
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
})`;

/**
 * Clicks the element with test id \`clickTestId\` and records when \`selector\` first matches and,
 * when given, when a feed row with one of \`messageIds\` is in the page; each with the frame after.
 */
export const clickUntil = (
  clickTestId: string,
  selector: string | null,
  messageIds: number[] | null,
  maxMs: number,
) => `new Promise((resolve) => {
  ${CLOCK}
  ${AFTER_PAINT}
  const selector = ${JSON.stringify(selector)};
  const ids = ${JSON.stringify(messageIds)};
  const wanted = ids ? new Set(ids.map(String)) : null;
  const marks = { clickedAt: 0, selectorAt: null, selectorPainted: null, feedAt: null, feedPainted: null };
  const feedShown = () => {
    if (!wanted) return true;
    for (const el of document.querySelectorAll('[data-testid="message-feed"] [data-message-id]'))
      if (wanted.has(el.getAttribute('data-message-id'))) return true;
    return false;
  };
  let pending = 0;
  const finish = () => {
    if (pending > 0) return;
    if ((selector && marks.selectorPainted === null) || (wanted && marks.feedPainted === null)) return;
    observer.disconnect();
    clearTimeout(timer);
    resolve(marks);
  };
  const check = () => {
    if (selector && marks.selectorAt === null && document.querySelector(selector)) {
      marks.selectorAt = clock();
      pending++;
      afterPaint((p) => { marks.selectorPainted = p; pending--; finish(); });
    }
    if (wanted && marks.feedAt === null && feedShown()) {
      marks.feedAt = clock();
      pending++;
      afterPaint((p) => { marks.feedPainted = p; pending--; finish(); });
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { childList: true, subtree: true });
  const timer = setTimeout(() => { observer.disconnect(); resolve(marks); }, ${maxMs});
  marks.clickedAt = clock();
  document.querySelector('[data-testid=' + JSON.stringify(${JSON.stringify(clickTestId)}) + ']').click();
  check();
})`;

/**
 * Records, for every \`input\` event on an element whose test id is in \`testIds\`: when the key
 * was pressed (the event's timestamp), when its handling ended (a listener on window, which runs
 * after React's root listener and its synchronous render of the input), and when the next frame
 * after that was produced. A bare input (test id \`bench-bare-input\`, no listeners of the app)
 * is added to the page as the baseline.
 */
export const KEYSTROKE_PROBE = (testIds: string[]) => `(() => {
  ${CLOCK}
  ${AFTER_PAINT}
  const ids = new Set(${JSON.stringify([...testIds, 'bench-bare-input'])});
  const records = [];
  window.__benchKeys = records;
  if (!document.querySelector('[data-testid="bench-bare-input"]')) {
    const bare = document.createElement('input');
    bare.setAttribute('data-testid', 'bench-bare-input');
    bare.style.cssText = 'position:fixed;left:0;bottom:0;width:200px;z-index:99999';
    document.body.appendChild(bare);
  }
  window.addEventListener('input', (e) => {
    const id = e.target && e.target.getAttribute && e.target.getAttribute('data-testid');
    if (!ids.has(id)) return;
    const record = { id, value: e.target.value, keyAt: performance.timeOrigin + e.timeStamp, handledAt: clock(), paintedAt: null };
    records.push(record);
    afterPaint((p) => { record.paintedAt = p; });
  });
})()`;

/** The people a list shows (rendered rows; the list is virtualized) and whether `name` is among them. */
export const listShows = (listTestId: string, name: string) => `(() => {
  const list = document.querySelector('[data-testid=' + JSON.stringify(${JSON.stringify(listTestId)}) + ']');
  if (!list) return { rows: 0, found: false };
  const text = list.textContent || '';
  return { rows: list.querySelectorAll('[data-index]').length, found: text.includes(${JSON.stringify(name)}) };
})()`;

/** Records long tasks' ends from now on, and when the Inbox count last changed. */
export const BUSY_RECORDER = `(() => {
  ${CLOCK}
  const state = { tasks: [], countChanges: [] };
  window.__benchBusy = state;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) state.tasks.push({ end: performance.timeOrigin + e.startTime + e.duration, ms: e.duration });
  }).observe({ type: 'longtask' });
  const count = () => { const el = document.querySelector('[data-testid="inbox-count"]'); return el ? el.textContent : null; };
  let last = count();
  new MutationObserver(() => {
    const now = count();
    if (now !== last) { last = now; state.countChanges.push({ at: clock(), text: now }); }
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
})()`;
