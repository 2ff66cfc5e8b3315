import DOMPurify from 'dompurify';
import { markSpoilerHeader } from './spoilers';
import { formatGlobalTime } from '../app/time-format';
import { showCurrentName, type CurrentNames } from './current-names';

/**
 * The sanitizer behind `SafeHtml`: DOMPurify, plus the app's rules on top of it.
 *
 * - Inert containers (`<template>`, `<noscript>`, `<xmp>`, ...) go with their content: whatever
 *   hides in them is never parsed into something live later.
 * - Every link, HTML (`<a>`, `<area>`) and SVG (`<a href>`, `<a xlink:href>`) alike, is resolved
 *   against the server, gets `rel="noopener noreferrer"` and loses `target` and `ping`; clicks are
 *   opened outside the app by `SafeHtml`.
 * - Nothing is fetched from a host other than the chat server while a conversation is shown: an
 *   external `<img>` becomes a "Load image from host" button (https only; plain http is never
 *   loaded), and other external resource attributes (srcset, poster, SVG image hrefs) are removed.
 *   The real service proxies external images through its own origin, so those keep working.
 * - The server's uploads (`/user_uploads/...`, links and images) need the account's credentials,
 *   which the page never holds: they are rewritten to the route main serves them on
 *   (`setUploadRoute`) and marked with their path, for the lightbox and downloads. An uploaded
 *   image is given its size (from `data-original-dimensions`, scaled down) before it loads.
 * - Only the classes of the real service's content markup are kept (`CONTENT_CLASSES`), and ids
 *   and names get a `user-content-` prefix: server HTML cannot dress itself in the app's own
 *   classes (a full-window `.lightbox` or `.dialog-backdrop` over the app, a fake `.main-notice`)
 *   nor take the ids the app's labels point at.
 */

export interface ImagePolicy {
  /** The user's preference: load images from other https hosts without asking. */
  loadExternalHttps: boolean;
  /** External https images the user clicked "Load" on. */
  allowed: ReadonlySet<string>;
}

export const ASK_BEFORE_EXTERNAL_IMAGES: ImagePolicy = { loadExternalHttps: false, allowed: new Set() };

/** Marks an external image the sanitizer replaced with a button; the value is the image's URL. */
export const EXTERNAL_IMAGE_ATTR = 'data-external-image';
/** Marks a link or image of one of the server's uploads; the value is its `/user_uploads/...` path. */
export const UPLOAD_PATH_ATTR = 'data-upload-path';
/** The box an inline image preview is scaled down to fit. */
export const PREVIEW_BOX = { width: 320, height: 240 };

const INERT_CONTAINERS = [
  'template',
  'noscript',
  'noembed',
  'noframes',
  'xmp',
  'plaintext',
  'title',
  'dialog',
  'slot',
  'portal',
  'frameset',
  'frame',
];
/** A formula's TeX source, which rides beside its MathML (KaTeX); shown, it would repeat the formula. */
const MATH_SOURCE = ['annotation', 'annotation-xml'];
const ACTIVE_CONTENT = [
  'style',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'iframe',
  'object',
  'embed',
];
/**
 * The classes server HTML may carry: those of the real service's markup that the app styles or
 * reads (mentions, channel links, emoji, spoilers, image previews, math, code, global times,
 * search and edit highlights), and the one it adds itself before sanitizing (`/me`). A style for
 * more of the service's markup adds its class here.
 */
const CONTENT_CLASSES = new Set([
  'user-mention',
  'user-group-mention',
  'topic-mention',
  'channel-wildcard-mention',
  'silent',
  'stream',
  'stream-topic',
  'message-link',
  'emoji',
  'spoiler-block',
  'spoiler-header',
  'spoiler-content',
  'message_inline_image',
  'katex',
  'katex-display',
  'katex-mathml',
  'katex-html',
  'codehilite',
  'timestamp-error',
  'highlight',
  'highlight_text_inserted',
  'highlight_text_deleted',
  'me-message-sender',
]);
/** Unicode emoji by code point (`emoji-1f44d`), and table alignment (`alignmentAsClass`). */
const CONTENT_CLASS_PATTERN = /^(?:emoji-[0-9a-f]+(?:-[0-9a-f]+)*|align-(?:left|center|right))$/;

function keepContentClasses(node: Element): void {
  const classes = [...node.classList];
  const kept = classes.filter((name) => CONTENT_CLASSES.has(name) || CONTENT_CLASS_PATTERN.test(name));
  if (kept.length === classes.length) return;
  if (kept.length > 0) node.setAttribute('class', kept.join(' '));
  else node.removeAttribute('class');
}

const XLINK = 'http://www.w3.org/1999/xlink';
/** Attributes that make the browser fetch something by themselves. */
const FETCHING_ATTRIBUTES = ['src', 'poster', 'background', 'srcset', 'lowsrc', 'dynsrc'];

let serverBase: string | null = null;
let policy: ImagePolicy = ASK_BEFORE_EXTERNAL_IMAGES;
/** Who is reading, while sanitizing: whose mentions to mark, their clock, the names of now. */
let reader: Reader | undefined;
let hooked = false;

export interface UploadRoute {
  accountId: string;
  /** The page's URL for an upload's path (the bridge's `files.url`). */
  url(path: string): string;
}
let uploadRoute: UploadRoute | null = null;

export function setServerBase(url: string | null): void {
  serverBase = url;
  forgetCleaned();
}

/** The account's server, for links that point back into it. */
export function currentServerBase(): string | null {
  return serverBase;
}

/** Where uploads are loaded from, for the signed-in account (null: none). */
export function setUploadRoute(route: UploadRoute | null): void {
  uploadRoute = route;
  forgetCleaned();
}

/** The account whose uploads the page shows. */
export function uploadRouteAccount(): string | null {
  return uploadRoute?.accountId ?? null;
}

/** The `/user_uploads/...` path of a URL on the chat server (relative or absolute), or null. */
export function serverUploadPath(raw: string): string | null {
  if (!serverBase) return null;
  let url: URL;
  let base: URL;
  try {
    base = new URL(serverBase);
    url = new URL(raw, base);
  } catch {
    return null;
  }
  if (url.origin !== base.origin) return null;
  const prefix = base.pathname.replace(/\/+$/, '');
  if (!url.pathname.startsWith(`${prefix}/user_uploads/`)) return null;
  return url.pathname.slice(prefix.length);
}

/** The size to show an image of `dimensions` ("WxH") at, scaled down to fit the preview box. */
export function previewSize(dimensions: string | null): { width: number; height: number } | null {
  const match = /^(\d+)x(\d+)$/.exec(dimensions ?? '');
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  if (!width || !height) return null;
  const scale = Math.min(1, PREVIEW_BOX.width / width, PREVIEW_BOX.height / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** A server-relative URL (avatars, custom emoji, uploads) made absolute. */
export function resolveServerUrl(url: string): string {
  if (!serverBase) return url;
  try {
    return new URL(url, serverBase).toString();
  } catch {
    return url;
  }
}

type Source = { kind: 'own' } | { kind: 'external'; url: URL } | { kind: 'refused' };

/** Where a resource would be fetched from: the chat server (or inline data), another host, or nowhere sane. */
function sourceOf(raw: string): Source {
  if (/^data:image\//i.test(raw.trim())) return { kind: 'own' };
  let url: URL;
  try {
    url = new URL(raw, serverBase ?? undefined);
  } catch {
    // Relative with no server known (before sign-in): the page's own origin, not a third party.
    return /^[a-z][a-z0-9+.-]*:|^\/\//i.test(raw.trim()) ? { kind: 'refused' } : { kind: 'own' };
  }
  if (serverBase && url.origin === new URL(serverBase).origin) return { kind: 'own' };
  if (url.protocol === 'http:' || url.protocol === 'https:') return { kind: 'external', url };
  return { kind: 'refused' };
}

/**
 * The service renders a unicode emoji as `<span class="emoji emoji-1f44d">:+1:</span>` and leaves
 * the picture to the client; this client shows the character itself, from the code in the class.
 */
const EMOJI_CLASS = /(?:^|\s)emoji-([0-9a-f]{2,6}(?:-[0-9a-f]{2,6})*)(?:\s|$)/;

function showUnicodeEmoji(node: Element): void {
  const match = EMOJI_CLASS.exec(node.getAttribute('class') ?? '');
  if (!match || !node.classList.contains('emoji')) return;
  try {
    node.textContent = String.fromCodePoint(
      ...(match[1] as string).split('-').map((hex) => parseInt(hex, 16)),
    );
  } catch {
    // A code outside Unicode's range: keep the server's `:name:` text.
  }
}

/**
 * Marks a mention that calls on the reader, as the real service does (`user-mention-me`): of them,
 * of everyone (`@all`, `@topic`), or of a group they are in. A silent mention (`@_**Name**`) only
 * names someone and calls on no one, so a silent person or wildcard mention is not marked; a group
 * the reader is in is marked either way, as the service does.
 */
export const MENTION_OF_READER = 'user-mention-me';

/** Who is reading: whose mentions to mark, and how they read times. */
export interface Reader {
  userId: number | undefined;
  /** Whether the reader is in the user group (directly or through a subgroup). */
  isInGroup?: (groupId: number) => boolean;
  /** The reader's clock (twenty_four_hour_time), for global times. */
  twentyFourHourTime?: boolean;
  /** Names as they are now, for mentions and channel links. */
  names?: CurrentNames;
}

function callsOnReader(node: Element): boolean {
  const classes = node.classList;
  if (classes.contains('user-group-mention')) {
    const group = Number(node.getAttribute('data-user-group-id'));
    return Number.isInteger(group) && (reader?.isInGroup?.(group) ?? false);
  }
  if (classes.contains('silent')) return false;
  if (classes.contains('topic-mention')) return true;
  if (!classes.contains('user-mention')) return false;
  const mentioned = node.getAttribute('data-user-id');
  return mentioned === '*' || (reader?.userId !== undefined && mentioned === String(reader.userId));
}

function markMentionOfReader(node: Element): void {
  node.classList.remove(MENTION_OF_READER);
  if (callsOnReader(node)) node.classList.add(MENTION_OF_READER);
}

/**
 * A global time (`<time:…>`) comes as `<time datetime="…Z">` holding what its author wrote: it is
 * shown in the reader's own zone and clock, with what was written as its tooltip.
 */
function showGlobalTime(node: Element): void {
  const instant = new Date(node.getAttribute('datetime') ?? '');
  if (Number.isNaN(instant.getTime())) return;
  node.setAttribute('title', `Your time zone; written as “${node.textContent ?? ''}”`);
  node.textContent = formatGlobalTime(instant, reader?.twentyFourHourTime ?? false);
}

function secureLink(node: Element): void {
  const href = node.getAttribute('href') ?? node.getAttributeNS(XLINK, 'href');
  node.removeAttributeNS(XLINK, 'href');
  const upload = href !== null && uploadRoute ? serverUploadPath(href) : null;
  if (upload && uploadRoute) {
    node.setAttribute('href', uploadRoute.url(upload));
    node.setAttribute(UPLOAD_PATH_ATTR, upload);
  } else if (href !== null) node.setAttribute('href', href.startsWith('#') ? href : resolveServerUrl(href));
  node.setAttribute('rel', 'noopener noreferrer');
  node.removeAttribute('target');
  node.removeAttribute('ping');
}

/** An `<img>`: kept when it comes from the server or the user allowed it; otherwise marked for a button. */
function guardImage(node: Element): void {
  node.removeAttribute('srcset');
  const raw = node.getAttribute('src');
  if (raw === null) return;
  const source = sourceOf(raw);
  const upload = source.kind === 'own' && uploadRoute ? serverUploadPath(raw) : null;
  if (upload && uploadRoute) {
    node.setAttribute('src', uploadRoute.url(upload));
    node.setAttribute(UPLOAD_PATH_ATTR, upload);
    node.setAttribute('loading', 'lazy');
    // Sized before it loads, so the feed does not move when it arrives.
    const size = previewSize(node.getAttribute('data-original-dimensions'));
    if (size) {
      node.setAttribute('width', String(size.width));
      node.setAttribute('height', String(size.height));
    } else node.setAttribute('class', `${node.getAttribute('class') ?? ''} upload-image-unsized`.trim());
    return;
  }
  if (source.kind === 'own') {
    node.setAttribute('src', resolveServerUrl(raw));
    node.setAttribute('loading', 'lazy');
    return;
  }
  node.removeAttribute('src');
  if (source.kind === 'refused') return;
  const href = source.url.href;
  if (source.url.protocol === 'https:' && (policy.loadExternalHttps || policy.allowed.has(href))) {
    node.setAttribute('src', href);
    node.setAttribute('referrerpolicy', 'no-referrer');
    node.setAttribute('loading', 'lazy');
    return;
  }
  node.setAttribute(EXTERNAL_IMAGE_ATTR, href);
}

/** Any other element: resource attributes pointing away from the server are dropped. */
function guardFetches(node: Element): void {
  for (const name of FETCHING_ATTRIBUTES) {
    const value = node.getAttribute(name);
    if (value === null) continue;
    if (name === 'srcset' || sourceOf(value).kind !== 'own') node.removeAttribute(name);
    else node.setAttribute(name, resolveServerUrl(value));
  }
  // SVG <image>, <use>, <feImage> fetch through href.
  const svgHref = node.getAttribute('href') ?? node.getAttributeNS(XLINK, 'href');
  if (
    node.namespaceURI === 'http://www.w3.org/2000/svg' &&
    svgHref !== null &&
    sourceOf(svgHref).kind !== 'own'
  ) {
    node.removeAttribute('href');
    node.removeAttributeNS(XLINK, 'href');
  }
}

/**
 * A table cell's alignment (`:---:` and `---:` columns) comes as `style="text-align: …"`, which is
 * not kept (no inline style passes: the sanitizer and the Content-Security-Policy both refuse it):
 * it becomes a class the app's style sheet aligns by.
 */
function alignmentAsClass(node: Element, data: { attrName: string; attrValue: string }): void {
  if (data.attrName !== 'style' || (node.nodeName !== 'TH' && node.nodeName !== 'TD')) return;
  const align = /(?:^|;)\s*text-align\s*:\s*(left|center|right)\s*(?:;|$)/i.exec(data.attrValue)?.[1];
  if (align) node.classList.add(`align-${align.toLowerCase()}`);
}

function installHooks(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('uponSanitizeAttribute', alignmentAsClass);
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    keepContentClasses(node);
    // Only the sanitizer itself marks images and uploads; a server cannot forge the marks.
    node.removeAttribute(EXTERNAL_IMAGE_ATTR);
    node.removeAttribute(UPLOAD_PATH_ATTR);
    const name = node.nodeName.toLowerCase();
    if (name === 'a' || name === 'area') {
      secureLink(node);
      showCurrentName(node, reader?.names);
    } else if (name === 'img') guardImage(node);
    else guardFetches(node);
    if (name === 'span') {
      showUnicodeEmoji(node);
      markMentionOfReader(node);
      showCurrentName(node, reader?.names);
    }
    if (name === 'div') markSpoilerHeader(node);
    if (name === 'time') showGlobalTime(node);
  });
}

/** The placeholder for an external image: a button naming the host (or a note, for plain http). */
function placeholderFor(image: Element): Element {
  const url = new URL(image.getAttribute(EXTERNAL_IMAGE_ATTR) ?? '');
  const alt = image.getAttribute('alt')?.trim();
  const secure = url.protocol === 'https:';
  const element = image.ownerDocument.createElement(secure ? 'button' : 'span');
  element.className = secure ? 'external-image' : 'external-image external-image-blocked';
  element.setAttribute('title', url.href);
  if (secure) {
    element.setAttribute('type', 'button');
    element.setAttribute(EXTERNAL_IMAGE_ATTR, url.href);
    element.textContent = `Load image${alt ? ` “${alt}”` : ''} from ${url.host}`;
  } else {
    element.textContent = `Image${alt ? ` “${alt}”` : ''} from ${url.host} not loaded: it is not served over https`;
  }
  return element;
}

/**
 * What `sanitizeHtml` gave for a source string, per reader and image preference (a new server or
 * upload route forgets it all): a conversation opened again, or rows scrolled back into view, are
 * not cleaned again. At most `CLEANED_KEPT` strings per reader, the least recently used dropped
 * first (a Map keeps insertion order; a hit moves to the end). A reader left behind (a rename makes
 * a new one) takes its strings with it.
 */
const CLEANED_KEPT = 3000;
let cleanedByReader = new WeakMap<Reader, Map<string, string>>();
let cleanedForNoReader = new Map<string, string>();

function forgetCleaned(): void {
  cleanedByReader = new WeakMap();
  cleanedForNoReader = new Map();
}

function cleanedFor(readBy: Reader | undefined): Map<string, string> {
  if (!readBy) return cleanedForNoReader;
  let kept = cleanedByReader.get(readBy);
  if (!kept) cleanedByReader.set(readBy, (kept = new Map()));
  return kept;
}

/** `readBy`: whose mentions to mark (`user-mention-me`), when known. */
export function sanitizeHtml(
  html: string,
  images: ImagePolicy = ASK_BEFORE_EXTERNAL_IMAGES,
  readBy?: Reader,
): string {
  // Images the user let in one by one are that element's own business: not kept.
  if (images.allowed.size > 0) return sanitizeNow(html, images, readBy);
  const kept = cleanedFor(readBy);
  const key = (images.loadExternalHttps ? 'h' : '-') + html;
  const known = kept.get(key);
  if (known !== undefined) {
    kept.delete(key);
    kept.set(key, known);
    return known;
  }
  const clean = sanitizeNow(html, images, readBy);
  kept.set(key, clean);
  if (kept.size > CLEANED_KEPT) kept.delete(kept.keys().next().value!);
  return clean;
}

function sanitizeNow(html: string, images: ImagePolicy, readBy: Reader | undefined): string {
  installHooks();
  policy = images;
  reader = readBy;
  let clean: string;
  try {
    clean = DOMPurify.sanitize(html, {
      FORBID_TAGS: [...ACTIVE_CONTENT, ...INERT_CONTAINERS],
      FORBID_ATTR: ['style', 'ping'],
      SANITIZE_NAMED_PROPS: true,
      ADD_FORBID_CONTENTS: [...INERT_CONTAINERS, ...MATH_SOURCE],
    });
  } finally {
    policy = ASK_BEFORE_EXTERNAL_IMAGES;
    reader = undefined;
  }
  if (!clean.includes(EXTERNAL_IMAGE_ATTR)) return clean;
  // Placeholders are built in an inert document: nothing in it loads, and the markup is already clean.
  const inert = document.implementation.createHTMLDocument('');
  inert.body.innerHTML = clean;
  for (const image of inert.body.querySelectorAll(`img[${EXTERNAL_IMAGE_ATTR}]`))
    image.replaceWith(placeholderFor(image));
  return inert.body.innerHTML;
}
