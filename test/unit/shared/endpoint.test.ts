import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, emptySuccess, encodeParam, toWire } from '../../../shared/api/endpoint';
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

describe('endpoint registry', () => {
  it('keys every binding by its own name', () => {
    for (const [key, endpoint] of Object.entries(endpoints)) expect(endpoint.name).toBe(key);
  });
});
