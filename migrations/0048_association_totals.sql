-- What an association sees of its member churches (issue 45), as figures only. Two inner functions
-- count, per church, over the church tables, for the churches they are given; the association's two
-- functions (at the end) give them the ids of the transaction's association's active members and apply
-- the small-numbers rule. All four run as their owner, app_platform (BYPASSRLS), so the association's
-- role needs no privilege on any church table; the inner ones may be called by no role (only by a
-- function owned by app_platform), the association's by app_association alone.
--
-- The figures are counted as the church's own reports count them: a class's marks of the children
-- enrolled in it that academic year (enrolments, and an erased child's under the id their marks keep,
-- erased_enrolments), so a church's percentage for a month is the one its year summary prints.
--   classes           the classes of the academic year
--   teachers          active users of the teacher role
--   enrolled          children enrolled in the year who are active (the roll call's children)
--   consented         of them, those whose latest enrolment answer is "given" (consent in force)
--   sundays_recorded  days with a roll call in the month (a mark of any class of the year)
--   marked_children   children with a counted mark in the month (what the percentage is about)
--   marks, present    the counted marks of the month, and the present among them
--
-- Speed: one statement for all the churches, one pass per table through its church-leading key. The
-- marks are read class by class (a lateral read of (church_id, class_id, date) for the month), since
-- a plan left free to choose walked a class's month once per enrolled child; each class's children are
-- read once (an array) and its marks counted in one group. plan_cache_mode = force_custom_plan: the
-- church ids are then a constant the planner sees (a hashed IN-list, estimates from the real count)
-- rather than an unknown parameter.
--
-- On Citus (tables distributed by church_id, the functions called on the coordinator): each function
-- runs one multi-shard SELECT (the church ids span every shard), which Citus can push down whole to
-- each shard since every join and GROUP BY is on church_id; nothing is written, nothing is locked beyond the snapshot,
-- and an association asks for its figures when an officer opens its screen, not at a church's pace.
CREATE FUNCTION platform_church_month_totals(p_church_ids uuid[], p_academic_year text, p_month date)
RETURNS TABLE (
  church_id uuid, classes integer, teachers integer, enrolled integer, consented integer,
  sundays_recorded integer, marked_children integer, marks integer, present integer
)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp SET plan_cache_mode = force_custom_plan
AS $$
BEGIN
  RETURN QUERY
  select f.church_id, sum(f.classes)::int, sum(f.teachers)::int, sum(f.enrolled)::int, sum(f.consented)::int,
    bit_count(bit_or(f.days)::bit(32))::int, sum(f.marked_children)::int, sum(f.marks)::int, sum(f.present)::int
  from (
    select c.church_id, count(*) as classes, 0 as teachers, 0 as enrolled, 0 as consented,
      0 as days, 0 as marked_children, 0 as marks, 0 as present
    from classes c
    where c.church_id = any (p_church_ids) and c.academic_year = p_academic_year
    group by c.church_id
    union all
    select u.church_id, 0, count(*), 0, 0, 0, 0, 0, 0
    from users u
    where u.church_id = any (p_church_ids) and u.role = 'teacher' and u.is_active
    group by u.church_id
    union all
    select e.church_id, 0, 0, count(*), count(*) filter (where k.given), 0, 0, 0, 0
    from enrolments e
    join students s on s.church_id = e.church_id and s.id = e.student_id
    left join (
      -- each child's latest enrolment answer
      select distinct on (sc.church_id, sc.student_id) sc.church_id, sc.student_id, sc.given
      from student_consents sc
      where sc.church_id = any (p_church_ids) and sc.purpose = 'enrolment'
      order by sc.church_id, sc.student_id, sc.recorded_at desc, sc.id desc
    ) k on k.church_id = e.church_id and k.student_id = e.student_id
    where e.church_id = any (p_church_ids) and e.academic_year = p_academic_year and s.active
    group by e.church_id
    union all
    -- per class: its counted marks of the month; the days as bits of the month (1 << day), so the
    -- church's days with a roll call are the bits set in any of its classes
    select c.church_id, 0, 0, 0, 0, m.days, m.children, m.marks, m.present
    from classes c
    cross join lateral (
      select count(distinct a.student_id) as children, count(*) as marks,
        count(*) filter (where a.status = 'present') as present, bit_or(1 << date_part('day', a.date)::int) as days
      from attendance a
      where a.church_id = c.church_id and a.class_id = c.id
        and a.date >= date_trunc('month', p_month::timestamp)::date
        and a.date < (date_trunc('month', p_month::timestamp) + interval '1 month')::date
        and a.student_id = any (array(
          select en.student_id from enrolments en
          where en.church_id = c.church_id and en.class_id = c.id and en.academic_year = c.academic_year
          union all
          select er.marks_id from erased_enrolments er
          where er.church_id = c.church_id and er.class_id = c.id and er.academic_year = c.academic_year))
    ) m
    where c.church_id = any (p_church_ids) and c.academic_year = p_academic_year
  ) f
  group by f.church_id;
END
$$;--> statement-breakpoint

-- The year's months of each church (its academic year starts in its own start month, June unless set):
-- per church and month with a counted mark, the same figures as above. A child's counted marks are in
-- one class of the year (an enrolment is one class a year), so the classes' children add up.
CREATE FUNCTION platform_church_year_trend(p_church_ids uuid[], p_academic_year text)
RETURNS TABLE (church_id uuid, month date, sundays_recorded integer, marked_children integer, marks integer, present integer)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp SET plan_cache_mode = force_custom_plan
AS $$
BEGIN
  RETURN QUERY
  select c.church_id, m.month, bit_count(bit_or(m.days)::bit(32))::int, sum(m.children)::int, sum(m.marks)::int, sum(m.present)::int
  from classes c
  left join academic_year_configs y on y.church_id = c.church_id
  cross join lateral (
    select a.date - (date_part('day', a.date)::int - 1) as month, count(distinct a.student_id) as children, count(*) as marks,
      count(*) filter (where a.status = 'present') as present, bit_or(1 << date_part('day', a.date)::int) as days
    from attendance a
    where a.church_id = c.church_id and a.class_id = c.id
      and a.date >= make_date(left(p_academic_year, 4)::int, coalesce(y.start_month, 6), 1)
      and a.date < make_date(left(p_academic_year, 4)::int + 1, coalesce(y.start_month, 6), 1)
      and a.student_id = any (array(
        select en.student_id from enrolments en
        where en.church_id = c.church_id and en.class_id = c.id and en.academic_year = c.academic_year
        union all
        select er.marks_id from erased_enrolments er
        where er.church_id = c.church_id and er.class_id = c.id and er.academic_year = c.academic_year))
    group by 1
  ) m
  where c.church_id = any (p_church_ids) and c.academic_year = p_academic_year
  group by c.church_id, m.month;
END
$$;--> statement-breakpoint

-- The association's view of its member churches: the figures of its active members (the transaction's
-- association, app.association_id, set by the association door) for a month or the academic year, per
-- church, per section and for the whole association, each row a level. Nothing about a child: counts
-- and shares only, and the small-numbers rule applied here, in the database, so no caller can forget
-- it: a figure about fewer than 5 children (a church's enrolled children and consent coverage, its
-- attendance share of a month whose marks are of 1 to 4 children) comes back NULL with a flag. A
-- section's or the association's figure adds up only the churches whose figure is shown: a total that
-- took in a withheld figure would give it away by subtraction. The rule again on each total.
-- The member list is read here, never passed in: an officer's request cannot name a church.
CREATE FUNCTION association_church_totals(p_academic_year text, p_month date)
RETURNS TABLE (
  level text, section_id uuid, section_name text, church_id uuid, church_name text, churches integer,
  classes integer, teachers integer, sundays_recorded integer, enrolled integer, consent_percentage double precision,
  attendance_percentage double precision, fewer_than_five boolean, attendance_fewer_than_five boolean, churches_left_out integer
)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
  with members as (
    select m.church_id, m.section_id, s.name as section_name, ch.name as church_name
    from association_memberships m
    join churches ch on ch.id = m.church_id
    left join association_sections s on s.association_id = m.association_id and s.id = m.section_id
    where m.association_id = nullif(current_setting('app.association_id', true), '')::uuid and m.status = 'active'
  ), figures as (
    select mb.*, coalesce(t.classes, 0) as classes, coalesce(t.teachers, 0) as teachers,
      coalesce(t.sundays_recorded, 0) as sundays_recorded, coalesce(t.enrolled, 0) as enrolled,
      coalesce(t.consented, 0) as consented, coalesce(t.marked_children, 0) as marked_children,
      coalesce(t.marks, 0) as marks, coalesce(t.present, 0) as present,
      coalesce(t.enrolled, 0) between 1 and 4 as few, coalesce(t.marked_children, 0) between 1 and 4 as few_marked
    from members mb
    left join platform_church_month_totals(array(select church_id from members), p_academic_year, p_month) t
      on t.church_id = mb.church_id
  ), levels as (
    select 'church' as level, f.section_id, f.section_name, f.church_id, f.church_name, 1 as churches,
      f.classes, f.teachers, f.sundays_recorded,
      case when f.few then null else f.enrolled end as enrolled,
      case when f.few then null else f.consented end as consented,
      case when f.few_marked then null else f.marks end as marks,
      case when f.few_marked then null else f.present end as present,
      case when f.few_marked then null else f.marked_children end as marked_children,
      f.few, f.few_marked, 0 as left_out
    from figures f
    union all
    select case when grouping(f.section_id) = 1 then 'association' else 'section' end, f.section_id,
      case when grouping(f.section_id) = 0 then max(f.section_name) end, null, null,
      count(*)::int, sum(f.classes)::int, sum(f.teachers)::int, null,
      sum(f.enrolled) filter (where not f.few)::int, sum(f.consented) filter (where not f.few)::int,
      sum(f.marks) filter (where not f.few_marked)::int, sum(f.present) filter (where not f.few_marked)::int,
      sum(f.marked_children) filter (where not f.few_marked)::int,
      false, false, (count(*) filter (where f.few or f.few_marked))::int
    from figures f
    group by grouping sets ((f.section_id), ())
  )
  select l.level, l.section_id, l.section_name, l.church_id, l.church_name, l.churches, l.classes, l.teachers, l.sundays_recorded,
    case when l.few or coalesce(l.enrolled, 0) between 1 and 4 then null else coalesce(l.enrolled, 0) end,
    case when l.few or coalesce(l.enrolled, 0) between 1 and 4 then null
      else round(100.0 * l.consented / nullif(l.enrolled, 0), 1)::float8 end,
    case when l.few_marked or coalesce(l.marked_children, 0) between 1 and 4 then null
      else round(100.0 * l.present / nullif(l.marks, 0), 1)::float8 end,
    l.few or coalesce(l.enrolled, 0) between 1 and 4,
    l.few_marked or coalesce(l.marked_children, 0) between 1 and 4,
    l.left_out
  from levels l
$$;--> statement-breakpoint

-- The year's months, per church, section and the association: the attendance share of each month
-- with marks and its days with a roll call, under the same rule (a month of a church whose marks are
-- of 1 to 4 children is withheld, and left out of its section's and the association's month).
CREATE FUNCTION association_church_trend(p_academic_year text)
RETURNS TABLE (
  level text, section_id uuid, section_name text, church_id uuid, church_name text, month date,
  sundays_recorded integer, attendance_percentage double precision, fewer_than_five boolean, churches_left_out integer
)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
  with members as (
    select m.church_id, m.section_id, s.name as section_name, ch.name as church_name
    from association_memberships m
    join churches ch on ch.id = m.church_id
    left join association_sections s on s.association_id = m.association_id and s.id = m.section_id
    where m.association_id = nullif(current_setting('app.association_id', true), '')::uuid and m.status = 'active'
  ), figures as (
    select mb.*, t.month, t.sundays_recorded, t.marked_children, t.marks, t.present, t.marked_children between 1 and 4 as few
    from members mb
    join platform_church_year_trend(array(select church_id from members), p_academic_year) t on t.church_id = mb.church_id
  )
  select 'church', f.section_id, f.section_name, f.church_id, f.church_name, f.month, f.sundays_recorded,
    case when f.few then null else round(100.0 * f.present / nullif(f.marks, 0), 1)::float8 end, f.few, 0
  from figures f
  union all
  select g.level, g.section_id, g.section_name, null, null, g.month, null,
    case when coalesce(g.children, 0) between 1 and 4 then null else round(100.0 * g.present / nullif(g.marks, 0), 1)::float8 end,
    coalesce(g.children, 0) between 1 and 4, g.left_out
  from (
    select case when grouping(f.section_id) = 1 then 'association' else 'section' end as level, f.section_id,
      case when grouping(f.section_id) = 0 then max(f.section_name) end as section_name, f.month,
      sum(f.marked_children) filter (where not f.few) as children, sum(f.marks) filter (where not f.few) as marks,
      sum(f.present) filter (where not f.few) as present, (count(*) filter (where f.few))::int as left_out
    from figures f
    group by grouping sets ((f.section_id, f.month), (f.month))
  ) g
$$;--> statement-breakpoint

-- Owned by app_platform, which bypasses row-level security. Giving a function to a role needs that
-- role's CREATE on its schema when the migrating login is not a superuser: lent for these statements.
GRANT CREATE ON SCHEMA public TO app_platform;--> statement-breakpoint
ALTER FUNCTION platform_church_month_totals(uuid[], text, date) OWNER TO app_platform;--> statement-breakpoint
ALTER FUNCTION platform_church_year_trend(uuid[], text) OWNER TO app_platform;--> statement-breakpoint
ALTER FUNCTION association_church_totals(text, date) OWNER TO app_platform;--> statement-breakpoint
ALTER FUNCTION association_church_trend(text) OWNER TO app_platform;--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM app_platform;--> statement-breakpoint
REVOKE ALL ON FUNCTION platform_church_month_totals(uuid[], text, date) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION platform_church_year_trend(uuid[], text) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION association_church_totals(text, date) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION association_church_trend(text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION association_church_totals(text, date) TO app_association;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION association_church_trend(text) TO app_association;
