// The one place that decides how a command's result is shown: from -o, the
// setting (CDBA_OUTPUT or the profile), --query and whether stdout is a
// terminal, given what kind of result the command has. Commands ask
// `ctx.outputForm(kind)` and do what it says.
import type { OutputFormat } from '../config/settings.js';

/**
 * - `document`: a document with a table spec (the default kind).
 * - `terminal-view`: a document with a readable key/value view for a person at a
 *   terminal (one cluster); a table format in a pipe still prints the table.
 * - `view`: a document whose table form is a readable text (auth status, the apply plan).
 * - `response`: a body that is JSON by nature but may be shown as a table when -o asks (`api`).
 * - `body`: a body that is JSON by nature and is never a table; only -o moves it
 *   off "pretty on a terminal, compact in a pipe" (`clusters convert`).
 * - `bare`: one value printed bare for `$(...)`, unless -o json|pretty or --query ask
 *   for the document (`conn-string get`).
 */
export type ResultKind = 'document' | 'terminal-view' | 'view' | 'response' | 'body' | 'bare';

export type OutputForm = { form: 'document'; format: OutputFormat } | { form: 'view' } | { form: 'bare' };

export interface FormInputs {
  /** -o, validated. */
  flag: OutputFormat | undefined;
  /** CDBA_OUTPUT or the profile's output; asked for only when the decision needs it. */
  setting: () => Promise<OutputFormat | undefined>;
  /** --query was given. */
  query: boolean;
  /** stdout is a terminal. */
  tty: boolean;
}

/** The output format: -o, then the setting, then table on a terminal and json in a pipe. */
export async function outputFormat(inputs: FormInputs): Promise<OutputFormat> {
  return inputs.flag ?? (await inputs.setting()) ?? (inputs.tty ? 'table' : 'json');
}

export async function decideOutput(kind: ResultKind, inputs: FormInputs): Promise<OutputForm> {
  const document = (format: OutputFormat): OutputForm => ({ form: 'document', format });
  switch (kind) {
    case 'body':
      return document(inputs.flag === 'json' ? 'json' : inputs.flag === 'pretty' || inputs.tty ? 'pretty' : 'json');
    case 'bare':
      if (inputs.flag !== 'json' && inputs.flag !== 'pretty' && !inputs.query) return { form: 'bare' };
      return document(await outputFormat(inputs));
    case 'response': {
      const format = await outputFormat(inputs);
      return document(format === 'table' && inputs.flag === undefined ? (inputs.tty ? 'pretty' : 'json') : format);
    }
    default:
  }
  const format = await outputFormat(inputs);
  if (format !== 'table' || inputs.query) return document(format);
  switch (kind) {
    case 'terminal-view':
      return inputs.tty ? { form: 'view' } : document(format);
    case 'view':
      return { form: 'view' };
    default:
      return document(format);
  }
}
