import type { Site } from './casts.ts';

/**
 * Where the casts, `any`/`Any` and checker directives of generated clients come from (issue 25).
 * Each rule names one construct a generator writes and where it writes it (its template, in the
 * pinned version). `template`: written for any document with an ordinary construct (a model, an
 * operation, a query parameter, a nullable field, a multipart body), the generator's own
 * boilerplate; generators.test.ts and python-client.test.ts prove it by generating
 * test/openapi/fixtures/typed-probe.json (every schema typed, every object closed, the union
 * discriminated) and finding each such rule there too. `document`: what a document causes and can
 * avoid (a free-form object, `uniqueItems`, an untyped property); the tests require none.
 * `protocol`: what a foreign protocol the document also describes requires of its own operations
 * (PROTOCOL below: SCIM's and the OpenAI-compatible API's open bodies and snake_case names);
 * counted and printed, allowed only in those operations' files.
 * A site no rule names fails the tests until someone classifies it here.
 */
export interface Rule {
  id: string;
  cause: 'template' | 'document' | 'protocol';
  /** The generator's code that writes it (template file and line, pinned versions). */
  source: string;
  matches(site: Site): boolean;
}

export type GeneratorName =
  | 'openapi-typescript'
  | 'hey-api'
  | 'orval'
  | 'openapi-generator'
  | 'openapi-python-client'
  | 'openapi-generator-python';

const text = (pattern: RegExp) => (site: Site) => pattern.test(site.text);

/** openapi-generator 7.26's typescript-fetch templates (in the jar: `typescript-fetch/*.mustache`). */
const OPENAPI_GENERATOR: Rule[] = [
  {
    id: 'runtime.ts',
    cause: 'template',
    source: 'runtime.mustache, copied for every document (only the header comment differs)',
    matches: (s) => s.file === 'runtime.ts',
  },
  {
    id: 'model FromJSON(json: any)',
    cause: 'template',
    source: 'modelGeneric.mustache:62,66; modelEnum.mustache:14,18; modelOneOf.mustache:28,32 (every model)',
    matches: text(/^export function \w+FromJSON(Typed)?\(json: any\b/),
  },
  {
    id: 'model ToJSON(...): any',
    cause: 'template',
    source:
      'modelGeneric.mustache:147,151; modelEnum.mustache:22,26; modelOneOf.mustache:181,185 (every model)',
    matches: text(/^export function \w+ToJSON(Typed)?\(.*\): (any|\w+) \{$/),
  },
  {
    id: 'enum model',
    cause: 'template',
    source: 'modelEnum.mustache:3,6,19,23,27 (every named string enum)',
    matches: (s) =>
      s.file.startsWith('models/') &&
      /^(export function instanceOf\w+\(value: any\)|if \(\w+\[key as keyof typeof \w+\] === value\)|return (json|value) as (any|\w+);)/.test(
        s.text,
      ),
  },
  {
    id: 'array of models (as Array<any>)',
    cause: 'template',
    source: 'modelGeneric.mustache:122 (FromJSON), :201 (ToJSON): every array whose items are a model',
    matches: text(/\((json|value)\['\w+'\] as Array<any>\)\.map\(\w+(FromJSON|ToJSON)\)/),
  },
  {
    id: 'date-time query parameter (as any)',
    cause: 'template',
    source: 'apis.mustache (every date-time query parameter: `runtime.serializeDateTime(… as any)`)',
    matches: text(
      /^queryParameters\['\w+'\] = runtime\.serializeDateTime\(requestParameters\['\w+'\] as any\);$/,
    ),
  },
  {
    id: 'text response (TextApiResponse as any)',
    cause: 'template',
    source: 'apis.mustache (every operation whose response is not JSON: NDJSON, CSV, text)',
    matches: text(/^return new runtime\.TextApiResponse\(response\) as any;$/),
  },
  {
    id: 'queryParameters: any',
    cause: 'template',
    source: 'apis.mustache:193 (every operation)',
    matches: text(/^const queryParameters: any = \{\};$/),
  },
  {
    id: 'form parameters',
    cause: 'template',
    source: 'apisFormParams.mustache:9,48,52 (every multipart field)',
    matches: text(
      /^(let formParams: \{ append\(param: string, value: any\): any \};|formParams\.append\('\w+', requestParameters\['\w+'\] as any\);)$/,
    ),
  },
  {
    id: '@ts-ignore: canConsumeForm',
    cause: 'template',
    source: 'apisFormParams.mustache:6 (every operation with form parameters)',
    matches: (s) => s.kind === '@ts-ignore' && s.text === '// @ts-ignore: canConsumeForm may be unused',
  },
  {
    id: 'free-form object ({ [key: string]: any })',
    cause: 'document',
    source: 'an object schema whose additionalProperties is `{}` or `true` (typescript-fetch maps it to any)',
    matches: text(/\{ \[key: string\]: any\b/),
  },
  {
    id: 'uniqueItems (as Set<any>)',
    cause: 'document',
    source: 'an array with `uniqueItems: true` (a Set; modelGeneric.mustache:185,198)',
    matches: text(/as Set<any>/),
  },
  {
    id: 'untyped property (: any)',
    cause: 'document',
    source: 'a property schema with no type (modelGenericInterfaces.mustache)',
    matches: text(/^'?\w+'?\??: any( \| null)?;$/),
  },
];

/** @orval/fetch 8.38's generator (`node_modules/@orval/fetch/dist/index.mjs`). */
const ORVAL: Rule[] = [
  {
    id: 'status-discriminated response (as <op>Response)',
    cause: 'template',
    source: 'index.mjs:350 (every operation: `return { data, status, headers } as <op>Response`)',
    matches: text(/^return \{ data, status: res\.status, headers: res\.headers \} as \w+$/),
  },
  {
    id: 'getHeaders helper',
    cause: 'template',
    source:
      'index.mjs:58-72, GET_HEADERS_HELPER, two casts (every operation sending a body or header parameters)',
    matches: text(
      /^Array\.from\(h as Iterable<Iterable<string>>, \(entry\) => Array\.from\(entry\) as \[string, string\]\),$/,
    ),
  },
  {
    id: 'stream response (as <op>Response)',
    cause: 'template',
    source: 'index.mjs (every operation whose response is a non-JSON stream such as NDJSON)',
    matches: text(/^return \{ status: stream\.status, stream, headers: stream\.headers \} as \w+$/),
  },
  {
    id: 'blob body',
    cause: 'template',
    source: "index.mjs:336 (every binary response: `const data = body as <op>Response['data']`)",
    matches: text(/^const data: \w+\['data'\] = body as \w+\['data'\]$/),
  },
];

/** @hey-api/openapi-ts 0.99 with `-c @hey-api/client-fetch`. */
const HEY_API: Rule[] = [
  {
    id: 'client-fetch runtime (client/, core/)',
    cause: 'template',
    source:
      'node_modules/@hey-api/openapi-ts/dist/clients/fetch/*.ts and dist/clients/core/*.ts, copied verbatim for every document',
    matches: (s) => /^(client|core)\//.test(s.file),
  },
];

/** openapi-python-client 0.29.1 (`openapi_python_client/templates/`). */
const PYTHON: Rule[] = [
  {
    id: 'nullable or union field (return cast(..., data))',
    cause: 'template',
    source: 'property_templates/union_property.py.jinja:36 (every nullable or union field)',
    matches: (s) =>
      s.kind === 'cast' && /\.from_dict\._parse_\w+$/.test(s.scope ?? '') && /^return cast\(/.test(s.text),
  },
  {
    id: 'list of primitives (cast(list[...], ...))',
    cause: 'template',
    source: 'property_templates/list_property.py.jinja:22 (every list of strings or numbers)',
    matches: (s) =>
      s.kind === 'cast' && /\.from_dict$/.test(s.scope ?? '') && /^\w+ = cast\(list\[\w+\], /.test(s.text),
  },
  {
    id: 'to_dict/from_dict (dict[str, Any])',
    cause: 'template',
    source: "model.py.jinja:108,146,175 and the nested models' to_dict() in property_templates (every model)",
    matches: (s) => s.kind === 'Any' && /\.(to_dict|from_dict)$/.test(s.scope ?? ''),
  },
  {
    id: '_get_kwargs (dict[str, Any])',
    cause: 'template',
    source: 'endpoint_module.py.jinja:23,30; endpoint_macros.py.jinja:6,40 (every operation)',
    matches: (s) => s.kind === 'Any' && s.scope === '_get_kwargs' && s.file.startsWith('api/'),
  },
  {
    id: 'response without JSON content (Any, cast(Any, None))',
    cause: 'template',
    source:
      'endpoint_module.py.jinja (every operation with a response it cannot parse: no content, as a redirect or a 204, or a type it does not know, as NDJSON)',
    matches: (s) =>
      s.file.startsWith('api/') &&
      /^(response_\d+ = cast\(Any, None\)|.*\) -> (Response\[)?Any\b.*:)$/.test(s.text),
  },
  {
    id: 'client.py',
    cause: 'template',
    source: 'client.py.jinja:71,131,165 (copied for every document)',
    matches: (s) => s.kind === 'Any' && s.file === 'client.py',
  },
  {
    id: 'additional_properties: dict[str, Any]',
    cause: 'document',
    source:
      'model.py.jinja:28,85: an object schema without `additionalProperties: false` (absent, `{}` or `true`)',
    matches: (s) =>
      s.kind === 'Any' &&
      s.file.startsWith('models/') &&
      /^[A-Z]\w*(\.__(get|set)item__)?$/.test(s.scope ?? ''),
  },
];

/** openapi-generator 7.26's `python` templates (in the jar: `python/*.mustache`). */
const OPENAPI_GENERATOR_PYTHON: Rule[] = [
  {
    id: 'operation _request_auth/_headers (Dict[StrictStr, Any])',
    cause: 'template',
    source:
      'python/partial_api_args.mustache (every operation and its _with_http_info/_without_preload_content)',
    matches: (s) =>
      s.kind === 'Any' &&
      s.file.startsWith('api/') &&
      /^_(request_auth|headers): Optional\[Dict\[StrictStr, Any\]\] = None,$/.test(s.text),
  },
  {
    id: 'model to_dict/from_dict (Dict[str, Any])',
    cause: 'template',
    source: 'python/model_generic.mustache, model_oneof.mustache (every model)',
    matches: (s) =>
      s.kind === 'Any' && s.file.startsWith('models/') && /\.(to_dict|from_dict)$/.test(s.scope ?? ''),
  },
  {
    id: 'configuration.py, exceptions.py',
    cause: 'template',
    source: 'python/configuration.mustache, exceptions.mustache (copied for every document)',
    matches: (s) => s.kind === 'Any' && (s.file === 'configuration.py' || s.file === 'exceptions.py'),
  },
  {
    id: 'webhook-only model (additional_properties: Dict[str, Any])',
    cause: 'template',
    source:
      'python/model_generic.mustache: a model reached only from OAS 3.1 `webhooks` is an "unused" model to 7.26, whose `additionalProperties: false` it does not apply (the probe has one, closed)',
    matches: (s) =>
      s.kind === 'Any' &&
      /^models\/webhook_event_|^models\/item_changed\.py$/.test(s.file) &&
      /^additional_properties: Dict\[str, Any\] = \{\}$/.test(s.text),
  },
  {
    id: 'additional_properties: Dict[str, Any]',
    cause: 'document',
    source: 'python/model_generic.mustache: an object schema without `additionalProperties: false`',
    matches: (s) => s.kind === 'Any' && s.file.startsWith('models/') && /additional_properties/.test(s.text),
  },
  {
    id: 'free-form object property (Dict[str, Any])',
    cause: 'document',
    source:
      'a property whose schema is an object without properties (`additionalProperties` absent, `{}` or `true`)',
    matches: (s) =>
      s.kind === 'Any' && s.file.startsWith('models/') && /^\w+: (Optional\[)?Dict\[str, Any\]/.test(s.text),
  },
  {
    id: 'type: ignore',
    cause: 'document',
    source: 'none expected: the templates write no `# type: ignore`',
    matches: (s) => s.kind === 'type: ignore',
  },
];

/**
 * Files of the operations and models of the protocols Cog-RAG speaks besides its own API, as each
 * generator names them: `/scim/v2` (tag and schemas `Scim…`) and the OpenAI-compatible `/v1`
 * (`…ChatCompletion…`, `…Model…List`, OpenAI's error shape, the `x_cog_rag` extension `CogRagCitations`).
 */
const PROTOCOL_FILE =
  /(^|\/)(apis\/ScimApi|api\/scim|scim_api|models\/(Scim|scim_)|[^/]*chat_?completion|[^/]*ChatCompletion|[^/]*open_?ai|[^/]*OpenAI|[^/]*cog_?rag_?citations|api\/open_ai|models\/(list_)?models?_(list|response)|models\/(List)?Models?(List|Response))/i;

/** The same by the enclosing model or API class, where a generator writes one file for all (`models/index.ts`). */
const PROTOCOL_NAME =
  /^(Scim(?!Token)\w*|\w*ChatCompletion\w*|ListModels\w*|OpenAI\w*|Openai\w*|CogRagCitations\w*)(\.|$)/;

/**
 * What those protocols require, for every generator: RFC 7644 lets a SCIM client send extension
 * attributes (`urn:…:enterprise:2.0:User`) and OpenAI's clients send request fields Cog-RAG does not
 * read (`temperature`, `tools`, …), so those bodies stay open (`additionalProperties: true`; a free
 * form `any` or `additional_properties: dict[str, Any]` in the generated code), and OpenAI's wire
 * names are snake_case (openapi-generator's `instanceOf` casts such a model). Our own `/api`
 * operations have none: each is closed and camelCase.
 */
const PROTOCOL: Rule[] = [
  {
    id: 'foreign protocol (SCIM, OpenAI-compatible): open body, snake_case names',
    cause: 'protocol',
    source: 'schemas of /scim/v2 (RFC 7644 extension attributes) and /v1 (OpenAI request fields, snake_case)',
    matches: (s) => PROTOCOL_FILE.test(s.file) || PROTOCOL_NAME.test(s.scope ?? ''),
  },
  {
    // Free-form by design, like a foreign protocol's open body: each audit rule chooses a few safe
    // fields (src/audit/route-map.ts), filtered by safeDetails; no closed type can name them all.
    id: 'audit event details: a free-form object by design',
    cause: 'protocol',
    source:
      'AuditEvent.details (schemas/audit.ts; docs/auth.md "Audit log"): the safe fields each audit rule keeps',
    matches: (s) =>
      /(^|\/)models\/\w*audit_?events?\w*details\b/i.test(s.file) ||
      (/\bdetails\b/.test(s.text) &&
        (/(^|\/)models\/\w*(AuditEvent|audit_?event)/i.test(s.file) || /AuditEvent/.test(s.scope ?? ''))),
  },
];

/** Template rules first, then the protocol rule, then the document rules (the first match wins). */
const withProtocol = (rules: Rule[]) => [
  ...rules.filter((r) => r.cause === 'template'),
  ...PROTOCOL,
  ...rules.filter((r) => r.cause === 'document'),
];

export const RULES: Record<GeneratorName, Rule[]> = {
  'openapi-typescript': withProtocol([]),
  'hey-api': withProtocol(HEY_API),
  orval: withProtocol(ORVAL),
  'openapi-generator': withProtocol(OPENAPI_GENERATOR),
  'openapi-python-client': withProtocol(PYTHON),
  'openapi-generator-python': withProtocol(OPENAPI_GENERATOR_PYTHON),
};

export interface Classified {
  /** Sites per rule (every rule listed, zero included). */
  byRule: Map<Rule, Site[]>;
  /** Sites no rule names. */
  unclassified: Site[];
}

/** Sorts each site under the first rule that names it. */
export function classify(sites: Site[], rules: Rule[]): Classified {
  const byRule = new Map<Rule, Site[]>(rules.map((r) => [r, []]));
  const unclassified: Site[] = [];
  for (const site of sites) {
    const rule = rules.find((r) => r.matches(site));
    if (rule) byRule.get(rule)?.push(site);
    else unclassified.push(site);
  }
  return { byRule, unclassified };
}

/** `file:line kind  text`, for messages. */
export const describe = (s: Site) => `${s.file}:${s.line} ${s.kind}  ${s.text}`;

/**
 * The checks both tests make, as data: the document-caused and unclassified sites (must be none),
 * the template rules present in ours but not for the typed probe (must be none), and the table
 * the tests print.
 */
export function compare(ours: Site[], probe: Site[], rules: Rule[]) {
  const mine = classify(ours, rules);
  const theirs = classify(probe, rules);
  const documentCaused = [...mine.byRule].filter(([r]) => r.cause === 'document').flatMap(([, s]) => s);
  const protocol = [...mine.byRule].filter(([r]) => r.cause === 'protocol').flatMap(([, s]) => s);
  const notInProbe = [...mine.byRule]
    .filter(([r, s]) => r.cause === 'template' && s.length > 0 && (theirs.byRule.get(r)?.length ?? 0) === 0)
    .map(([r]) => r.id);
  const table = [...mine.byRule]
    .filter(([r, s]) => s.length > 0 || r.cause !== 'template')
    .map(
      ([r, s]) =>
        `  ${r.cause.padEnd(8)} ${String(s.length).padStart(5)} (probe ${theirs.byRule.get(r)?.length ?? 0})  ${r.id}: ${r.source}`,
    );
  const kinds = (sites: Site[]) =>
    Object.entries(
      sites.reduce<Record<string, number>>((n, s) => ({ ...n, [s.kind]: (n[s.kind] ?? 0) + 1 }), {}),
    )
      .map(([k, n]) => `${n} ${k}`)
      .join(', ') || 'none';
  return {
    documentCaused: documentCaused.map(describe),
    unclassified: mine.unclassified.map(describe),
    probeUnclassified: theirs.unclassified.map(describe),
    notInProbe,
    summary: `${ours.length} sites (${kinds(ours)}); document-caused ${documentCaused.length}; in the SCIM and OpenAI-compatible operations and audit details ${protocol.length}; typed probe ${probe.length}`,
    table,
  };
}
