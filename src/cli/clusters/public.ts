// The public face of the clusters command group: what other groups (and env) may import of it.
// Lint (GROUP_PUBLIC in eslint.config.js) refuses any other file of this folder from outside it.
export { ClusterLocator, checkFlexReachable, flexReachable, flexRefusal, locateCluster } from './flex.js';
export { checkClusterName, clusterDocument, clusterTarget, clusterVersion } from './target.js';
export { stateLabel, waitForCluster } from './waitForCluster.js';
export { createBody, mergeTags } from './body.js';
export { waitForSampleLoad } from './waitForSampleLoad.js';
// What another group needs only when its command runs is offered as a loader, so that this
// face, which start-up files import, adds nothing to the start-up graph (startupGraph.test.ts).
export const loadFlexBody = () => import('./flexBody.js');
export { fieldProblems, missingField, refuseProblems } from './fields.js';
