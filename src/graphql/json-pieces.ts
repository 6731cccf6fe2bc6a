/**
 * JSON.stringify's output, in pieces of about a given length, made one piece at a time: a large
 * answer is serialised only as fast as its client takes it, and never exists whole.
 *
 * Lists and objects are walked item by item and key by key at every depth, as long as they are
 * large; a value estimated at most NATIVE_CHARS of JSON goes through JSON.stringify in one native
 * call, and a string longer than the piece is cut into slices. A piece is therefore at most about
 * twice `size` plus NATIVE_CHARS characters (more only by escapes, which the estimate does not
 * count: at most six characters for one of text), wherever the answer's weight sits. Issue 42,
 * item 7: twenty reviews of 50,000 characters each, under `movie { reviews { results } }`, went
 * out in one 10 MB piece when only the top three levels were walked.
 *
 * Why not the `json-stream-stringify` package: it walks every value in JavaScript, four times
 * slower than a native call on an answer of many small objects (555 against 157 ms for 15 MB,
 * measured on Node 24); the estimate costs this walk about a fifth more than walking only the top
 * levels did (35 against 29 ms for 20 MB of small objects). The output is byte for byte
 * JSON.stringify's (test/http/answer-streaming.test.ts compares them).
 */

/** Values estimated at most this many characters of JSON are stringified in one native call: 16 KiB. */
const NATIVE_CHARS = 16 * 1024;

/** A list or an object being walked, or a long string being cut. */
type Frame = Walked | { text: string; at: number };

interface Walked {
  values: readonly unknown[];
  /** The keys of an object's values; undefined for a list. */
  keys?: readonly string[];
  at: number;
  written: number;
  close: string;
}

/**
 * What is left of `budget` once `value`'s JSON is counted, about (escapes and numbers'
 * lengths are guessed), or a negative number as soon as it is spent: a large value is never
 * walked whole to be found large.
 */
function leftOf(value: unknown, budget: number): number {
  if (typeof value === 'string') return budget - value.length - 2;
  if (value === null || typeof value !== 'object') return budget - 24;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return budget - 64;
  let left = budget - 2;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length && left >= 0; i++) left = leftOf(value[i], left - 1);
    return left;
  }
  for (const key in value) {
    if (left < 0) break;
    left = leftOf((value as Record<string, unknown>)[key], left - key.length - 4);
  }
  return left;
}

export class JsonPieces {
  private readonly stack: Frame[];
  private readonly nativeChars: number;

  /** `nativeChars`: NATIVE_CHARS unless a test walks small values too. */
  constructor(value: unknown, nativeChars = NATIVE_CHARS) {
    this.nativeChars = nativeChars;
    this.stack = [{ values: [value], at: 0, written: 0, close: '' }];
  }

  /** The next piece, at least `size` characters unless it is the last; undefined once all is out. */
  next(size: number): string | undefined {
    let out = '';
    while (out.length < size) {
      const top = this.stack[this.stack.length - 1];
      if (!top) return out || undefined;
      if ('text' in top) {
        out += this.slice(top, size - out.length);
        continue;
      }
      if (top.at === top.values.length) {
        out += top.close;
        this.stack.pop();
        continue;
      }
      const index = top.at++;
      const value = top.values[index];
      if (top.keys) {
        // As JSON.stringify: an object's undefined, function and symbol values are left out.
        if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
        out += `${top.written++ ? ',' : ''}${JSON.stringify(top.keys[index])}:`;
      } else if (top.written++) out += ',';
      out += this.open(value, size);
    }
    return out;
  }

  /**
   * The next `chars` characters of a long string, escaped; its closing quote with the last.
   * A slice never ends between the two halves of a surrogate pair, which JSON.stringify would
   * escape apart.
   */
  private slice(top: { text: string; at: number }, chars: number): string {
    let end = Math.min(top.text.length, top.at + chars);
    const [last, next] = [top.text.charCodeAt(end - 1), top.text.charCodeAt(end)];
    if (last >= 0xd800 && last <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) end++;
    const escaped = JSON.stringify(top.text.slice(top.at, end));
    top.at = end;
    if (end < top.text.length) return escaped.slice(1, -1);
    this.stack.pop();
    return escaped.slice(1);
  }

  /** A long string, or a large list or object, opens a frame (its first character is returned); anything else is stringified now. */
  private open(value: unknown, size: number): string {
    if (typeof value === 'string' && value.length > size) {
      this.stack.push({ text: value, at: 0 });
      return '"';
    }
    const walked =
      value !== null &&
      typeof value === 'object' &&
      typeof (value as { toJSON?: unknown }).toJSON !== 'function' &&
      leftOf(value, this.nativeChars) < 0;
    if (walked && Array.isArray(value)) {
      this.stack.push({ values: value, at: 0, written: 0, close: ']' });
      return '[';
    }
    if (walked) {
      const keys = Object.keys(value);
      this.stack.push({ values: keys.map((key) => (value as Record<string, unknown>)[key]), keys, at: 0, written: 0, close: '}' });
      return '{';
    }
    // JSON.stringify's own answer for a list item it cannot represent (undefined, a function).
    return JSON.stringify(value) ?? 'null';
  }
}
