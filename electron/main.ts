// The Electron shell: one sandboxed window around the renderer, the core (accounts, HTTP, event
// loops) behind the bridge, and the desktop integration (tray, notifications, power events).
// All logic lives in electron/core/; this file only wires it to Electron.
// First: zod must load jitless (see the module).
import '../shared/zod-jitless';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  app,
  BrowserWindow,
  ipcMain,
  Menu,
  nativeImage,
  net,
  Notification,
  powerMonitor,
  protocol,
  safeStorage,
  screen,
  session,
  shell,
  Tray,
  type IpcMainInvokeEvent,
  type Rectangle,
  type WebContents,
} from 'electron';
import { AccountActivity } from './core/activity';
import { accountFileReply } from './core/account-files';
import { ACCOUNT_FILE_SCHEME } from '../shared/ipc-wire';
import { ChatCore, type DemoConfig } from './core/app-core';
import { APP_NAME, APP_VERSION } from './core/app-info';
import { BRIDGE_INVOKE_CHANNEL, BRIDGE_PUSH_CHANNEL } from './core/channels';
import { userAgent } from './core/http-client';
import { callsRefusedNotice, createBridgeRouter } from './core/ipc-router';
import { RendererCallLimits } from './core/request-limits';
import { CancellableCalls } from './core/cancellable-calls';
import {
  decideNavigation,
  isExternalUrlAllowed,
  isPermissionAllowed,
  originOf,
  withContentSecurityPolicy,
} from './core/window-policy';
import type { KeyProtector } from './core/vault';

const here = fileURLToPath(new URL('.', import.meta.url));
const RENDERER_DEV_URL = process.env.ELECTRON_RENDERER_URL;
const RENDERER_FILE = join(here, '../renderer/index.html');
const PRELOAD = join(here, '../preload/preload.cjs');

// `npm start` gives each demo run its own profile.
if (process.env.TEAMCHAT_DATA_DIR) app.setPath('userData', process.env.TEAMCHAT_DATA_DIR);

// The accounts' uploads, fetched by main with each account's credentials (see serveAccountFiles).
protocol.registerSchemesAsPrivileged([
  { scheme: ACCOUNT_FILE_SCHEME, privileges: { standard: true, secure: true, stream: true } },
]);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  void run();
}

/** The OS keychain through safeStorage. On Linux without a keyring Electron falls back to a fixed key. */
function safeStorageProtector(): KeyProtector {
  const backend = process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : 'os';
  return {
    description:
      backend === 'basic_text'
        ? 'encrypted with a fixed key (no system keyring found): barely better than plain text'
        : 'encrypted with a key held by the system keychain',
    seal: (plain) => safeStorage.encryptString(plain).toString('base64'),
    unseal: (sealed) => safeStorage.decryptString(Buffer.from(sealed, 'base64')),
  };
}

/** `npm start` passes the embedded demo server's accounts in a 0600 file named by this variable. */
function loadDemo(): DemoConfig | null {
  const file = process.env.TEAMCHAT_DEMO_FILE;
  if (!file || !existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as DemoConfig;
  } catch {
    return null;
  }
}

async function run(): Promise<void> {
  await app.whenReady();
  const dataDir = app.getPath('userData');
  const protector = safeStorageProtector();
  const core = new ChatCore({
    dataDir,
    protector,
    demo: loadDemo(),
    userAgent: userAgent(APP_NAME, APP_VERSION, `Electron ${process.versions.electron}`),
  });
  console.log(`[main] API keys are ${protector.description}.`);

  hardenSessions(core);
  serveAccountFiles(core);
  let window: BrowserWindow | null = createWindow(dataDir);

  const router = createBridgeRouter(core, {
    openExternal: (url) => shell.openExternal(url),
    focusWindow: () => {
      if (!window || window.isDestroyed()) return;
      if (window.isMinimized()) window.restore();
      window.show();
      window.focus();
    },
    // macOS dock and Linux launchers; elsewhere Electron ignores it and the title still shows it.
    setUnreadCount: (count) => app.setBadgeCount(count),
    downloadsDir: () => app.getPath('downloads'),
  });

  const pageHref = RENDERER_DEV_URL ? new URL(RENDERER_DEV_URL).origin : pathToFileURL(RENDERER_FILE).href;
  const isOurPage = (url: string) =>
    RENDERER_DEV_URL ? originOf(url) === pageHref : url.split(/[?#]/)[0] === pageHref;

  // One budget for the app window's calls; refusals are logged and told to the window.
  const windowLimits = new RendererCallLimits((refused) => {
    console.warn(`[main] the window asked for too many calls; refused ${refused}`);
    if (window && !window.isDestroyed())
      window.webContents.send(BRIDGE_PUSH_CHANNEL, {
        channel: 'notice',
        payload: callsRefusedNotice(refused),
      });
  });
  // The window's calls that carry a cancel id (`cancelCall` aborts their requests).
  const windowCalls = new CancellableCalls();
  ipcMain.handle(BRIDGE_INVOKE_CHANNEL, (event: IpcMainInvokeEvent, method: unknown, args: unknown) => {
    // Only our own window's top frame, showing our own page, speaks to the core.
    if (!window || event.sender !== window.webContents || event.senderFrame !== window.webContents.mainFrame)
      throw new Error('Refused: not the app window');
    if (!isOurPage(event.senderFrame.url)) throw new Error('Refused: not the app page');
    if (!Array.isArray(args)) throw new Error('Refused: bridge arguments must be a list');
    // The router answers an unknown method with a clear error of its own.
    return router.handle(String(method), args, windowLimits, windowCalls);
  });
  router.subscribe((push) => {
    if (window && !window.isDestroyed()) window.webContents.send(BRIDGE_PUSH_CHANNEL, push);
  });

  // Desktop integration: unread count in the tray, notifications for DMs and mentions of the
  // accounts no window shows (the window's page notifies for its own).
  const activity = new Map<string, AccountActivity>();
  const tray = createTray(() => showWindow());
  const refreshUnread = () => {
    const total = [...activity.values()].reduce((sum, item) => sum + item.unreadCount, 0);
    tray.setToolTip(total > 0 ? `${APP_NAME}: ${total} unread` : APP_NAME);
    if (process.platform === 'darwin') tray.setTitle(total > 0 ? String(total) : '');
    app.setBadgeCount(total);
  };
  core.watchActivity({
    onSession: (started) => {
      const shownInWindow = () =>
        window !== null && !window.isDestroyed() && core.vault.activeId === started.accountId;
      activity.set(started.accountId, new AccountActivity(started.accountId, started, shownInWindow));
      refreshUnread();
    },
    onEvents: (batch) => {
      const tracker = activity.get(batch.accountId);
      if (!tracker) return;
      for (const item of tracker.apply(batch)) {
        if (!Notification.isSupported()) break;
        const notification = new Notification({ title: item.title, body: item.body, silent: false });
        notification.on('click', () => {
          showWindow();
          if (core.vault.activeId !== item.accountId) void core.switchTo(item.accountId);
        });
        notification.show();
      }
      refreshUnread();
    },
  });

  function showWindow(): void {
    if (!window || window.isDestroyed()) window = createWindow(dataDir);
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  }

  app.on('second-instance', showWindow);
  app.on('activate', showWindow);
  powerMonitor.on('resume', () => core.wake());
  powerMonitor.on('unlock-screen', () => core.wake());
  let online = net.isOnline();
  setInterval(() => {
    const now = net.isOnline();
    if (now !== online) {
      online = now;
      core.setOnline(now);
    }
  }, 5000).unref();

  let quitting = false;
  app.on('before-quit', (event) => {
    if (quitting) return;
    event.preventDefault();
    quitting = true;
    // Delete the event queues on the servers, but never hang the quit on a dead network.
    void Promise.race([core.stop(), new Promise((resolve) => setTimeout(resolve, 3000))]).then(() =>
      app.quit(),
    );
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  core.start();

  function createWindow(directory: string): BrowserWindow {
    const bounds = loadBounds(directory);
    const created = new BrowserWindow({
      ...bounds,
      minWidth: 720,
      minHeight: 480,
      show: false,
      title: APP_NAME,
      webPreferences: {
        preload: PRELOAD,
        contextIsolation: true,
        nodeIntegration: false,
        nodeIntegrationInWorker: false,
        sandbox: true,
        webSecurity: true,
        allowRunningInsecureContent: false,
        webviewTag: false,
        navigateOnDragDrop: false,
        spellcheck: true,
      },
    });
    created.once('ready-to-show', () => created.show());
    created.webContents.on('did-finish-load', () => core.rendererAttached());
    const save = () => {
      if (!created.isDestroyed() && !created.isMinimized() && !created.isMaximized())
        saveBounds(directory, created.getBounds());
    };
    created.on('resized', save);
    created.on('moved', save);
    created.on('close', save);
    if (RENDERER_DEV_URL) void created.loadURL(RENDERER_DEV_URL);
    else void created.loadFile(RENDERER_FILE);
    return created;
  }
}

/**
 * `teamchat-file://<account id>/user_uploads/...`: the account's file, fetched by main with the
 * account's credentials; the page shows it and never holds the key.
 */
function serveAccountFiles(core: ChatCore): void {
  protocol.handle(ACCOUNT_FILE_SCHEME, async (request) => {
    const url = new URL(request.url);
    const reply = await accountFileReply(core, url.hostname, url.pathname, {
      download: url.searchParams.has('download'),
      signal: request.signal,
    });
    return new Response(reply.body, { status: reply.status, headers: reply.headers });
  });
}

/** Window and session rules for every web contents the app ever creates. */
function hardenSessions(core: ChatCore): void {
  const trusted = () => ({
    appOrigins: RENDERER_DEV_URL ? [originOf(RENDERER_DEV_URL)] : ['file://'],
    accountServerUrls: core.vault.list().map((account) => account.serverUrl),
  });

  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: withContentSecurityPolicy(details.resourceType, details.responseHeaders) });
  });

  // Notifications only, and only for the app page or an account's own server; everything else is denied.
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(isPermissionAllowed(permission, details.requestingUrl, trusted())),
  );
  session.defaultSession.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    isPermissionAllowed(permission, requestingOrigin, trusted()),
  );

  app.on('web-contents-created', (_event, contents: WebContents) => {
    contents.setWindowOpenHandler(({ url }) => {
      if (isExternalUrlAllowed(url)) void shell.openExternal(url);
      return { action: 'deny' };
    });
    contents.on('will-navigate', (event, url) => {
      const decision = decideNavigation(url, contents.getURL());
      if (decision.allow) return;
      event.preventDefault();
      if (decision.openExternally) void shell.openExternal(decision.openExternally);
    });
    contents.on('will-redirect', (event, url) => {
      if (url !== contents.getURL()) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });

  // Never trust a certificate Chromium rejected: answer "no" explicitly, without preventDefault.
  app.on('certificate-error', (_event, _contents, _url, _error, _certificate, callback) => callback(false));
}

function createTray(onOpen: () => void): Tray {
  // A 16x16 dot, generated rather than shipped, so the tray works from a plain build.
  const size = 16;
  const pixels = Buffer.alloc(size * size * 4);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const inside = (x - 7.5) ** 2 + (y - 7.5) ** 2 <= 49;
      pixels.set(inside ? [0xd8, 0x7a, 0x2c, 0xff] : [0, 0, 0, 0], (y * size + x) * 4);
    }
  const tray = new Tray(nativeImage.createFromBitmap(pixels, { width: size, height: size }));
  tray.setToolTip(APP_NAME);
  tray.setContextMenu(
    Menu.buildFromTemplate([
      { label: `Open ${APP_NAME}`, click: onOpen },
      { type: 'separator' },
      { label: 'Quit', role: 'quit' },
    ]),
  );
  tray.on('click', onOpen);
  return tray;
}

interface Bounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
}

function loadBounds(directory: string): Bounds {
  const fallback = { width: 1200, height: 800 };
  try {
    const saved = JSON.parse(readFileSync(join(directory, 'window-state.json'), 'utf8')) as Rectangle;
    // Only reuse a position that is still on a connected display.
    const visible = screen.getAllDisplays().some(({ workArea }) => {
      return (
        saved.x >= workArea.x - 50 &&
        saved.y >= workArea.y - 50 &&
        saved.x < workArea.x + workArea.width - 50 &&
        saved.y < workArea.y + workArea.height - 50
      );
    });
    const size = { width: Math.max(720, saved.width), height: Math.max(480, saved.height) };
    return visible ? { ...size, x: saved.x, y: saved.y } : size;
  } catch {
    return fallback;
  }
}

function saveBounds(directory: string, bounds: Rectangle): void {
  try {
    writeFileSync(join(directory, 'window-state.json'), JSON.stringify(bounds));
  } catch {
    // losing a window position is not worth an error
  }
}
