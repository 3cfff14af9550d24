// `cdba api --include`: the status line and response headers before the body,
// as curl -i and gh api -i print them. Credential headers never appear in clear,
// and values go through the debug trace's redaction as well.
import { STATUS_CODES } from 'node:http';
import { redactHeaders } from '../../api/client.js';
import { escapeControl } from '../../base/sanitize.js';

export function statusLine(status: number): string {
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`.trimEnd();
}

/** On a terminal (`escape`), header names and values, server text, have control characters shown escaped. */
export function includeBlock(status: number, headers: Record<string, string | string[] | undefined>, secrets: Iterable<string>, escape = false): string {
  const shown = redactHeaders(headers, secrets);
  const header = (name: string, value: unknown): string => `${name}: ${value}`;
  const lines = [statusLine(status), ...Object.entries(shown).map(([name, value]) => (escape ? escapeControl(header(name, value)) : header(name, value)))];
  return `${lines.join('\n')}\n\n`;
}
