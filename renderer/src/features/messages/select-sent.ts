import { useEffect, useState } from 'react';
import type { Message } from '../../api/model';
import { onAppliedEvents } from '../../events/taps';
import { useMessageSelection } from '../../state/message-selection';

/** Messages this window sent lately (their events carried its `local_id` back): at most this many. */
const KEPT = 50;
/** Each with the count of messages noted when it came back: what came since a moment is known. */
const sentHere: { id: number; seq: number }[] = [];
let noted = 0;

function wasSentHere(id: number, since = 0): boolean {
  return sentHere.some((sent) => sent.id === id && sent.seq > since);
}
/**
 * The outbox's ids of what this window sent. Main's outbox may be shared by other windows (the web
 * host's tabs on one core): their messages come back with a `local_message_id` too.
 */
const sendingHere: string[] = [];

/** Called by the compose box when main's outbox has taken a message from this window. */
export function noteSendingHere(localId: string): void {
  sendingHere.push(localId);
  if (sendingHere.length > KEPT) sendingHere.shift();
}

function noteSentHere(events: readonly unknown[]): void {
  for (const raw of events) {
    const event = raw as { type?: unknown; local_message_id?: unknown; message?: { id?: unknown } };
    if (event.type !== 'message' || typeof event.local_message_id !== 'string') continue;
    if (typeof event.message?.id !== 'number' || !sendingHere.includes(event.local_message_id)) continue;
    sentHere.push({ id: event.message.id, seq: ++noted });
    if (sentHere.length > KEPT) sentHere.shift();
  }
}

/** Notes what this window sends, for as long as it is open (mounted by the chat shell). */
export function useNoteSentHere(): void {
  useEffect(() => onAppliedEvents(noteSentHere), []);
}

/**
 * A message sent from this window that arrives at the bottom of a feed following the newest
 * becomes the selected one, as in the real service: e, +, : and the rest act on it at once. A
 * reader scrolled up keeps their place and their selection.
 */
export function useSelectSentMessage(key: string, messages: readonly Message[], following: boolean): void {
  const newest = messages[messages.length - 1];
  useEffect(() => {
    if (!following || !newest || !wasSentHere(newest.id)) return;
    const selected = useMessageSelection.getState().byNarrow[key];
    if (selected === undefined || selected < newest.id) useMessageSelection.getState().select(key, newest.id);
  }, [key, newest, following]);
}

/**
 * The newest message sent from this window that came into the feed while the reader was scrolled up
 * (not following the newest): it went out below the view, and the compose box just emptied. The feed
 * says where it went, as the real service does ("Sent! Scroll down to view your message"), until the
 * reader is back at the bottom or dismisses it. Only a message that came back while this feed was
 * shown: one sent earlier is not news when a view opens on it or a page brings it.
 */
export function useSentBelow(
  messages: readonly Message[],
  following: boolean,
): { sentBelow: number | null; dismiss(): void } {
  const newestId = messages[messages.length - 1]?.id;
  // Worked out while rendering (React's "state from the previous render"): an effect would draw
  // the feed once more for it.
  const [shownSince] = useState(() => noted);
  const [state, setState] = useState({ newestId, sentBelow: null as number | null });
  if (state.newestId !== newestId || (following && state.sentBelow !== null)) {
    const arrived = newestId !== undefined && newestId !== state.newestId;
    const sentBelow = following
      ? null
      : arrived && wasSentHere(newestId, shownSince)
        ? newestId
        : state.sentBelow;
    setState({ newestId, sentBelow });
  }
  return { sentBelow: state.sentBelow, dismiss: () => setState((n) => ({ ...n, sentBelow: null })) };
}
