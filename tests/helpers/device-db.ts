import type { Page } from 'playwright-core';

/** The device database of client/src/lib/offline/device-db.ts. */
const DEVICE_DB = 'sundayschool-device';

type StoreName = 'marks' | 'batches' | 'refused' | 'drafts' | 'owners' | 'answers' | 'examSaves' | 'examDrafts';

/**
 * Runs one request on a store of the page's device database and answers its result; a database the
 * app has not created yet is left uncreated (the open is aborted) and reads as empty.
 */
function onStore<T>(page: Page, store: StoreName, action: 'getAll' | 'getAllKeys' | 'put', value?: unknown): Promise<T> {
  return page.evaluate(async ({ name, store, action, value }) => {
    const db = await new Promise<IDBDatabase | null>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onupgradeneeded = () => request.transaction!.abort();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => (request.error?.name === 'AbortError' ? resolve(null) : reject(new Error(String(request.error))));
    });
    if (!db) return (action === 'put' ? undefined : []) as T;
    try {
      return await new Promise<T>((resolve, reject) => {
        const objects = db.transaction(store, action === 'put' ? 'readwrite' : 'readonly').objectStore(store);
        const request = action === 'put' ? objects.put(value) : objects[action]();
        request.onsuccess = () => resolve(request.result as T);
        request.onerror = () => reject(new Error(String(request.error)));
      });
    } finally {
      db.close();
    }
  }, { name: DEVICE_DB, store, action, value });
}

/** Every record of a store of the page's device database. */
export const deviceRecords = <T = Record<string, unknown>>(page: Page, store: StoreName) => onStore<T[]>(page, store, 'getAll');

/** The keys of a store's records, each joined with '|' ([owner, classId, date] → 'owner|classId|date'). */
export const deviceKeys = async (page: Page, store: StoreName) =>
  (await onStore<Array<string | string[]>>(page, store, 'getAllKeys')).map((key) => (Array.isArray(key) ? key.join('|') : key));

/** Writes a record into a store of the page's device database (as another tab of the app would). */
export const putDeviceRecord = (page: Page, store: StoreName, value: unknown) => onStore<void>(page, store, 'put', value);
