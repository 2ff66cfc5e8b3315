import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { bridgeForShownAccount } from '../../state/account-scope';
import { useConnectionStore } from '../../state/connection';
import type { EndpointParams } from '../../../../shared/api';
import { apiErrorCode, callApi, errorSentence } from '../../api/call';
import { unmetError } from '../../api/unmet-error';
import type { Message, Reaction } from '../../api/model';
import { useBridge } from '../../app/bridge-context';
import { useUserSetting } from '../../app/realm';
import { useInitialState } from '../../app/session';
import { resolveServerUrl } from '../../components/SafeHtml';
import { glyphFromCode, sendableReactionType, type EmojiChoice } from './emoji';
import { useMessageDisplay } from '../messages/message-display';
import { EmojiPicker } from './EmojiPicker';
import { reactionChipText, reactionTitle, showReactionUsers } from './reaction-label';
import { shownName } from '../users/muted-users';

export interface ReactionGroup {
  key: string;
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
  userIds: number[];
}

/** Reactions grouped by emoji (code + type), in first-reacted order. */
export function groupReactions(reactions: Reaction[]): ReactionGroup[] {
  const groups = new Map<string, ReactionGroup>();
  for (const r of reactions) {
    const key = `${r.reaction_type}:${r.emoji_code}`;
    const group = groups.get(key) ?? {
      key,
      emoji_name: r.emoji_name,
      emoji_code: r.emoji_code,
      reaction_type: r.reaction_type,
      userIds: [],
    };
    if (!group.userIds.includes(r.user_id)) group.userIds.push(r.user_id);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** An emoji as a reaction names it: received reactions carry any `reaction_type` string. */
export interface ReactionEmoji {
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
}

/** The call's parameters; a type this app cannot send fails the call before it leaves. */
function reactionParams(messageId: number, e: ReactionEmoji): EndpointParams<'addReaction'> {
  const type = sendableReactionType(e.reaction_type);
  if (!type) throw new Error(`This app cannot send reactions of type ${e.reaction_type}.`);
  return { message_id: messageId, emoji_name: e.emoji_name, emoji_code: e.emoji_code, reaction_type: type };
}

export function useReactionMutations(messageId: number) {
  const bridge = useBridge();
  const add = useMutation({
    mutationFn: async (e: ReactionEmoji) => {
      try {
        await callApi(bridgeForShownAccount(bridge), 'addReaction', reactionParams(messageId, e));
      } catch (error) {
        // Already there (a double click, or another device): the state the user wanted holds.
        if (apiErrorCode(error) !== 'REACTION_ALREADY_EXISTS') throw error;
      }
    },
  });
  const remove = useMutation({
    mutationFn: (e: ReactionEmoji) =>
      callApi(bridgeForShownAccount(bridge), 'removeReaction', reactionParams(messageId, e)),
  });
  return { add, remove };
}

export function EmojiGlyph({ name, code, type }: { name: string; code: string; type: string }) {
  const realmEmoji = useInitialState((s) => s.realm_emoji);
  // emojiset 'text' (spec 4.6): emoji are shown by name.
  const emojiset = useUserSetting<string>('emojiset', '');
  if (emojiset === 'text') return <span className="emoji-text">:{name}:</span>;
  if (type === 'realm_emoji') {
    const custom = realmEmoji?.[code];
    if (custom)
      return (
        <img
          className="emoji-img"
          src={resolveServerUrl(custom.source_url)}
          alt={`:${name}:`}
          width={18}
          height={18}
        />
      );
    return <span>:{name}:</span>;
  }
  if (type === 'service_extra_emoji') return <span title={`:${name}:`}>◆</span>;
  return <span>{glyphFromCode(code)}</span>;
}

/** The reaction chips under a message, and the button that opens the picker. */
export function Reactions({
  message,
  picking,
  setPicking,
}: {
  message: Message;
  picking: boolean;
  setPicking: (open: boolean) => void;
}) {
  const { selfId, users, reactionUsers, mutedUserIds } = useMessageDisplay();
  const { add, remove } = useReactionMutations(message.id);
  const reactions = message.reactions ?? [];
  const groups = groupReactions(reactions);
  const namesShown = showReactionUsers(reactionUsers, reactions.length);
  const reactedWith = (e: ReactionEmoji) =>
    reactions.some(
      (r) => r.user_id === selfId && r.reaction_type === e.reaction_type && r.emoji_code === e.emoji_code,
    );
  const failure = unmetError(add, reactedWith) ?? unmetError(remove, (e) => !reactedWith(e));
  if (groups.length === 0 && !picking && !failure) return null;

  const toggle = (g: ReactionGroup) => {
    const e = { emoji_name: g.emoji_name, emoji_code: g.emoji_code, reaction_type: g.reaction_type };
    if (selfId !== undefined && g.userIds.includes(selfId)) remove.mutate(e);
    else add.mutate(e);
  };
  const pick = (choice: EmojiChoice) => {
    setPicking(false);
    const mine = groups.find((g) => g.reaction_type === choice.reaction_type && g.emoji_code === choice.code);
    if (mine && selfId !== undefined && mine.userIds.includes(selfId)) return;
    add.mutate({ emoji_name: choice.name, emoji_code: choice.code, reaction_type: choice.reaction_type });
  };

  return (
    <div className="reactions" data-testid={`reactions-${message.id}`}>
      {groups.map((g) => {
        const mine = selfId !== undefined && g.userIds.includes(selfId);
        const nameOf = (id: number) => shownName(id, users, mutedUserIds, 'Someone');
        const title = reactionTitle(g.userIds, g.emoji_name, selfId, nameOf);
        return (
          <button
            key={g.key}
            type="button"
            className={`reaction${mine ? ' mine' : ''}`}
            aria-pressed={mine}
            title={title}
            aria-label={title}
            data-testid={`reaction-${g.emoji_name}`}
            onClick={() => toggle(g)}
          >
            <EmojiGlyph name={g.emoji_name} code={g.emoji_code} type={g.reaction_type} />
            <span className={namesShown ? 'reaction-users' : 'reaction-count'}>
              {reactionChipText(g.userIds, namesShown, selfId, nameOf)}
            </span>
          </button>
        );
      })}
      {picking && (
        <span className="picker-anchor">
          <EmojiPicker onPick={pick} onClose={() => setPicking(false)} />
        </span>
      )}
      {failure && (
        <ReactionFailure
          failure={failure}
          clear={() => {
            add.reset();
            remove.reset();
          }}
        />
      )}
    </div>
  );
}

/**
 * Offline, a reaction is refused rather than queued (the chip shows what the server holds). Said
 * until the connection comes back: "could not reach the server" is about the outage. Only a row
 * with a failure watches the connection.
 */
function ReactionFailure({ failure, clear }: { failure: Error; clear: () => void }) {
  const connected = useConnectionStore((s) => s.status.state === 'connected');
  const wasConnected = useRef(connected);
  useEffect(() => {
    if (connected && !wasConnected.current) clear();
    wasConnected.current = connected;
  }, [connected, clear]);
  return (
    <span className="row-error" role="alert">
      Reaction not saved: {errorSentence(failure)}
    </span>
  );
}
