import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TestApp } from './app.js';
import { createChurch, signIn, type Json } from './fixtures.js';

const ROLES = ['super_admin', 'principal', 'guest'] as const;
export type GallerySession = Awaited<ReturnType<typeof signIn>>;

/** A church with a signed-in super admin, principal and guest. */
export async function galleryChurch(target: TestApp, tier?: 'free' | 'basic' | 'premium') {
  const made = await createChurch(target.db, { roles: [...ROLES], tier });
  const sessions = await Promise.all(ROLES.map((role) => signIn(target.url, made.code, made.users[role].email)));
  return { ...made, s: Object.fromEntries(ROLES.map((role, i) => [role, sessions[i]])) as Record<(typeof ROLES)[number], GallerySession> };
}

const GALLERY_FIELDS = { title: 'Harvest festival', description: 'The children sang', academic_year: '2025-2026', month: '09', department: 'Sunday School' };

export interface UploadFile { name: string; data: Buffer; type?: string }

/** POST /api/gallery/upload as a browser's form sends it: the text fields, then the files. */
export async function uploadFiles(target: TestApp, s: GallerySession, files: UploadFile[]) {
  const form = new FormData();
  for (const [key, value] of Object.entries(GALLERY_FIELDS)) form.append(key, value);
  for (const file of files) form.append('files', new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }), file.name);
  const res = await fetch(`${target.url}/api/gallery/upload`, {
    method: 'POST', headers: { authorization: `Bearer ${s.token}`, 'x-church-code': s.code }, body: form,
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
