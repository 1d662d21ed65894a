-- Filled in by its change; a no-op until then.
SELECT 1;
