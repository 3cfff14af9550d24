// The one quoting function of every command cdba prints or suggests (hints,
// `clusters connect --print`, `env up -o env`), and a form of a secret that output is scrubbed of.

/**
 * A word as bash, zsh and fish all read it back: bare when safe, else single-quoted
 * with each `'` written "'" and each backslash "\\" (fish reads \\ and \' inside
 * single quotes as escapes, so no backslash is ever left inside them). The one quoting
 * function of every command cdba prints or suggests. On stderr, the error line's own
 * escaping doubles a backslash and escapes a control character (src/base/sanitize.ts):
 * such a word is then shown in cdba's escapes, and still runs nothing when pasted.
 */
export function shellWord(word: string): string {
  // Not a leading `=`: zsh expands `=cmd` to the path of cmd (EQUALS), so it is quoted.
  if (/^(?!=)[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replace(/['\\]+/g, (run) => `'"${run.replaceAll('\\', '\\\\')}"'`)}'`.replace(/^''(?=.)|(?<=.)''$/g, '');
}
