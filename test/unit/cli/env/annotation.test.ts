// env up -o github's ::error:: annotation (issue 38): workflow-command data escaped
// (% CR LF), control characters escaped as in the error line.
import { describe, expect, it } from 'vitest';
import { errorAnnotation, escapeWorkflowData } from '../../../../src/cli/env/annotation.js';

describe('the ::error:: annotation', () => {
  it('escapes %, CR and LF as workflow-command data', () => {
    expect(escapeWorkflowData('100% done\r\nnext')).toBe('100%25 done%0D%0Anext');
    expect(escapeWorkflowData('%0A')).toBe('%250A'); // an escape in the text stays text
  });

  it('one line: the message and the hint, control characters shown escaped first', () => {
    expect(errorAnnotation('cluster x not found (CLUSTER_NOT_FOUND, HTTP 404)', 'see `cdba clusters list -P prod`')).toBe(
      '::error title=cdba env up::cluster x not found (CLUSTER_NOT_FOUND, HTTP 404); see `cdba clusters list -P prod`\n',
    );
    const line = errorAnnotation('bad\u001b[2J name\nsecond 50%', undefined);
    expect(line.split('\n')).toEqual([expect.stringMatching(/^::error title=cdba env up::bad\\x1b\[2J name\\nsecond 50%25$/), '']);
  });
});
