-- A class's marks of a date range read from the index alone: the child and the status join the key of
-- (church, class, date), which replaces the index of those three. An association's month totals read
-- every class's month of 820 churches: through the old index that was a heap page per mark when a
-- child's marks lie together (328,000 pages for a month), through this one a few leaf pages per class.
CREATE INDEX "attendance_church_class_date_marks_idx" ON "attendance" USING btree ("church_id","class_id","date","student_id","status");--> statement-breakpoint
DROP INDEX "attendance_church_class_date_idx";--> statement-breakpoint
-- Their sorts (the children's latest consent answers, the enrolments of 820 churches) fit in memory
-- instead of spilling to disk.
ALTER FUNCTION platform_church_month_totals(uuid[], text, date) SET work_mem = '32MB';--> statement-breakpoint
ALTER FUNCTION platform_church_year_trend(uuid[], text) SET work_mem = '32MB';
