import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FeatureLevel } from '../../../../shared/api/feature-levels';
import type { ChatBridge } from '../../../../shared/ipc';
import { callApi } from '../../api/call';
import { getInitialState } from '../../api/keys';
import { useBridge } from '../../app/bridge-context';
import { useInitialState } from '../../app/session';
import type { SavedSnippet } from './snippets';

/** The user's saved snippets from the register state, kept current by saved_snippets events. */
export function useSavedSnippets(): SavedSnippet[] | undefined {
  return useInitialState((s) => s.saved_snippets);
}

/**
 * What the server does with saved snippets: keep them (level 297) and edit them (level 368). A
 * server without them sends no `saved_snippets` at all, so the screen must not wait for it. An
 * unknown level is taken as the newest.
 */
export function useSnippetsSupport(): { kept: boolean; editable: boolean } {
  const level = useInitialState((s) => s.service_feature_level);
  return {
    kept: level === undefined || level >= FeatureLevel.savedSnippets,
    editable: level === undefined || level >= FeatureLevel.editSavedSnippet,
  };
}

/**
 * Spec 4.19: an empty title or content is the server's to refuse ("Title cannot be empty."). A
 * Save whose answer was lost may have created the snippet all the same: before the failure is
 * reported, the server's snippets are looked at, so a Save clicked again does not make a second one.
 */
export function useCreateSnippet() {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (params: { title: string; content: string }) => {
      const before = new Set((getInitialState(queryClient)?.saved_snippets ?? []).map((s) => s.id));
      try {
        return await callApi(bridge, 'createSavedSnippet', params);
      } catch (error) {
        const made = await createdMeanwhile(bridge, params, before);
        if (made === undefined) throw error;
        return { result: 'success', msg: '', saved_snippet_id: made.id };
      }
    },
  });
}

/** A snippet with these words that the server has and `before` did not; undefined when none or unknown. */
async function createdMeanwhile(
  bridge: ChatBridge,
  wanted: { title: string; content: string },
  before: ReadonlySet<number>,
): Promise<SavedSnippet | undefined> {
  try {
    const { saved_snippets } = await callApi(bridge, 'getSavedSnippets', {});
    // The server keeps the title trimmed.
    return saved_snippets.find(
      (s) => !before.has(s.id) && s.title.trim() === wanted.title.trim() && s.content === wanted.content,
    );
  } catch {
    return undefined;
  }
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
