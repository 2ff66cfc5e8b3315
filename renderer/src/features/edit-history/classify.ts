import type { EditHistorySnapshot } from '../../api/model';

export interface HistoryEntry {
  kind: 'posted' | 'edited' | 'moved' | 'edited-and-moved';
  snapshot: EditHistorySnapshot;
  contentChanged: boolean;
  topicChange: { from: string; to: string } | null;
  channelChange: { from: number; to: number } | null;
}

/**
 * Spec 2.4: the first snapshot is the original message; each later one carries `prev_*` fields
 * only for what that edit changed.
 */
export function classifyHistory(history: EditHistorySnapshot[]): HistoryEntry[] {
  return history.map((snapshot, index) => {
    const contentChanged = snapshot.prev_content !== undefined || snapshot.content_html_diff !== undefined;
    const topicChange =
      snapshot.prev_topic !== undefined ? { from: snapshot.prev_topic, to: snapshot.topic } : null;
    const channelChange =
      snapshot.prev_stream !== undefined && snapshot.stream !== undefined
        ? { from: snapshot.prev_stream, to: snapshot.stream }
        : null;
    const moved = topicChange !== null || channelChange !== null;
    const kind: HistoryEntry['kind'] =
      index === 0 ? 'posted' : contentChanged && moved ? 'edited-and-moved' : moved ? 'moved' : 'edited';
    return { kind, snapshot, contentChanged, topicChange, channelChange };
  });
}
