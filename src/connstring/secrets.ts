// The secrets a connection string can hold, and the text parse() may show of it.
// Which options are secret is the list of the official parser's redactConnectionString
// (mongodb-connection-string-url 3, lib/redact.js): the password of the user information,
// tlsCertificateKeyFilePassword, proxyPassword, and AWS_SESSION_TOKEN inside
// authMechanismProperties (proxyUsername is a user name, shown as the user name is).
// Its function is not used for the text itself: it re-serializes the URI (and leaves a
// second, differently cased copy of an option unmasked), while parse() shows the text as
// given with each secret replaced by MASK. test/unit/connstring/parse.test.ts checks that
// this masks everything the library masks.

export const MASK = '****';

const SECRET_OPTIONS = new Set(['tlscertificatekeyfilepassword', 'proxypassword']);
const PROPERTIES_OPTION = 'authmechanismproperties';
const SECRET_PROPERTIES = new Set(['aws_session_token']);

/** An option's name or value as URLSearchParams reads it ("+" is a space, %XX decoded). */
function formDecode(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

function uriDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** An option's (decoded) value as shown: a secret option's value, or a secret property's, is MASK. */
export function maskOption(name: string, value: string): string {
  const key = name.toLowerCase();
  if (SECRET_OPTIONS.has(key)) return value === '' ? value : MASK;
  if (key !== PROPERTIES_OPTION) return value;
  return value
    .split(',')
    .map((entry) => {
      const colon = entry.indexOf(':');
      if (colon === -1 || !SECRET_PROPERTIES.has(entry.slice(0, colon).toLowerCase()) || colon === entry.length - 1) return entry;
      return `${entry.slice(0, colon + 1)}${MASK}`;
    })
    .join(',');
}

/** The raw query and fragment (no "?") with each secret value replaced by MASK. */
function maskQuery(query: string): string {
  return query.replace(/[^&;#]+/g, (pair) => {
    const eq = pair.indexOf('=');
    if (eq === -1) return pair;
    const name = formDecode(pair.slice(0, eq));
    const raw = pair.slice(eq + 1);
    const value = formDecode(raw);
    const masked = maskOption(name, value);
    if (masked === value) return pair;
    if (SECRET_OPTIONS.has(name.toLowerCase())) return `${pair.slice(0, eq + 1)}${MASK}`;
    // authMechanismProperties: written again from its decoded entries, ":" and "," kept.
    const encoded = masked
      .split(',')
      .map((entry) => entry.split(':').map(encodeURIComponent).join(':'))
      .join(',');
    return `${pair.slice(0, eq + 1)}${encoded}`;
  });
}

/**
 * The text with its secrets replaced by MASK. The user information ends at the first "@"
 * before any "/", "?" or "#" (as the parser reads a valid URI), or with lastAt at the last
 * "@" anywhere: for text that is not a valid URI, where a password may hold an unescaped
 * "@", "/" or "?".
 */
export function maskUri(text: string, lastAt = false): string {
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(text)?.[0];
  if (scheme === undefined) return maskLoose(text);
  let rest = text.slice(scheme.length);
  let info = '';
  const authority = rest.search(/[/?#]/);
  const at = lastAt ? rest.lastIndexOf('@') : (authority === -1 ? rest : rest.slice(0, authority)).indexOf('@');
  if (at !== -1) {
    const user = rest.slice(0, at);
    const colon = user.indexOf(':');
    info = colon === -1 ? `${user}@` : `${user.slice(0, colon)}:${MASK}@`;
    rest = rest.slice(at + 1);
  }
  return `${scheme}${info}${maskAfterHosts(rest)}`;
}

/**
 * For an error: the text as maskUri shows it, masked again up to its last "@", and each port that is not one
 * (not 1 to 5 digits) masked too: "mongodb://u:password", without its "@", is a host "u"
 * with the password as its port.
 */
export function maskForError(text: string): string {
  const masked = maskUri(maskUri(text), true);
  const scheme = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@]*@)?/i.exec(masked)?.[0] ?? '';
  const rest = masked.slice(scheme.length);
  const end = rest.search(/[/?#]/);
  const hosts = end === -1 ? rest : rest.slice(0, end);
  const shown = hosts
    .split(',')
    .map((host) => {
      const colon = host.startsWith('[') ? host.indexOf(':', host.indexOf(']')) : host.indexOf(':');
      if (colon === -1 || host.indexOf(']') > colon) return host;
      const port = host.slice(colon + 1);
      return port === '' || /^\d{1,5}$/.test(port) || port === MASK ? host : `${host.slice(0, colon + 1)}${MASK}`;
    })
    .join(',');
  return `${scheme}${shown}${end === -1 ? '' : rest.slice(end)}`;
}

/**
 * Hosts, path and query: only the query's secret values change. The fragment is read as
 * options too: a "#" in an unescaped secret would otherwise end the query inside it.
 */
function maskAfterHosts(rest: string): string {
  const q = rest.search(/[?#]/);
  if (q === -1) return rest;
  return `${rest.slice(0, q + 1)}${maskQuery(rest.slice(q + 1))}`;
}

/** Text without a scheme: any "user:password@" in it is masked, then the options. */
function maskLoose(text: string): string {
  const at = text.lastIndexOf('@');
  if (at === -1) return maskAfterHosts(text);
  const user = text.slice(0, at);
  const colon = user.indexOf(':');
  return `${colon === -1 ? user : `${user.slice(0, colon)}:${MASK}`}@${maskAfterHosts(text.slice(at + 1))}`;
}

/**
 * Every text in the input that may be a secret, raw and decoded, read both ways (the user
 * information up to the first "@" and up to the last). No error message may carry one.
 */
export function secretsIn(text: string): string[] {
  const found = new Set<string>();
  const add = (s: string) => {
    if (s !== '') {
      found.add(s);
      found.add(uriDecode(s));
      found.add(formDecode(s));
    }
  };
  const afterScheme = text.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  for (const at of [afterScheme.indexOf('@'), afterScheme.lastIndexOf('@')]) {
    if (at === -1) continue;
    const user = afterScheme.slice(0, at);
    const colon = user.indexOf(':');
    if (colon !== -1) add(user.slice(colon + 1));
  }
  for (const pair of text.split(/[?&;#]/)) {
    const eq = pair.indexOf('=');
    if (eq === -1) continue;
    const name = formDecode(pair.slice(0, eq)).toLowerCase();
    const raw = pair.slice(eq + 1);
    if (SECRET_OPTIONS.has(name)) add(raw);
    if (name === PROPERTIES_OPTION) {
      for (const entry of formDecode(raw).split(',')) {
        const colon = entry.indexOf(':');
        if (colon !== -1 && SECRET_PROPERTIES.has(entry.slice(0, colon).toLowerCase())) add(entry.slice(colon + 1));
      }
    }
  }
  found.delete('');
  // Longest first, so that a secret inside another is not left half shown.
  return [...found].sort((a, b) => b.length - a.length);
}
