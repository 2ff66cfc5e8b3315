import { z } from 'zod';

/** Spec part 6. Placeholder: the full discriminated union is filled in with the event bindings. */
export const unknownEventSchema = z.looseObject({ id: z.number().int(), type: z.string() });
export type UnknownEvent = z.infer<typeof unknownEventSchema> & { kind: 'unknown' };
export type ChatEvent = UnknownEvent;
