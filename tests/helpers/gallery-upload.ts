import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TestApp } from './app.js';
import { churchWithSessions, type ChurchSession } from './church-session.js';
import type { Json } from './fixtures.js';

/** A church with a signed-in super admin, principal and guest. */
export const galleryChurch = (target: TestApp, tier?: 'free' | 'basic' | 'premium') =>
  churchWithSessions(target, { roles: ['super_admin', 'principal', 'guest'], tier });

/** The text fields of an upload form, as a user fills them in. */
export const GALLERY_FIELDS = { title: 'Harvest festival', description: 'The children sang', academic_year: '2025-2026', month: '09', department: 'Sunday School' };

export interface UploadFile { name: string; data: Buffer; type?: string }

/** POST /api/gallery/upload as a browser's form sends it: the text fields, then the files; as the
 * session's user, or without a session when `s` is undefined. */
export async function uploadFiles(
  target: TestApp, s: ChurchSession | undefined, files: UploadFile[], fields: Record<string, string> = GALLERY_FIELDS,
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files) form.append('files', new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }), file.name);
  const res = await fetch(`${target.url}/api/gallery/upload`, {
    method: 'POST', headers: s?.headers ?? {}, body: form,
  });
  const body: Json = await res.json();
  return { status: res.status, body };
}

/** Every file of the church in the app's local storage, by stored name. */
export async function filesOnDisk(target: TestApp, churchId: string): Promise<Map<string, Buffer>> {
  const dir = path.join(target.config.UPLOADS_DIR, churchId);
  const names = await readdir(dir).catch(() => [] as string[]);
  return new Map(await Promise.all(names.map(async (name) => [name, await readFile(path.join(dir, name))] as const)));
}
