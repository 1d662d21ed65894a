import imageCompression, { type Options } from 'browser-image-compression';

/**
 * Compresses one photo off the main thread, so the page keeps answering taps meanwhile. The
 * library's own worker (`useWebWorker`) is a blob: script that fetches the library from a CDN,
 * which the page's Content-Security-Policy forbids (script-src 'self'); this worker is a file of
 * the site instead. Inside a worker the library compresses in place, with OffscreenCanvas.
 */
export interface CompressRequest {
  file: File;
  options: Omit<Options, 'onProgress' | 'signal'>;
}
export type CompressReply = { progress: number } | { file: Blob } | { error: string };

interface WorkerScope {
  onmessage: ((event: MessageEvent<CompressRequest>) => void) | null;
  postMessage: (message: CompressReply) => void;
}
const scope = globalThis as unknown as WorkerScope;

scope.onmessage = ({ data }) => {
  imageCompression(data.file, { ...data.options, onProgress: (progress) => scope.postMessage({ progress }) })
    .then((file) => scope.postMessage({ file }))
    .catch((error: unknown) => scope.postMessage({ error: error instanceof Error ? error.message : String(error) }));
};
