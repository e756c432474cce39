// Checks an HTTP answer against the OpenAPI document: the status must be documented for the operation, and the
// headers, media type and body must match what the document says of that status (ajv, JSON Schema 2020-12).
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type Json = Record<string, unknown>;
export type OpenApiLike = { paths: Record<string, Record<string, Json>>; components?: Json };
export type CapturedResponse = { status: number; headers: Headers; body: string };

const DOCUMENT_ID = 'swapdesk-openapi';

function pointer(...parts: string[]): string {
  return parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');
}

function resolveRef(doc: OpenApiLike, node: Json): Json {
  const ref = node.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return node;
  const target = ref.slice(2).split('/').reduce<unknown>((n, part) => (n && typeof n === 'object' ? (n as Json)[part.replaceAll('~1', '/').replaceAll('~0', '~')] : undefined), doc);
  return (target ?? {}) as Json;
}

/** A header's text as the value its schema describes (integers are sent as digits). */
function headerValue(text: string, schema: Json): unknown {
  return (schema.type === 'integer' || schema.type === 'number') && /^-?[0-9]+(\.[0-9]+)?$/.test(text) ? Number(text) : text;
}

export function createResponseValidator(doc: OpenApiLike) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(doc, DOCUMENT_ID);

  function schemaProblems(path: string, schema: Json, value: unknown, where: string): string[] {
    const validate = ajv.getSchema(`${DOCUMENT_ID}#/${path}`) ?? ajv.compile(schema);
    if (validate(value)) return [];
    return (validate.errors ?? []).map((e) => `${where}${e.instancePath} ${e.message ?? 'is invalid'}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
  }

  /** Every way `res` departs from the document's answer for `method path`; empty when it conforms. */
  function validate(method: string, path: string, res: CapturedResponse): string[] {
    const operation = doc.paths[path]?.[method.toLowerCase()] as Json | undefined;
    if (!operation) return [`${method} ${path} is not an operation of the document`];
    const responses = (operation.responses ?? {}) as Record<string, Json>;
    const documented = responses[String(res.status)];
    if (!documented) return [`${method} ${path} answered ${res.status}, which the document does not describe (documented: ${Object.keys(responses).join(', ')})`];
    const response = resolveRef(doc, documented);
    const problems: string[] = [];
    for (const [name, raw] of Object.entries((response.headers ?? {}) as Record<string, Json>)) {
      const header = resolveRef(doc, raw);
      const text = res.headers.get(name);
      if (text === null) {
        if (header.required === true) problems.push(`header ${name} is required but missing`);
        continue;
      }
      const schema = (header.schema ?? {}) as Json;
      const validateHeader = ajv.compile({ ...schema });
      if (!validateHeader(headerValue(text, schema))) problems.push(`header ${name}: "${text}" does not match ${JSON.stringify(schema)}`);
    }
    const content = (response.content ?? {}) as Record<string, Json>;
    const mediaType = (res.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
    const media = content[mediaType];
    if (!media) return [...problems, `content-type "${mediaType}" is not documented for ${res.status} (documented: ${Object.keys(content).join(', ') || 'none'})`];
    if (mediaType !== 'application/json') return problems;
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      return [...problems, 'body is not JSON'];
    }
    const schemaPath = pointer('paths', path, method.toLowerCase(), 'responses', String(res.status), 'content', mediaType, 'schema');
    return [...problems, ...schemaProblems(schemaPath, (media.schema ?? {}) as Json, body, 'body')];
  }

  return { validate };
}
