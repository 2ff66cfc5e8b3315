// probe-as: shared/config-probe-control.ts
// What shared/ may do: plain ECMAScript, zod, its own files.
// typecheck: passes
// lint: passes
import { z } from 'zod';
import { ErrorCode } from './errors';

export const id = z.number().int();
export const describe = (value: unknown) =>
  value === ErrorCode.badRequest ? 'bad request' : JSON.stringify(value);
