// Organizations: the list, so a new user can find the org ID a project is created in.
import type { ApiClient } from '../client.js';
import type { ListAll } from '../pagination.js';

export type Org = Record<string, unknown>;

/** Every organization the credentials belong to, as one list document. */
export async function listAllOrgs(client: ApiClient): Promise<ListAll<Org>> {
  return client.callAll('orgs.list', {});
}
