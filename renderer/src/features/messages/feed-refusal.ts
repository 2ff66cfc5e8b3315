import { apiErrorCode, errorSentence } from '../../api/call';
import type { Narrow } from '../../api/narrow';
import { parseSearch, searchProblem } from '../../api/search-query';

/**
 * Why a view cannot be shown however often it is asked for, in the user's words, or null: a search
 * with a part the service does not understand (`has:video`, `near:abc`), or a view the server
 * refused as one it cannot read. Asking again would only repeat it, so no Try again goes with it.
 */
export function feedRefusal(narrow: Narrow, error: unknown): string | null {
  const problem = narrow.kind === 'search' ? searchProblem(parseSearch(narrow.query)) : null;
  if (problem) return problem;
  if (apiErrorCode(error) !== 'BAD_NARROW') return null;
  return `The server cannot show this ${narrow.kind === 'search' ? 'search' : 'view'}: ${errorSentence(error)}`;
}
