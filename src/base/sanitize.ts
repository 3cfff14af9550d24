// Server text is untrusted: a name or an error detail carrying ESC, CR or a bidi
// override could clear the screen, retitle the terminal, forge a table row or hide
// text. Such characters are shown escaped instead, the way a C string would write
// them. The backslash is escaped too, so the escaping is reversible: the text `\x1b`
// (shown `\\x1b`) never looks like an ESC byte (shown `\x1b`).

// C0, DEL, C1, the Arabic letter mark, LRM/RLM, the line and paragraph separators,
// the bidi embeddings/overrides/isolates, and lone UTF-16 surrogates (the u flag
// matches those only when unpaired).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\\\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]/gu;
// The same, but a tab, a newline and a CR before a newline keep their meaning.
// eslint-disable-next-line no-control-regex -- as above
const UNSAFE_KEEP_LINES = /[\\\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]|\r(?!\n)/gu;

const NAMED: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function escapeOne(char: string): string {
  const named = NAMED[char];
  if (named) return named;
  const code = char.charCodeAt(0);
  return code < 0x80 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

// Characters JSON.stringify leaves raw that act on a terminal: DEL, C1, bidi controls, line separators.
const TERMINAL_UNSAFE_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * JSON text (JSON.stringify's: C0 and lone surrogates already escaped) with the rest of what
 * acts on a terminal written as \u escapes. Such characters occur only inside strings, so
 * a parser reads the same value; a terminal shows them inert.
 */
export function terminalSafeJson(json: string): string {
  return json.replace(TERMINAL_UNSAFE_IN_JSON, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** How much of a piece of server text (a detail, a header, a link) an error line quotes. */
export const SERVER_TEXT_MAX = 300;

/** `text` cut to `max` characters with `…`: a 1 MB detail must not become a 1 MB error line. */
export function capText(text: string, max = SERVER_TEXT_MAX): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/**
 * `text` with every control character (tab and newline included), bidi control,
 * lone surrogate and backslash written as an escape: for one line, a table cell or
 * a tab-separated field. With `keepLines`, tabs and line ends stay (a text body).
 */
export function escapeControl(text: string, options: { keepLines?: boolean } = {}): string {
  return text.replace(options.keepLines ? UNSAFE_KEEP_LINES : UNSAFE, escapeOne);
}
