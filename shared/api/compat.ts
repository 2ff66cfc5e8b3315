import { UnsupportedFeatureError, type WireContext } from './endpoint';
import type { Narrow, NarrowElement } from './resources';
import { FeatureLevel } from './feature-levels';

export { FeatureLevel };

/** The topic older servers use for what newer ones send as the empty string. */
export const NO_TOPIC = '(no topic)';

export function requireLevel(ctx: WireContext, level: number, endpoint: string, detail: string): void {
  if (ctx.featureLevel < level) throw new UnsupportedFeatureError(endpoint, level, detail);
}

/**
 * Spec 1.5: the empty topic exists from level 334. Before that, a message sent with an empty topic
 * landed in `(no topic)`, so that is what the empty topic means on the wire there.
 */
export function topicForWire(topic: string, ctx: WireContext): string {
  return topic === '' && ctx.featureLevel < FeatureLevel.emptyTopicName ? NO_TOPIC : topic;
}

/** A copy of `params` without the named keys. */
export function without<T extends Record<string, unknown>>(
  params: T,
  ...keys: string[]
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...params };
  for (const key of keys) delete out[key];
  return out;
}

/** Renames `from` to `to` when present. */
export function renameKey(
  params: Record<string, unknown>,
  from: string,
  to: string,
): Record<string, unknown> {
  if (!(from in params)) return params;
  const { [from]: value, ...rest } = params;
  return { ...rest, [to]: value };
}

const LEGACY_OPERATORS: Record<string, { level: number; legacy: string }> = {
  dm: { level: FeatureLevel.dmNarrowOperators, legacy: 'pm-with' },
  'dm-including': { level: FeatureLevel.dmNarrowOperators, legacy: 'group-pm-with' },
  channel: { level: FeatureLevel.channelNarrowOperators, legacy: 'stream' },
  channels: { level: FeatureLevel.channelNarrowOperators, legacy: 'streams' },
};

function adaptNarrowElement(element: NarrowElement, ctx: WireContext): NarrowElement {
  const level = ctx.featureLevel;
  if (Array.isArray(element)) {
    const [operator, operand] = element;
    const legacy = LEGACY_OPERATORS[operator];
    const op = legacy && level < legacy.level ? legacy.legacy : operator;
    const value =
      operator === 'is' && operand === 'dm' && level < FeatureLevel.dmNarrowOperators ? 'private' : operand;
    return [op, value];
  }
  const legacy = LEGACY_OPERATORS[element.operator];
  const out = { ...element };
  if (legacy && level < legacy.level) out.operator = legacy.legacy;
  if (element.operator === 'is' && element.operand === 'dm' && level < FeatureLevel.dmNarrowOperators)
    out.operand = 'private';
  if (
    element.operator === 'id' &&
    typeof element.operand === 'number' &&
    level < FeatureLevel.integerIdOperand
  )
    out.operand = String(element.operand);
  return out;
}

/** Rewrites modern narrow operators into the names an older server knows. */
export function narrowForWire(narrow: Narrow, ctx: WireContext): Narrow {
  return narrow.map((element) => adaptNarrowElement(element, ctx));
}

/**
 * POST /register takes its narrow only as `[operator, operand]` string pairs (the public register
 * docs). Object elements become pairs; a negated one cannot be expressed there, so it is refused
 * rather than sent meaning its opposite.
 */
export function narrowAsPairs(narrow: Narrow, ctx: WireContext): [string, string][] {
  return narrowForWire(narrow, ctx).map((element) => {
    if (Array.isArray(element)) return [element[0], element[1]];
    if (element.negated)
      throw new Error('register: a negated narrow element cannot be sent as an [operator, operand] pair');
    const operand = Array.isArray(element.operand) ? element.operand.join(',') : String(element.operand);
    return [element.operator, operand];
  });
}
