import { ApiError } from '../http/errors';
import type { Realm } from './realm';
import { channelByName } from './channels';
import { getUserByEmail, type User } from './users';
import { canReadMessage, messageFlags, rendered, type Message } from './messages';
import { hasCopy } from './message-flags';
import { getUserTopic, VISIBILITY_POLICY } from './user-topics';
import { RESOLVED_TOPIC_PREFIX } from './limits';
import { escapeHtml } from '../render/markdown';
import { channelMessageList, directMessageList, topicMessageList } from './message-index';

export interface NarrowTerm {
  operator: string;
  operand: unknown;
  negated: boolean;
}

export function badNarrow(desc: string): ApiError {
  return new ApiError(`Invalid narrow operator: ${desc}`, 'BAD_NARROW', 400);
}

/** Parse a narrow: objects `{operator, operand, negated?}` or legacy `[operator, operand]` pairs. */
export function parseNarrow(value: unknown): NarrowTerm[] {
  if (!Array.isArray(value)) throw new ApiError('narrow is not a list', 'BAD_REQUEST', 400);
  return value.map((item) => {
    if (Array.isArray(item) && item.length === 2 && typeof item[0] === 'string') {
      return { operator: item[0], operand: item[1], negated: false };
    }
    if (item && typeof item === 'object' && typeof (item as Record<string, unknown>).operator === 'string') {
      const t = item as Record<string, unknown>;
      return { operator: t.operator as string, operand: t.operand, negated: t.negated === true };
    }
    throw new ApiError('Invalid narrow element', 'BAD_REQUEST', 400);
  });
}

function userIdOf(realm: Realm, operand: unknown, self: User): number {
  if (typeof operand === 'number') {
    if (!realm.users.has(operand)) throw badNarrow('unknown user');
    return operand;
  }
  if (typeof operand === 'string') {
    if (operand === 'me') return self.user_id;
    if (/^\d+$/.test(operand)) return userIdOf(realm, Number(operand), self);
    const u = getUserByEmail(realm, operand);
    if (!u) throw badNarrow('unknown user');
    return u.user_id;
  }
  throw badNarrow('unknown user');
}

function userIdList(realm: Realm, operand: unknown, self: User): number[] {
  if (Array.isArray(operand)) return operand.map((o) => userIdOf(realm, o, self));
  if (typeof operand === 'number') return [userIdOf(realm, operand, self)];
  if (typeof operand === 'string') return operand.split(',').map((s) => userIdOf(realm, s.trim(), self));
  throw badNarrow('unknown user');
}

/** Search words and quoted phrases, lowercased. */
export function searchTerms(operand: string): string[] {
  const out: string[] = [];
  for (const m of operand.matchAll(/"([^"]+)"|(\S+)/g)) out.push((m[1] ?? m[2]!).toLowerCase());
  return out;
}

export interface CompiledNarrow {
  matches(message: Message): boolean;
  /** Includes messages of a channel's history the user never received (channel-scoped narrows). */
  channelScoped: boolean;
  search: string[];
  /** Every message the narrow can match, ascending (one channel's or topic's when it names one). */
  candidates(): readonly Message[];
}

function topicEquals(realm: Realm, actual: string, operand: string): boolean {
  const a = actual.toLowerCase();
  const o = operand.toLowerCase();
  if (a === o) return true;
  // The empty topic is also reachable through its display name.
  return actual === '' && o === realm.emptyTopicDisplayName.toLowerCase();
}

/** Compile a narrow for `user` (spec 4.8, 4.13 and GET /messages). Unknown operators are BAD_NARROW. */
export function compileNarrow(realm: Realm, user: User, terms: NarrowTerm[]): CompiledNarrow {
  const predicates: ((m: Message) => boolean)[] = [];
  let channelScoped = false;
  // What the positive terms confine the narrow to, so a fetch need not walk the whole history.
  let scopeChannel: number | undefined;
  let scopeTopic: string | undefined;
  let scopeDirect = false;
  const search: string[] = [];
  for (const term of terms) {
    let pred: (m: Message) => boolean;
    const op = term.operator;
    const operand = term.operand;
    switch (op) {
      case 'channel':
      case 'stream': {
        const channel =
          typeof operand === 'number' || (typeof operand === 'string' && /^\d+$/.test(operand))
            ? realm.channels.get(Number(operand))
            : typeof operand === 'string'
              ? channelByName(realm, operand)
              : undefined;
        if (!channel) throw badNarrow('unknown channel');
        if (!term.negated) {
          channelScoped = true;
          scopeChannel = channel.stream_id;
        }
        pred = (m) => m.stream_id === channel.stream_id;
        break;
      }
      case 'channels':
      case 'streams': {
        if (operand !== 'public' && operand !== 'web-public') throw badNarrow('unknown channels operand');
        if (!term.negated) channelScoped = true;
        pred = (m) => {
          const c = m.stream_id === null ? undefined : realm.channels.get(m.stream_id);
          return !!c && (operand === 'public' ? !c.invite_only : c.is_web_public);
        };
        break;
      }
      case 'topic':
      case 'subject': {
        if (typeof operand !== 'string') throw badNarrow('invalid topic');
        // The empty topic also answers to its display name: then the channel's list is the scope.
        if (!term.negated && operand.toLowerCase() !== realm.emptyTopicDisplayName.toLowerCase())
          scopeTopic = operand;
        pred = (m) => m.type === 'stream' && topicEquals(realm, m.topic, operand);
        break;
      }
      case 'dm':
      case 'pm-with': {
        const ids = new Set([...userIdList(realm, operand, user), user.user_id]);
        const key = [...ids].sort((a, b) => a - b).join(',');
        if (!term.negated) scopeDirect = true;
        pred = (m) => m.type === 'private' && m.dm_user_ids.join(',') === key;
        break;
      }
      case 'dm-including':
      case 'group-pm-with': {
        const id = userIdOf(realm, operand, user);
        if (!term.negated) scopeDirect = true;
        pred = (m) => m.type === 'private' && m.dm_user_ids.includes(id);
        break;
      }
      case 'sender': {
        const id = userIdOf(realm, operand, user);
        pred = (m) => m.sender_id === id;
        break;
      }
      case 'id': {
        const id = Number(operand);
        if (!Number.isInteger(id)) throw badNarrow('invalid message ID');
        pred = (m) => m.id === id;
        break;
      }
      case 'with': {
        const target = realm.messagesById.get(Number(operand));
        if (!target || !canReadMessage(realm, user, target)) {
          pred = () => false;
        } else if (target.type === 'stream') {
          if (!term.negated) {
            channelScoped = true;
            scopeChannel = target.stream_id!;
            scopeTopic = target.topic;
          }
          pred = (m) =>
            m.stream_id === target.stream_id && m.topic.toLowerCase() === target.topic.toLowerCase();
        } else {
          const key = target.dm_user_ids.join(',');
          if (!term.negated) scopeDirect = true;
          pred = (m) => m.type === 'private' && m.dm_user_ids.join(',') === key;
        }
        break;
      }
      case 'near':
        continue;
      case 'is': {
        const flagged = (flag: string) => (m: Message) => messageFlags(realm, user.user_id, m).includes(flag);
        switch (operand) {
          case 'dm':
          case 'private':
            if (!term.negated) scopeDirect = true;
            pred = (m) => m.type === 'private';
            break;
          case 'starred':
            pred = (m) => realm.flagStates.get(user.user_id)?.starred.has(m.id) ?? false;
            break;
          case 'unread':
            pred = (m) => realm.flagStates.get(user.user_id)?.unread.has(m.id) ?? false;
            break;
          case 'read':
            pred = (m) => !(realm.flagStates.get(user.user_id)?.unread.has(m.id) ?? false);
            break;
          case 'mentioned':
            pred = (m) => messageFlags(realm, user.user_id, m).some((f) => f.endsWith('mentioned'));
            break;
          case 'alerted':
            pred = flagged('has_alert_word');
            break;
          case 'resolved':
            pred = (m) => m.type === 'stream' && m.topic.startsWith(RESOLVED_TOPIC_PREFIX);
            break;
          case 'followed':
            pred = (m) =>
              m.stream_id !== null &&
              getUserTopic(realm, user.user_id, m.stream_id, m.topic)?.visibility_policy ===
                VISIBILITY_POLICY.followed;
            break;
          case 'muted':
            pred = (m) => {
              if (m.stream_id === null) return false;
              const policy = getUserTopic(realm, user.user_id, m.stream_id, m.topic)?.visibility_policy;
              if (policy === VISIBILITY_POLICY.muted) return true;
              if (policy === VISIBILITY_POLICY.unmuted || policy === VISIBILITY_POLICY.followed) return false;
              return realm.channels.get(m.stream_id)?.subscriptions.get(user.user_id)?.is_muted ?? false;
            };
            break;
          default:
            throw badNarrow('unknown is operand');
        }
        break;
      }
      case 'has': {
        const patterns: Record<string, RegExp> = {
          link: /https?:\/\/|\/user_uploads\//,
          attachment: /\/user_uploads\//,
          image: /\.(png|jpe?g|gif|webp|svg)\b/i,
        };
        if (operand === 'reaction') pred = (m) => m.reactions.length > 0;
        else if (typeof operand === 'string' && patterns[operand]) {
          const re = patterns[operand];
          pred = (m) => re.test(m.content);
        } else throw badNarrow('unknown has operand');
        break;
      }
      case 'search': {
        if (typeof operand !== 'string') throw badNarrow('invalid search');
        const words = searchTerms(operand);
        if (!term.negated) search.push(...words);
        pred = (m) => {
          const hay = `${m.content.toLowerCase()}\n${m.topic.toLowerCase()}`;
          return words.every((w) => hay.includes(w));
        };
        break;
      }
      default:
        throw badNarrow(`unknown operator ${op}`);
    }
    predicates.push(term.negated ? (m) => !pred(m) : pred);
  }
  const candidates = (): readonly Message[] => {
    if (scopeDirect) return directMessageList(realm);
    if (scopeChannel !== undefined && scopeTopic !== undefined)
      return topicMessageList(realm, scopeChannel, scopeTopic);
    if (scopeChannel !== undefined) return channelMessageList(realm, scopeChannel);
    return realm.messages;
  };
  return {
    matches: (m) => predicates.every((p) => p(m)),
    channelScoped,
    search,
    candidates,
  };
}

/** Whether `user` may see `message` in this narrow (it matches, is in the narrow's scope, is readable). */
export function narrowAccepts(realm: Realm, user: User, narrow: CompiledNarrow): (m: Message) => boolean {
  const starred = realm.flagStates.get(user.user_id)?.starred;
  return (m) => {
    if (!narrow.matches(m)) return false;
    const inScope = narrow.channelScoped || hasCopy(m, user.user_id) || (starred?.has(m.id) ?? false);
    return inScope && canReadMessage(realm, user, m);
  };
}

function highlightText(text: string, words: string[]): string {
  if (words.length === 0) return text;
  const escaped = words.map((w) => escapeHtml(w).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return text.replace(new RegExp(`(${escaped.join('|')})`, 'gi'), '<span class="highlight">$1</span>');
}

/** `match_content` / `match_subject` (spec 4.8): rendered content and topic with search words highlighted. */
export function matchFields(
  realm: Realm,
  message: Message,
  words: string[],
  topicForClient: string,
): { match_content: string; match_subject: string } {
  const html = rendered(realm, message).html;
  const content =
    words.length === 0
      ? html
      : html.replace(
          /(<[^>]*>)|([^<]+)/g,
          (_m, tag: string | undefined, text: string | undefined) => tag ?? highlightText(text!, words),
        );
  return { match_content: content, match_subject: highlightText(escapeHtml(topicForClient), words) };
}
