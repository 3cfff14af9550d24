// The two ways this module can refuse input. Both are usage errors (exit 2):
// a bad URI or bad parts is the caller's input, found before any request.
import { UsageError } from '../base/errors.js';

/** The text given to parse() is not a valid connection string. parse() throws nothing else. */
export class ConnStringParseError extends UsageError {
  /** The input as given, with the user information's password, secret options and anything past a ":" that is no port replaced by "****". */
  readonly input: string;
  constructor(message: string, input: string, options?: { cause?: unknown }) {
    super(message, { hint: 'expected mongodb://host[:port][,host...][/db][?options] or mongodb+srv://host', ...options });
    this.input = input;
  }
}

/** The shape and parts given to format() cannot make one of the seed's strings. */
export class ConnStringFormatError extends UsageError {}
