import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  NoSuchKey,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Transform, type Readable } from 'node:stream';
import { assertMediaKey, isMediaKey, RangeNotSatisfiableError, resolveRange, type MediaStorage } from './media-storage.js';

export interface S3MediaOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, ...) instead of AWS. */
  endpoint?: string;
  forcePathStyle?: boolean;
  /** Without them the SDK's default chain (environment, instance role, ...). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** DeleteObjects takes at most this many keys per call. */
const DELETE_BATCH = 1000;

/**
 * Objects in one bucket, under the same keys. Uploads stream through lib-storage's Upload: one
 * PutObject for a small file, a multipart upload in 5 MB parts for a larger one, never the whole
 * file in memory. If the stream errors or a part fails, Upload aborts the multipart upload
 * (`leavePartsOnError: false`), so nothing stays behind; a single PutObject that never completed
 * stored nothing.
 */
export function createS3MediaStorage(options: S3MediaOptions): MediaStorage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // Checksums only where the API requires them: the SDK's default adds CRC32 trailers to every
    // upload, which not every S3-compatible service understands.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;

  return {
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    async put(key, body, contentType) {
      assertMediaKey(key);
      let bytes = 0;
      const count = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          done(null, chunk);
        },
      });
      // The source's error ends the counting stream with it (pipe alone would leave it waiting).
      body.once('error', (error) => count.destroy(error));
      body.pipe(count);
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: count, ContentType: contentType },
        queueSize: 2,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        // Stop reading the source (a request body) too, so nothing keeps arriving for nobody.
        body.destroy();
        throw error;
      }
      return { bytes };
    },

    async get(key, range) {
      assertMediaKey(key);
      if (range) resolveRange(range, Number.MAX_SAFE_INTEGER); // shape check before asking
      try {
        const answer = await client.send(new GetObjectCommand({
          Bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
        }));
        // "bytes 0-9/1234": the whole size after the slash; without a range, the length is the size.
        const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(answer.ContentRange ?? '');
        const size = match ? Number(match[3]) : (answer.ContentLength ?? 0);
        const resolved = match ? { start: Number(match[1]), end: Number(match[2]) } : { start: 0, end: size - 1 };
        return {
          stream: answer.Body as Readable,
          size,
          contentType: answer.ContentType ?? 'application/octet-stream',
          range: resolved,
        };
      } catch (error) {
        if (error instanceof NoSuchKey) return undefined;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return undefined;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416) throw new RangeNotSatisfiableError(NaN);
        throw error;
      }
    },

    async delete(key) {
      assertMediaKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key && isMediaKey(object.Key)) yield object.Key;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async deleteMany(keys) {
      keys.forEach((key) => assertMediaKey(key));
      for (let i = 0; i < keys.length; i += DELETE_BATCH) {
        const batch = keys.slice(i, i + DELETE_BATCH);
        const answer = await client.send(new DeleteObjectsCommand({
          Bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }));
        if (answer.Errors?.length) throw new Error(`S3 could not delete ${answer.Errors.length} of ${batch.length} objects`);
      }
    },
  };
}
