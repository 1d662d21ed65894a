-- The bytes of a photo's thumbnail and web copy, beside file_size (the stored original): a church's
-- gallery storage, which its plan's storage_quota_mb limits, is the sum of both over its media.
-- Rows from before count their original only (their copies are a few hundred KB at most).
ALTER TABLE "media" ADD COLUMN "copies_size" bigint DEFAULT 0 NOT NULL;
