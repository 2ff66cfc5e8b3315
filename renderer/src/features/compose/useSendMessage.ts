import { useMutation } from '@tanstack/react-query';
import type { RefObject } from 'react';
import { ApiCallError } from '../../../../shared/failures';
import type { ComposeNarrow } from '../../api/narrow';
import { useBridge } from '../../app/bridge-context';
import { useSelfId } from '../../app/realm';
import { currentAccountScope, updateForAccount } from '../../state/account-scope';
import { useComposeStore, withoutDraft } from '../../state/compose';
import { destinationFor } from '../outbox/echo';
import { useUploadsStore } from '../uploads/uploads-store';

/**
 * Sends a compose box's text. The message goes to main's outbox, which keeps it on disk and
 * delivers it: once accepted there, the box can be emptied (its echo shows in the feed until the
 * server has it).
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
      return accepted.value;
    },
    // Where the text came from, fixed when sending starts: the user may switch conversation or
    // account before the answer arrives.
    onMutate: () => ({ accountId: currentAccountScope(), key }),
    onSuccess: (_data, { typed }, sentFrom) => {
      // Only clear what was sent: text typed while sending stays. Compared with the box's text as
      // it was, not the trimmed message: a trailing space or newline (an autocompleted mention
      // ends with one) left the sent text in the box, to be sent again.
      updateForAccount(sentFrom.accountId, useComposeStore, (s) =>
        (s.drafts[sentFrom.key] ?? '') === typed ? withoutDraft(s.drafts, sentFrom.key) : {},
      );
      // A file refused for this box said so; the message has now gone without it.
      if (sentFrom.accountId === currentAccountScope()) useUploadsStore.getState().clearFailed(sentFrom.key);
      textarea.current?.focus();
    },
  });
}
