// `cdba version`: bare text for $(...) and bug reports; -o json|pretty or --query: one JSON document.
import { expect, it } from 'vitest';
import { cdba } from '../helpers/inProcess.js';
import { version } from '../../package.json';

it('cdba version -o json is one document with every field, --verbose or not; bare text otherwise', async () => {
  const expected = { version, node: process.version, platform: `${process.platform}-${process.arch}`, singleExecutable: false };
  for (const args of [['version', '-o', 'json'], ['version', '--verbose', '-o', 'json']]) {
    const result = await cdba(args);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual(expected);
  }
  expect((await cdba(['version', '--query', 'node'])).stdout).toBe(`"${process.version}"\n`);
  expect(await cdba(['version'], { env: { CDBA_OUTPUT: 'json' } })).toEqual({ exitCode: 0, stdout: `${version}\n`, stderr: '' });
});
