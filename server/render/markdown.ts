import MarkdownIt, { type StateCore, type StateInline } from 'markdown-it';
import type { Realm } from '../realm/realm';
import { channelByName } from '../realm/channels';
import { activeRealmEmojiByName, unicodeEmoji } from '../realm/emoji';
import { linkifierMatches } from '../realm/linkifiers';
import { channelSlug, encodeHashComponent } from '../../shared/narrow-hash';
import { attachmentByPathId, type Attachment } from '../realm/uploads';
import { GLOBAL_TIME, globalTimeHtml } from '../../shared/global-time';

/** What a message's content mentions; drives flags and the wildcard-mention permission rule. */
export interface MentionInfo {
  userIds: Set<number>;
  groupIds: Set<number>;
  streamWildcard: boolean;
  topicWildcard: boolean;
}

export interface RenderResult {
  html: string;
  mentions: MentionInfo;
}

interface RenderEnv {
  realm: Realm;
  mentions: MentionInfo;
}

const STREAM_WILDCARDS = new Set(['all', 'everyone', 'channel', 'stream']);

export function escapeHtml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function userMention(env: RenderEnv, silent: boolean, body: string): string | null {
  const { realm, mentions } = env;
  if (STREAM_WILDCARDS.has(body)) {
    if (!silent) mentions.streamWildcard = true;
    return `<span class="user-mention channel-wildcard-mention${silent ? ' silent' : ''}" data-user-id="*">${silent ? '' : '@'}${escapeHtml(body)}</span>`;
  }
  if (body === 'topic') {
    if (!silent) mentions.topicWildcard = true;
    return `<span class="topic-mention${silent ? ' silent' : ''}">${silent ? '' : '@'}topic</span>`;
  }
  let user;
  const withId = /^(.*)\|(\d+)$/.exec(body);
  if (withId) {
    user = realm.users.get(Number(withId[2]));
  } else {
    const lower = body.toLowerCase();
    user = [...realm.users.values()].find((u) => u.is_active && u.full_name.toLowerCase() === lower);
  }
  if (!user) return null;
  if (!silent) mentions.userIds.add(user.user_id);
  return `<span class="user-mention${silent ? ' silent' : ''}" data-user-id="${user.user_id}">${silent ? '' : '@'}${escapeHtml(user.full_name)}</span>`;
}

function groupMention(env: RenderEnv, silent: boolean, name: string): string | null {
  const group = [...env.realm.groups.values()].find((g) => !g.deactivated && g.name === name);
  if (!group) return null;
  if (!silent) env.mentions.groupIds.add(group.id);
  return `<span class="user-group-mention${silent ? ' silent' : ''}" data-user-group-id="${group.id}">${silent ? '' : '@'}${escapeHtml(group.name)}</span>`;
}

function channelLink(env: RenderEnv, name: string, topic: string | undefined): string | null {
  const channel = channelByName(env.realm, name);
  if (!channel) return null;
  const base = `/#narrow/channel/${channelSlug(channel.stream_id, channel.name)}`;
  if (topic === undefined) {
    return `<a class="stream" data-stream-id="${channel.stream_id}" href="${base}">#${escapeHtml(channel.name)}</a>`;
  }
  return `<a class="stream-topic" data-stream-id="${channel.stream_id}" href="${base}/topic/${encodeHashComponent(topic)}">#${escapeHtml(channel.name)} &gt; ${escapeHtml(topic)}</a>`;
}

/** `#**channel>topic@123**`: a link to one message, written as the real service writes it. */
function messageLink(env: RenderEnv, name: string, topic: string, messageId: string): string | null {
  const channel = channelByName(env.realm, name);
  if (!channel) return null;
  const href = `/#narrow/channel/${channelSlug(channel.stream_id, channel.name)}/topic/${encodeHashComponent(topic)}/near/${messageId}`;
  return `<a class="message-link" href="${href}">#${escapeHtml(channel.name)} &gt; ${escapeHtml(topic)} @ 💬</a>`;
}

export function emojiHtml(realm: Realm, name: string): string | null {
  const custom = activeRealmEmojiByName(realm, name);
  if (custom) {
    return `<img alt=":${escapeHtml(name)}:" class="emoji" src="${escapeHtml(custom.source_url)}" title="${escapeHtml(name.replace(/_/g, ' '))}">`;
  }
  const code = unicodeEmoji().codeByName.get(name);
  if (!code) return null;
  const title = escapeHtml(name.replace(/_/g, ' '));
  return `<span aria-label="${title}" class="emoji emoji-${code}" role="img" title="${title}">:${escapeHtml(name)}:</span>`;
}

function pushHtml(state: StateInline, html: string, length: number): void {
  const token = state.push('html_inline', '', 0);
  token.content = html;
  state.pos += length;
}

/** Inline syntax of the service: @**user**, @*group*, #**channel>topic**, #**channel>topic@id**, :emoji:. */
function serviceInline(state: StateInline, silentMode: boolean): boolean {
  const env = state.env as unknown as RenderEnv;
  const rest = state.src.slice(state.pos);
  const ch = rest[0];
  if (ch === '@') {
    let m = /^@(_?)\*\*([^*\n]+?)\*\*/.exec(rest);
    if (m) {
      const html = userMention(env, m[1] === '_', m[2]!);
      if (html === null) return false;
      if (!silentMode) pushHtml(state, html, m[0].length);
      else state.pos += m[0].length;
      return true;
    }
    m = /^@(_?)\*([^*\n]+?)\*/.exec(rest);
    if (m) {
      const html = groupMention(env, m[1] === '_', m[2]!);
      if (html === null) return false;
      if (!silentMode) pushHtml(state, html, m[0].length);
      else state.pos += m[0].length;
      return true;
    }
    return false;
  }
  if (ch === '#') {
    const message = /^#\*\*([^*>\n]+?)>([^*\n]*?)@(\d+)\*\*/.exec(rest);
    const m = message ?? /^#\*\*([^*>\n]+?)(?:>([^*\n]+?))?\*\*/.exec(rest);
    if (!m) return false;
    const html = message ? messageLink(env, m[1]!, m[2]!, m[3]!) : channelLink(env, m[1]!, m[2]);
    if (html === null) return false;
    if (!silentMode) pushHtml(state, html, m[0].length);
    else state.pos += m[0].length;
    return true;
  }
  if (ch === ':') {
    const m = /^:([a-z0-9_+-]+):/.exec(rest);
    if (!m) return false;
    const html = emojiHtml(env.realm, m[1]!);
    if (html === null) return false;
    if (!silentMode) pushHtml(state, html, m[0].length);
    else state.pos += m[0].length;
    return true;
  }
  return false;
}

/** `<time:…>` (shared/global-time.ts). */
function globalTime(state: StateInline, silentMode: boolean): boolean {
  const match = GLOBAL_TIME.exec(state.src.slice(state.pos));
  if (!match) return false;
  if (!silentMode) pushHtml(state, globalTimeHtml(match[1]!, escapeHtml), match[0].length);
  else state.pos += match[0].length;
  return true;
}

/** Linkifiers apply to plain text outside links and code. */
function linkifierCore(state: StateCore): void {
  const env = state.env as unknown as RenderEnv;
  if (env.realm.linkifiers.length === 0) return;
  for (const block of state.tokens) {
    if (block.type !== 'inline' || !block.children) continue;
    const out = [];
    let linkDepth = 0;
    for (const token of block.children) {
      if (token.type === 'link_open') linkDepth++;
      if (token.type === 'link_close') linkDepth--;
      if (token.type !== 'text' || linkDepth > 0) {
        out.push(token);
        continue;
      }
      const matches = linkifierMatches(env.realm, token.content);
      if (matches.length === 0) {
        out.push(token);
        continue;
      }
      let pos = 0;
      for (const m of matches) {
        if (m.start > pos) {
          const t = new state.Token('text', '', 0);
          t.content = token.content.slice(pos, m.start);
          out.push(t);
        }
        const open = new state.Token('link_open', 'a', 1);
        open.attrs = [['href', m.url]];
        const text = new state.Token('text', '', 0);
        text.content = m.text;
        out.push(open, text, new state.Token('link_close', 'a', -1));
        pos = m.end;
      }
      if (pos < token.content.length) {
        const t = new state.Token('text', '', 0);
        t.content = token.content.slice(pos);
        out.push(t);
      }
    }
    block.children = out;
  }
}

/** The uploaded image a link points at (`/user_uploads/<path_id>`, relative or on this server), if any. */
function linkedImage(realm: Realm, href: string): { href: string; attachment: Attachment } | null {
  const prefix = href.startsWith(`${realm.url}/user_uploads/`)
    ? `${realm.url}/user_uploads/`
    : '/user_uploads/';
  if (!href.startsWith(prefix)) return null;
  let pathId: string;
  try {
    pathId = decodeURIComponent(href.slice(prefix.length).split(/[?#]/)[0]!);
  } catch {
    return null;
  }
  const attachment = attachmentByPathId(realm, pathId);
  if (!attachment?.content_type.startsWith('image/')) return null;
  return { href: `/user_uploads/${attachment.path_id}`, attachment };
}

function inlineImageHtml({ href, attachment }: { href: string; attachment: Attachment }): string {
  const size = attachment.dimensions;
  const dimensions = size ? ` data-original-dimensions="${size.width}x${size.height}"` : '';
  const url = escapeHtml(href);
  return `<div class="message_inline_image"><a href="${url}" title="${escapeHtml(attachment.name)}"><img${dimensions} src="${url}"></a></div>`;
}

/**
 * As the real service does, a paragraph linking uploaded images is followed by a preview of each
 * (`message_inline_image`). No thumbnails are made here: the preview shows the upload itself.
 */
function uploadPreviewsCore(state: StateCore): void {
  const env = state.env as unknown as RenderEnv;
  const out = [];
  let pending: string[] = [];
  for (const token of state.tokens) {
    out.push(token);
    if (token.type === 'inline' && token.children) {
      for (const child of token.children) {
        if (child.type !== 'link_open') continue;
        const image = linkedImage(env.realm, String(child.attrGet('href') ?? ''));
        if (image) pending.push(inlineImageHtml(image));
      }
    }
    if (token.type === 'paragraph_close' && pending.length > 0) {
      const preview = new state.Token('html_block', '', 0);
      preview.content = pending.join('') + '\n';
      out.push(preview);
      pending = [];
    }
  }
  state.tokens = out;
}

const md = new MarkdownIt({ html: false, linkify: true, breaks: true });
md.inline.ruler.before('emphasis', 'service_syntax', serviceInline);
// Before autolinks, which would take `<time:…>` for a link with a "time:" scheme.
md.inline.ruler.before('autolink', 'global_time', globalTime);
md.core.ruler.push('service_linkifiers', linkifierCore);
md.core.ruler.push('service_upload_previews', uploadPreviewsCore);
// Links open outside the client.
const defaultLinkOpen =
  md.renderer.rules.link_open ??
  ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  const href = String(token.attrGet('href') ?? '');
  if (/^https?:/i.test(href)) {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer');
  }
  return defaultLinkOpen(tokens, idx, options, env, self);
};

// ```quote and ```spoiler blocks hold markdown, as in the real service; mentions quoted from
// another message do not mention anyone again.
const defaultFence =
  md.renderer.rules.fence ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.fence = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  const [kind, ...rest] = token.info.trim().split(/\s+/);
  const inner = () =>
    md.render(token.content, { realm: (env as unknown as RenderEnv).realm, mentions: emptyMentions() });
  if (kind === 'quote') return `<blockquote>\n${inner()}</blockquote>\n`;
  if (kind === 'spoiler') {
    const header = rest.length
      ? md.renderInline(rest.join(' '), {
          realm: (env as unknown as RenderEnv).realm,
          mentions: emptyMentions(),
        })
      : '';
    return `<div class="spoiler-block"><div class="spoiler-header">${header}</div><div class="spoiler-content" aria-hidden="true">${inner()}</div></div>\n`;
  }
  return defaultFence(tokens, idx, options, env, self);
};

export function emptyMentions(): MentionInfo {
  return { userIds: new Set(), groupIds: new Set(), streamWildcard: false, topicWildcard: false };
}

/** Render message content (or a description) to HTML, collecting mentions. */
export function renderMarkdown(realm: Realm, content: string): RenderResult {
  const env: RenderEnv = { realm, mentions: emptyMentions() };
  const html = md.render(content, env as unknown as Record<string, unknown>).trimEnd();
  return { html, mentions: env.mentions };
}

/** `/me` messages: content starting with "/me ". */
export function isMeMessage(content: string): boolean {
  return /^\/me( |$)/.test(content);
}

/** `topic_links` of a message: linkifier matches and bare URLs in the topic. */
export function topicLinks(realm: Realm, topic: string): { text: string; url: string }[] {
  const links = linkifierMatches(realm, topic).map((m) => ({ text: m.text, url: m.url }));
  for (const m of topic.matchAll(/https?:\/\/[^\s]+/g)) links.push({ text: m[0], url: m[0] });
  return links;
}
