import { existsSync, readdirSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import type { NextFunction, Request, Response } from 'express';

/** Vite names what it builds under /assets/ by content hash: such a file never changes, so it is cached for good. */
const HASHED = /^\/assets\/.+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;
const YEAR_SECONDS = 365 * 24 * 3600;

interface Entry {
  path: string;
  type: string;
  br: boolean;
  gz: boolean;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/** The copy to send for this request's Accept-Encoding: brotli, else gzip, else the file itself. */
function encodingFor(req: Request, entry: Entry): 'br' | 'gzip' | null {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (entry.br && /\bbr\b/.test(accepted)) return 'br';
  if (entry.gz && /\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

/**
 * Serves the built SPA (issue 14, loose ends): only the files the build wrote (a map made at start — no path from a
 * request ever reaches the file system), each as the precompressed copy the browser accepts (`.br`, `.gz`, written by
 * the build), hashed assets as immutable for a year, index.html revalidated every time, and every other path outside
 * the API answered with index.html (client-side routes).
 */
export function spaFiles(dir: string, options: { csp: string; baseApi: string }): (req: Request, res: Response, next: NextFunction) => void {
  const files = new Map<string, Entry>();
  for (const path of walk(dir)) {
    if (path.endsWith('.br') || path.endsWith('.gz')) continue;
    const url = `/${relative(dir, path).split(sep).join('/')}`;
    files.set(url, { path, type: extname(path), br: existsSync(`${path}.br`), gz: existsSync(`${path}.gz`) });
  }
  const index = files.get('/index.html');

  const send = (req: Request, res: Response, next: NextFunction, entry: Entry, cache: string): void => {
    const encoding = encodingFor(req, entry);
    res.setHeader('Cache-Control', cache);
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Content-Security-Policy', options.csp);
    res.type(entry.type);
    if (encoding) res.setHeader('Content-Encoding', encoding);
    const path = encoding === 'br' ? `${entry.path}.br` : encoding === 'gzip' ? `${entry.path}.gz` : entry.path;
    // Cache-Control is ours: `send` must not overwrite it with its own max-age. Dot-files: the map made at start
    // decides what is served, and `deny` would refuse every file of a build under a dot-folder (/srv/.output/web).
    res.sendFile(path, { cacheControl: false, dotfiles: 'allow' }, (err) => {
      if (err && !res.headersSent) {
        res.removeHeader('Content-Encoding'); // the error answer is not the compressed file
        next(err);
      }
    });
  };

  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path === options.baseApi || req.path.startsWith(`${options.baseApi}/`)) return next();
    const entry = files.get(req.path);
    if (entry && entry !== index) return send(req, res, next, entry, HASHED.test(req.path) ? `public, max-age=${YEAR_SECONDS}, immutable` : 'public, max-age=3600');
    if (!index) return next();
    // A missing hashed asset is an old page asking for what a deploy replaced: 404, not index.html as script.
    if (req.path.startsWith('/assets/')) return next();
    return send(req, res, next, index, 'no-cache');
  };
}
