import { z } from 'zod';
import { lazy } from './lazy';
import { FeatureLevel, requireLevel } from './compat';
import { defineEndpoint, emptySuccess, successResponse, type WireContext } from './endpoint';
import { draftInputSchema, draftSchema, savedSnippetSchema } from './resources';

const int = lazy(() => z.number().int());

function needs(level: number, name: string) {
  return <P extends Record<string, unknown>>(params: P, ctx: WireContext) => {
    requireLevel(ctx, level, name, 'this endpoint');
    return { ...params };
  };
}

// ---- Drafts (spec 2.6 and 4.12; level 87) -----------------------------------------------------

export const getDrafts = defineEndpoint({
  name: 'getDrafts',
  method: 'GET',
  path: '/drafts',
  params: () => z.object({}),
  response: () => successResponse({ count: int().optional(), drafts: z.array(draftSchema()) }),
  adapt: needs(FeatureLevel.drafts, 'getDrafts'),
});

export const createDrafts = defineEndpoint({
  name: 'createDrafts',
  method: 'POST',
  path: '/drafts',
  params: () => z.object({ drafts: z.array(draftInputSchema()) }),
  /** IDs of the new drafts, in the order sent. */
  response: () => successResponse({ ids: z.array(int()) }),
  adapt: needs(FeatureLevel.drafts, 'createDrafts'),
});

/** 4.12 PATCH /drafts/{draft_id}. */
export const updateDraft = defineEndpoint({
  name: 'updateDraft',
  method: 'PATCH',
  path: '/drafts/{draft_id}',
  params: () => z.object({ draft_id: int(), draft: draftInputSchema() }),
  response: emptySuccess,
  adapt: needs(FeatureLevel.drafts, 'updateDraft'),
});

export const deleteDraft = defineEndpoint({
  name: 'deleteDraft',
  method: 'DELETE',
  path: '/drafts/{draft_id}',
  params: () => z.object({ draft_id: int() }),
  response: emptySuccess,
  adapt: needs(FeatureLevel.drafts, 'deleteDraft'),
});

// ---- Saved snippets (spec 2.7 and 4.19; level 297) --------------------------------------------

export const getSavedSnippets = defineEndpoint({
  name: 'getSavedSnippets',
  method: 'GET',
  path: '/saved_snippets',
  params: () => z.object({}),
  response: () => successResponse({ saved_snippets: z.array(savedSnippetSchema()) }),
  adapt: needs(FeatureLevel.savedSnippets, 'getSavedSnippets'),
});

/** 4.19 POST /saved_snippets. An empty title or content is the server's BAD_REQUEST to give. */
export const createSavedSnippet = defineEndpoint({
  name: 'createSavedSnippet',
  method: 'POST',
  path: '/saved_snippets',
  params: () => z.object({ title: z.string(), content: z.string() }),
  response: () => successResponse({ saved_snippet_id: int() }),
  adapt: needs(FeatureLevel.savedSnippets, 'createSavedSnippet'),
});

/** Edit a saved snippet's title, content or both (level 368). */
export const updateSavedSnippet = defineEndpoint({
  name: 'updateSavedSnippet',
  method: 'PATCH',
  path: '/saved_snippets/{saved_snippet_id}',
  params: () =>
    z.object({ saved_snippet_id: int(), title: z.string().optional(), content: z.string().optional() }),
  response: emptySuccess,
  adapt: needs(FeatureLevel.editSavedSnippet, 'updateSavedSnippet'),
});

export const deleteSavedSnippet = defineEndpoint({
  name: 'deleteSavedSnippet',
  method: 'DELETE',
  path: '/saved_snippets/{saved_snippet_id}',
  params: () => z.object({ saved_snippet_id: int() }),
  response: emptySuccess,
  adapt: needs(FeatureLevel.savedSnippets, 'deleteSavedSnippet'),
});
