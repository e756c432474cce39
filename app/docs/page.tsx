// /docs: the API reference, rendered from the live /v1/openapi.json, and how to get a token to try it.
import type { Metadata } from 'next';
import { ApiReferenceLoader } from '@/components/docs/ApiReferenceLoader';
import { env } from '@/lib/env';

export const metadata: Metadata = { title: 'API reference · Swapdesk' };

export default function DocsPage() {
  const apiBase = env().BASE_PATH ?? '';
  return (
    <div className="flex flex-col gap-4">
      <section aria-labelledby="docs-title" className="rounded-xl border border-[var(--border)] bg-[var(--panel)] p-4 text-sm">
        <h1 id="docs-title" className="text-xl font-semibold">
          API reference
        </h1>
        <p className="mt-1 text-[var(--muted)]">
          Every endpoint, schema and error of <a className="underline" href={`${apiBase}/v1/openapi.json`}>/v1/openapi.json</a>. Quote endpoints need a
          bearer token: paste one under Authentication, then use “Test Request” on an operation.
        </p>
        <h2 className="mt-3 font-medium">Getting a token</h2>
        <ul className="mt-1 list-disc space-y-1 pl-5 text-[var(--muted)]">
          <li>
            Integrators and scripts: <code>npm run token -- --sub my-bot</code> on the server prints one (both quote scopes, one hour; <code>--scope</code>, <code>--ttl</code> to change).
          </li>
          <li>
            Anyone: <code>curl -X POST {'<origin>'}{apiBase}/api/auth/guest</code> returns a 15-minute token for indicative quotes.
          </li>
          <li>Traders: connect a wallet and sign in on the swap page; that token may ask firm quotes for the wallet itself.</li>
        </ul>
      </section>
      <ApiReferenceLoader apiBase={apiBase} />
    </div>
  );
}
