-- A follow-up contact may be a WhatsApp message the teacher sent ('messaged'). The CHECK names its
-- column without the table (Citus refuses a qualified column in a distributed table's CHECK).
ALTER TABLE "follow_up_contacts" DROP CONSTRAINT "follow_up_contacts_outcome_check";--> statement-breakpoint
ALTER TABLE "follow_up_contacts" ADD CONSTRAINT "follow_up_contacts_outcome_check" CHECK ("outcome" in ('reached', 'no_answer', 'sick', 'moved_away', 'messaged', 'other'));
