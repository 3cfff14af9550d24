// `cdba private-endpoints watch <service-id>`: waits for an endpoint service, and stops at
// AVAILABLE (exit 0; the live service goes there straight from INITIATING), WAITING_FOR_USER
// (exit 13) or FAILED (exit 14). Also the wait of `create --watch`, and (until the service is
// gone, a 404) of `delete --watch`.
import type { Command } from '@commander-js/extra-typings';
import type { ApiClient } from '../../api/client.js';
import type { EndpointService } from '../../api/resources/privateEndpoints.js';
import { ApiError, FailedStateError, UserActionError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import { completedArgument, lookup, withExamples, type App } from '../command.js';
import { providerOption, WATCH_TIMEOUT_HELP, type ProviderChoice } from '../shared/networkFlags.js';
import { SERVICE_TABLE } from './view.js';
import { watchTimeoutMs } from '../../core/duration.js';

export interface ServiceWait {
  client: ApiClient;
  projectId: string;
  provider: ProviderChoice;
  serviceId: string;
  until: 'AVAILABLE' | 'DELETED';
  timeoutMs?: number | undefined;
}

export async function waitForService(ctx: Context, wait: ServiceWait): Promise<EndpointService | undefined> {
  const { watch } = await import('../../core/watch.js');
  const { getEndpointService } = await import('../../api/resources/privateEndpoints.js');
  const follow = ctx.followUp('private-endpoints', wait.until === 'DELETED' ? 'get' : 'watch', wait.serviceId, '--provider', wait.provider);
  let last: EndpointService | undefined;
  try {
    return await watch<EndpointService | undefined>({
      io: ctx.io,
      subject: `private endpoint service ${wait.serviceId}`,
      intervals: ctx.watchIntervals,
      ...(ctx.watchDeadline ? { deadlineTimer: ctx.watchDeadline } : {}),
      timeoutMs: wait.timeoutMs,
      resumeHint: `it goes on at the service; follow it with \`${follow}\``,
      poll: async () => {
        let service: EndpointService;
        try {
          service = (await getEndpointService(wait.client, wait.projectId, wait.provider, wait.serviceId)).body;
        } catch (error) {
          if (wait.until === 'DELETED' && error instanceof ApiError && error.status === 404) return { state: 'DELETED', done: true, value: undefined };
          throw error;
        }
        last = service;
        const state = typeof service.status === 'string' ? service.status : 'UNKNOWN';
        if (state === 'FAILED') {
          const reason = typeof service.errorMessage === 'string' ? `: ${service.errorMessage}` : '';
          throw new FailedStateError(`private endpoint service ${wait.serviceId} FAILED${reason}`, { hint: `delete it and try again: ${ctx.followUp('private-endpoints', 'delete', wait.serviceId)}` });
        }
        if (wait.until === 'AVAILABLE' && state === 'WAITING_FOR_USER') {
          throw new UserActionError(`private endpoint service ${wait.serviceId} is WAITING_FOR_USER: create your endpoint to it in ${wait.provider}, then add it`, {
            hint: `${ctx.followUp('private-endpoints', 'interfaces', 'add', wait.serviceId)} --endpoint-id <id>`,
          });
        }
        return { state, done: wait.until === 'AVAILABLE' && state === 'AVAILABLE', value: service };
      },
    });
  } catch (error) {
    if (last && (error instanceof UserActionError || error instanceof FailedStateError)) await ctx.output(last, SERVICE_TABLE);
    throw error;
  }
}

export function registerPrivateEndpointsWatch(parent: Command, app: App): void {
  const command = parent
    .command('watch')
    .description('wait for an endpoint service: exit 0 at AVAILABLE, 13 where you must act, 14 at FAILED')
    .addArgument(completedArgument('<service-id>', 'the endpoint service (cdba private-endpoints list shows them)', lookup('private-endpoint-services')))
    .addOption(providerOption('its provider (default: found in the lists)'))
    .option('--watch-timeout <duration>', WATCH_TIMEOUT_HELP.replace('with --watch: ', ''))
    .action(async (serviceId, options, cmd) => runPrivateEndpointsWatch(app.context(cmd), serviceId, options));
  withExamples(command, [
    ['Wait until the service is AVAILABLE', 'cdba private-endpoints watch 6a793f68c0eb9e7a17715835'],
    ['The AWS service name to create your VPC endpoint for', "cdba private-endpoints watch 6a793f68c0eb9e7a17715835 -o json --query endpointServiceName | tr -d '\"'"],
  ]);
}

export async function runPrivateEndpointsWatch(ctx: Context, serviceId: string, flags: { provider?: ProviderChoice; watchTimeout?: string }): Promise<void> {
  const { objectIdArg } = await import('../shared/networkInput.js');
  objectIdArg(serviceId, 'endpoint service');
  const timeoutMs = watchTimeoutMs(flags.watchTimeout);
  const projectId = await ctx.projectId();
  const client = await ctx.api();
  const { findService } = await import('./find.js');
  const { provider } = await findService(ctx, client, projectId, serviceId, flags.provider);
  await ctx.output(await waitForService(ctx, { client, projectId, provider, serviceId, until: 'AVAILABLE', timeoutMs }), SERVICE_TABLE);
}
