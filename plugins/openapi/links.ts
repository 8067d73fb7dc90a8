type Json = Record<string, unknown>;
type Paths = Record<string, Record<string, Json>>;

/** The collection a creating operation adds to: `/api/topics`, or `/api/documents` for `/api/documents/upload`. */
function collectionOf(path: string, paths: Paths): string | undefined {
  for (const base of [path, path.slice(0, path.lastIndexOf('/'))]) {
    if (Object.keys(paths).some((p) => p.startsWith(`${base}/{id}`))) return base;
  }
  return undefined;
}

/**
 * OpenAPI links (OAS 3.1 §4.8.20) from each operation that creates a resource (a POST answering
 * 201 with `data.id`) to every operation on that resource's `{id}` paths: `createTopic` →
 * `getTopic`, `updateTopic`, `deleteTopic`. Client generators and stateful fuzzers (schemathesis)
 * follow them to chain calls with real ids. Mutates `paths`.
 */
export function addResourceLinks(paths: Paths): void {
  for (const [path, item] of Object.entries(paths)) {
    const create = item.post;
    const created = (create?.responses as Record<string, Json> | undefined)?.['201'];
    if (!create || !created || path.includes('{')) continue;
    const base = collectionOf(path, paths);
    if (!base) continue;
    const links: Record<string, Json> = {};
    for (const [target, targetItem] of Object.entries(paths)) {
      if (!target.startsWith(`${base}/{id}`)) continue;
      for (const op of Object.values(targetItem)) {
        const operationId = op.operationId as string | undefined;
        if (!operationId) continue;
        links[operationId[0]!.toUpperCase() + operationId.slice(1)] = {
          operationId,
          parameters: { id: '$response.body#/data/id' },
          description: `The \`id\` of the created resource, for \`${operationId}\``,
        };
      }
    }
    if (Object.keys(links).length > 0) created.links = links;
  }
}
