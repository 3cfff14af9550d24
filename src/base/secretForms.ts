// A secret reaches output in more shapes than its raw one: a server echoes it inside
// JSON (escaped, sometimes ASCII-only), a URL carries it percent-encoded, a printed
// command shell-quoted, and cdba's own escaping of control characters and backslashes
// (tables, error lines) rewrites it again. Every scrubber (the IO object's, the
// --debug trace's) replaces each of these forms.
import { escapeControl } from './sanitize.js';
import { shellWord } from './shellWord.js';

export interface SecretForms {
  /** The secret's longest run of letters and digits, which every form keeps as is: text without it holds no form. */
  probe: string;
  /** Every form, longest first (so no form is left half-replaced by a shorter one). */
  forms: string[];
}

export function secretForms(secret: string): SecretForms {
  const json = JSON.stringify(secret).slice(1, -1);
  const asciiJson = json.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const forms = new Set([secret, json, asciiJson, encodeURIComponent(secret), shellWord(secret)]);
  for (const form of [...forms]) forms.add(escapeControl(form));
  const probe = (secret.match(/[A-Za-z0-9]+/g) ?? ['']).reduce((a, b) => (b.length > a.length ? b : a));
  return { probe, forms: [...forms].filter((form) => form.length > 0).sort((a, b) => b.length - a.length) };
}

/** `text` with every form of every secret replaced by `replacement`. */
export function scrubSecrets(text: string, secrets: Iterable<SecretForms>, replacement: string): string {
  let clean = text;
  for (const { probe, forms } of secrets) {
    // One scan for the common case, text that holds none of this secret's forms.
    if (probe.length >= 4 && !clean.includes(probe)) continue;
    for (const form of forms) if (clean.includes(form)) clean = clean.split(form).join(replacement);
  }
  return clean;
}
