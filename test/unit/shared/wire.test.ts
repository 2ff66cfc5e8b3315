import { describe, expect, it } from 'vitest';
import { endpoints, type EndpointName } from '../../../shared/api';
import { toWire, UnsupportedFeatureError, type Endpoint } from '../../../shared/api/endpoint';
import type { WireCase } from './wire/case';
import { channelCases } from './wire/channels.cases';
import { messageCases } from './wire/messages.cases';
import {
  draftCases,
  peopleCases,
  queueCases,
  realmCases,
  scheduledMessageCases,
  settingsCases,
  typingCases,
} from './wire/other.cases';

const allCases: WireCase[] = [
  ...messageCases,
  ...channelCases,
  ...typingCases,
  ...settingsCases,
  ...peopleCases,
  ...draftCases,
  ...scheduledMessageCases,
  ...realmCases,
  ...queueCases,
];

function binding(name: EndpointName): Endpoint<string, Record<string, unknown>, unknown> {
  return endpoints[name] as unknown as Endpoint<string, Record<string, unknown>, unknown>;
}

/** Validates like the main process does, then encodes. */
function wireOf(c: WireCase) {
  const endpoint = binding(c.name);
  const params = endpoint.params.parse(c.params);
  return toWire(endpoint, params, { featureLevel: c.level });
}

describe('toWire for every binding (spec parts 1 and 9)', () => {
  it.each(allCases.map((c) => [`${c.name} @${c.level}: ${c.title}`, c] as const))('%s', (_title, c) => {
    if (c.needsLevel !== undefined) {
      let thrown: unknown;
      try {
        wireOf(c);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(UnsupportedFeatureError);
      expect((thrown as UnsupportedFeatureError).requiredLevel).toBe(c.needsLevel);
      expect((thrown as UnsupportedFeatureError).endpointName).toBe(c.name);
      return;
    }
    expect(wireOf(c)).toEqual({
      ...c.expected,
      authenticated: !['getServerSettings', 'fetchApiKey'].includes(c.name),
    });
  });

  it('has at least one case for every binding', () => {
    const covered = new Set(allCases.map((c) => c.name));
    expect(Object.keys(endpoints).filter((name) => !covered.has(name as EndpointName))).toEqual([]);
  });

  it('covers an older feature level for every binding with an adapter or a route', () => {
    const withAdapter = Object.values(endpoints)
      .filter((e) => 'adapt' in e || 'route' in e)
      .map((e) => e.name);
    const olderLevels = new Set(allCases.filter((c) => c.level < 400).map((c) => c.name));
    expect(withAdapter.filter((name) => !olderLevels.has(name as EndpointName))).toEqual([]);
  });
});
