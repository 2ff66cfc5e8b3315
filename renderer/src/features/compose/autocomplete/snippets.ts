import type { SavedSnippet } from '../../snippets/snippets';
import {
  alphabeticalOrder,
  BestOf,
  comparePlaced,
  fold,
  LIST_LIMIT,
  MATCH,
  matchKey,
  matchRank,
  type Placed,
} from './rank';

/**
 * Saved snippets for `/query`: by how the title matches, a match in the text counting as
 * "anywhere", then newest first (`date_created`), then by title.
 */
export function rankSnippets(
  snippets: readonly SavedSnippet[],
  query: string,
  limit = LIST_LIMIT,
): SavedSnippet[] {
  const q = fold(query.trim());
  const order = alphabeticalOrder(snippets.map((s) => s.title));
  const best = new BestOf<Placed<SavedSnippet>>(limit, comparePlaced);
  snippets.forEach((snippet, i) => {
    let rank = matchRank(matchKey(snippet.title), q);
    if (rank === null && fold(snippet.content).includes(q)) rank = MATCH.substring;
    if (rank !== null)
      best.add({ item: snippet, rank, recency: snippet.date_created ?? 0, order: order[i]! });
  });
  return best.result().map((p) => p.item);
}
