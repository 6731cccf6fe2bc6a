/**
 * The language a request asks for in its Accept-Language header (RFC 9110 §12.5.4): the
 * acceptable tag with the highest q-value (the first of equals), in the catalog's form, `xx`
 * or `xx-YY`. Tags of other forms (`*`, scripts such as `zh-Hant`) and q=0 are passed over;
 * a header with none left asks for nothing, and the catalog's default applies. Never an error:
 * a browser sends this header on its own.
 */
const TAG = /^([a-z]{2})(?:-([a-z]{2}))?$/i;
const QUALITY = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i;
/** Longer headers are cut: no browser sends more, and parsing stays bounded. */
const MAX_HEADER = 512;

/** The language the catalog answers in when a request names none. */
export const DEFAULT_LANGUAGE = 'en-US';

export function acceptedLanguage(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  let best: { tag: string; q: number } | undefined;
  for (const part of header.slice(0, MAX_HEADER).split(',')) {
    const [range = '', ...params] = part.split(';').map((piece) => piece.trim());
    const match = TAG.exec(range);
    if (!match) continue;
    const weight = params.find((param) => /^q=/i.test(param));
    const quality = weight === undefined ? undefined : QUALITY.exec(weight);
    if (quality === null) continue;
    const q = quality ? Number(quality[1]) : 1;
    if (q <= 0 || (best && q <= best.q)) continue;
    const tag = match[2] ? `${match[1]?.toLowerCase()}-${match[2].toUpperCase()}` : (match[1] ?? '').toLowerCase();
    best = { tag, q };
  }
  return best?.tag;
}
