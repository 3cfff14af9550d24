// A resolver for eslint-plugin-boundaries (eslint-module-utils interface 2):
// the sources import './x.js' for the file x.ts, as TypeScript's NodeNext
// style wants. The published TypeScript resolvers pull in a native addon
// (unrs-resolver); this one is pure and only needs to find our own files.
'use strict';
const { existsSync } = require('node:fs');
const { builtinModules } = require('node:module');
const path = require('node:path');

exports.interfaceVersion = 2;

exports.resolve = (source, file) => {
  if (source.startsWith('node:') || builtinModules.includes(source)) return { found: true, path: null };
  if (!source.startsWith('.')) {
    try {
      return { found: true, path: require.resolve(source, { paths: [path.dirname(file)] }) };
    } catch {
      return { found: false };
    }
  }
  const target = path.resolve(path.dirname(file), source);
  for (const candidate of [target.replace(/\.js$/, '.ts'), target, `${target}.ts`, path.join(target, 'index.ts')]) {
    if (existsSync(candidate)) return { found: true, path: candidate };
  }
  return { found: false };
};
