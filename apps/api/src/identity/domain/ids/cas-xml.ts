import { XMLParser } from 'fast-xml-parser';

/**
 * What the CAS 3 protocol's XML says (docs/adr/0035-single-sign-on.md): a `/p3/serviceValidate` answer and the
 * back-channel single logout's SAML LogoutRequest. Pure: no I/O, unit-tested on the documented shapes.
 */
export type CasValidation =
  | { ok: true; user: string; attributes: Record<string, string[]> }
  | { ok: false; code: string; description: string };

/**
 * Namespace prefixes dropped (`cas:`, `samlp:`), every element a list (an attribute may repeat), text as text (a
 * number like `007` keeps its zeros). Only XML's own five entities are read: a document that declares a DOCTYPE is
 * refused before parsing, so no entity of the sender's is ever expanded.
 */
const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  htmlEntities: false,
  ignoreDeclaration: true,
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
});

type Node = Record<string, unknown>;

function parse(xml: string): Node {
  if (/<!DOCTYPE/i.test(xml)) throw new Error('a DOCTYPE is not accepted');
  return parser.parse(xml) as Node;
}

function children(node: unknown, name: string): Node[] {
  if (typeof node !== 'object' || node === null) return [];
  const value = (node as Node)[name];
  return Array.isArray(value) ? (value as unknown[]).map((v) => (typeof v === 'object' && v !== null ? (v as Node) : { '#text': String(v) })) : [];
}

function text(node: Node | undefined): string {
  const value = node?.['#text'];
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

/** Reads a serviceValidate answer. Anything that is neither a success with a user nor a failure is a failure. */
export function readServiceResponse(xml: string): CasValidation {
  let doc: Node;
  try {
    doc = parse(xml);
  } catch (err) {
    return { ok: false, code: 'INVALID_RESPONSE', description: err instanceof Error ? err.message : 'unreadable XML' };
  }
  const response = children(doc, 'serviceResponse')[0];
  if (!response) return { ok: false, code: 'INVALID_RESPONSE', description: 'no serviceResponse' };
  const failure = children(response, 'authenticationFailure')[0];
  if (failure) {
    const code = typeof failure['@code'] === 'string' ? failure['@code'] : 'UNKNOWN';
    return { ok: false, code, description: text(failure) };
  }
  const success = children(response, 'authenticationSuccess')[0];
  const user = text(children(success, 'user')[0]);
  if (!success || user === '') return { ok: false, code: 'INVALID_RESPONSE', description: 'no authenticated user' };
  const attributes: Record<string, string[]> = {};
  for (const block of children(success, 'attributes')) {
    for (const [name, values] of Object.entries(block)) {
      if (name.startsWith('@') || name === '#text' || !Array.isArray(values)) continue;
      const read = children(block, name).map(text).filter((v) => v !== '');
      if (read.length > 0) attributes[name] = [...(attributes[name] ?? []), ...read];
    }
  }
  return { ok: true, user, attributes };
}

/** The service ticket a single logout names (`<samlp:SessionIndex>`), or null when the document is not one. */
export function readLogoutRequest(xml: string): string | null {
  let doc: Node;
  try {
    doc = parse(xml);
  } catch {
    return null;
  }
  const request = children(doc, 'LogoutRequest')[0];
  const index = text(children(request, 'SessionIndex')[0]);
  return index === '' ? null : index;
}
