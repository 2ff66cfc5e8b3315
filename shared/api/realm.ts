import { z } from 'zod';
import { lazy, type Infer } from './lazy';
import { FeatureLevel, requireLevel } from './compat';
import { defineEndpoint, emptySuccess, successResponse, UnsupportedFeatureError } from './endpoint';
import { groupSettingUpdateSchema, linkifierSchema, realmEmojiMapSchema } from './resources';

const int = lazy(() => z.number().int());

// ---- Linkifiers -------------------------------------------------------------------------------

/** GET /realm/linkifiers (level 54). */
export const getLinkifiers = defineEndpoint({
  name: 'getLinkifiers',
  method: 'GET',
  path: '/realm/linkifiers',
  params: () => z.object({}),
  response: () => successResponse({ linkifiers: z.array(linkifierSchema()) }),
  adapt: (params, ctx) => {
    requireLevel(ctx, 54, 'getLinkifiers', 'this endpoint');
    return { ...params };
  },
});

/**
 * Before level 176 a linkifier's URL was a format string (`%(name)s`) rather than an RFC 6570
 * template. Simple `{name}` expansions translate; operator expansions have no equivalent.
 */
export function urlTemplateToFormatString(template: string): string {
  let out = '';
  let i = 0;
  while (i < template.length) {
    const ch = template[i] as string;
    if (ch === '{') {
      const end = template.indexOf('}', i);
      const name = end < 0 ? '' : template.slice(i + 1, end);
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
        throw new UnsupportedFeatureError(
          'updateLinkifier',
          FeatureLevel.linkifierUrlTemplate,
          `the template expression {${name}}`,
        );
      out += `%(${name})s`;
      i = end + 1;
    } else {
      out += ch === '%' ? '%%' : ch;
      i++;
    }
  }
  return out;
}

/** The template as the server at `ctx.featureLevel` takes it: `url_format_string` before 176. */
function linkifierUrlParams<P extends { url_template: string }>(params: P, featureLevel: number) {
  if (featureLevel >= FeatureLevel.linkifierUrlTemplate) return { ...params };
  const { url_template, ...rest } = params;
  return { ...rest, url_format_string: urlTemplateToFormatString(url_template) };
}

/** POST /realm/filters (administrators): answers the new linkifier's id; it goes last in the order. */
export const createLinkifier = defineEndpoint({
  name: 'createLinkifier',
  method: 'POST',
  path: '/realm/filters',
  params: () => z.object({ pattern: z.string(), url_template: z.string() }),
  response: () => successResponse({ id: int() }),
  adapt: (params, ctx) => linkifierUrlParams(params, ctx.featureLevel),
});

/** DELETE /realm/filters/{filter_id} (administrators). */
export const deleteLinkifier = defineEndpoint({
  name: 'deleteLinkifier',
  method: 'DELETE',
  path: '/realm/filters/{filter_id}',
  params: () => z.object({ filter_id: int() }),
  response: emptySuccess,
});

/** PATCH /realm/linkifiers (level 202, administrators): the ids of every linkifier, in their new order. */
export const reorderLinkifiers = defineEndpoint({
  name: 'reorderLinkifiers',
  method: 'PATCH',
  path: '/realm/linkifiers',
  params: () => z.object({ ordered_linkifier_ids: z.array(int()) }),
  response: emptySuccess,
  adapt: (params, ctx) => {
    requireLevel(ctx, FeatureLevel.reorderLinkifiers, 'reorderLinkifiers', 'reordering linkifiers');
    return { ...params };
  },
});

/** 4.20 PATCH /realm/filters/{filter_id}. */
export const updateLinkifier = defineEndpoint({
  name: 'updateLinkifier',
  method: 'PATCH',
  path: '/realm/filters/{filter_id}',
  params: () => z.object({ filter_id: int(), pattern: z.string(), url_template: z.string() }),
  response: emptySuccess,
  adapt: (params, ctx) => {
    requireLevel(ctx, FeatureLevel.updateLinkifier, 'updateLinkifier', 'this endpoint');
    return linkifierUrlParams(params, ctx.featureLevel);
  },
});

// ---- Custom emoji -----------------------------------------------------------------------------

export const getRealmEmoji = defineEndpoint({
  name: 'getRealmEmoji',
  method: 'GET',
  path: '/realm/emoji',
  params: () => z.object({}),
  response: () => successResponse({ emoji: realmEmojiMapSchema() }),
});

// ---- Organization settings --------------------------------------------------------------------

/**
 * PATCH /realm (administrators only). The full list of realm settings is not shown in the spec, so
 * this takes any setting by its unprefixed name; group settings take a `{new, old}` update.
 */
export const updateRealmParamsSchema = lazy(() =>
  z.record(
    z.string(),
    z.union([
      z.boolean(),
      z.number(),
      z.string(),
      z.null(),
      groupSettingUpdateSchema(),
      z.array(z.unknown()),
    ]),
  ),
);
export type UpdateRealmParams = Infer<typeof updateRealmParamsSchema>;

export const updateRealm = defineEndpoint({
  name: 'updateRealm',
  method: 'PATCH',
  path: '/realm',
  params: updateRealmParamsSchema,
  response: emptySuccess,
});
