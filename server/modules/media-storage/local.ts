import { createReadStream, createWriteStream } from 'node:fs';
import { access, constants, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertMediaKey, InvalidMediaKeyError, isMediaKey, resolveRange, type ByteRange, type MediaStorage, type StoredMedia } from './media-storage.js';

/**
 * Files under one folder: `<root>/<churchId>/<name>`, the content type beside each in
 * `<root>/.types/<churchId>/<name>`, and unfinished writes in `<root>/.tmp/`. The dot folders can
 * never be a church's folder (keys start with a UUID). A file is written to `.tmp` and renamed into
 * place, so a reader never sees half of it and a failed write leaves only a temp file, which is
 * removed.
 */
export function createLocalMediaStorage(rootDir: string): MediaStorage {
  const root = path.resolve(rootDir);
  const tmpDir = path.join(root, '.tmp');
  const typesDir = path.join(root, '.types');

  /** The key's file and type file, after checking the key and that both stay under the root. */
  function pathsOf(key: string): { file: string; typeFile: string } {
    assertMediaKey(key);
    const file = path.resolve(root, key);
    const typeFile = path.resolve(typesDir, key);
    for (const [base, p] of [[root, file], [typesDir, typeFile]] as const) {
      const rel = path.relative(base, p);
      if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) throw new InvalidMediaKeyError();
    }
    return { file, typeFile };
  }

  async function remove(key: string): Promise<void> {
    const { file, typeFile } = pathsOf(key);
    await rm(file, { force: true });
    await rm(typeFile, { force: true });
  }

  return {
    async check() {
      await mkdir(tmpDir, { recursive: true });
      await access(tmpDir, constants.W_OK);
    },
    async put(key, body, contentType) {
      const { file, typeFile } = pathsOf(key);
      await Promise.all([mkdir(tmpDir, { recursive: true }), mkdir(path.dirname(file), { recursive: true }), mkdir(path.dirname(typeFile), { recursive: true })]);
      const tmpFile = path.join(tmpDir, randomUUID());
      const tmpType = `${tmpFile}.type`;
      let bytes = 0;
      const count = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          done(null, chunk);
        },
      });
      try {
        await pipeline(body, count, createWriteStream(tmpFile, { flags: 'wx' }));
        await writeFile(tmpType, contentType, { flag: 'wx' });
        // The type first: a file is only found when it is in place, and then its type is too.
        await rename(tmpType, typeFile);
        await rename(tmpFile, file);
      } catch (error) {
        await Promise.all([rm(tmpFile, { force: true }), rm(tmpType, { force: true })]);
        throw error;
      }
      return { bytes };
    },

    async get(key: string, range?: ByteRange): Promise<StoredMedia | undefined> {
      const { file, typeFile } = pathsOf(key);
      let size: number;
      let contentType: string;
      try {
        const [info, type] = await Promise.all([stat(file), readFile(typeFile, 'utf8')]);
        if (!info.isFile()) return undefined;
        size = info.size;
        contentType = type;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
      const resolved = resolveRange(range, size);
      const stream: Readable = size === 0 ? createReadStream(file) : createReadStream(file, resolved);
      return { stream, size, contentType, range: resolved };
    },

    delete: remove,

    async *list() {
      // One folder per church; the dot folders (.tmp, .types) never hold a key.
      const churches = await readdir(root, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      for (const church of churches) {
        if (!church.isDirectory()) continue;
        for (const file of await readdir(path.join(root, church.name), { withFileTypes: true })) {
          const key = `${church.name}/${file.name}`;
          if (file.isFile() && isMediaKey(key)) yield key;
        }
      }
    },

    async deleteMany(keys) {
      keys.forEach((key) => assertMediaKey(key));
      for (const key of keys) await remove(key);
    },
  };
}
