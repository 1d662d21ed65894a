-- A reset link names no church: the token is found by its hash alone, across churches, so it needs
-- an index of its own (the unique key starts with church_id).
CREATE INDEX "password_reset_tokens_token_hash_idx" ON "password_reset_tokens" USING btree ("token_hash");
