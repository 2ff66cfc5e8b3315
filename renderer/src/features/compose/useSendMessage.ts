import { useMutation } from '@tanstack/react-query';
import type { RefObject } from 'react';
import { ApiCallError } from '../../../../shared/failures';
import type { ComposeNarrow } from '../../api/narrow';
import { useBridge } from '../../app/bridge-context';
import { useSelfId } from '../../app/realm';
import { currentAccountScope, updateForAccount } from '../../state/account-scope';
import { useComposeStore, withoutDraft } from '../../state/compose';
import { noteSendingHere } from '../messages/select-sent';
import { destinationFor } from '../outbox/echo';
import { useUploadsStore } from '../uploads/uploads-store';

/**
 * Sends a compose box's text. The box is emptied at once, so what the person types next is the
 * next message (waiting for the outbox's answer left the sent text in the box, and text typed
 * meanwhile was sent with it again). The message goes to main's outbox, which keeps it on disk
 * and delivers it (its echo shows in the feed until the server has it); if the outbox cannot take
 * it, the text comes back to its box, ahead of anything typed since.
 */
export function useSendMessage(
  narrow: ComposeNarrow,
  key: string,
  channelTopic: string,
  textarea: RefObject<HTMLTextAreaElement | null>,
) {
  const bridge = useBridge();
  const selfId = useSelfId();
  return useMutation({
    /** `content` is what is sent (trimmed); `typed`, the box's text it came from. */
    mutationFn: async ({ content }: { content: string; typed: string }) => {
      const destination = destinationFor(narrow, channelTopic, selfId);
      if (!destination) throw new Error('Pick a channel and topic, or a person, to send a message.');
      const accepted = await bridge.outbox.send({ destination, content });
      if (!accepted.ok) throw new ApiCallError(accepted.error);
      noteSendingHere(accepted.value.localId);
      return accepted.value;
    },
    // Where the text came from, fixed when sending starts: the user may switch conversation or
    // account before the answer arrives. Runs before any further keystroke is handled.
    onMutate: ({ typed }) => {
      const sentFrom = { accountId: currentAccountScope(), key };
      updateForAccount(sentFrom.accountId, useComposeStore, (s) =>
        (s.drafts[key] ?? '') === typed ? withoutDraft(s.drafts, key) : {},
      );
      return sentFrom;
    },
    onError: (_error, { typed }, sentFrom) => {
      if (!sentFrom) return;
      updateForAccount(sentFrom.accountId, useComposeStore, (s) => {
        const since = s.drafts[sentFrom.key] ?? '';
        return {
          drafts: { ...s.drafts, [sentFrom.key]: since.trim() ? `${typed.trimEnd()}\n\n${since}` : typed },
        };
      });
    },
    onSuccess: (_data, _sent, sentFrom) => {
      // A file refused for this box said so; the message has now gone without it.
      if (sentFrom.accountId === currentAccountScope()) useUploadsStore.getState().clearFailed(sentFrom.key);
      textarea.current?.focus();
    },
  });
}
