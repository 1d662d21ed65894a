import { describe, expect, it } from 'vitest';
import { accessIndicators } from '../../common/permissions.js';
import { formatFileSize, mediaTypeOf } from '../../client/src/features/admin/media/media-files.js';

describe('User Details permissions, read from the permission table', () => {
  it('gives each role its four indicators', () => {
    expect(accessIndicators({ role: 'super_admin', is_church_owner: true }))
      .toEqual({ manageClasses: true, systemAdmin: true, viewReports: true, churchOwner: true });
    expect(accessIndicators({ role: 'principal', is_church_owner: false }))
      .toEqual({ manageClasses: true, systemAdmin: false, viewReports: true, churchOwner: false });
    expect(accessIndicators({ role: 'teacher', is_church_owner: false }))
      .toEqual({ manageClasses: false, systemAdmin: false, viewReports: true, churchOwner: false });
    expect(accessIndicators({ role: 'guest', is_church_owner: false }))
      .toEqual({ manageClasses: false, systemAdmin: false, viewReports: false, churchOwner: false });
  });
});

describe('Media Library sizes and types', () => {
  it('writes sizes in steps of 1024 with at most two decimals; zero is 0 Bytes', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(500)).toBe('500 Bytes');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(840_000)).toBe('820.31 KB');
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3 GB');
    expect(formatFileSize(5 * 1024 ** 4)).toBe('5120 GB');
  });

  it('tells images, videos and documents apart as the server filter does', () => {
    expect(mediaTypeOf('image/webp')).toBe('image');
    expect(mediaTypeOf('video/mp4')).toBe('video');
    expect(mediaTypeOf('application/pdf')).toBe('document');
  });
});
