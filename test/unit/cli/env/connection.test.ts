// The connection env up hands over: the URI's credentials percent-encoded so any
// username and password read back exactly; the -o env, json and github forms.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkGithubEnv, connectionUri, envLines, envOutput, githubFiles, jsonDocument } from '../../../../src/cli/env/connection.js';

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
  it('-o env: four lines, a value a shell would split single-quoted', () => {
    expect(envLines(connection)).toBe(
      "MONGODB_URI='mongodb+srv://u:p@c1.ab12c.mongodb.net/?w=majority&appName=x'\nMONGODB_USERNAME=u\nMONGODB_PASSWORD=p\nMONGODB_CLUSTER=c1\n",
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
