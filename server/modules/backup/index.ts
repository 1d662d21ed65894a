// Backups' surface: one archive of the database and the uploaded files, its restore, and the
// nightly job (README, "Backups").
export { BackupRefusal } from './archive.js';
export { createBackup } from './backup.js';
export { NOT_RESTORED_TABLES } from './database-copy.js';
export { MANIFEST_PATH, type Manifest } from './manifest.js';
export { archiveNameAt, backupJobs } from './nightly.js';
export { restoreBackup, type RestoreTarget } from './restore.js';
