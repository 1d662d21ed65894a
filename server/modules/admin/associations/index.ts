// The console's associations, as the console's other screens read them: the association a church
// belongs to (Church Management) and the overview's figures. Its router is admin/router.ts's.
export { associationsOfChurches, associationTotals } from './queries.js';
