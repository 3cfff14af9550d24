import { describe, expect, it } from 'vitest';
import type { OutputFormat } from '../../../src/config/settings.js';
import { decideOutput, type FormInputs, type ResultKind } from '../../../src/output/form.js';

interface Case {
  flag?: OutputFormat;
  setting?: OutputFormat;
  query?: boolean;
  tty: boolean;
}

const inputs = ({ flag, setting, query = false, tty }: Case): FormInputs => ({ flag, setting: async () => setting, query, tty });
const decide = async (kind: ResultKind, c: Case): Promise<string> => {
  const shown = await decideOutput(kind, inputs(c));
  return shown.form === 'document' ? shown.format : shown.form;
};

describe('decideOutput: one place decides the form of every result', () => {
  it.each([
    // kind, inputs, form
    ['document', { tty: true }, 'table'],
    ['document', { tty: false }, 'json'],
    ['document', { tty: false, setting: 'table' }, 'table'],
    ['document', { tty: true, setting: 'table', flag: 'pretty' }, 'pretty'],
    ['terminal-view', { tty: true }, 'view'],
    ['terminal-view', { tty: false, flag: 'table' }, 'table'],
    ['terminal-view', { tty: true, query: true }, 'table'],
    ['terminal-view', { tty: true, flag: 'json' }, 'json'],
    ['view', { tty: true }, 'view'],
    ['view', { tty: false, flag: 'table' }, 'view'],
    ['view', { tty: false }, 'json'],
    ['view', { tty: true, query: true }, 'table'],
    ['response', { tty: true }, 'pretty'],
    ['response', { tty: false, setting: 'table' }, 'json'],
    ['response', { tty: true, query: true }, 'pretty'],
    ['response', { tty: false, flag: 'table' }, 'table'],
    ['response', { tty: true, setting: 'json' }, 'json'],
    ['body', { tty: true }, 'pretty'],
    ['body', { tty: false }, 'json'],
    ['body', { tty: false, flag: 'pretty' }, 'pretty'],
    ['body', { tty: true, flag: 'json' }, 'json'],
    ['body', { tty: true, flag: 'table' }, 'pretty'],
    ['body', { tty: false, setting: 'pretty' }, 'json'],
    ['bare', { tty: true }, 'bare'],
    ['bare', { tty: false, flag: 'table' }, 'bare'],
    ['bare', { tty: false, setting: 'pretty' }, 'bare'],
    ['bare', { tty: false, flag: 'json' }, 'json'],
    ['bare', { tty: true, flag: 'pretty' }, 'pretty'],
    ['bare', { tty: true, query: true }, 'table'],
  ] as const)('%s %o → %s', async (kind, c, expected) => {
    expect(await decide(kind, c)).toBe(expected);
  });

  it('asks for the setting only when the decision needs it', async () => {
    let asked = 0;
    const setting = async (): Promise<OutputFormat | undefined> => {
      asked++;
      return 'table';
    };
    await decideOutput('body', { flag: undefined, setting, query: false, tty: false });
    await decideOutput('bare', { flag: undefined, setting, query: false, tty: false });
    await decideOutput('document', { flag: 'json', setting, query: false, tty: false });
    expect(asked).toBe(0);
    await decideOutput('document', { flag: undefined, setting, query: false, tty: false });
    expect(asked).toBe(1);
  });
});
