/**
 * Scripts that run inside the page. They are plain JavaScript strings rather than functions so
 * that nothing the TypeScript loader adds to functions (helpers like `__name`) leaks into the
 * page. Every time they record is `performance.timeOrigin + performance.now()` (the page clock,
 * aligned to the driver's with lib/clock.ts).
 */

export const CLOCK = 'const clock = () => performance.timeOrigin + performance.now();';
/** Calls back after the frame that follows: rAF runs just before paint, a message posted from it runs after. */
export const AFTER_PAINT = `const afterPaint = (done) => requestAnimationFrame(() => {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => done(clock());
  channel.port2.postMessage(null);
});`;

/**
 * Records when each marker (`bmk-<kind>-<n>`) first appears in a node added inside the message
 * feed (`seen`, from a MutationObserver, i.e. when React committed it), and when the frame that
 * shows it has been produced (`painted`).
 */
export const MARKER_PROBE = `(() => {
  if (window.__benchMarks) return;
  ${CLOCK}
  ${AFTER_PAINT}
  const seen = new Map();
  const painted = new Map();
  const pattern = /bmk-[a-z0-9]+-\\d+/g;
  new MutationObserver((records) => {
    const t = clock();
    // A reader who keeps up: when the feed stops following (the selected message about to leave the
    // view), they go on to the bottom at once (End; the button goes on from the first unread).
    if (document.querySelector('[data-testid="jump-to-bottom"]'))
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'End' }));
    const fresh = [];
    for (const record of records)
      for (const node of record.addedNodes) {
        const text = node.nodeType === 1 ? node.textContent : node.nodeType === 3 ? node.data : '';
        if (!text || !text.includes('bmk-')) continue;
        const el = node.nodeType === 1 ? node : node.parentElement;
        if (!el || !el.closest('[data-testid="message-feed"]')) continue;
        for (const match of text.matchAll(pattern))
          if (!seen.has(match[0])) {
            seen.set(match[0], t);
            fresh.push(match[0]);
          }
      }
    if (fresh.length) afterPaint((p) => { for (const key of fresh) painted.set(key, p); });
  }).observe(document.body, { childList: true, subtree: true });
  window.__benchMarks = { seen, painted };
})()`;

export const MARKER_RESULTS = `({
  seen: Object.fromEntries(window.__benchMarks.seen),
  painted: Object.fromEntries(window.__benchMarks.painted),
})`;

export const markersSeen = (prefix: string) =>
  `[...window.__benchMarks.seen.keys()].filter((k) => k.startsWith(${JSON.stringify(prefix)})).length`;

/**
 * Records each time the typing indicator goes from empty to showing someone, and back. Installed
 * again (a later run in the same page), it starts its lists afresh with the same observer.
 */
export const TYPING_PROBE = `(() => {
  if (window.__benchTyping) {
    for (const list of ['shown', 'shownPainted', 'hidden']) window.__benchTyping[list].length = 0;
    return;
  }
  ${CLOCK}
  ${AFTER_PAINT}
  const state = { shown: [], shownPainted: [], hidden: [], showing: false };
  const check = () => {
    const el = document.querySelector('[data-testid="typing-indicator"]');
    const showing = !!(el && el.textContent && el.textContent.trim());
    if (showing === state.showing) return;
    state.showing = showing;
    const t = clock();
    if (showing) {
      const index = state.shown.push(t) - 1;
      afterPaint((p) => { state.shownPainted[index] = p; });
    } else state.hidden.push(t);
  };
  new MutationObserver(check).observe(document.body, { childList: true, subtree: true, characterData: true });
  check();
  window.__benchTyping = state;
})()`;

/** Frame deltas from requestAnimationFrame, and long tasks, while nothing happens: the machine's own jitter. */
export const idleFrames = (ms: number) => `new Promise((resolve) => {
  const frames = [];
  const longtasks = [];
  const observer = new PerformanceObserver((list) => { for (const e of list.getEntries()) longtasks.push(e.duration); });
  observer.observe({ type: 'longtask' });
  const end = performance.now() + ${ms};
  const step = (ts) => {
    frames.push(ts);
    if (ts < end) requestAnimationFrame(step);
    else { observer.disconnect(); resolve({ frames, longtasks }); }
  };
  requestAnimationFrame(step);
})`;

/**
 * Scrolls the feed up by \`step\` px every frame until a message "Load message N of …" with
 * N <= target is in the feed (or maxMs passes). Returns the rAF timestamps of the frames, the
 * long tasks, and the lowest N reached. The feed fetches older pages as its top comes near, so
 * at this speed the scroll runs as fast as the app can load.
 */
export const scrollUntil = (target: number, step: number, maxMs: number) => `new Promise((resolve) => {
  const feed = () => document.querySelector('[data-testid="message-feed"]');
  const frames = [];
  const longtasks = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) longtasks.push({ start: e.startTime, duration: e.duration });
  });
  observer.observe({ type: 'longtask' });
  const lowest = () => {
    let min = Infinity;
    const el = feed();
    if (!el) return min;
    for (const c of el.querySelectorAll('[data-testid^="content-"]')) {
      const m = /Load message (\\d+) of/.exec(c.textContent || '');
      if (m) min = Math.min(min, Number(m[1]));
    }
    return min;
  };
  const started = performance.now();
  let reached = lowest();
  const step = (ts) => {
    frames.push(ts);
    reached = Math.min(reached, lowest());
    if (reached <= ${target} || ts - started > ${maxMs}) {
      observer.disconnect();
      resolve({ frames, longtasks, lowest: reached, ms: performance.now() - started, done: reached <= ${target} });
      return;
    }
    const el = feed();
    if (el) el.scrollTop = Math.max(0, el.scrollTop - ${step});
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
})`;

/** The live DOM's element count. */
export const DOM_ELEMENTS = `document.getElementsByTagName('*').length`;

/**
 * Cold start marks, installed before the page loads: when the chat shell appears, and when the
 * first message is in the message feed. If the app opens on a home view without a feed (Inbox,
 * Recent conversations, or the older welcome screen), it clicks "All messages" at once, as a user
 * would, and records when.
 */
export const COLD_START_PROBE = `(() => {
  ${CLOCK}
  ${AFTER_PAINT}
  const marks = { timeOrigin: performance.timeOrigin, shell: null, clicked: null, firstMessage: null, firstMessagePainted: null };
  window.__benchCold = marks;
  const check = () => {
    if (marks.shell === null && document.querySelector('[data-testid="chat-shell"]')) marks.shell = clock();
    if (marks.clicked === null && document.querySelector('[data-testid="welcome"], [data-testid="inbox-view"], [data-testid="recent-view"]')) {
      const all = document.querySelector('[data-testid="all-messages"]');
      if (all) { marks.clicked = clock(); all.click(); }
    }
    if (marks.firstMessage === null && document.querySelector('[data-testid="message-feed"] [data-message-id]')) {
      marks.firstMessage = clock();
      afterPaint((p) => { marks.firstMessagePainted = p; });
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true });
})()`;

/** Clicks the mark-all-read dialog's confirm button and resolves when the dialog reports "Done". */
export const MARK_READ_RUN = `new Promise((resolve) => {
  ${CLOCK}
  const progress = () => document.querySelector('[data-testid="mark-read-progress"]');
  let updates = 0;
  let clickedAt = 0;
  const observer = new MutationObserver(() => {
    const el = progress();
    if (!el) return;
    updates++;
    if ((el.textContent || '').startsWith('Done')) {
      const doneAt = clock();
      observer.disconnect();
      resolve({ clickedAt, doneAt, text: el.textContent, updates });
    }
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  clickedAt = clock();
  document.querySelector('[data-testid="mark-read-confirm"]').click();
})`;

/**
 * Installed before the page loads: when the first element matching `selector` is in the page
 * (`shown`) and the frame that shows it has been produced (`painted`), in `window[globalName]`.
 */
export const firstPaintProbe = (globalName: string, selector: string) => `(() => {
  ${CLOCK}
  ${AFTER_PAINT}
  const marks = { timeOrigin: performance.timeOrigin, shown: null, painted: null };
  window[${JSON.stringify(globalName)}] = marks;
  const observer = new MutationObserver(() => {
    if (marks.shown !== null || !document.querySelector(${JSON.stringify(selector)})) return;
    marks.shown = clock();
    observer.disconnect();
    afterPaint((p) => { marks.painted = p; });
  });
  observer.observe(document, { childList: true, subtree: true });
})()`;

/** When the first Inbox row is shown and painted (`window.__benchHome`). */
export const HOME_OPEN_PROBE = firstPaintProbe(
  '__benchHome',
  '[data-testid="inbox-list"] [data-testid^="inbox-"]',
);

/**
 * Clicks the element with test id \`clickTestId\` and resolves when an element matching \`selector\`
 * is in the page and the frame showing it has been produced (page clock), or with nulls after
 * \`maxMs\`.
 */
export const homeSwitch = (
  clickTestId: string,
  selector: string,
  maxMs: number,
) => `new Promise((resolve) => {
  ${CLOCK}
  ${AFTER_PAINT}
  const selector = ${JSON.stringify(selector)};
  let done = false;
  const finish = (shownAt) => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(timer);
    if (shownAt === null) resolve({ clickedAt, shownAt: null, paintedAt: null });
    else afterPaint((paintedAt) => resolve({ clickedAt, shownAt, paintedAt }));
  };
  const observer = new MutationObserver(() => { if (document.querySelector(selector)) finish(clock()); });
  observer.observe(document.body, { childList: true, subtree: true });
  const timer = setTimeout(() => finish(null), ${maxMs});
  const clickedAt = clock();
  document.querySelector('[data-testid=${JSON.stringify(clickTestId)}]').click();
  if (document.querySelector(selector)) finish(clock());
})`;
