import type { Config } from '../../config.js';
import { createLocalMediaStorage } from './local.js';
import type { MediaStorage } from './media-storage.js';
import { createS3MediaStorage } from './s3.js';

type StorageConfig = Pick<Config, 'UPLOADS_DIR' | 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'>;

/** The bucket when S3_BUCKET is set, otherwise the folder UPLOADS_DIR. */
export function createMediaStorage(config: StorageConfig): MediaStorage {
  if (!config.S3_BUCKET) return createLocalMediaStorage(config.UPLOADS_DIR);
  return createS3MediaStorage({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials: config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
      ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
      : undefined,
  });
}
