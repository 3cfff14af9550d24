// `cdba env diagnose <name> --dir DIR [--since TIME]`: the evidence `run --diagnostics`
// writes when CMD fails (diagnostics.ts), on demand, for a live env: its events, the open
// alerts, each host's mongod log and the slow queries, from the env's first env up on this
// runner (its state file records when) or --since, to now. Exit 0 once written; 1 when a
// part could not be collected (each said in one line, the rest written); 2 for a bad
// input, before any request.
import type { Command } from '@commander-js/extra-typings';
import { QuietExit, UsageError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import { completedArgument, lookup, withDetails, withExamples, type App } from '../command.js';

export interface DiagnoseFlags {
  dir: string;
  since?: string;
}

export function registerEnvDiagnose(env: Command, app: App): void {
  const command = env
    .command('diagnose')
    .description("write the env's evidence into a directory: its events, the open alerts, each host's mongod log and the slow queries, from the env's first env up on this runner (or --since) to now")
    .addArgument(completedArgument('<name>', 'the env, as given to env up', lookup('clusters')))
    .requiredOption('--dir <path>', 'a new or empty directory (made, mode 0700, when absent)')
    .option('--since <time>', 'from this time: 2026-08-10T03:00:00Z, or how long ago (30m, 6h, 2d)')
    .action(async (name, options, cmd) => {
      await runEnvDiagnose(app.context(cmd), name, options);
    });
  withDetails(command, {
    about: 'It writes events.json (the events of the window: the env\'s cluster\'s and those about no cluster), alerts.json (the project\'s open alerts), logs/<host>.log (each mongod host\'s log of the window, decompressed), slow-queries.json (each mongod process\'s slow queries of the window) and manifest.json (the window, what was collected, what failed), as new files of mode 0600, never through a link. A flex cluster shows no processes: no logs nor slow queries',
  });
  withExamples(command, [
    ['The evidence of a live env, since it came up', 'cdba env diagnose ci-1 --dir evidence'],
    ['Only the last half hour', 'cdba env diagnose ci-1 --dir evidence --since 30m'],
    ['In a GitHub Actions step that runs when the job failed', 'cdba env diagnose ci-$GITHUB_RUN_ID --dir "$RUNNER_TEMP/cdba-diagnostics"'],
    ['Which events happened, counted', "cdba env diagnose ci-1 --dir ev && jq -r '.results[].eventTypeName' ev/events.json | sort | uniq -c"],
  ]);
}

export async function runEnvDiagnose(ctx: Context, name: string, flags: DiagnoseFlags): Promise<void> {
  const { checkEnvName } = await import('./names.js');
  const { checkDiagnosticsDir, collectDiagnostics } = await import('./diagnostics.js');
  checkEnvName(name);
  const dir = checkDiagnosticsDir(flags.dir, '--dir');
  let since: number | undefined;
  if (flags.since !== undefined) {
    const { loadTimeFlags } = await import('../events/public.js');
    since = (await loadTimeFlags()).parseTimeFlag(flags.since, '--since', Date.now()).getTime();
  }
  const projectId = await ctx.projectId();
  const { baseUrl } = await ctx.settings();
  const { EnvStateFile } = await import('./state.js');
  // The env's cluster and when it came up, as env up recorded them on this runner.
  const state = new EnvStateFile(ctx.configDir, baseUrl, projectId, name).read();
  since ??= state?.since === undefined ? undefined : Date.parse(state.since);
  if (since === undefined) {
    throw new UsageError(`env ${name} has no record of when it came up on this runner (its env up ran elsewhere, or with another config directory): give --since`, { hint: ctx.followUp('env', 'diagnose', name, '--dir', flags.dir, '--since', '1h') });
  }
  const manifest = await collectDiagnostics(ctx, { name, cluster: state?.cluster.name ?? name, projectId, client: await ctx.api(), since }, dir);
  if (!manifest || manifest.failed.length > 0) throw new QuietExit(1);
}
