import { Body, type PipeTransform, Query } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiQuery } from '@nestjs/swagger';
import { z } from 'zod';
import { validate } from './validate.js';

/**
 * A shared schema in OpenAPI 3.0: by default as a caller sends it (its input side: before defaults and transforms), or
 * as the API answers it (`output`). Two corrections to what zod writes: a nullable enum lists `null` among its values
 * (OpenAPI 3.0.3: `nullable` does not widen an `enum`, so a weekly period's `roomType: null` — no room type needed —
 * broke its own published schema), and the range a field carries as metadata for its messages (`min`, `max`, `scale`)
 * stays out, as no keyword of a Schema Object.
 */
export function openApiSchemaOf(schema: z.ZodType, io: 'input' | 'output' = 'input'): Record<string, unknown> {
  return z.toJSONSchema(schema, {
    io,
    target: 'openapi-3.0',
    unrepresentable: 'any',
    override: ({ jsonSchema }) => {
      const node = jsonSchema as Record<string, unknown>;
      if (node.nullable === true && Array.isArray(node.enum) && !node.enum.includes(null)) node.enum = [...(node.enum as unknown[]), null];
      for (const meta of ['min', 'max', 'scale']) delete node[meta];
    },
  }) as Record<string, unknown>;
}

class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    return validate(this.schema, value);
  }
}

/** The decorated method's descriptor, so a parameter decorator can add the method's OpenAPI metadata too. */
function methodOf(target: object, key: string | symbol | undefined): PropertyDescriptor | undefined {
  return key === undefined ? undefined : Object.getOwnPropertyDescriptor(target, key);
}

/**
 * The request body, parsed by a shared zod schema of `@schoolflow/contracts` — a 400 envelope with the schema's message
 * when it does not fit — and documented in OpenAPI (`/server/docs`) from that same schema, so the documentation, the
 * validation and the fuzz test (test/security/fuzz.e2e-spec.ts) can never disagree. JSON unless `mediaTypes` say more
 * (`FORM_OR_JSON`). Every handler that reads a body documents it so (openapi-bodies.spec.ts fails on one that does not).
 */
export function ValidBody(schema: z.ZodType, mediaTypes?: readonly string[]): ParameterDecorator {
  return (target, key, index) => {
    Body(new ZodPipe(schema))(target, key as string, index);
    const method = methodOf(target, key);
    if (!method) return;
    if (mediaTypes) ApiConsumes(...mediaTypes)(target, key as string, method);
    ApiBody({ schema: openApiSchemaOf(schema) })(target, key as string, method);
  };
}

/** How a body may be sent: a form (what the sign-in and password forms send) or JSON; both parsers run on every request. */
export const FORM_OR_JSON = ['application/x-www-form-urlencoded', 'application/json'] as const;

/**
 * The request body as sent, documented (as `mediaTypes`) from the shared schema its handler validates it with itself —
 * only where the handler needs the body as sent (a refused sign-in is still logged and counted; a flow's start checks
 * the form of the flow its path names, and ties its idempotency key to the form as sent): everywhere else `ValidBody`.
 * Pass the handler's own schema, so the document and the check stay one.
 */
export function CheckedByHandler(schema: z.ZodType, mediaTypes: readonly string[] = ['application/json']): ParameterDecorator {
  return (target, key, index) => {
    Body()(target, key as string, index);
    const method = methodOf(target, key);
    if (!method) return;
    ApiConsumes(...mediaTypes)(target, key as string, method);
    ApiBody({ schema: openApiSchemaOf(schema) })(target, key as string, method);
  };
}

/**
 * A `multipart/form-data` body its handler reads as a stream from the request (an upload, an import), documented from
 * its shared schema (`fileUploadSchema`, `importUploadSchema`): the parts the stream reader accepts.
 */
export function MultipartBody(schema: z.ZodType): MethodDecorator {
  return (target, key, descriptor) => {
    ApiConsumes('multipart/form-data')(target, key, descriptor);
    ApiBody({ schema: openApiSchemaOf(schema) })(target, key, descriptor);
  };
}

/** The query string, parsed and documented like `ValidBody` (one OpenAPI parameter per property). */
export function ValidQuery(schema: z.ZodType): ParameterDecorator {
  return (target, key, index) => {
    Query(new ZodPipe(schema))(target, key as string, index);
    const method = methodOf(target, key);
    if (!method) return;
    const json = openApiSchemaOf(schema) as { properties?: Record<string, Record<string, unknown>>; required?: string[] };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      ApiQuery({ name, required: (json.required ?? []).includes(name), schema: property })(target, key as string, method);
    }
  };
}
