import { MEDIA_MAX_BYTES, MEDIA_MAX_MB } from '../../../../common/media-limits';
import { translate } from '../../lib/i18n';
import { abortReason } from './abort-reason';
import type { CompressReply, CompressRequest } from './compress-worker';
import type { ChosenFile } from './file-checks';
import './messages';

/**
 * Large photos made smaller in the browser before they are sent: at most 1200 px
 * on the long side at quality 0.8; a photo still over its limit is tried again at lower quality,
 * 0.2 less each time (0.6, 0.4) down to 0.3, and refused if it is over the limit even then.
 */
const MAX_WIDTH_OR_HEIGHT = 1200;
const FIRST_QUALITY = 0.8;
const QUALITY_STEP = 0.2;
const LOWEST_QUALITY = 0.3;

/** A photo that stays over the size limit however far it is compressed; its message (in the active language) names it. */
export class CompressionRefused extends Error {}

type Options = CompressRequest['options'];

/** Set once a worker could not run the library (an old Safari without OffscreenCanvas): the page
 * itself compresses from then on. */
let workersFail = false;

class WorkerFailed extends Error {}

/** One compression in a worker of its own, ended when done or when `signal` aborts. */
function compressInWorker(file: File, options: Options, onProgress: (percent: number) => void, signal: AbortSignal): Promise<Blob> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(abortReason(signal));
      return;
    }
    let worker: Worker;
    try {
      worker = new Worker(new URL('./compress-worker.ts', import.meta.url), { type: 'module', name: 'compress-photo' });
    } catch {
      reject(new WorkerFailed());
      return;
    }
    const abort = () => {
      worker.terminate();
      reject(abortReason(signal));
    };
    signal.addEventListener('abort', abort, { once: true });
    const finish = () => {
      signal.removeEventListener('abort', abort);
      worker.terminate();
    };
    worker.onmessage = ({ data }: MessageEvent<CompressReply>) => {
      if ('progress' in data) {
        onProgress(data.progress);
        return;
      }
      finish();
      if ('file' in data) resolve(data.file);
      else reject(new WorkerFailed(data.error));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      finish();
      reject(new WorkerFailed(event.message));
    };
    const request: CompressRequest = { file, options };
    worker.postMessage(request);
  });
}

/** The same, on the page's own thread (the library without its worker). */
async function compressHere(file: File, options: Options, onProgress: (percent: number) => void, signal: AbortSignal): Promise<Blob> {
  const { default: imageCompression } = await import('browser-image-compression');
  return imageCompression(file, { ...options, useWebWorker: false, onProgress, signal });
}

async function compressOnce(file: File, quality: number, onProgress: (percent: number) => void, signal: AbortSignal): Promise<Blob> {
  // In our worker the library runs in place; `useWebWorker` only matters on the page's thread.
  const options: Options = { maxWidthOrHeight: MAX_WIDTH_OR_HEIGHT, initialQuality: quality, useWebWorker: true };
  if (!workersFail) {
    try {
      return await compressInWorker(file, options, onProgress, signal);
    } catch (error) {
      if (!(error instanceof WorkerFailed)) throw error;
      workersFail = true;
    }
  }
  return compressHere(file, options, onProgress, signal);
}

/** One photo made smaller; refused (CompressionRefused) when it stays over the limit. */
async function compressPhoto(file: File, onProgress: (percent: number) => void, signal: AbortSignal): Promise<File> {
  const limit = MEDIA_MAX_BYTES.image;
  for (let quality = FIRST_QUALITY; ; quality = Math.max(LOWEST_QUALITY, Math.round((quality - QUALITY_STEP) * 10) / 10)) {
    const blob = await compressOnce(file, quality, onProgress, signal);
    if (blob.size <= limit) {
      // The copy is what is sent, under the name the user chose; if it came out larger, the original.
      if (blob.size >= file.size) return file;
      return new File([blob], file.name, { type: blob.type || file.type, lastModified: file.lastModified });
    }
    if (quality <= LOWEST_QUALITY) throw new CompressionRefused(translate('gallery.tooLargeAfterCompression', { fileName: file.name, maxMb: MEDIA_MAX_MB.image }));
  }
}

/**
 * The files to send: each photo marked `compress` replaced by its smaller copy, one after the
 * other; `onProgress` gets 0 to 100 over all of them. Rejects with the abort reason when `signal`
 * aborts, and with CompressionRefused for a photo that cannot be made small enough.
 */
export async function compressPhotos(files: readonly ChosenFile[], onProgress: (percent: number) => void, signal: AbortSignal): Promise<File[]> {
  const toCompress = files.filter((f) => f.compress).length;
  let done = 0;
  let shown = 0;
  const report = (percentOfCurrent: number) => {
    // Never backwards: a second try at a lower quality starts its own 0 to 100.
    shown = Math.max(shown, Math.round(((done + percentOfCurrent / 100) / toCompress) * 100));
    onProgress(Math.min(100, shown));
  };
  const out: File[] = [];
  for (const chosen of files) {
    if (signal.aborted) throw abortReason(signal);
    if (!chosen.compress) {
      out.push(chosen.file);
      continue;
    }
    out.push(await compressPhoto(chosen.file, report, signal));
    done += 1;
    report(0);
  }
  return out;
}
