/**
 * The error of a change that failed, as long as what it asked for still does not hold. A change
 * whose answer was lost may have gone through all the same (its event then shows the result), and
 * the same change may come from another device: from then on the error would contradict the screen.
 */
export function unmetError<V>(
  mutation: { error: Error | null; variables: V | undefined },
  holds: (variables: V) => boolean,
): Error | null {
  // With an error, `variables` are those of the call that failed (undefined for a call without any).
  return mutation.error && !holds(mutation.variables as V) ? mutation.error : null;
}
