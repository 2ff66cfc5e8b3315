// shared/ compiles without the DOM's or Node's types (it must run in both), and both have the
// WHATWG URL class: the part of it shared/ uses.
declare class URL {
  constructor(input: string, base?: string);
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly hostname: string;
  readonly origin: string;
  readonly pathname: string;
}
