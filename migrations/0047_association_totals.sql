-- What an association sees of its member churches (issue 45), as figures only: two functions that
-- count, per church, over the church tables, for the association's functions (a later migration) to
-- call with the ids of its active members. They run as their owner, app_platform (BYPASSRLS), so that
-- the association's own role needs no privilege on any church table; nobody else may call them: no
-- EXECUTE for PUBLIC, app_tenant or app_association (only a function owned by app_platform reaches them).
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
-- runs one multi-shard SELECT (the church ids span every shard), pushed down whole to each shard since
-- every join and GROUP BY is on church_id; nothing is written, nothing is locked beyond the snapshot,
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

-- Owned by app_platform, which bypasses row-level security. Giving a function to a role needs that
-- role's CREATE on its schema when the migrating login is not a superuser: lent for the two statements.
GRANT CREATE ON SCHEMA public TO app_platform;--> statement-breakpoint
ALTER FUNCTION platform_church_month_totals(uuid[], text, date) OWNER TO app_platform;--> statement-breakpoint
ALTER FUNCTION platform_church_year_trend(uuid[], text) OWNER TO app_platform;--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM app_platform;--> statement-breakpoint
REVOKE ALL ON FUNCTION platform_church_month_totals(uuid[], text, date) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION platform_church_year_trend(uuid[], text) FROM PUBLIC;
