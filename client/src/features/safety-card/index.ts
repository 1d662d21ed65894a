/** The child safety card's address, which the roll call and the student list link to. The card's
 * screens (SafetyCardPage) are routed from their file by the app, as other shared features' are. */
export { safetyCardPath } from './paths';
