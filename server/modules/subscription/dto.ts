import type { PlanRow } from './queries.js';

/** Plan as the client shows it: price in rupees for display, paise for payment. */
export function toPlanDto(plan: PlanRow) {
  return {
    tier: plan.tier,
    name: plan.name,
    description: plan.description,
    price: plan.pricePaise / 100,
    price_paise: plan.pricePaise,
    duration_days: plan.durationDays,
    principals: plan.maxPrincipals,
    teachers: plan.maxTeachers,
    students: plan.maxStudents,
    classes: plan.maxClasses,
    features: plan.features,
  };
}
