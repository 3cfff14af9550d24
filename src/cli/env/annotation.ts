// `env up -o github` on failure: besides the error line (or document) on stderr, a
// workflow command on stdout, so the failure shows on the run's summary page:
//
//   ::error title=cdba env up::<message>; <hint>
//
// The text is the error line's (secrets scrubbed by the IO object; control characters
// escaped as in the line), then escaped as workflow-command data asks: % CR LF.
import { escapeControl } from '../../base/sanitize.js';

/** Workflow-command data: `%`, CR and LF as %25, %0D, %0A, so the runner reads one command, whole. */
export function escapeWorkflowData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** The ::error:: line for a failure of env up. */
export function errorAnnotation(message: string, hint: string | undefined): string {
  return `::error title=cdba env up::${escapeWorkflowData(escapeControl(hint ? `${message}; ${hint}` : message))}\n`;
}
