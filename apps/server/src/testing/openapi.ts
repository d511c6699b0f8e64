import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type Operation = Record<string, unknown> & { operationId?: string; security?: unknown };

/** The parts of `/v1/openapi.json` the tests read. */
export interface OpenApiDocument {
  openapi: string;
  servers?: Array<{ url: string; description?: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}

const COMPONENTS_ID = 'https://tidemark.test/openapi/components';

/** `#/components/schemas/X` as a reference into the validator's copy of the components. */
function rebase(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rebase);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string'
        ? value.replace(/^#\/components\/schemas\//, `${COMPONENTS_ID}#/$defs/`)
        : rebase(value),
    ]),
  );
}

/**
 * A strict JSON Schema 2020-12 validator (what OpenAPI 3.1 schemas are) for the document's schemas:
 * an unknown keyword such as 3.0's `nullable` fails to compile instead of being ignored.
 */
export function schemaValidator(doc: OpenApiDocument): (schema: object) => ValidateFunction {
  const ajv = new Ajv2020({ strict: true, strictTypes: false, strictTuples: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: COMPONENTS_ID, $defs: rebase(doc.components.schemas) as Record<string, object> });
  return (schema) => ajv.compile(rebase(schema) as object);
}
