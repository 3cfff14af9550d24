// The connection env up hands over: the URI's credentials percent-encoded so any
// username and password read back exactly; the -o env, json and github forms.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkGithubEnv, connectionUri, envLines, envOutput, githubFiles, jsonDocument, standardSrvOf } from '../../../../src/cli/env/connection.js';
import { exitCodeFor } from '../../../../src/base/errors.js';

const connection = { uri: 'mongodb+srv://u:p@c1.ab12c.mongodb.net/?w=majority&appName=x', username: 'u', password: 'p', cluster: 'c1' };

describe('connectionUri', () => {
  it('any username and password read back exactly, and the host and options stay the SRV string\'s', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (username, password) => {
        const uri = new URL(connectionUri('mongodb+srv://c1.ab12c.mongodb.net/?retryWrites=true', username, password));
        expect(decodeURIComponent(uri.username)).toBe(username);
        expect(decodeURIComponent(uri.password)).toBe(password);
        expect(uri.host).toBe('c1.ab12c.mongodb.net');
        expect(uri.search).toBe('?retryWrites=true');
      }),
    );
  });

  it('encodes the characters that would end the userinfo', () => {
    expect(connectionUri('mongodb+srv://c1.ab12c.mongodb.net', 'a@b', 'p:/?#@%')).toBe('mongodb+srv://a%40b:p%3A%2F%3F%23%40%25@c1.ab12c.mongodb.net');
  });

  it('refuses a string that is not SRV', () => {
    expect(() => connectionUri('mongodb://h1:27017', 'u', 'p')).toThrow(/not an SRV connection string/);
  });
});

describe('the output forms', () => {
  it('-o env: four export lines, a value a shell would split single-quoted', () => {
    expect(envLines(connection)).toBe(
      "export MONGODB_URI='mongodb+srv://u:p@c1.ab12c.mongodb.net/?w=majority&appName=x'\nexport MONGODB_USERNAME=u\nexport MONGODB_PASSWORD=p\nexport MONGODB_CLUSTER=c1\n",
    );
  });

  it('-o json: one document with the four names', () => {
    expect(JSON.parse(jsonDocument(connection))).toEqual({ MONGODB_URI: connection.uri, MONGODB_USERNAME: 'u', MONGODB_PASSWORD: 'p', MONGODB_CLUSTER: 'c1' });
  });

  it('-o github: the variables for $GITHUB_ENV, outputs without the bare password for $GITHUB_OUTPUT', () => {
    const files = githubFiles(connection);
    expect(files.env).toBe(`MONGODB_URI=${connection.uri}\nMONGODB_USERNAME=u\nMONGODB_PASSWORD=p\nMONGODB_CLUSTER=c1\n`);
    expect(files.output).toBe(`uri=${connection.uri}\nusername=u\ncluster=c1\n`);
  });

  it('-o values: env by default, pretty as json, table refused; github needs both files', () => {
    expect(envOutput(undefined)).toBe('env');
    expect(envOutput('pretty')).toBe('json');
    expect(() => envOutput('table')).toThrow(/-o env, json or github, not table/);
    expect(() => checkGithubEnv({ GITHUB_OUTPUT: '/tmp/o' })).toThrow(/\$GITHUB_ENV is not set/);
    expect(checkGithubEnv({ GITHUB_OUTPUT: '/tmp/o', GITHUB_ENV: '/tmp/e' })).toEqual({ output: '/tmp/o', env: '/tmp/e' });
  });
});

describe('standardSrvOf: the SRV string of a cluster document, or a damaged answer (exit 7)', () => {
  const of = (standardSrv: unknown) => standardSrvOf({ connectionStrings: { standardSrv } }, 'c1');
  const refusal = (standardSrv: unknown): unknown => {
    try {
      of(standardSrv);
    } catch (error) {
      return error;
    }
    return undefined;
  };

  it('takes the strings the service issues', () => {
    for (const srv of ['mongodb+srv://c1.ab12c.mongodb.net', 'mongodb+srv://c1.ab12c.mongodb.net/', 'mongodb+srv://c1-pri.ab12c.mongodb.net/?retryWrites=true&w=majority&appName=c1']) expect(of(srv)).toBe(srv);
  });

  it('whatever it takes is one SRV URI with a host, no credentials, and nothing a line or a shell would read', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (host, rest) => {
        const srv = `mongodb+srv://${host}${rest}`;
        if (refusal(srv) !== undefined) return;
        const url = new URL(srv);
        expect(url.protocol).toBe('mongodb+srv:');
        expect(url.hostname).toMatch(/\./);
        expect(url.username + url.password).toBe('');
        expect(srv).not.toMatch(/[\s\x00-\x1f\x7f\\"'`]/); // eslint-disable-line no-control-regex
      }),
    );
  });

  it.each([
    ['not SRV', 'mongodb://h1.example.net:27017'],
    ['a line break', 'mongodb+srv://c1.ab12c.mongodb.net\nX: 1'],
    ['credentials', 'mongodb+srv://u:p@c1.ab12c.mongodb.net'],
    ['no host', 'mongodb+srv://'],
    ['a one-label host', 'mongodb+srv://localhost'],
    ['a space in the options', 'mongodb+srv://c1.ab12c.mongodb.net/?a=b c'],
    ['a number', 42],
    ['null', null],
    ['nothing', undefined],
  ])('%s: exit 7, named', (_what, srv) => {
    const error = refusal(srv) as Error;
    expect(error?.message).toMatch(/^cluster c1 answered a connectionStrings\.standardSrv that is not an SRV connection string \(/);
    expect(exitCodeFor(error)).toBe(7);
  });
});
