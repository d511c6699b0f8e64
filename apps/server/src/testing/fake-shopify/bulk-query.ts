import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import {
  executeSync,
  getArgumentValues,
  getNamedType,
  GraphQLError,
  isObjectType,
  Kind,
  parse,
  print,
  validate,
  type DocumentNode,
  type FieldNode,
  type GraphQLObjectType,
  type SelectionSetNode,
} from 'graphql';
import { adminSchema, storeResolvers, type ResolverContext } from './schema';

/**
 * Runs a bulk query the way Shopify describes it: one top-level connection, at most five connections
 * nested at most two deep, and a JSONL file with one object per line in which nested connection nodes
 * become lines of their own carrying `__parentId`.
 */

export interface PreparedBulkQuery {
  rootField: keyof typeof storeResolvers;
  rootArgs: Record<string, unknown>;
  /** `{ node(id:) { ... on Order { <the query's node selection> } } }`, executed once per root object. */
  nodeDocument: DocumentNode;
}

export type BulkResultCode = 'ACCESS_DENIED' | 'INTERNAL_SERVER_ERROR';

export class BulkQueryFailure extends Error {
  readonly code: BulkResultCode;
  constructor(code: BulkResultCode, message: string) {
    super(message);
    this.code = code;
  }
}

const MAX_CONNECTIONS = 5;
const MAX_DEPTH = 2;

const isConnectionType = (type: GraphQLObjectType): boolean => type.name.endsWith('Connection');

function nodeSelectionOf(selectionSet: SelectionSetNode | undefined): SelectionSetNode | null {
  for (const s of selectionSet?.selections ?? []) {
    if (s.kind !== Kind.FIELD) continue;
    if (s.name.value === 'nodes' && s.selectionSet) return s.selectionSet;
    if (s.name.value === 'edges') {
      const node = s.selectionSet?.selections.find(
        (e): e is FieldNode => e.kind === Kind.FIELD && e.name.value === 'node',
      );
      if (node?.selectionSet) return node.selectionSet;
    }
  }
  return null;
}

function nodeTypeOf(connection: GraphQLObjectType): GraphQLObjectType {
  const nodes = connection.getFields()['nodes'];
  const type = nodes ? getNamedType(nodes.type) : undefined;
  if (!type || !isObjectType(type)) throw new Error(`${connection.name} has no nodes field`);
  return type;
}

/** Counts the connections under a node selection, refusing a nesting Shopify would refuse. */
function checkNesting(selectionSet: SelectionSetNode, type: GraphQLObjectType, depth: number): number {
  let connections = 0;
  for (const s of selectionSet.selections) {
    if (s.kind !== Kind.FIELD || !s.selectionSet) continue;
    const field = type.getFields()[s.name.value];
    const named = field ? getNamedType(field.type) : undefined;
    if (!named || !isObjectType(named)) continue;
    if (isConnectionType(named)) {
      if (depth + 1 > MAX_DEPTH) {
        throw new GraphQLError(
          `Bulk queries cannot contain connections with a nesting depth greater than ${MAX_DEPTH}.`,
        );
      }
      const inner = nodeSelectionOf(s.selectionSet);
      if (!inner)
        throw new GraphQLError(`The connection ${s.name.value} must select edges { node } or nodes.`);
      connections += 1 + checkNesting(inner, nodeTypeOf(named), depth + 1);
    } else {
      connections += checkNesting(s.selectionSet, named, depth);
    }
  }
  return connections;
}

export function prepareBulkQuery(query: string): PreparedBulkQuery | { error: string } {
  const schema = adminSchema();
  try {
    const document = parse(query);
    const errors = validate(schema, document);
    if (errors.length > 0) return { error: `Invalid bulk query: ${errors.map((e) => e.message).join(' ')}` };
    const [operation, ...rest] = document.definitions;
    if (
      !operation ||
      rest.length > 0 ||
      operation.kind !== Kind.OPERATION_DEFINITION ||
      operation.operation !== 'query'
    ) {
      return { error: 'Invalid bulk query: a bulk query is exactly one query operation, without fragments.' };
    }
    const fields = operation.selectionSet.selections.filter(
      (s): s is FieldNode => s.kind === Kind.FIELD && s.name.value !== '__typename',
    );
    const root = fields[0];
    const queryType = schema.getQueryType();
    const rootDef = root ? queryType?.getFields()[root.name.value] : undefined;
    const rootType = rootDef ? getNamedType(rootDef.type) : undefined;
    if (
      fields.length !== 1 ||
      !root ||
      !rootDef ||
      !rootType ||
      !isObjectType(rootType) ||
      !isConnectionType(rootType)
    ) {
      return { error: 'Invalid bulk query: the query must select exactly one top-level connection field.' };
    }
    const nodeSelection = nodeSelectionOf(root.selectionSet);
    if (!nodeSelection)
      return { error: 'Invalid bulk query: select edges { node } or nodes on the connection.' };
    const nodeType = nodeTypeOf(rootType);
    const connections = 1 + checkNesting(nodeSelection, nodeType, 1);
    if (connections > MAX_CONNECTIONS) {
      return {
        error: `Invalid bulk query: bulk queries cannot contain more than ${MAX_CONNECTIONS} connections.`,
      };
    }
    return {
      rootField: root.name.value as keyof typeof storeResolvers,
      rootArgs: getArgumentValues(rootDef, root),
      nodeDocument: parse(`{ node(id: "bulk") { ... on ${nodeType.name} ${print(nodeSelection)} } }`),
    };
  } catch (error) {
    return { error: `Invalid bulk query: ${error instanceof Error ? error.message : String(error)}` };
  }
}

type Json = Record<string, unknown>;

const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function connectionNodes(value: unknown): Json[] | null {
  if (!isRecord(value)) return null;
  if (Array.isArray(value['nodes'])) return value['nodes'].filter(isRecord);
  if (Array.isArray(value['edges'])) {
    return value['edges'].flatMap((e) => (isRecord(e) && isRecord(e['node']) ? [e['node']] : []));
  }
  return null;
}

/** One object per line; nested connection nodes follow as lines of their own, pointing at their parent. */
function* flatten(node: Json, parentId: string | null): Generator<{ line: Json; root: boolean }> {
  const own: Json = {};
  const children: Json[] = [];
  for (const [key, value] of Object.entries(node)) {
    const nested = connectionNodes(value);
    if (nested) children.push(...nested);
    else own[key] = value;
  }
  if (parentId) own['__parentId'] = parentId;
  yield { line: own, root: parentId === null };
  for (const child of children) yield* flatten(child, typeof node['id'] === 'string' ? node['id'] : null);
}

async function write(stream: WriteStream, text: string): Promise<void> {
  if (!stream.write(text)) await once(stream, 'drain');
}

async function close(stream: WriteStream): Promise<void> {
  stream.end();
  await once(stream, 'finish');
}

export interface BulkResult {
  objectCount: number;
  rootObjectCount: number;
  fileSize: number;
}

/**
 * Writes the result file. Grouped output keeps each parent's children right after it; ungrouped output
 * (the default from 2026-01) lists all parents first, which a reader must cope with.
 */
export async function writeBulkResult(
  prepared: PreparedBulkQuery,
  ctx: ResolverContext,
  options: { file: string; sideFile: string; groupObjects: boolean },
): Promise<BulkResult> {
  const bulkCtx: ResolverContext = { ...ctx, bulk: true };
  let roots: { nodes: unknown[] };
  try {
    roots = storeResolvers[prepared.rootField](prepared.rootArgs, bulkCtx) as { nodes: unknown[] };
  } catch (error) {
    const code =
      error instanceof GraphQLError && error.extensions['code'] === 'ACCESS_DENIED'
        ? 'ACCESS_DENIED'
        : 'INTERNAL_SERVER_ERROR';
    throw new BulkQueryFailure(code, error instanceof Error ? error.message : String(error));
  }
  const main = createWriteStream(options.file);
  const side = options.groupObjects ? main : createWriteStream(options.sideFile);
  let objectCount = 0;
  let rootObjectCount = 0;
  let fileSize = 0;
  for (const view of roots.nodes) {
    const result = executeSync({
      schema: adminSchema(),
      document: prepared.nodeDocument,
      rootValue: { node: () => view },
      contextValue: bulkCtx,
    });
    const first = result.errors?.[0];
    if (first) {
      await Promise.all([close(main), side === main ? undefined : close(side)]);
      throw new BulkQueryFailure(
        first.extensions['code'] === 'ACCESS_DENIED' ? 'ACCESS_DENIED' : 'INTERNAL_SERVER_ERROR',
        first.message,
      );
    }
    const data = result.data?.['node'];
    if (!isRecord(data)) continue;
    for (const { line, root } of flatten(data, null)) {
      const text = `${JSON.stringify(line)}\n`;
      objectCount += 1;
      fileSize += Buffer.byteLength(text);
      if (root) rootObjectCount += 1;
      await write(root ? main : side, text);
    }
  }
  if (side !== main) {
    await close(side);
    await pipeline(createReadStream(options.sideFile), main);
  } else {
    await close(main);
  }
  return { objectCount, rootObjectCount, fileSize };
}
