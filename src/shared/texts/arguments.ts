/**
 * The arguments of an ICU message, read from its text by the type checker, so that a call names every
 * argument of its key and no other (docs/decisions/server-texts-by-key.md). It reads `{name}`,
 * `{name, number}` and `{name, plural|select, …}`; a branch's text (`{…}` inside a plural or select)
 * is skipped because it is not an identifier. The catalogue test checks every message with the ICU
 * parser itself, so what this reads and what the library formats cannot drift apart.
 */

type IdentifierCharacter =
  | 'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h' | 'i' | 'j' | 'k' | 'l' | 'm'
  | 'n' | 'o' | 'p' | 'q' | 'r' | 's' | 't' | 'u' | 'v' | 'w' | 'x' | 'y' | 'z'
  | 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G' | 'H' | 'I' | 'J' | 'K' | 'L' | 'M'
  | 'N' | 'O' | 'P' | 'Q' | 'R' | 'S' | 'T' | 'U' | 'V' | 'W' | 'X' | 'Y' | 'Z'
  | '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '_'; // prettier-ignore

type IsIdentifier<S extends string> = S extends `${IdentifierCharacter}${infer Rest}`
  ? Rest extends ''
    ? true
    : IsIdentifier<Rest>
  : false;

type Trim<S extends string> = S extends ` ${infer R}` ? Trim<R> : S extends `${infer R} ` ? Trim<R> : S;

/** `name` of `name, plural, …` (or of `name`), and what kind of value it takes. */
type Argument<Head extends string> = Head extends `${infer Name},${infer Format}`
  ? [
      Trim<Name>,
      Trim<Format> extends `number${string}` | `plural${string}` | `selectordinal${string}` ? number : string | number,
    ]
  : [Trim<Head>, string | number];

type Collect<S extends string, Found> = S extends `${string}{${infer Body}`
  ? Argument<HeadOf<Body>> extends [infer Name extends string, infer Value]
    ? IsIdentifier<Name> extends true
      ? Collect<Body, Found & { [K in Name]: Value }>
      : Collect<Body, Found>
    : Collect<Body, Found>
  : Found;

/** What follows an opening brace up to the next brace: `name` or `name, plural, one `. */
type HeadOf<Body extends string> = Body extends `${infer Head}}${string}`
  ? Head extends `${infer Before}{${string}`
    ? Before
    : Head
  : Body extends `${infer Before}{${string}`
    ? Before
    : Body;

type Flatten<T> = { [K in keyof T]: T[K] };

/** The arguments of message `S` as an object type (`{}` when it has none). */
export type MessageArguments<S extends string> = Flatten<Collect<S, unknown>>;
