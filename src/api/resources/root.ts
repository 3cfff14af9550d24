// The root resource: `GET /api/<service>/v1.0` (or `/v2`), the entry point of the browsable API.
import type { ApiClient, ApiResponse } from '../client.js';

export interface RootDocument {
  appName?: string;
  build?: string;
  throttling?: boolean;
  apiKey?: Record<string, unknown>;
  links?: Array<{ rel: string; href: string }>;
  [field: string]: unknown;
}

export async function getRoot(client: ApiClient): Promise<ApiResponse<RootDocument>> {
  return client.call('root.get', {});
}
