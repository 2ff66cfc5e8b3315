import type { QueryClient } from '@tanstack/react-query';
import type { ChatEvent } from '../../../shared/api/events';
import type { GetMessagesResponse, Message } from '../api/model';
import { messageInNarrow, type Narrow } from '../api/narrow';
import { deletedIds } from './reducers/delete-message';
import { messageOfEvent, recipientIdsOf } from './reducers/message';
import { reactedBy } from './reducers/reaction';
import { flaggedBy } from './reducers/update-message-flags';
import { editedBy, moveOf } from './reducers/update-message';

/** What an event does to a page of some view's messages; `selfId` for direct-message views. */
type PageChange = (
  page: GetMessagesResponse,
  narrow: Narrow,
  selfId: number | undefined,
) => GetMessagesResponse;

/**
 * The changes events make to pages of messages, in the order they came. A page of GET /messages is
 * the server's state when it answered; events that came while the answer was on its way (a new
 * message, a deletion, an edit, a flag, a reaction) were applied to the pages already shown, not to
 * this one, which would bring back a deleted message, or leave a gap where new messages arrived.
 * A fetch notes the journal's position as it leaves, and its page is brought up to date with what
 * came since (`catchUp`) before it is shown. Bounded: past MAX_CHANGES a page that left before the
 * oldest kept change cannot be brought up to date, and its fetch asks again.
 */
export class FeedJournal {
  static readonly MAX_CHANGES = 5000;
  private readonly changes: PageChange[] = [];
  /** The position of `changes[0]`. */
  private first = 0;

  /** Where the journal stands: a fetch leaving now needs the changes from here on. */
  position(): number {
    return this.first + this.changes.length;
  }

  record(event: ChatEvent): void {
    const change = pageChangeOf(event);
    if (!change) return;
    this.changes.push(change);
    if (this.changes.length > FeedJournal.MAX_CHANGES) {
      this.changes.shift();
      this.first += 1;
    }
  }

  /**
   * The page fetched from `since` on with every change recorded after it, or null when some of
   * them are no longer kept.
   */
  catchUp(
    page: GetMessagesResponse,
    since: number,
    narrow: Narrow,
    selfId: number | undefined,
  ): GetMessagesResponse | null {
    if (since < this.first) return null;
    let caught = page;
    for (const change of this.changes.slice(since - this.first)) caught = change(caught, narrow, selfId);
    return caught;
  }
}

const journals = new WeakMap<QueryClient, FeedJournal>();

/** The journal of the events applied to this query client (one per signed-in account). */
export function feedJournal(queryClient: QueryClient): FeedJournal {
  let journal = journals.get(queryClient);
  if (!journal) {
    journal = new FeedJournal();
    journals.set(queryClient, journal);
  }
  return journal;
}

function mapMessages(page: GetMessagesResponse, map: (m: Message) => Message): GetMessagesResponse {
  let changed = false;
  const messages = page.messages.map((m) => {
    const next = map(m);
    if (next !== m) changed = true;
    return next;
  });
  return changed ? { ...page, messages } : page;
}

function keepMessages(page: GetMessagesResponse, keep: (m: Message) => boolean): GetMessagesResponse {
  const messages = page.messages.filter(keep);
  return messages.length === page.messages.length ? page : { ...page, messages };
}

/** The same changes the reducers make to the pages already shown (events/reducers). */
function pageChangeOf(event: ChatEvent): PageChange | null {
  if (event.kind === 'unknown') return null;
  switch (event.type) {
    case 'message': {
      const message = messageOfEvent(event);
      const recipients = recipientIdsOf(message);
      // As the reducer: only a page that reaches the newest message takes a new one, and a search
      // takes it to be checked by the feed (only the server knows its matches).
      return (page, narrow, selfId) => {
        if (!page.found_newest || page.messages.some((m) => m.id === message.id)) return page;
        if (messageInNarrow(narrow, message, recipients, selfId) === false) return page;
        const messages = [...page.messages, message].sort((a, b) => a.id - b.id);
        return { ...page, messages };
      };
    }
    case 'delete_message': {
      const ids = deletedIds(event);
      return (page) => keepMessages(page, (m) => !ids.has(m.id));
    }
    case 'update_message': {
      const edit = editedBy(event);
      const { moved } = moveOf(event);
      const ids = new Set(event.message_ids);
      return (page, narrow, selfId) => {
        const edited = mapMessages(page, edit);
        if (!moved) return edited;
        // Moved away from the view: gone from it, as the reducer removes them.
        return keepMessages(
          edited,
          (m) => !ids.has(m.id) || messageInNarrow(narrow, m, [], selfId) !== false,
        );
      };
    }
    case 'update_message_flags': {
      const flag = flaggedBy(event);
      const unstarred = event.flag === 'starred' && event.op === 'remove' ? new Set(event.messages) : null;
      return (page, narrow) => {
        const flagged = mapMessages(page, flag);
        return unstarred && narrow.kind === 'starred'
          ? keepMessages(flagged, (m) => !unstarred.has(m.id))
          : flagged;
      };
    }
    case 'reaction': {
      const react = reactedBy(event);
      return (page) => mapMessages(page, react);
    }
    default:
      return null;
  }
}
