'use client';
// The Scalar API reference of this server's live /v1/openapi.json, with "try it" against this origin.
// First: zod must be jitless before the reference component's modules run.
import './zodJitless';
import { ApiReferenceReact } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';
import './apiReferenceFixes.css';

export default function ApiReference({ apiBase }: { apiBase: string }) {
  const server = `${window.location.origin}${apiBase}`;
  return (
    <ApiReferenceReact
      configuration={{
        url: `${apiBase}/v1/openapi.json`,
        servers: [{ url: server, description: 'This server' }],
        authentication: { preferredSecurityScheme: 'bearerAuth' },
        // Everything comes from this origin: no web fonts, telemetry, hosted AI agent or MCP generator elsewhere.
        withDefaultFonts: false,
        telemetry: false,
        agent: { disabled: true },
        mcp: { disabled: true },
        hideClientButton: false,
        showDeveloperTools: 'never',
        persistAuth: false,
        hideDarkModeToggle: true,
        layout: 'modern',
      }}
    />
  );
}
