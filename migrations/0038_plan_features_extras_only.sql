-- A plan card's limit lines are written from the plan's numbers (in the reader's language), so they
-- never drift from what the plan allows; `features` holds extras only. The seeded features were the
-- limits written out: cleared where an operator has not changed them.
UPDATE "plans" SET "features" = '[]'::jsonb WHERE ("tier", "features") IN (
  ('free', '["1 principal", "1 teacher", "5 students", "2 classes"]'::jsonb),
  ('basic', '["1 principal", "10 teachers", "50 students", "20 classes"]'::jsonb),
  ('premium', '["2 principals", "Unlimited teachers", "Unlimited students", "Unlimited classes"]'::jsonb),
  ('lifetime', '["Unlimited everything"]'::jsonb)
);
