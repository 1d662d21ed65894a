-- The audit log is append-only for the runtime logins: the platform door may add entries and read
-- them (the operator console), never change or remove one. (The tenant role has no access to the
-- table at all; it appends through write_church_audit.) Referential actions of the foreign keys run
-- as the table's owner, so deleting a church or an operator still clears their ids in old entries.
REVOKE UPDATE, DELETE, TRUNCATE ON "audit_log" FROM app_platform;
