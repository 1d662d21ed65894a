import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { MANIFEST_PATH, manifestSchema, manifestSignature, SIGNATURE_PATH, signatureVerifies, type Manifest, type ManifestEntry } from './manifest.js';

/** Something wrong with an archive or its target: the CLI prints the message and exits non-zero. */
export class BackupRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRefusal';
  }
}

/** One entry to write: its stream, and `done` when the stream's producer must also succeed (pg_dump's exit). */
export interface ArchivePart {
  path: string;
  stream: Readable;
  contentType?: string;
  done?: Promise<void>;
}

/** Passes bytes through while counting and hashing them. */
function meter() {
  const hash = createHash('sha256');
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  return { stream, result: () => ({ sha256: hash.digest('hex'), bytes }) };
}

/**
 * Writes the parts, one after the other, into a zip at `file`, then the manifest `manifestOf`
 * makes from their checksums and sizes, and its signature under the backup signing key. Entries are stored, not compressed again (the dumps are
 * compressed, photos and videos are). Written to `<file>.partial` and renamed: a failed or
 * interrupted backup never leaves a file that looks like an archive.
 */
export async function writeArchive(
  file: string, parts: AsyncIterable<ArchivePart>, manifestOf: (entries: ManifestEntry[]) => Manifest, signingKey: Buffer,
): Promise<Manifest> {
  const partial = `${file}.partial`;
  const zip = new yazl.ZipFile();
  const written = pipeline(zip.outputStream, createWriteStream(partial, { flags: 'wx' }));
  const entries: ManifestEntry[] = [];
  try {
    for await (const part of parts) {
      const m = meter();
      part.stream.once('error', (error) => m.stream.destroy(error));
      part.stream.pipe(m.stream);
      zip.addReadStream(m.stream, part.path, { compress: false });
      // yazl reads its entries in order: this one is consumed before the next is opened.
      await Promise.all([finished(m.stream), part.done]);
      entries.push({ path: part.path, ...m.result(), ...(part.contentType ? { contentType: part.contentType } : {}) });
    }
    const manifest = manifestOf(entries);
    const text = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    zip.addBuffer(text, MANIFEST_PATH);
    zip.addBuffer(Buffer.from(manifestSignature(text, signingKey)), SIGNATURE_PATH);
    zip.end();
    await written;
    await rename(partial, file);
    return manifest;
  } catch (error) {
    (zip.outputStream as unknown as Readable).destroy();
    await written.catch(() => {});
    await rm(partial, { force: true });
    throw error;
  }
}

/** An archive opened for reading: its manifest (checked against the schema), whether it carried a
 * signature (one that does not verify is refused on opening), and its entries' streams. */
export interface OpenArchive {
  manifest: Manifest;
  /** False for an archive of an earlier version, which had no manifest.sig. */
  signed: boolean;
  read(path: string): Promise<Readable>;
  close(): void;
}

const openZip = (file: string) => new Promise<yauzl.ZipFile>((resolve, reject) => {
  yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, zip) => (error ? reject(error) : resolve(zip)));
});

async function entriesOf(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  const entries = new Map<string, yauzl.Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entries.has(entry.fileName)) reject(new BackupRefusal(`The archive holds ${entry.fileName} twice.`));
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.once('end', resolve);
    zip.once('error', reject);
    zip.readEntry();
  });
  return entries;
}

/** Opens an archive and checks its manifest's signature with `signingKey` (refused when present
 * but wrong); `signingKey` undefined: the signature is not looked at (tests reading an archive). */
export async function openArchive(file: string, signingKey?: Buffer): Promise<OpenArchive> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(file);
  } catch (error) {
    throw new BackupRefusal(`${file} is not a readable backup archive: ${(error as Error).message}`);
  }
  try {
    const entries = await entriesOf(zip);
    const read = (name: string) => {
      const entry = entries.get(name);
      if (!entry) return Promise.reject(new BackupRefusal(`The archive has no ${name}.`));
      return new Promise<Readable>((resolve, reject) => {
        zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream)));
      });
    };
    const bytes = entries.has(MANIFEST_PATH) ? Buffer.concat(await (await read(MANIFEST_PATH)).toArray() as Buffer[]) : undefined;
    if (bytes === undefined) throw new BackupRefusal(`${file} has no ${MANIFEST_PATH}: not a backup of this application.`);
    const signed = entries.has(SIGNATURE_PATH);
    if (signed && signingKey) {
      const signature = Buffer.concat(await (await read(SIGNATURE_PATH)).toArray() as Buffer[]).toString('utf8');
      if (!signatureVerifies(bytes, signature, signingKey)) {
        throw new BackupRefusal(`The signature of ${file} does not verify with this server's backup signing key: the archive was altered, or made by a server with another key (set BACKUP_SIGNING_KEY to that server's key, or copy its keys folder). Nothing was restored.`);
      }
    }
    const text = bytes.toString('utf8');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new BackupRefusal(`${MANIFEST_PATH} of ${file} is not JSON.`);
    }
    const parsed = manifestSchema.safeParse(json);
    if (!parsed.success) throw new BackupRefusal(`${MANIFEST_PATH} of ${file} is not a manifest this version reads: ${parsed.error.issues[0].path.join('.')}: ${parsed.error.issues[0].message}`);
    const listed = new Set(parsed.data.entries.map((entry) => entry.path));
    const unlisted = [...entries.keys()].filter((name) => name !== MANIFEST_PATH && name !== SIGNATURE_PATH && !listed.has(name));
    if (unlisted.length) throw new BackupRefusal(`The archive holds ${unlisted[0]}, which its manifest does not list.`);
    return { manifest: parsed.data, signed, read, close: () => zip.close() };
  } catch (error) {
    zip.close();
    throw error;
  }
}

/** Reads every entry the manifest lists and refuses on the first whose size or SHA-256 differs (or is missing). */
export async function verifyArchive(archive: OpenArchive): Promise<void> {
  for (const entry of archive.manifest.entries) {
    const m = meter();
    try {
      await pipeline(await archive.read(entry.path), m.stream, async (source: AsyncIterable<Buffer>) => { for await (const _ of source); });
    } catch (error) {
      if (error instanceof BackupRefusal) throw error;
      throw new BackupRefusal(`${entry.path} cannot be read from the archive (${(error as Error).message}): it is damaged. Nothing was restored.`);
    }
    const actual = m.result();
    if (actual.bytes !== entry.bytes || actual.sha256 !== entry.sha256) {
      throw new BackupRefusal(`Checksum mismatch in ${entry.path} (manifest: ${entry.bytes} bytes, sha256 ${entry.sha256.slice(0, 12)}…; archive: ${actual.bytes} bytes, ${actual.sha256.slice(0, 12)}…): the archive is damaged or was altered. Nothing was restored.`);
    }
  }
}
