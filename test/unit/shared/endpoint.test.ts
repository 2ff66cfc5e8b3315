import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  defineEndpoint,
  emptySuccess,
  encodeParam,
  toWire,
  UnsupportedFeatureError,
} from '../../../shared/api/endpoint';
import { endpoints } from '../../../shared/api';
import { getServerSettings } from '../../../shared/api/server';

describe('encodeParam (spec part 1)', () => {
  it('sends strings as-is and everything else as JSON text', () => {
    expect(encodeParam('hello "world"')).toBe('hello "world"');
    expect(encodeParam(42)).toBe('42');
    expect(encodeParam(true)).toBe('true');
    expect(encodeParam(null)).toBe('null');
    expect(encodeParam([1, 2])).toBe('[1,2]');
    expect(encodeParam({ new: 11, old: { direct_members: [], direct_subgroups: [3] } })).toBe(
      '{"new":11,"old":{"direct_members":[],"direct_subgroups":[3]}}',
    );
  });
});

describe('toWire', () => {
  const example = defineEndpoint({
    name: 'example',
    method: 'PATCH',
    path: '/things/{thing_id}',
    params: z.object({
      thing_id: z.number(),
      label: z.string().optional(),
      ids: z.array(z.number()).optional(),
    }),
    response: emptySuccess,
  });

  it('fills path placeholders and leaves them out of the fields', () => {
    expect(toWire(example, { thing_id: 7, label: 'x', ids: [1] }, { featureLevel: 400 })).toEqual({
      method: 'PATCH',
      path: '/things/7',
      fields: { label: 'x', ids: '[1]' },
      authenticated: true,
    });
  });

  it('omits undefined parameters', () => {
    expect(toWire(example, { thing_id: 7, label: undefined }, { featureLevel: 400 }).fields).toEqual({});
  });

  it('GET /server_settings is the one unauthenticated call', () => {
    expect(toWire(getServerSettings, {}, { featureLevel: 0 })).toMatchObject({
      method: 'GET',
      authenticated: false,
    });
  });
});

describe('toWire with route and adapt (spec part 9)', () => {
  const routed = defineEndpoint({
    name: 'routed',
    method: 'POST',
    path: '/new/{thing_id}',
    params: z.object({ thing_id: z.number(), mode: z.string() }),
    response: emptySuccess,
    route: (_params, ctx) =>
      ctx.featureLevel < 100 ? { method: 'PATCH', path: '/old/{thing_id}/legacy' } : undefined,
    adapt: (params, ctx) => {
      if (params.mode === 'fancy' && ctx.featureLevel < 50)
        throw new UnsupportedFeatureError('routed', 50, 'fancy mode');
      return ctx.featureLevel < 100 ? { thing_id: params.thing_id, legacy_mode: params.mode } : { ...params };
    },
  });

  it('uses the declared method and path on a current server', () => {
    expect(toWire(routed, { thing_id: 3, mode: 'plain' }, { featureLevel: 100 })).toEqual({
      method: 'POST',
      path: '/new/3',
      fields: { mode: 'plain' },
      authenticated: true,
    });
  });

  it("fills the routed path's placeholders from the adapted parameters on an older server", () => {
    expect(toWire(routed, { thing_id: 3, mode: 'plain' }, { featureLevel: 99 })).toEqual({
      method: 'PATCH',
      path: '/old/3/legacy',
      fields: { legacy_mode: 'plain' },
      authenticated: true,
    });
  });

  it('lets an adapter refuse what the server cannot express, naming the level', () => {
    expect(() => toWire(routed, { thing_id: 3, mode: 'fancy' }, { featureLevel: 49 })).toThrow(
      'routed: fancy mode needs service_feature_level 50 or later',
    );
  });

  it('encodes path parameters', () => {
    expect(toWire(routed, { thing_id: 3, mode: 'x' }, { featureLevel: 400 }).path).toBe('/new/3');
    const named = defineEndpoint({
      name: 'named',
      method: 'GET',
      path: '/things/{thing_name}',
      params: z.object({ thing_name: z.string() }),
      response: emptySuccess,
    });
    expect(toWire(named, { thing_name: 'a/b c' }, { featureLevel: 400 }).path).toBe('/things/a%2Fb%20c');
  });
});

describe('endpoint registry', () => {
  it('keys every binding by its own name', () => {
    for (const [key, endpoint] of Object.entries(endpoints)) expect(endpoint.name).toBe(key);
  });
});
