// The public face of the search-indexes command group: what other groups (and env) may import of it.
// Lint (GROUP_PUBLIC in eslint.config.js) refuses any other file of this folder from outside it.
export { type IndexRequest, isRequest, readDefinitionFile, requestFromFile } from './searchDefinition.js';
export { indexName, refText, waitForIndex } from './waitForIndex.js';
