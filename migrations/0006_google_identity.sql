-- Google sign-in finds a church's user by the Google account's subject (users.google_subject, a
-- column since 0001): one user per Google account and church. Nulls do not collide, so users
-- without a Google account are unaffected. users keeps its row-level security (FORCE, the
-- tenant_isolation policy) and its grants: app_tenant links a user (UPDATE) through the tenant door,
-- app_platform writes the super admin of a Google registration; no new table, no new grant.
CREATE UNIQUE INDEX "users_church_google_subject_key" ON "users" USING btree ("church_id","google_subject");
