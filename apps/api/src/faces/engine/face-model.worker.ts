import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parentPort } from 'node:worker_threads';
import { decodeCapture, type DecodeFailure } from './face-image.js';

/**
 * The face model, in a worker thread of its own (docs/adr/0063-face-recognition.md#model): @vladmandic/human's
 * BlazeFace detector, FaceMesh alignment and FaceRes descriptor (1024 numbers a face), with the antispoof and
 * liveness models when asked, on TensorFlow.js's WebAssembly backend — every model and the .wasm shipped inside the
 * npm packages, read from node_modules, nothing fetched. Loaded on the first capture, not when the server starts.
 * One capture at a time; the bytes arrive here and are dropped when answered — nothing of the image is kept.
 */
export interface DescribeRequest {
  id: number;
  bytes: Uint8Array;
  liveness: boolean;
}

export interface DescribedFace {
  embedding: number[];
  /** The detector's confidence (0..1). */
  score: number;
  /** The face box's width in the capture's pixels (after scaling to at most 1024). */
  size: number;
  /** Anti-spoofing and liveness scores (0..1), when asked. */
  real: number | null;
  live: number | null;
}

export type DescribeAnswer =
  | { id: number; ok: true; faces: DescribedFace[]; loadMs: number | null; ms: number }
  | { id: number; ok: false; reason: DecodeFailure | 'failed'; detail?: string; loadMs: number | null };

interface Tensor {
  dispose(): void;
}
interface HumanResult {
  face: { embedding?: number[]; score: number; boxScore: number; box: [number, number, number, number]; real?: number; live?: number }[];
  error: string | null;
}
interface HumanInstance {
  load(): Promise<void>;
  detect(input: Tensor, config?: Record<string, unknown>): Promise<HumanResult>;
  tf: { getBackend(): string };
}
interface TfCore {
  tensor(values: Uint8Array | Int32Array, shape: number[], dtype: 'int32'): Tensor;
  io: {
    registerLoadRouter(router: (url: string | string[]) => unknown): void;
    getModelArtifactsForJSON(json: unknown, loadWeights: (manifest: { paths: string[]; weights: unknown[] }[]) => Promise<[unknown[], ArrayBuffer]>): Promise<unknown>;
  };
}

const require = createRequire(import.meta.url);
/** The package's `exports` names no subpath Node can resolve: the folder is found from its main entry. */
const humanDist = dirname(require.resolve('@vladmandic/human'));
export const MODELS_DIR = join(humanDist, '..', 'models');
const WASM_DIR = dirname(require.resolve('@tensorflow/tfjs-backend-wasm')) + '/';

let human: HumanInstance | null = null;
let tf: TfCore | null = null;
let loadMs: number | null = null;

/** The model files are read from the package's folder (a `file://` URL): no network, no tfjs-node. */
function registerFileLoader(core: TfCore): void {
  core.io.registerLoadRouter((url) => {
    if (typeof url !== 'string' || !url.startsWith('file://')) return null;
    const file = url.slice('file://'.length);
    return {
      load: async () => {
        const json = JSON.parse(readFileSync(file, 'utf8')) as unknown;
        return core.io.getModelArtifactsForJSON(json, async (manifest) => {
          const specs: unknown[] = [];
          const parts: Buffer[] = [];
          for (const group of manifest) {
            for (const p of group.paths) parts.push(readFileSync(join(dirname(file), p)));
            specs.push(...group.weights);
          }
          const all = Buffer.concat(parts);
          return [specs, all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength) as ArrayBuffer];
        });
      },
    };
  });
}

async function model(): Promise<{ human: HumanInstance; tf: TfCore }> {
  if (human && tf) return { human, tf };
  const started = Date.now();
  const core = require('@tensorflow/tfjs-core') as TfCore;
  registerFileLoader(core);
  const { Human } = require(join(humanDist, 'human.node-wasm.js')) as { Human: new (config: Record<string, unknown>) => HumanInstance };
  const h = new Human({
    backend: 'wasm',
    wasmPath: WASM_DIR,
    modelBasePath: `file://${MODELS_DIR}/`,
    debug: false,
    async: false,
    warmup: 'none',
    cacheSensitivity: 0,
    filter: { enabled: false },
    face: {
      enabled: true,
      detector: { rotation: false, maxDetected: 3, minConfidence: 0.5, return: false },
      mesh: { enabled: true },
      description: { enabled: true },
      iris: { enabled: false },
      emotion: { enabled: false },
      antispoof: { enabled: true },
      liveness: { enabled: true },
    },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
  });
  await h.load();
  [human, tf, loadMs] = [h, core, Date.now() - started];
  return { human: h, tf: core };
}

async function describe(req: DescribeRequest): Promise<DescribeAnswer> {
  const image = decodeCapture(req.bytes);
  if (typeof image === 'string') return { id: req.id, ok: false, reason: image, loadMs };
  try {
    const m = await model();
    const started = Date.now();
    const input = m.tf.tensor(image.data, [1, image.height, image.width, 3], 'int32');
    try {
      const result = await m.human.detect(input, { face: { antispoof: { enabled: req.liveness }, liveness: { enabled: req.liveness } } });
      if (result.error) return { id: req.id, ok: false, reason: 'failed', detail: result.error, loadMs };
      const faces = result.face
        .filter((f) => Array.isArray(f.embedding) && f.embedding.length > 0)
        .map((f) => ({ embedding: Array.from(f.embedding ?? []), score: Math.round(100 * f.score) / 100, size: Math.round(f.box[2]), real: req.liveness ? (f.real ?? 0) : null, live: req.liveness ? (f.live ?? 0) : null }));
      return { id: req.id, ok: true, faces, loadMs, ms: Date.now() - started };
    } finally {
      input.dispose();
    }
  } catch (e) {
    return { id: req.id, ok: false, reason: 'failed', detail: e instanceof Error ? e.message : String(e), loadMs };
  }
}

// one capture at a time, in the order they came
let queue: Promise<void> = Promise.resolve();
parentPort?.on('message', (req: DescribeRequest) => {
  queue = queue.then(async () => parentPort?.postMessage(await describe(req)));
});
