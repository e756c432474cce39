// The typed /v1 client: openapi-fetch over the types generated from /v1/openapi.json, shared by the web app,
// the tests and integrators (README: "Your first quote").
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from '@/lib/api/generated/v1';

export type SwapdeskClient = Client<paths>;

export type SwapdeskClientOptions = {
  /** Origin plus BASE_PATH, e.g. `http://localhost:3000`; '' for the page's own origin. */
  baseUrl?: string;
  /** A bearer token sent on every call (integrators); the web app passes one per call instead. */
  token?: string;
};

export function createSwapdeskClient({ baseUrl = '', token }: SwapdeskClientOptions = {}): SwapdeskClient {
  return createClient<paths>({ baseUrl, headers: token ? { authorization: `Bearer ${token}` } : {} });
}

const shared = new Map<string, SwapdeskClient>();

/** One client per base URL for the web app, whose calls carry their own token. */
export function swapdeskClientFor(baseUrl: string): SwapdeskClient {
  let client = shared.get(baseUrl);
  if (!client) {
    client = createSwapdeskClient({ baseUrl });
    shared.set(baseUrl, client);
  }
  return client;
}
