// probe-as: renderer/src/config-probe-reference-node.ts
// Not type-checked: the directive would give every renderer file Node's types.
// lint: @typescript-eslint/triple-slash-reference
/// <reference types="node" />
export const pid = process.pid;
