// `cdba clusters ...`: list, get, create, patch, delete, pause, resume, watch, convert, apply, connect, load-sample-data, upgrade.
import type { Command } from '@commander-js/extra-typings';
import { registerLookup, withExamples, type App } from '../command.js';
import { registerClustersApply } from './apply.js';
import { registerClustersConnect } from './connect.js';
import { registerClustersConvert } from './convert.js';
import { registerClustersCreate } from './create.js';
import { registerClustersDelete } from './delete.js';
import { registerClustersGet } from './get.js';
import { registerClustersList } from './list.js';
import { registerClustersLoadSampleData } from './loadSampleData.js';
import { registerClustersPatch } from './patch.js';
import { registerClustersPause, registerClustersResume } from './pause.js';
import { registerClustersUpgrade } from './upgrade.js';
import { registerClustersWatch } from './watch.js';

export function registerClusters(program: Command, app: App): void {
  // Cluster names, flex clusters' included, for every argument declared `lookup('clusters')`.
  registerLookup(program, 'clusters', { load: async () => { const { clusterNames } = await import('./completion.js'); return (ctx) => clusterNames(ctx); } });
  const clusters = program
    .command('clusters')
    .description('list, inspect, create, change, pause, delete, watch and apply database clusters');
  withExamples(clusters, [
    ['Create a three-member replica set and wait until it is ready', 'cdba clusters create c1 --provider AWS --region US_EAST_1 --tier M10 --watch'],
    ['Names and states of every cluster', "cdba clusters list --all -o json --query 'results[].[name,stateName]'"],
    ['Move a legacy body to 2023-02-01 and create from it', "cdba clusters convert --file old.json | jq 'del(.name)' | cdba --api-version 2023-02-01 clusters create c2 --file -"],
  ]);
  registerClustersList(clusters, app);
  registerClustersGet(clusters, app);
  registerClustersCreate(clusters, app);
  registerClustersPatch(clusters, app);
  registerClustersDelete(clusters, app);
  registerClustersPause(clusters, app);
  registerClustersResume(clusters, app);
  registerClustersWatch(clusters, app);
  registerClustersConvert(clusters, app);
  registerClustersApply(clusters, app);
  registerClustersConnect(clusters, app);
  registerClustersLoadSampleData(clusters, app);
  registerClustersUpgrade(clusters, app);
}
