import 'reflect-metadata';
import { type INestApplication, RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { ModulesContainer } from '@nestjs/core';
import { Client, CurrentUser, Lang } from './request-context.js';

/**
 * Which route handlers read a request body, from the controllers' own metadata — so a check can hold every such body
 * to its OpenAPI description (issue 23, item 5: test/security/openapi-bodies.e2e-spec.ts on the served document,
 * openapi-bodies.spec.ts on this check itself). What the fuzz test knows of a body comes from that description.
 *
 * A handler reads a body when it takes a body parameter (`@Body`, `ValidBody`, `CheckedByHandler`) on any route; on a
 * write (POST, PUT, PATCH) also when it takes the raw request (`@Req`: an upload streams its body from it) or a
 * parameter decorator of our own other than the request-context ones, which read headers and the session only.
 */

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
const METHODS: Partial<Record<RequestMethod, HttpMethod>> = {
  [RequestMethod.GET]: 'get',
  [RequestMethod.POST]: 'post',
  [RequestMethod.PUT]: 'put',
  [RequestMethod.PATCH]: 'patch',
  [RequestMethod.DELETE]: 'delete',
};
export const WRITES: readonly string[] = ['post', 'put', 'patch'];

export interface RouteHandler {
  /** `Controller.method`. */
  name: string;
  /** The operationId the document gives it (`@nestjs/swagger`'s default: `Controller_method`). */
  operationId: string;
  method: HttpMethod;
  /** What of its parameters reads the body, or null when none can. */
  readsBody: string | null;
}

/** An operation of an OpenAPI document, as far as the check reads it. */
export interface DocumentedOperation {
  operationId?: string;
  requestBody?: { content?: Record<string, { schema?: Record<string, unknown> }> };
}
export interface DocumentedPaths {
  paths: Record<string, Record<string, DocumentedOperation | undefined>>;
}

/** A route argument's kind: its metadata key without the `:index`. */
const kindOf = (key: string): string => key.slice(0, key.lastIndexOf(':'));

/** The kinds of the request-context parameters (`Lang`, `CurrentUser`, `Client`): each decorator has one of its own. */
function bodyFreeKinds(): Set<string> {
  class Probe {
    handler(): void {}
  }
  [Lang(), CurrentUser(), Client()].forEach((decorate, index) => decorate(Probe.prototype, 'handler', index));
  return new Set(Object.keys((Reflect.getMetadata(ROUTE_ARGS_METADATA, Probe, 'handler') ?? {}) as object).map(kindOf));
}

function bodyReader(controller: Type<unknown>, key: string, method: HttpMethod, bodyFree: Set<string>): string | null {
  const kinds = Object.keys((Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, key) ?? {}) as object).map(kindOf);
  for (const kind of kinds) {
    if (kind === String(RouteParamtypes.BODY) || kind === String(RouteParamtypes.RAW_BODY)) return 'a body parameter';
    if (!WRITES.includes(method)) continue;
    if (kind === String(RouteParamtypes.REQUEST)) return 'the raw request (@Req) on a write';
    if (kind.endsWith('__customRouteArgs__') && !bodyFree.has(kind)) return 'a parameter decorator of its own on a write';
  }
  return null;
}

/** Every route handler of every controller the app holds (a preview app is enough: no provider is needed). */
export function routeHandlers(app: INestApplication): RouteHandler[] {
  const bodyFree = bodyFreeKinds();
  const out: RouteHandler[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type<unknown> | null;
      if (!controller) continue;
      const proto = controller.prototype as Record<string, unknown>;
      for (const key of Object.getOwnPropertyNames(proto)) {
        const fn = key === 'constructor' ? undefined : proto[key];
        const requestMethod = typeof fn === 'function' ? (Reflect.getMetadata(METHOD_METADATA, fn) as RequestMethod | undefined) : undefined;
        const method = requestMethod === undefined ? undefined : METHODS[requestMethod];
        if (!method) continue;
        out.push({ name: `${controller.name}.${key}`, operationId: `${controller.name}_${key}`, method, readsBody: bodyReader(controller, key, method, bodyFree) });
      }
    }
  }
  return out;
}

/** What is wrong with an operation's body description, or null: at least one media type, each with a schema that says something. */
function bodyProblem(op: DocumentedOperation | undefined): string | null {
  if (!op) return 'is not in the document';
  const content = Object.entries(op.requestBody?.content ?? {});
  if (content.length === 0) return 'describes no request body';
  const blank = content.filter(([, media]) => !media.schema || Object.keys(media.schema).length === 0).map(([type]) => type);
  return blank.length ? `describes no schema for ${blank.join(', ')}` : null;
}

export interface BodyCheck {
  /** A handler that reads a body its operation does not describe, one line each; none when all is well. */
  undescribed: string[];
  /** The writes of the document, and those of them with a described body. */
  writes: number;
  writesWithBody: number;
  /** The writes without a described body (`METHOD /path`): their handlers read none. */
  writesWithoutBody: string[];
}

/** Holds every handler that reads a body to the operation the document gives it (by operationId). */
export function checkBodies(handlers: readonly RouteHandler[], doc: DocumentedPaths): BodyCheck {
  const ops = new Map<string, { path: string; method: string; op: DocumentedOperation }[]>();
  let writes = 0;
  const writesWithoutBody: string[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!op?.operationId) continue;
      ops.set(op.operationId, [...(ops.get(op.operationId) ?? []), { path, method, op }]);
      if (!WRITES.includes(method)) continue;
      writes++;
      if (bodyProblem(op)) writesWithoutBody.push(`${method.toUpperCase()} ${path}`);
    }
  }
  const undescribed = handlers
    .filter((h) => h.readsBody)
    .flatMap((h) => {
      // A handler of several methods gets one operation each, named `Controller_method_verb`.
      const found = ops.get(h.operationId) ?? ops.get(`${h.operationId}_${h.method}`) ?? [undefined];
      return found.flatMap((o) => {
        const problem = bodyProblem(o?.op);
        return problem ? [`${h.name} (${h.method.toUpperCase()} ${o?.path ?? '?'}) reads ${h.readsBody}, but its operation ${problem}`] : [];
      });
    });
  return { undescribed, writes, writesWithBody: writes - writesWithoutBody.length, writesWithoutBody };
}
