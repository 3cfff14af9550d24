// `cdba api --include`: the status line and response headers before the body,
// as curl -i and gh api -i print them. Credential headers never appear in clear,
// and values go through the debug trace's redaction as well.
import { STATUS_CODES } from 'node:http';
import { redactHeaders } from '../../api/redact.js';

export function statusLine(status: number): string {
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`.trimEnd();
}

export function includeBlock(status: number, headers: Record<string, string | string[] | undefined>, secrets: Iterable<string>): string {
  const shown = redactHeaders(headers, secrets);
  const lines = [statusLine(status), ...Object.entries(shown).map(([name, value]) => `${name}: ${value}`)];
  return `${lines.join('\n')}\n\n`;
}
