import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../api/call';
import { useBridge } from '../../app/bridge-context';
import { useInitialState } from '../../app/session';
import type { SavedSnippet } from './snippets';

/** The user's saved snippets from the register state, kept current by saved_snippets events. */
export function useSavedSnippets(): SavedSnippet[] | undefined {
  return useInitialState((s) => s.saved_snippets);
}

/** Spec 4.19: an empty title or content is the server's to refuse ("Title cannot be empty."). */
export function useCreateSnippet() {
  const bridge = useBridge();
  return useMutation({
    mutationFn: (params: { title: string; content: string }) => callApi(bridge, 'createSavedSnippet', params),
  });
}

/** Edit a snippet (PATCH, level 368): only the fields given change. */
export function useUpdateSnippet() {
  const bridge = useBridge();
  return useMutation({
    mutationFn: (params: { saved_snippet_id: number; title?: string; content?: string }) =>
      callApi(bridge, 'updateSavedSnippet', params),
  });
}

export function useDeleteSnippet() {
  const bridge = useBridge();
  return useMutation({
    mutationFn: (id: number) => callApi(bridge, 'deleteSavedSnippet', { saved_snippet_id: id }),
  });
}
