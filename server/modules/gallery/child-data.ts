import { media, mediaChildren } from '../../../drizzle/schema/index.js';
import { exportJson, type ChildData } from '../../core/child-data.js';
import { mediaOfChild, mediaShowingOthersWithoutConsent } from './child-media.js';
import { eraseChildFromMedia } from './erasure.js';

/** A media file's name inside the export: numbered (two items may share a name), no folders. */
const entryName = (n: number, fileName: string) => `media/${String(n).padStart(3, '0')}-${fileName.replace(/[^\p{L}\p{N}._ -]/gu, '_').slice(-120)}`;

/** The photos and videos a child is tagged in. */
export const galleryChildData: ChildData = {
  owner: 'gallery',
  tables: [
    { table: media, erasure: 'an item showing the child alone deleted, with its files; an item showing others too stays for them', purge: true },
    { table: mediaChildren, erasure: 'the child\'s tags deleted', purge: true },
  ],
  async erase(tx, { churchId, studentId }) {
    const { deleted, untagged, fileKeys } = await eraseChildFromMedia(tx, churchId, studentId);
    return { fileKeys, counts: { media_deleted: deleted, media_untagged: untagged } };
  },
  /**
   * The items the child is tagged in, but for any that also shows another child without photo
   * consent in force: that child's family has not agreed to the photo going anywhere, so it stays
   * out (counted in `media-not-included.json`). The child's own consent does not keep their own
   * photos from their family.
   */
  async export(tx, { churchId, studentId }) {
    const tagged = await mediaOfChild(tx, churchId, studentId);
    const withheld = await mediaShowingOthersWithoutConsent(tx, churchId, studentId, tagged.map((m) => m.id));
    const notIncluded = withheld.size === 0 ? [] : [exportJson('media-not-included.json', {
      count: withheld.size,
      reason: 'These photos or videos also show another child whose family has not given photo consent, so they are not included.',
    })];
    const included = tagged.filter((m) => !withheld.has(m.id));
    const files = included.map((item, i) => ({
      name: entryName(i + 1, item.fileName), storedKey: `${churchId}/${item.filePath}`, source: `media file ${item.id}`,
    }));
    return [...notIncluded, ...files, {
      summary: {
        heading: 'privacy.family.photos',
        table: {
          columns: ['privacy.family.itemTitle', 'privacy.family.date', 'privacy.family.file'],
          rows: included.map((item, i) => [item.title, { moment: item.createdAt }, files[i].name]),
        },
        empty: 'privacy.family.noPhotos',
        notes: withheld.size === 0 ? [] : [{ message: 'privacy.family.photosLeftOut', values: { count: withheld.size } }],
      },
    }];
  },
};
